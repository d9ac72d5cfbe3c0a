// The package's wrappers around the engine's functions: arguments of the wrong type are
// thrown as the README's `invalid_request` EngineError naming the argument (not a wasm
// trap or a misleading "not a PDF"), documents come as bytes, ArrayBuffers or (for
// extractStandingOrder) text, and the public types make `filter` and `hints` optional.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import vm from "node:vm";
import { loadPackage, root } from "./support.mjs";

const courtrules = await loadPackage();
const documentEntry = await import(join(root, "pkg/dist/classify-node.js"));
const edny = JSON.parse(readFileSync(join(root, "data/profiles/edny.json"), "utf8"));
const pdf = new Uint8Array(readFileSync(join(root, "tests/fixtures/pdf/reply_rule12.pdf")));
const request = {
  judge_slug: "avery-sample", district_id: "edny", document_scope: "brief_support", motion_type: "Rule_12",
  is_pro_se: false, pmc_completed: true, opposing_party_pro_se: false, filing_role: "movant",
  document: { page_count: 30, word_count: 6000 },
};
const scratch = mkdtempSync(join(tmpdir(), "courtrules-arguments-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The EngineError an argument of the wrong type is thrown as. */
const badArgument = (path, message) => ({ kind: "invalid_request", details: [{ path, message }] });

test("a string parameter given something else is an invalid_request naming it, and the engine still works after", async () => {
  const text = JSON.stringify(request);
  assert.throws(() => courtrules.resolveRules(edny, 5, {}), badArgument("judgeSlug", "must be a string, got number"));
  assert.throws(() => courtrules.resolveRules(edny, null), badArgument("judgeSlug", "must be a string, got null"));
  assert.throws(() => courtrules.checkJson(5, text), badArgument("profileJson", "must be a string, got number"));
  assert.throws(() => courtrules.checkJson("{}", 5), badArgument("requestJson", "must be a string, got number"));
  assert.throws(() => courtrules.deadlinesJson({}, "{}"), badArgument("timeRulesJson", "must be a string, got object"));
  assert.throws(() => courtrules.deadlinesJson("{}", undefined), badArgument("requestJson", "must be a string, got undefined"));
  assert.throws(() => documentEntry.classifyJson(pdf, {}), badArgument("hintsJson", "must be a string, got object"));
  assert.throws(() => documentEntry.extractStandingOrderJson(pdf, 5), badArgument("optionsJson", "must be a string, got number"));
  // Nothing reached the wasm: the same module answers as before.
  assert.equal(courtrules.check(edny, request).summary.status, "NON_COMPLIANT");
  assert.equal(courtrules.checkJson(JSON.stringify(edny), text), JSON.stringify(courtrules.check(edny, request)));
  assert.equal(JSON.parse(documentEntry.classifyJson(pdf, "")).response.classification.document_scope, "brief_reply");
});

test("an object parameter given JSON text is refused naming it, not with the text echoed back", async () => {
  const timeRules = { district_id: "sdny", periods: [], remarks: "x".repeat(40_000) };
  const asked = { district_id: "sdny", trigger: "hearing", trigger_date: "2026-11-20" };
  const asText = (kind, path, json) => ({ kind, details: [{ path, message: `must be an object, not JSON text (give the text to ${json})` }] });
  assert.throws(() => courtrules.deadlines(JSON.stringify(timeRules), asked), asText("invalid_profile", "timeRules", "deadlinesJson"));
  assert.throws(() => courtrules.deadlines(timeRules, JSON.stringify(asked)), asText("invalid_request", "request", "deadlinesJson"));
  assert.throws(() => courtrules.check(JSON.stringify(edny), request), asText("invalid_profile", "profile", "checkJson"));
  assert.throws(() => courtrules.check(edny, JSON.stringify(request)), asText("invalid_request", "request", "checkJson"));
  assert.throws(() => courtrules.resolveRules("{}", "court"), asText("invalid_profile", "profile", "checkJson"));
  // An object goes on to the engine, which reads it as time rules.
  assert.throws(() => courtrules.deadlines(timeRules, asked), (error) => error.kind === "invalid_profile" && JSON.stringify(error).length < 2000);
});

test("classify takes an ArrayBuffer, and refuses what is not bytes naming pdfBytes", async () => {
  const expected = await courtrules.classify(pdf);
  const arrayBuffer = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength);
  assert.deepEqual(await courtrules.classify(arrayBuffer), expected);
  assert.deepEqual(documentEntry.classify(arrayBuffer, null), expected);
  const refused = (got) => badArgument("pdfBytes", `must be a Uint8Array or an ArrayBuffer, got ${got}`);
  await assert.rejects(courtrules.classify(5), refused("number"));
  await assert.rejects(courtrules.classify("%PDF-1.7"), refused("string"));
  await assert.rejects(courtrules.classify(new DataView(arrayBuffer)), refused("DataView"));
  await assert.rejects(courtrules.classify(new Uint16Array(4)), refused("Uint16Array"));
  await assert.rejects(courtrules.classify(undefined), refused("undefined"));
  assert.throws(() => documentEntry.classifyJson(null, ""), refused("null"));
  // Bytes that are not a PDF are still the engine's invalid_input.
  await assert.rejects(courtrules.classify(new TextEncoder().encode("not a pdf")), { kind: "invalid_input" });
});

test("bytes made in another realm (a vm context, as Jest's; an iframe) are bytes; other things from there are still refused", async () => {
  const expected = await courtrules.classify(pdf);
  const realm = vm.createContext({ bytes: [...pdf] });
  const foreign = (code) => vm.runInContext(code, realm);
  const uint8Array = foreign("new Uint8Array(bytes)");
  const arrayBuffer = foreign("new Uint8Array(bytes).buffer");
  assert.ok(!(uint8Array instanceof Uint8Array) && !(arrayBuffer instanceof ArrayBuffer), "the vm context is another realm");
  assert.deepEqual(await courtrules.classify(uint8Array), expected);
  assert.deepEqual(await courtrules.classify(arrayBuffer), expected);
  assert.deepEqual(documentEntry.classify(arrayBuffer), expected);
  assert.equal(documentEntry.classifyJson(uint8Array, ""), documentEntry.classifyJson(pdf, ""));
  const text = "Reply memoranda are limited to 10 pages.";
  const options = { source_url: "https://courtrules.example/x" };
  assert.deepEqual(
    await courtrules.extractStandingOrder(foreign(`new Uint8Array([${new TextEncoder().encode(text)}])`), options),
    await courtrules.extractStandingOrder(text, options),
  );
  const refused = (got) => badArgument("pdfBytes", `must be a Uint8Array or an ArrayBuffer, got ${got}`);
  await assert.rejects(courtrules.classify(foreign("new Uint16Array(4)")), refused("Uint16Array"));
  await assert.rejects(courtrules.classify(foreign("new DataView(new ArrayBuffer(4))")), refused("DataView"));
  await assert.rejects(courtrules.classify(foreign("new SharedArrayBuffer(4)")), refused("SharedArrayBuffer"));
  // Only what is one: a name tag does not make bytes.
  await assert.rejects(courtrules.classify({ [Symbol.toStringTag]: "Uint8Array", length: 4 }), refused("Uint8Array"));
  await assert.rejects(courtrules.classify({ [Symbol.toStringTag]: "ArrayBuffer", byteLength: 4 }), refused("ArrayBuffer"));
});

test("extractStandingOrder reads a JavaScript string as its UTF-8 text", async () => {
  const text = "Individual Practices of Judge X\n2.A. Memoranda of law in support of and in opposition to motions are limited to 25 pages.\n2.B. Reply memoranda are limited to 10 pages.";
  const options = { source_url: "https://courtrules.example/x" };
  const fromBytes = await courtrules.extractStandingOrder(new TextEncoder().encode(text), options);
  const fromString = await courtrules.extractStandingOrder(text, options);
  assert.deepEqual(fromString, fromBytes);
  assert.equal(fromString.pages[0], text);
  assert.equal(fromString.proposals.length, 2);
  assert.equal(documentEntry.extractStandingOrderJson(text, JSON.stringify(options)), documentEntry.extractStandingOrderJson(new TextEncoder().encode(text), JSON.stringify(options)));
  await assert.rejects(
    courtrules.extractStandingOrder(42, options),
    badArgument("document", "must be a Uint8Array, an ArrayBuffer or a string, got number"),
  );
});

test("the browser entries check their arguments too", async () => {
  const check = await import(join(root, "pkg/dist/index.js"));
  check.initSync(readFileSync(join(root, "pkg/wasm/check/web/courtrules_check_bg.wasm")));
  assert.throws(() => check.resolveRules(edny, 5), badArgument("judgeSlug", "must be a string, got number"));
  assert.equal(check.resolveRules(edny, "avery-sample").judge.slug, "avery-sample");
  const document = await import(join(root, "pkg/dist/classify.js"));
  document.initSync(readFileSync(join(root, "pkg/wasm/document/web/courtrules_document_bg.wasm")));
  const arrayBuffer = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength);
  assert.equal(document.classify(arrayBuffer).response.classification.document_scope, "brief_reply");
  assert.throws(() => document.classifyJson(pdf, 5), badArgument("hintsJson", "must be a string, got number"));
});

