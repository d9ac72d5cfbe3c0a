// The REST client against real HTTP peers: a tiny Node `http` server that answers 429
// with Retry-After (the real courtrules server takes over once it rate-limits; see
// server.test.mjs), typed errors with the spec's bodies, and the debounce helper.

import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { createServer } from "node:http";
import { test } from "node:test";
import { loadPackage } from "./support.mjs";

const {
  createClient, debounce, backoffMs, MAX_RETRY_WAIT_SECONDS, RateLimitError, ValidationError, ForbiddenError, NotFoundError, ApiError,
  NoProfileError, UnprocessableDocumentError,
} = await loadPackage();

/**
 * An HTTP server answering each request with the next of `answers` (`{status, headers,
 * body}`, or `text` for a body sent as it is), recording when each request arrived and
 * what it carried.
 */
async function peer(answers) {
  const seen = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seen.push({ at: Date.now(), method: request.method, url: request.url, headers: request.headers, body });
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)];
      response.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
      response.end(answer.text ?? JSON.stringify(answer.body));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { baseUrl: `http://127.0.0.1:${port}`, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

const tooMany = (retryAfter) => ({
  status: 429,
  headers: retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) },
  body: { error: "Rate limit exceeded", suggestion: "Wait and retry", docs_url: "https://x/docs", contact: "a@b" },
});
const ok = { status: 200, body: { courts: [], meta: {} } };
const gaps = (seen) => seen.slice(1).map((request, i) => request.at - seen[i].at);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An HTTP server that takes requests and never answers them. */
async function silentPeer() {
  const seen = [];
  const server = createServer((request) => seen.push(request.url));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

test("back-off doubles: 1 s, 2 s, 4 s", () => {
  assert.deepEqual([0, 1, 2].map(backoffMs), [1000, 2000, 4000]);
});

test("repeated 429s are retried after 1 s, then 2 s, and the answer comes through", async () => {
  const server = await peer([tooMany(0), tooMany(0), ok]);
  try {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "crk_test" });
    assert.deepEqual(await client.courts(), ok.body);
    assert.equal(server.seen.length, 3);
    const [first, second] = gaps(server.seen);
    assert.ok(first >= 1000 && first < 1800, `first wait ${first} ms`);
    assert.ok(second >= 2000 && second < 2800, `second wait ${second} ms`);
  } finally {
    await server.close();
  }
});

test("Retry-After longer than the back-off is honoured", async () => {
  const server = await peer([tooMany(2), ok]);
  try {
    await createClient({ baseUrl: server.baseUrl, apiKey: "crk_test" }).courts();
    const [wait] = gaps(server.seen);
    assert.ok(wait >= 2000 && wait < 2800, `waited ${wait} ms for Retry-After: 2`);
  } finally {
    await server.close();
  }
});

test("after the last retry a RateLimitError carries the 429 body and Retry-After", async () => {
  const server = await peer([tooMany(0)]);
  try {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "crk_test", maxRetries: 1 });
    await assert.rejects(client.courts(), (error) => {
      assert.ok(error instanceof RateLimitError && error instanceof ApiError);
      assert.equal(error.status, 429);
      assert.equal(error.retryAfter, 0);
      assert.deepEqual(error.body, tooMany(0).body);
      return true;
    });
    assert.equal(server.seen.length, 2);
  } finally {
    await server.close();
  }
});

test("a Retry-After beyond the 120 s cap is thrown at once as a RateLimitError, not slept through", async () => {
  assert.equal(MAX_RETRY_WAIT_SECONDS, 120);
  const server = await peer([tooMany(86400), ok]);
  try {
    const started = Date.now();
    await assert.rejects(createClient({ baseUrl: server.baseUrl, apiKey: "crk_test" }).courts(), (error) => {
      assert.ok(error instanceof RateLimitError);
      assert.equal(error.retryAfter, 86400);
      return true;
    });
    assert.equal(server.seen.length, 1, "no retry");
    assert.ok(Date.now() - started < 1000, `took ${Date.now() - started} ms`);
  } finally {
    await server.close();
  }
});

test("createClient refuses an apiKey that is not a non-empty string, saying so", () => {
  for (const apiKey of [undefined, null, "", "  ", 5]) {
    assert.throws(() => createClient({ baseUrl: "http://127.0.0.1:1", apiKey }), (error) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /apiKey must be a non-empty string/);
      return true;
    });
  }
});

