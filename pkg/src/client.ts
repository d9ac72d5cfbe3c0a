// A small client for the courtrules REST API (spec: "Endpoints", "Errors", "Limits").
//
// - one method per endpoint, typed with the engine's own types where the engine
//   defines the body (check requests and responses, the rules view, the profile), and
//   with the types generated from the server's OpenAPI document (./openapi.ts) for
//   everything else;
// - every non-2xx answer is thrown as an `ApiError` subclass carrying the spec's
//   error body;
// - 429 is retried: wait at least `Retry-After`, and back off 1 s, 2 s, 4 s on
//   repeated 429s (then give up with a `RateLimitError`), never waiting more than
//   `MAX_RETRY_WAIT_SECONDS` (a longer `Retry-After` is thrown at once);
// - every call can be cancelled, or bounded in time, with an `AbortSignal` (per call, or
//   for the whole client), the wait before a retry included;
// - `debounce` spaces live checks to at most one call per second, and never lets an
//   older run's result arrive after a newer one's.
//
// It has no runtime dependency on the engine, so `courtrules/client` loads without
// WebAssembly.

import type {
  CheckRequest,
  CheckResponse,
  DeadlineRequest,
  DeadlineResponse,
  FieldError,
  LayeredRules,
  Profile,
  TimeRules,
} from "./engine-types.js";
import type { components, operations } from "./openapi.js";

// ---------------------------------------------------------------------------
// Resources the server defines (spec: "Resources and their fields"). Every type here is
// taken from `openapi.ts`, generated from the server's OpenAPI document
// (`npm --prefix pkg run openapi`), so it cannot drift from the server. The bodies the
// engine defines (check requests and responses, the rules view, the profile) keep the
// engine's own types above.

/** Every type of the REST API, generated from the server's OpenAPI document. */
export type * as OpenApi from "./openapi.js";

type Schemas = components["schemas"];
/** The query parameters of an operation (by its OpenAPI `operationId`). */
type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]["parameters"]["query"]>;
/** The JSON body of an operation's 200 answer. */
type AnswerOf<Op extends keyof operations> = operations[Op]["responses"] extends {
  200: { content: { "application/json": infer Body } };
}
  ? Body
  : never;
/** The JSON request body of an operation. */
type BodyOf<Op extends keyof operations> = NonNullable<operations[Op]["requestBody"]>["content"]["application/json"];

/** A court (`GET /api/v1/courts/{id}`, and each of `GET /api/v1/courts`). */
export type Court = Schemas["CourtEntry"];
export type CourtsResponse = AnswerOf<"courts">;

/** The service's index (`GET /api/v1`): its name, version, engine version and endpoints. */
export type ServiceIndex = Schemas["ServiceIndex"];

/** A judge on a court's roster (each of `GET /api/v1/judges`). */
export type Judge = Schemas["JudgeEntry"];
export type JudgesResponse = AnswerOf<"judges">;

/** A legal holiday or court closure. */
export type Holiday = Schemas["HolidayEntry"];
export type HolidaysQuery = QueryOf<"holidays">;
/** The query of `GET /api/v1/courts/{id}/holidays` (the court is in the path). */
export type CourtHolidaysQuery = QueryOf<"court_holidays">;
export type HolidaysResponse = AnswerOf<"holidays">;

export type RulesQuery = QueryOf<"rules">;
export type ProfileQuery = QueryOf<"profile">;

/** An extracted rule, with its provenance. */
export type ExtractedRule = Schemas["ExtractedRule"];
export type ExtractedRulesQuery = QueryOf<"extracted_rules">;
export type ExtractedRulesResponse = AnswerOf<"extracted_rules">;

/** A source document behind the rules. */
export type SourceDocument = Schemas["DocumentEntry"];
export type DocumentsQuery = QueryOf<"documents">;
export type DocumentsResponse = AnswerOf<"documents">;