test("the public types take filter and hints as optional, documents as ArrayBuffers or text, and anything to validate", () => {
  // The package installed in a project, compiled as a TypeScript user would.
  mkdirSync(join(scratch, "node_modules"));
  symlinkSync(join(root, "pkg"), join(scratch, "node_modules/courtrules"), "dir");
  writeFileSync(
    join(scratch, "use.ts"),
    `import { resolveRules, classify, extractStandingOrder, checkJson, validate, type Profile, type LayeredRules, type ClassifyOutcome, type CheckRequest, type FieldError } from "courtrules";
import * as sync from "courtrules/classify";
declare const profile: Profile;
declare const file: { arrayBuffer(): Promise<ArrayBuffer> };
declare const formData: unknown;
declare const request: CheckRequest;
export async function use() {
  const rules: LayeredRules = resolveRules(profile, "avery-sample");
  const withFilter: LayeredRules = resolveRules(profile, "avery-sample", { document_scope: "letter" });
  const outcome: ClassifyOutcome = await classify(await file.arrayBuffer());
  const syncOutcome: ClassifyOutcome = sync.classify(new Uint8Array());
  const drafted = await extractStandingOrder("Letters may not exceed two pages.", { source_url: "https://x" });
  const problems: FieldError[] = [...validate(formData), ...validate(request)];
  // @ts-expect-error judgeSlug is a string
  resolveRules(profile, 5);
  // @ts-expect-error the JSON functions take text
  checkJson({}, "{}");
  return [rules, withFilter, outcome, syncOutcome, drafted.proposals, problems];
}
`,
  );
  writeFileSync(
    join(scratch, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", noEmit: true, lib: ["es2022", "dom"], types: [] },
      files: ["use.ts"],
    }),
  );
  const tsc = spawnSync(process.execPath, [join(root, "pkg/node_modules/typescript/bin/tsc"), "-p", scratch], { encoding: "utf8" });
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
});
