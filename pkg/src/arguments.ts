// Checks of the arguments the package's wrappers hand to the engine (`check-functions.ts`,
// `document-functions.ts`): what wasm-bindgen's glue does not check. A string parameter
// that is not a string would trap the wasm (`RuntimeError: memory access out of bounds`)
// and bytes that are not bytes would read as "not a PDF"; each is thrown instead as the
// `EngineError` the engine throws for a bad request, `{ kind: "invalid_request",
// details: [{ path, message }] }`, `path` naming the argument.

import type { EngineError } from "./engine-types.js";

/**
 * A document's bytes: a `Uint8Array` (a Node `Buffer` is one), an `ArrayBuffer` (what
 * `await file.arrayBuffer()` gives) or an array of byte values.
 */
export type DocumentBytes = Uint8Array | ArrayBuffer | number[];

/** The `invalid_request` EngineError naming one argument, as the engine names a field. */
function invalidArgument(path: string, message: string): EngineError {
  return { kind: "invalid_request", details: [{ path, message }] };
}

/** `value`, which must be a string. */
export function string(value: unknown, name: string): string {
  if (typeof value !== "string") throw invalidArgument(name, `must be a string, got ${typeName(value)}`);
  return value;
}

/**
 * `value`, which must not be JSON text: the engine would read a string as a string and
 * refuse it with the whole text in its message. Thrown as the error the engine gives for
 * that argument (`kind`), naming `json`, the function that takes the text. Anything else
 * goes on to the engine, which says what is wrong with it.
 */
export function notText<T>(value: T, name: string, json: string, kind: "invalid_request" | "invalid_profile"): T {
  if (typeof value === "string") {
    throw { kind, details: [{ path: name, message: `must be an object, not JSON text (give the text to ${json})` }] };
  }
  return value;
}

/**
 * `value` as bytes the glue copies into the wasm: an `ArrayBuffer` is viewed as a
 * `Uint8Array` (the glue would read it as empty), a string is encoded as UTF-8 when the
 * function takes text (the glue would write one NUL per character), and anything else
 * that is not bytes (a number, a `DataView`, a `Uint16Array`, …) is refused. Bytes made
 * in another realm (an iframe, a `vm` context, Jest's test environment) are bytes too.
 */
export function bytes(value: unknown, name: string, { text = false } = {}): Uint8Array | number[] {
  if (isUint8Array(value) || Array.isArray(value)) return value;
  if (isArrayBuffer(value)) return new Uint8Array(value);
  if (text && typeof value === "string") return new TextEncoder().encode(value);
  const expected = text ? "a Uint8Array, an ArrayBuffer or a string" : "a Uint8Array or an ArrayBuffer";
  throw invalidArgument(name, `must be ${expected}, got ${typeName(value)}`);
}

// `instanceof` knows only this realm's classes. These built-in getters read the internal
// slots every realm's objects have instead (and cannot be fooled by a `Symbol.toStringTag`):
// a typed array's name, undefined for anything else; an ArrayBuffer's length, throwing for
// anything else (a SharedArrayBuffer too).
const typedArrayName = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag)!.get!;
const arrayBufferLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength")!.get!;

/** Whether `value` is a `Uint8Array` (a Node `Buffer` is one) of any realm. */
function isUint8Array(value: unknown): value is Uint8Array {
  return typedArrayName.call(value) === "Uint8Array";
}

/** Whether `value` is an `ArrayBuffer` of any realm. */
function isArrayBuffer(value: unknown): value is ArrayBuffer {
  try {
    arrayBufferLength.call(value);
    return true;
  } catch {
    return false;
  }
}

/** "number", "null", "array", "object", or the class of anything else ("DataView"). */
function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value !== "object") return typeof value;
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  return tag === "Object" ? "object" : tag;
}