export type ClassifyRequest = BodyOf<"classify">;
/** The classification response ("Classification response"). */
export type ClassifyResponse = AnswerOf<"classify">;

// ---------------------------------------------------------------------------
// Errors (spec: "Errors").

/** Every error body the server sends, by case. */
type ServerErrorBody =
  | Schemas["ErrorBody"]
  | Schemas["ValidationErrorBody"]
  | Schemas["DistrictNotAccessibleBody"]
  | Schemas["ClassifyForbiddenBody"]
  | Schemas["UnknownDistrictBody"]
  | Schemas["NoProfileBody"]
  | Schemas["ScannedPagesBody"]
  | Schemas["ClassifyUnprocessableBody"]
  | Schemas["RateLimitBody"];
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/**
 * Every error body has `error`; the other fields depend on the case (`suggestion`,
 * `docs_url`; 400 `details`, each problem with its dotted field path; 403 and 422
 * `district`; 403 `accessible_districts`, `contact`; 403 from `/classify` also
 * `quota_bytes`, `used_bytes` (the key's upload quota is used up); 422 from `/classify`
 * `scanned_pages`, `unreadable_pages`; 429 `contact`): the fields of every error body the
 * server's OpenAPI document declares, each optional but `error`.
 */
export type ErrorBody = { error: string } & Partial<Omit<UnionToIntersection<ServerErrorBody>, "error">> & {
  [field: string]: unknown;
};

/**
 * A non-2xx answer from the API (`body` is the server's error body), or a 2xx answer
 * whose body is not the JSON asked for (`body.error` says what came back).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly response: Response;

  constructor(status: number, body: ErrorBody, response: Response) {
    super(`${status}: ${body.error}${body.suggestion ? ` (${body.suggestion})` : ""}`);
    this.name = new.target.name;
    this.status = status;
    this.body = body;
    this.response = response;
  }
}

/** 400: the request failed validation; `details` names each field. */
export class ValidationError extends ApiError {
  get details(): FieldError[] {
    return this.body.details ?? [];
  }
}
/** 401: missing or malformed Authorization header. */
export class AuthenticationError extends ApiError {}
/**
 * 403: invalid key, a district outside the key's plan (`body.district`,
 * `body.accessible_districts`), or, from `/classify`, the key's upload quota used up
 * (`body.quota_bytes`, `body.used_bytes`: bytes of PDF allowed and already sent).
 */
export class ForbiddenError extends ApiError {}
/** 404: unknown district, or a judge not in the district. */
export class NotFoundError extends ApiError {}
/** 422: the court has no compliance profile (`body.district` names it). */
export class NoProfileError extends ApiError {}
/**
 * 422 from `/classify`: the document cannot be analysed. The PDF is unreadable (not a
 * PDF, needs a password, damaged, over an engine limit), or text recognition could not
 * read its scanned pages (`body.scanned_pages`, `body.unreadable_pages`). Sending the
 * same bytes again fails again.
 */
export class UnprocessableDocumentError extends ApiError {}
/** 429 after every retry: the rate limit still holds. */
export class RateLimitError extends ApiError {
  /** Seconds the server asked to wait (`Retry-After`), if it said. */
  get retryAfter(): number | undefined {
    return retryAfterSeconds(this.response);
  }
}
/** 502: classification failed upstream. */
export class ClassificationError extends ApiError {}

const ERRORS: Record<number, typeof ApiError> = {
  400: ValidationError,
  401: AuthenticationError,
  403: ForbiddenError,
  404: NotFoundError,
  429: RateLimitError,
  502: ClassificationError,
};

// ---------------------------------------------------------------------------
// The client.