test("createClient refuses a missing baseUrl, saying so, and takes the service's address with or without /api/v1", async () => {
  for (const baseUrl of [undefined, null, "", 5]) {
    assert.throws(() => createClient({ baseUrl, apiKey: "crk_test" }), (error) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /^courtrules: createClient: baseUrl must be a non-empty string, got \w+/);
      return true;
    });
  }
  const server = await peer([ok]);
  try {
    for (const suffix of ["", "/", "/api/v1", "/api/v1/"]) {
      const client = createClient({ baseUrl: server.baseUrl + suffix, apiKey: "crk_test" });
      await client.courts();
      await client.openapi();
      assert.deepEqual(server.seen.splice(0).map((request) => request.url), ["/api/v1/courts", "/openapi.json"], suffix);
    }
  } finally {
    await server.close();
  }
});

test("createClient refuses a baseUrl that is not an absolute http: or https: URL, at once and saying so", () => {
  for (const [baseUrl, hint] of [["127.0.0.1:8080", 'did you mean "http://127.0.0.1:8080"?'], ["localhost:8080/api/v1", 'did you mean "http://localhost:8080/api/v1"?'], ["courtrules.example", ""], ["/api/v1", ""], ["ftp://courtrules.example", ""]]) {
    assert.throws(() => createClient({ baseUrl, apiKey: "crk_test" }), (error) => {
      assert.ok(error instanceof TypeError);
      assert.ok(
        error.message.startsWith(`courtrules: createClient: baseUrl must be an absolute http: or https: URL, got ${JSON.stringify(baseUrl)} (the service's address, e.g. https://courtrules.example`),
        error.message,
      );
      assert.equal(error.message.includes("did you mean"), hint !== "", error.message);
      if (hint) assert.ok(error.message.endsWith(`; ${hint})`), error.message);
      return true;
    });
  }
  for (const baseUrl of ["http://127.0.0.1:8080", "https://courtrules.example/", " https://courtrules.example/api/v1 "]) {
    createClient({ baseUrl, apiKey: "crk_test" });
  }
});

test("in a page, a relative baseUrl is the page's own server; host:port is still refused", async () => {
  const server = await peer([ok]);
  globalThis.location = { href: `${server.baseUrl}/app/index.html` };
  try {
    await createClient({ baseUrl: "/", apiKey: "crk_test" }).courts();
    await createClient({ baseUrl: "/api/v1", apiKey: "crk_test" }).courts();
    assert.deepEqual(server.seen.splice(0).map((request) => request.url), ["/api/v1/courts", "/api/v1/courts"]);
    assert.throws(() => createClient({ baseUrl: "127.0.0.1:8080", apiKey: "crk_test" }), /did you mean "http:\/\/127\.0\.0\.1:8080"\?/);
  } finally {
    delete globalThis.location;
    await server.close();
  }
});

test("a signal cancels a call waiting out a 429, at once, with the signal's reason", async () => {
  const server = await peer([tooMany(60), ok]);
  try {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "crk_test" });
    const controller = new AbortController();
    const started = Date.now();
    const call = client.courts({ signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await assert.rejects(call, (error) => {
      assert.equal(error.name, "AbortError");
      assert.equal(error, controller.signal.reason);
      return true;
    });
    assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
    await sleep(100);
    assert.equal(server.seen.length, 1, "no retry after the abort");
  } finally {
    await server.close();
  }
});

test("a signal bounds a call's time (AbortSignal.timeout), and the client's signal cancels its calls", async () => {
  const server = await silentPeer();
  try {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "crk_test" });
    const started = Date.now();
    await assert.rejects(client.check({}, { signal: AbortSignal.timeout(200) }), (error) => error.name === "TimeoutError");
    assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);

    const everything = new AbortController();
    const owned = createClient({ baseUrl: server.baseUrl, apiKey: "crk_test", signal: everything.signal });
    const calls = [owned.courts(), owned.judges("edny", { signal: new AbortController().signal })];
    setTimeout(() => everything.abort(new Error("page closed")), 100);
    for (const call of calls) await assert.rejects(call, { message: "page closed" });
    // An aborted signal refuses at once, without a request.
    const before = server.seen.length;
    await assert.rejects(owned.courts(), { message: "page closed" });
    await assert.rejects(client.courts({ signal: AbortSignal.abort() }), (error) => error.name === "AbortError");
    assert.equal(server.seen.length, before);
  } finally {
    await server.close();
  }
});

