// The package against the real courtrules server (target/release/courtrules, a fresh
// SQLite database, a key from `courtrules keys create`): the engine in Node answers
// byte for byte what the server answers, the client speaks the server's API, and the
// client's generated API types (pkg/src/openapi.ts) are those of the server's /openapi.json.
// Skipped, saying why, when the server binary is not built.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { corpus, loadPackage, root, serverForTests } from "./support.mjs";

const courtrules = await loadPackage();
// Every case on a shipped profile: the server has each of them.
const shippedCases = corpus().filter((c) => c.profile.startsWith("data/profiles/"));
let server;
const skip = serverForTests((started) => (server = started));

async function post(path, body, apiKey = server.apiKey) {
  const response = await fetch(server.baseUrl + path, {
    method: "POST",
    headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const profiles = new Map();
/** The judge's profile as the server hands it to browsers (`GET /api/v1/profile`), as text. */
async function profileText(district_id, judge_slug) {
  const key = `${district_id}/${judge_slug}`;
  if (!profiles.has(key)) {
    const client = courtrules.createClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
    profiles.set(key, JSON.stringify(await client.profile({ district_id, judge_slug })));
  }
  return profiles.get(key);
}

test("the engine in Node answers /check byte for byte over the golden corpus", { skip }, async () => {
  assert.ok(shippedCases.length >= 40, `only ${shippedCases.length} corpus cases on shipped profiles`);
  assert.ok(new Set(shippedCases.map((c) => c.profile)).size >= 9, "cases for every profiled district");
  let compared = 0;
  for (const c of shippedCases) {
    const requestText = JSON.stringify(c.request);
    const answer = await post("/api/v1/check", requestText);
    if (c.expected.ok) {
      assert.equal(answer.status, 200, `${c.name}: ${answer.text}`);
      const profile = await profileText(c.request.district_id, c.request.judge_slug);
      assert.equal(courtrules.checkJson(profile, requestText), answer.text, `${c.name}: /profile + engine`);
      assert.equal(courtrules.checkJson(c.profileText, requestText), answer.text, `${c.name}: data pack profile + engine`);
      compared++;
    } else if (c.expected.error.kind === "invalid_request") {
      assert.equal(answer.status, 400, `${c.name}: ${answer.text}`);
      assert.deepEqual(JSON.parse(answer.text).details, courtrules.validate(c.request), c.name);
      assert.throws(() => courtrules.checkJson(c.profileText, requestText), { kind: "invalid_request" }, c.name);
    } else {
      // judge_not_found → 404; district_mismatch → the server has no profile for that
      // district (403/404/422). Either way, no check result.
      assert.ok([403, 404, 422].includes(answer.status), `${c.name}: ${answer.status} ${answer.text}`);
      assert.throws(() => courtrules.checkJson(c.profileText, requestText), { kind: c.expected.error.kind }, c.name);
    }
  }
  assert.ok(compared >= 20, `only ${compared} byte comparisons`);
});

test("every E.D.N.Y. judge: the engine with /profile equals /check, over page counts around the limits", { skip }, async () => {
  const client = courtrules.createClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  const { judges } = await client.judges("edny");
  const profiled = judges.filter((judge) => judge.has_profile !== false);
  assert.ok(profiled.length >= 5, `${profiled.length} profiled judges`);
  for (const judge of profiled) {
    const profile = await profileText("edny", judge.slug);
    for (const [document_scope, page_count, word_count] of [["brief_support", 10, 3000], ["brief_support", 40, 9000], ["brief_reply", 12, 4000], ["letter", 4, 1200]]) {
      const request = {
        judge_slug: judge.slug, district_id: "edny", document_scope, motion_type: "Rule_12",
        is_pro_se: false, pmc_completed: false, opposing_party_pro_se: true, filing_role: "movant",
        document: { page_count, word_count },
      };
      const answer = await post("/api/v1/check", request);
      assert.equal(answer.status, 200, answer.text);
      assert.equal(courtrules.checkJson(profile, JSON.stringify(request)), answer.text, `${judge.slug} ${document_scope} ${page_count}`);
    }
  }
});

test("a profile fetched for one judge checks that judge alone: another is judge_not_found locally, as the README says", { skip }, async () => {
  const client = courtrules.createClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  const profile = await client.profile({ district_id: "edny", judge_slug: "avery-sample" });
  assert.deepEqual(profile.judges.map((judge) => judge.slug), ["avery-sample"]);
  const request = {
    judge_slug: "margo-k-brodie", district_id: "edny", document_scope: "brief_support", motion_type: "Rule_12",
    is_pro_se: false, pmc_completed: true, opposing_party_pro_se: false, filing_role: "movant",
    document: { page_count: 20, word_count: 6000 },
  };
  // The server knows the judge; the trimmed profile does not.
  assert.equal((await client.check(request)).judge.slug, "margo-k-brodie");
  assert.throws(() => courtrules.check(profile, request), { kind: "judge_not_found", district_id: "edny", judge_slug: "margo-k-brodie" });
  // The judge's own profile checks it as the server does.
  const own = await profileText("edny", "margo-k-brodie");
  assert.equal(courtrules.checkJson(own, JSON.stringify(request)), (await post("/api/v1/check", request)).text);
  const readme = readFileSync(join(root, "pkg/README.md"), "utf8");
  assert.match(readme, /Fetch the judge's compliance profile once per judge/);
  assert.match(readme, /\| `judge_not_found` \| `district_id`, `judge_slug` \| the judge is not in the profile: a profile fetched with `client\.profile\(\{district_id, judge_slug\}\)` holds that one judge alone/);
});

test("client.index names the server's engine, the same version as the package's", { skip }, async () => {
  const client = courtrules.createClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  const index = await client.index();
  assert.equal(index.engine_version, courtrules.engineVersion());
  assert.equal(index.name, "courtrules");
  assert.ok(index.endpoints.some((endpoint) => endpoint.path === "/api/v1/check"), JSON.stringify(index.endpoints));
});

test("resolveRules answers what /rules answers", { skip }, async () => {
  const client = courtrules.createClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  for (const filter of [{}, { document_scope: "letter" }, { document_scope: "brief_support", motion_type: "Rule_56" }]) {
    const fromServer = await client.rules({ district_id: "edny", judge_slug: "avery-sample", ...filter });
    const profile = JSON.parse(await profileText("edny", "avery-sample"));
    assert.deepEqual(courtrules.resolveRules(profile, "avery-sample", filter), fromServer, JSON.stringify(filter));
  }
});

test("the client's typed errors carry the server's bodies", { skip }, async () => {
  const { createClient, ValidationError, AuthenticationError, ForbiddenError, NotFoundError } = courtrules;
  const good = createClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  const request = shippedCases.find((c) => c.expected.ok).request;

  await assert.rejects(good.check({ ...request, document: { page_count: 0 } }), (error) => {
    assert.ok(error instanceof ValidationError);
    assert.deepEqual(error.details, courtrules.validate({ ...request, document: { page_count: 0 } }));
    assert.equal(typeof error.body.docs_url, "string");
    return true;
  });
  await assert.rejects(good.check({ ...request, judge_slug: "no-such-judge" }), (error) => error instanceof NotFoundError);
  // An empty key is refused by createClient itself; a request without the header is the server's 401.
  assert.throws(() => createClient({ baseUrl: server.baseUrl, apiKey: "" }), TypeError);
  const noHeader = (url, init) => fetch(url, { ...init, headers: {} });
  await assert.rejects(
    createClient({ baseUrl: server.baseUrl, apiKey: "crk_unused", fetch: noHeader }).judges("edny"),
    (error) => error instanceof AuthenticationError && error.status === 401,
  );
  await assert.rejects(
    createClient({ baseUrl: server.baseUrl, apiKey: "crk_nobody_0000" }).judges("edny"),
    (error) => error instanceof ForbiddenError && error.status === 403,
  );
  assert.equal(await good.checkText(request), (await post("/api/v1/check", request)).text);
  // The two 422s: bytes that are not a PDF, and a court without a compliance profile.
  await assert.rejects(
    good.classify({ district_id: "edny", judge_slug: "avery-sample", pdf_base64: Buffer.from("not a pdf").toString("base64") }),
    (error) =>
      error instanceof courtrules.UnprocessableDocumentError && !(error instanceof courtrules.NoProfileError) &&
      error.status === 422 && error.body.docs_url.endsWith("#unreadable-pdf"),
  );
  const noProfile = { ...request, district_id: "ny-supreme-court-new-york-county" };
  await assert.rejects(good.check(noProfile), (error) => {
    assert.ok(error instanceof courtrules.NoProfileError, `${error.name}: ${error.message}`);
    assert.equal(error.body.district.district_id, "ny-supreme-court-new-york-county");
    return true;
  });
});

test("the client waits out a real 429 from the server and then succeeds", { skip }, async (t) => {
  const request = shippedCases.find((c) => c.expected.ok).request;
  let limited;
  for (let i = 0; i < 70 && !limited; i++) {
    const answer = await post("/api/v1/check", request, server.limitedKey);
    if (answer.status === 429) limited = answer;
  }
  if (!limited) return t.skip("the server does not rate-limit /check yet");
  const retryAfter = Number(limited.headers.get("retry-after"));
  assert.ok(Number.isFinite(retryAfter) && retryAfter >= 0, `Retry-After: ${limited.headers.get("retry-after")}`);
  assert.equal(typeof JSON.parse(limited.text).error, "string");
  if (retryAfter > 65) return t.skip(`Retry-After is ${retryAfter} s`);

  const client = courtrules.createClient({ baseUrl: server.baseUrl, apiKey: server.limitedKey, maxRetries: 3 });
  const started = Date.now();
  const response = await client.check(request);
  assert.equal(response.judge.slug, request.judge_slug);
  assert.ok(Date.now() - started >= Math.max(retryAfter * 1000, 1000) - 50, `answered after ${Date.now() - started} ms`);
});

test("pkg/src/openapi.ts is what the server's /openapi.json generates (not stale)", { skip }, async () => {
  // The same generation as `npm --prefix pkg run openapi` (pkg/scripts/openapi-types.mjs).
  const generator = pathToFileURL(join(root, "pkg/scripts/openapi-types.mjs")).href;
  const { generateTypes, outputPath, regenerateCommand } = await import(generator);
  const response = await fetch(`${server.baseUrl}/openapi.json`);
  assert.equal(response.status, 200, "GET /openapi.json");
  let generated;
  try {
    generated = await generateTypes(await response.json());
  } catch (error) {
    throw new Error(`generating the API types failed (is openapi-typescript installed? \`npm --prefix pkg ci\`): ${error}`);
  }
  const committed = existsSync(outputPath) ? readFileSync(outputPath, "utf8") : "";
  if (generated === committed) return;
  const [want, have] = [generated.split("\n"), committed.split("\n")];
  const line = want.findIndex((text, i) => text !== have[i]);
  const at = line === -1 ? want.length : line;
  assert.fail(
    `pkg/src/openapi.ts is stale: the server's OpenAPI document generates other types. ` +
      `Regenerate it with \`${regenerateCommand}\` (after \`cargo build --release --locked -p courtrules\`) ` +
      `and commit it.\nFirst difference, line ${at + 1}:\n  generated: ${want[at] ?? "(end of file)"}\n  committed: ${have[at] ?? "(end of file)"}`,
  );
});