export interface ClientOptions {
  /**
   * Where the service is, e.g. `https://courtrules.example`; `createClient` throws a
   * `TypeError` when it is not an absolute `http:` or `https:` URL (`127.0.0.1:8080`, say)
   * — in a page, a relative one (`/courtrules`) is resolved against the page's address.
   * A trailing `/api/v1` is dropped (the paths carry it).
   */
  baseUrl: string;
  /** The API key (`crk_…`); `createClient` throws when it is not a non-empty string. */
  apiKey: string;
  /** Retries of a request answered 429 (default 3: waits of 1 s, 2 s, 4 s at least). */
  maxRetries?: number;
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /**
   * Cancels every call of this client once it aborts (the page or component going away,
   * say): a call under way, or waiting before a retry, rejects with the signal's
   * `reason`. A call's own `signal` (`CallOptions`) is heeded too.
   */
  signal?: AbortSignal;
}

/** What each call of the client takes last, optionally. */
export interface CallOptions {
  /**
   * Cancels this call, or bounds its time (`AbortSignal.timeout(ms)`): once it aborts, the
   * call rejects with the signal's `reason` (an `AbortError` or `TimeoutError`
   * `DOMException` unless you gave another), whether it is waiting for the server, reading
   * the answer, or waiting out a 429 before a retry.
   */
  signal?: AbortSignal;
}

/**
 * The longest the client waits before a retry, in seconds. A 429 whose `Retry-After`
 * asks for longer (a daily quota, say) is thrown as a `RateLimitError` at once rather
 * than holding the caller for that long; its `retryAfter` says when to try again.
 */
export const MAX_RETRY_WAIT_SECONDS = 120;

/** The back-off before the n-th retry (0-based): 1 s, 2 s, 4 s, … */
export function backoffMs(retry: number): number {
  return 1000 * 2 ** retry;
}