test("a client's signal holds no listener of a call once the call is over", async () => {
  const server = await peer([ok]);
  try {
    const controller = new AbortController();
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "crk_test", signal: controller.signal });
    for (let i = 0; i < 5; i++) await client.courts({ signal: new AbortController().signal });
    await client.checkText({}, { signal: new AbortController().signal });
    assert.equal(getEventListeners(controller.signal, "abort").length, 0);
  } finally {
    await server.close();
  }
});

test("a network failure rejects with fetch's TypeError (not an ApiError), as the README says", async () => {
  const server = await peer([ok]);
  const { baseUrl } = server;
  await server.close();
  await assert.rejects(createClient({ baseUrl, apiKey: "crk_test" }).courts(), (error) => {
    assert.ok(error instanceof TypeError && !(error instanceof ApiError), String(error));
    return true;
  });
});

test("a 2xx answer that is not JSON is an ApiError saying what came back, not a SyntaxError", async () => {
  const server = await peer([{ status: 200, headers: { "Content-Type": "text/html" }, text: "<!doctype html><title>Sign in</title>" }]);
  try {
    await assert.rejects(createClient({ baseUrl: server.baseUrl, apiKey: "crk_test" }).courts(), (error) => {
      assert.ok(error instanceof ApiError, error.stack);
      assert.equal(error.status, 200);
      assert.match(error.body.error, /^the answer is not JSON \(text\/html, 37 characters: "<!doctype html><title>Sign in<\/title>"\)/);
      return true;
    });
  } finally {
    await server.close();
  }
});

test("an error body that is not a JSON object becomes the error's text, not an object of its characters", async () => {
  const server = await peer([
    { status: 500, text: '"database unavailable"' },
    { status: 502, text: '["upstream", "failed"]' },
    { status: 503, text: "Service Unavailable" },
    { status: 500, body: { detail: "no error field" } },
  ]);
  try {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "crk_test" });
    const body = async () => (await client.courts().catch((error) => error)).body;
    assert.deepEqual(await body(), { error: "database unavailable" });
    assert.deepEqual(await body(), { error: '["upstream", "failed"]' });
    assert.deepEqual(await body(), { error: "Service Unavailable" });
    assert.deepEqual(await body(), { detail: "no error field", error: "Internal Server Error" });
  } finally {
    await server.close();
  }
});

test("query parameters that are null or undefined are left out", async () => {
  const server = await peer([ok]);
  try {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "crk_abc" });
    await client.documents({ district_id: "edny", judge_slug: null, kind: undefined });
    assert.equal(server.seen[0].url, "/api/v1/documents?district_id=edny");
  } finally {
    await server.close();
  }
});

test("requests carry the bearer key, JSON bodies and query parameters", async () => {
  const server = await peer([ok]);
  try {
    const client = createClient({ baseUrl: server.baseUrl + "/", apiKey: "crk_abc" });
    await client.rules({ district_id: "edny", judge_slug: "avery-sample", document_scope: "letter" });
    await client.check({ judge_slug: "avery-sample", district_id: "edny", document_scope: "letter" });
    const [rules, check] = server.seen;
    assert.equal(rules.method, "GET");
    assert.equal(rules.url, "/api/v1/rules?district_id=edny&judge_slug=avery-sample&document_scope=letter");
    assert.equal(rules.headers.authorization, "Bearer crk_abc");
    assert.equal(check.method, "POST");
    assert.equal(check.url, "/api/v1/check");
    assert.equal(check.headers["content-type"], "application/json");
    assert.equal(check.body, '{"judge_slug":"avery-sample","district_id":"edny","document_scope":"letter"}');
  } finally {
    await server.close();
  }
});

test("errors are typed and carry the spec's bodies", async () => {
  const validation = { error: "Validation failed", details: [{ path: "document.page_count", message: "is required" }], docs_url: "d" };
  const forbidden = { error: "District not accessible", suggestion: "s", docs_url: "d", district: { district_id: "sdny", name: "S.D.N.Y.", status: "live" }, accessible_districts: ["edny"], contact: "c" };
  const server = await peer([
    { status: 400, body: validation },
    { status: 403, body: forbidden },
    { status: 404, body: { error: "Unknown district" } },
    { status: 500, body: { error: "Internal error" } },
  ]);
  try {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "crk_test" });
    await assert.rejects(client.check({}), (e) => e instanceof ValidationError && e.status === 400 && e.details[0].path === "document.page_count");
    await assert.rejects(client.court("sdny"), (e) => e instanceof ForbiddenError && e.body.accessible_districts[0] === "edny");
    await assert.rejects(client.court("nowhere"), (e) => e instanceof NotFoundError && e.message.includes("Unknown district"));
    await assert.rejects(client.courts(), (e) => e.constructor === ApiError && e.status === 500);
  } finally {
    await server.close();
  }
});