export interface CourtrulesClient {
  courts(options?: CallOptions): Promise<CourtsResponse>;
  court(districtId: string, options?: CallOptions): Promise<Court>;
  holidays(query?: HolidaysQuery, options?: CallOptions): Promise<HolidaysResponse>;
  courtHolidays(districtId: string, query?: CourtHolidaysQuery, options?: CallOptions): Promise<HolidaysResponse>;
  judges(districtId: string, options?: CallOptions): Promise<JudgesResponse>;
  rules(query: RulesQuery, options?: CallOptions): Promise<LayeredRules>;
  extractedRules(query?: ExtractedRulesQuery, options?: CallOptions): Promise<ExtractedRulesResponse>;
  /**
   * The compliance profile the engine consumes, trimmed to the judge asked for: `check`
   * with it knows that judge alone (another is `judge_not_found`), so fetch one per judge.
   */
  profile(query: ProfileQuery, options?: CallOptions): Promise<Profile>;
  documents(query: DocumentsQuery, options?: CallOptions): Promise<DocumentsResponse>;
  /** A source document as PDF bytes. */
  documentPdf(id: string, options?: CallOptions): Promise<Uint8Array>;
  check(request: CheckRequest, options?: CallOptions): Promise<CheckResponse>;
  /** `check`, answering the response body exactly as the server sent it. */
  checkText(request: CheckRequest, options?: CallOptions): Promise<string>;
  classify(request: ClassifyRequest, options?: CallOptions): Promise<ClassifyResponse>;
  /** The deadlines that follow an event, each with its date and the trail of the computation. */
  deadlines(request: DeadlineRequest, options?: CallOptions): Promise<DeadlineResponse>;
  /** `deadlines`, answering the response body exactly as the server sent it. */
  deadlinesText(request: DeadlineRequest, options?: CallOptions): Promise<string>;
  /** `deadlines` as an iCalendar file (RFC 5545): one event per deadline, the trail in its description. */
  deadlinesCalendar(request: DeadlineRequest, options?: CallOptions): Promise<string>;
  /** A district's time rules: what the engine's `deadlines()` computes from, in the browser or in Node. */
  timeRules(districtId: string, options?: CallOptions): Promise<TimeRules>;
  /** The OpenAPI 3.1 description (public). */
  openapi(options?: CallOptions): Promise<Record<string, unknown>>;
  /**
   * The service's index (`GET /api/v1`): its version and `engine_version`, the version of the
   * engine answering its checks — compare it with the package's `engineVersion()` to know
   * the server and the page answer with the same engine.
   */
  index(options?: CallOptions): Promise<ServiceIndex>;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export function createClient(options: ClientOptions): CourtrulesClient {
  // Else every request would carry `Bearer undefined` and the user would see a 403
  // "the API key is not valid" far from the cause (an unset environment variable, say).
  const apiKey = requiredString(options.apiKey, "apiKey", "is the environment variable it is read from, e.g. COURTRULES_API_KEY, set?");
  // Else every request would go to "undefined/api/v1/…" or "127.0.0.1:8080/api/v1/…",
  // which fetch refuses only at the first call ("Failed to parse URL").
  const baseUrl = serviceAddress(
    requiredString(options.baseUrl, "baseUrl", "the service's address, e.g. https://courtrules.example"),
  );
  const maxRetries = options.maxRetries ?? 3;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const clientSignal = options.signal;

  async function send(
    method: "GET" | "POST",
    path: string,
    query: Query | undefined,
    body: unknown,
    signal: AbortSignal | undefined,
    accept?: string,
  ): Promise<Response> {
    const url = baseUrl + path + queryString(query);
    const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}` };
    if (accept !== undefined) headers["Accept"] = accept;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    if (signal !== undefined) init.signal = signal;
    for (let retry = 0; ; retry++) {
      signal?.throwIfAborted();
      const response = await doFetch(url, init);
      if (response.ok) return response;
      const retryAfter = retryAfterSeconds(response) ?? 0;
      if (response.status === 429 && retry < maxRetries && retryAfter <= MAX_RETRY_WAIT_SECONDS) {
        await response.body?.cancel();
        // The back-off is capped too (it passes 120 s from the 8th retry on).
        await sleep(Math.min(Math.max(retryAfter * 1000, backoffMs(retry)), MAX_RETRY_WAIT_SECONDS * 1000), signal);
        continue;
      }
      throw await apiError(response);
    }
  }

  /** `run` with the signal of the client and of the call, the answer's body read too. */
  async function withSignal<T>(call: CallOptions | undefined, run: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
    const { signal, release } = eitherSignal(clientSignal, call?.signal);
    try {
      return await run(signal);
    } finally {
      release();
    }
  }
  const json = <T>(method: "GET" | "POST", path: string, query: Query | undefined, body: unknown, call: CallOptions | undefined): Promise<T> =>
    withSignal(call, async (signal) => (await jsonBody(await send(method, path, query, body, signal))) as T);
  const text = (path: string, request: unknown, call: CallOptions | undefined, accept?: string): Promise<string> =>
    withSignal(call, async (signal) => (await send("POST", path, undefined, request, signal, accept)).text());
  const district = (id: string) => encodeURIComponent(id);

  return {
    courts: (call) => json("GET", "/api/v1/courts", undefined, undefined, call),
    court: (districtId, call) => json("GET", `/api/v1/courts/${district(districtId)}`, undefined, undefined, call),
    holidays: (query, call) => json("GET", "/api/v1/holidays", { ...query }, undefined, call),
    courtHolidays: (districtId, query, call) =>
      json("GET", `/api/v1/courts/${district(districtId)}/holidays`, { ...query }, undefined, call),
    judges: (districtId, call) => json("GET", "/api/v1/judges", { district_id: districtId }, undefined, call),
    rules: (query, call) => json("GET", "/api/v1/rules", { ...query }, undefined, call),
    extractedRules: (query, call) => json("GET", "/api/v1/extracted-rules", { ...query }, undefined, call),
    profile: (query, call) => json("GET", "/api/v1/profile", { ...query }, undefined, call),
    documents: (query, call) => json("GET", "/api/v1/documents", { ...query }, undefined, call),
    documentPdf: (id, call) =>
      withSignal(call, async (signal) => {
        const response = await send("GET", `/api/v1/documents/${encodeURIComponent(id)}/pdf`, undefined, undefined, signal);
        return new Uint8Array(await response.arrayBuffer());
      }),
    check: (request, call) => json("POST", "/api/v1/check", undefined, request, call),
    checkText: (request, call) => text("/api/v1/check", request, call),
    classify: (request, call) => json("POST", "/api/v1/classify", undefined, request, call),
    deadlines: (request, call) => json("POST", "/api/v1/deadlines", undefined, request, call),
    deadlinesText: (request, call) => text("/api/v1/deadlines", request, call),
    deadlinesCalendar: (request, call) => text("/api/v1/deadlines", request, call, "text/calendar"),
    timeRules: (districtId, call) => json("GET", `/api/v1/courts/${district(districtId)}/time-rules`, undefined, undefined, call),
    openapi: (call) => json("GET", "/openapi.json", undefined, undefined, call),
    index: (call) => json("GET", "/api/v1", undefined, undefined, call),
  };
}

// ---------------------------------------------------------------------------
// Live checks.

/**
 * Wraps `fn` for live use (e.g. checking as the user types) so that it runs at most once
 * per `waitMs` (default 1000: the spec's guidance for `/check`). A call is held for
 * `waitMs`; the calls that arrive meanwhile join it, and it runs once, with the newest
 * arguments. Every caller's promise settles with the result of the run that served it —
 * unless a newer run finishes first: then the callers of the older runs still under way
 * get the newer run's result (or error) at once, and the older run's own, stale by then,
 * is dropped. So no promise settles with an older result after one has settled with a
 * newer one, and a slow answer never overwrites a newer verdict.
 */
export function debounce<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  waitMs = 1000,
): (...args: A) => Promise<R> {
  type Waiter = { resolve: (r: R) => void; reject: (e: unknown) => void };
  let pending: { args: A; waiters: Waiter[] } | undefined;
  // The runs under way, oldest first, each numbered in the order it started.
  const running: Array<{ run: number; waiters: Waiter[] }> = [];
  let started = 0;

  const fire = () => {
    const { args, waiters } = pending!;
    pending = undefined;
    const run = ++started;
    running.push({ run, waiters });
    // Settles this run's callers and those of every older run still under way; nothing
    // when a newer run has finished first (this run's callers have had its outcome).
    const settle = (deliver: (waiter: Waiter) => void) => {
      const index = running.findIndex((entry) => entry.run === run);
      if (index === -1) return;
      for (const entry of running.splice(0, index + 1)) entry.waiters.forEach(deliver);
    };
    Promise.resolve()
      .then(() => fn(...args))
      .then(
        (result) => settle((w) => w.resolve(result)),
        (error) => settle((w) => w.reject(error)),
      );
  };

  return (...args: A) =>
    new Promise<R>((resolve, reject) => {
      if (pending) {
        pending.args = args;
        pending.waiters.push({ resolve, reject });
        return;
      }
      pending = { args, waiters: [{ resolve, reject }] };
      setTimeout(fire, waitMs);
    });
}

// ---------------------------------------------------------------------------

/** `value`, which must be a non-empty string; else a TypeError saying what it was (and `hint`). */
function requiredString(value: unknown, name: string, hint: string): string {
  if (typeof value === "string" && value.trim() !== "") return value;
  const got = typeof value === "string" ? "an empty string" : value === null ? "null" : typeof value;
  throw new TypeError(`courtrules: createClient: ${name} must be a non-empty string, got ${got} (${hint})`);
}

/**
 * The service's address from `baseUrl`: an `http:` or `https:` URL, without a trailing `/`
 * or `/api/v1` (every path starts with /api/v1, but /openapi.json); else a TypeError
 * saying so. In a page a relative address (`/courtrules`, behind the page's own server) is
 * resolved against the page's; elsewhere there is nothing to resolve it against.
 */
function serviceAddress(baseUrl: string): string {
  const text = baseUrl.trim();
  // `127.0.0.1:8080` would read as a path in a page: the scheme was forgotten.
  const hostAndPort = /^[\w.-]+:\d+(\/|$)/.test(text);
  const page = (globalThis as { location?: { href?: unknown } }).location?.href;
  let url: URL | undefined;
  try {
    url = hostAndPort ? undefined : new URL(text, typeof page === "string" ? page : undefined);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    const hint = hostAndPort ? `; did you mean "http://${text}"?` : "";
    throw new TypeError(
      `courtrules: createClient: baseUrl must be an absolute http: or https: URL, got ${JSON.stringify(baseUrl)} ` +
        `(the service's address, e.g. https://courtrules.example${hint})`,
    );
  }
  return url.href.replace(/\/+$/, "").replace(/\/api\/v1$/, "");
}

/**
 * One signal that aborts when either does (with its reason), and `release`, which detaches
 * it from both once the call is over (a client's signal lives as long as the client, and
 * would otherwise hold a listener per call). `AbortSignal.any` would do, but browsers have
 * had it only since 2024.
 */
function eitherSignal(
  a: AbortSignal | undefined,
  b: AbortSignal | undefined,
): { signal: AbortSignal | undefined; release: () => void } {
  const release = () => {};
  if (a === undefined || b === undefined || a === b) return { signal: a ?? b, release };
  if (a.aborted) return { signal: a, release };
  if (b.aborted) return { signal: b, release };
  const both = new AbortController();
  const detach = () => {
    a.removeEventListener("abort", fromA);
    b.removeEventListener("abort", fromB);
  };
  const fromA = () => (detach(), both.abort(a.reason));
  const fromB = () => (detach(), both.abort(b.reason));
  a.addEventListener("abort", fromA);
  b.addEventListener("abort", fromB);
  return { signal: both.signal, release: detach };
}

function queryString(query?: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    // A missing value (undefined or null) is left out, not sent as "undefined" or "null".
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** `Retry-After` in seconds: a number of seconds, or an HTTP date. */
function retryAfterSeconds(response: Response): number | undefined {
  const value = response.headers.get("Retry-After");
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/**
 * A 2xx answer's JSON. Another body (an HTML page from a proxy or from a `baseUrl` that is
 * not the service, say) is thrown as an `ApiError` saying what came back.
 */
async function jsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    const type = response.headers.get("Content-Type") ?? "no Content-Type";
    const start = text.length > 100 ? `${text.slice(0, 100)}…` : text;
    const error = `the answer is not JSON (${type}, ${text.length} characters: ${JSON.stringify(start)}); is baseUrl the courtrules service?`;
    throw new ApiError(response.status, { error }, response);
  }
}

async function apiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const fallback = response.statusText || `HTTP ${response.status}`;
  let body: ErrorBody;
  if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
    // An object: the spec's error body (with `error` made sure of).
    const fields = parsed as Record<string, unknown>;
    body = typeof fields.error === "string" ? (fields as ErrorBody) : { ...fields, error: fallback };
  } else {
    // Not JSON, or JSON but not an object (a string, an array, …): its text is the error.
    body = { error: (typeof parsed === "string" && parsed) || text || fallback };
  }
  // A 422 is about the court only when the body names one (`district` an object, not a
  // `null` some proxy or future body might carry); else it is about the document.
  const Kind =
    response.status === 422
      ? typeof body.district === "object" && body.district !== null ? NoProfileError : UnprocessableDocumentError
      : ERRORS[response.status] ?? ApiError;
  return new Kind(response.status, body, response);
}

/** Waits `ms`; rejects with `signal`'s reason as soon as it aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", abort, { once: true });
  });
}