test("a 422 is a NoProfileError only when its body names the court; else the document is unprocessable", async () => {
  const noProfile = { error: "no compliance profile yet", suggestion: "s", docs_url: "d#no-compliance-profile", district: { district_id: "ca-x", name: "X", status: "live" } };
  const unreadable = { error: "the PDF cannot be analysed: the file is not a PDF", suggestion: "s", docs_url: "d#unreadable-pdf" };
  const scanned = { error: "page 3 could not be read", suggestion: "s", docs_url: "d#unreadable-scanned-pages", scanned_pages: [3], unreadable_pages: [3] };
  const named = { ...unreadable, district: null };
  const server = await peer([{ status: 422, body: noProfile }, { status: 422, body: unreadable }, { status: 422, body: scanned }, { status: 422, body: named }]);
  try {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "crk_test" });
    await assert.rejects(client.check({}), (e) => e instanceof NoProfileError && e.body.district.district_id === "ca-x");
    await assert.rejects(client.classify({}), (e) => e instanceof UnprocessableDocumentError && !(e instanceof NoProfileError) && e.status === 422);
    await assert.rejects(client.classify({}), (e) => e instanceof UnprocessableDocumentError && e.body.unreadable_pages[0] === 3);
    await assert.rejects(client.classify({}), (e) => e instanceof UnprocessableDocumentError && !(e instanceof NoProfileError));
  } finally {
    await server.close();
  }
});

test("debounce: a burst of calls becomes one call with the newest arguments", async () => {
  const calls = [];
  const check = debounce(async (n) => {
    calls.push({ n, at: Date.now() });
    return n * 10;
  }, 200);
  const results = await Promise.all([1, 2, 3, 4].map((n) => check(n)));
  assert.deepEqual(calls.map((c) => c.n), [4]);
  assert.deepEqual(results, [40, 40, 40, 40]);
});

test("debounce: calls are at least the wait apart, even when typing never stops", async () => {
  const calls = [];
  const check = debounce(async (n) => calls.push({ n, at: Date.now() }), 300);
  const started = Date.now();
  const pending = [];
  for (let n = 0; n < 10; n++) {
    pending.push(check(n));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await Promise.all(pending);
  assert.ok(calls.length >= 3 && calls.length <= 4, `${calls.length} calls in ${Date.now() - started} ms`);
  for (const gap of gaps(calls)) assert.ok(gap >= 295, `calls only ${gap} ms apart`);
  assert.equal(calls.at(-1).n, 9);
});

test("debounce: the default wait is one second", async () => {
  const calls = [];
  const check = debounce(async () => calls.push(Date.now()));
  await check();
  await check();
  assert.ok(calls[1] - calls[0] >= 995, `calls ${calls[1] - calls[0]} ms apart`);
});

test("debounce: a slow older run never delivers its result after a newer run's", async () => {
  const settled = [];
  const d = debounce(async (x, ms) => {
    await sleep(ms);
    return x;
  }, 100);
  const old = d("old", 500).then((x) => settled.push(["old call", x]));
  await sleep(150);
  const newer = d("new", 10).then((x) => settled.push(["new call", x]));
  await Promise.all([old, newer]);
  // The old call's promise settles with the newer result, at once, not the stale one later.
  assert.deepEqual(settled, [["old call", "new"], ["new call", "new"]]);
});

test("debounce: an older run that finishes first keeps its own result; a newer run's error reaches the older callers", async () => {
  const d = debounce(async (x, ms) => {
    await sleep(ms);
    if (x instanceof Error) throw x;
    return x;
  }, 50);
  const settled = [];
  const first = d("a", 10).then((x) => settled.push(x));
  await sleep(100);
  const second = d("b", 10).then((x) => settled.push(x));
  await Promise.all([first, second]);
  assert.deepEqual(settled, ["a", "b"]);

  const failure = new Error("server down");
  const slow = d("stale", 400);
  await sleep(100);
  const failing = d(failure, 10);
  await assert.rejects(slow, failure);
  await assert.rejects(failing, failure);
});
