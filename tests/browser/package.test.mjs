// The npm package in headless Chromium: the `--target web` check module loaded with
// `init()` answers every golden-corpus case with the bytes the real server answers, and
// checks (its time is recorded in test-artifacts/browser); the document module is only
// fetched by the first `classify`. The package's files are served to the page by
// Playwright's routing (no network), from pkg/ as built by `npm --prefix pkg run build`.

import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { after, before, test } from "node:test";
import { corpus } from "../node/support.mjs";
import { artifacts, launchChromium, root, startServer } from "./support.mjs";

const ORIGIN = "http://courtrules-package.test";
const types = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html" };
let server, browser, page;
/** Every path the page asked for, in order. */
const requested = [];

/** A page that serves the package's files at ORIGIN; each path it asks for goes to `log`. */
async function packagePage(log) {
  const page = await browser.newPage();
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    log.push(path);
    if (path === "/") return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>courtrules package</title>" });
    const file = join(root, "pkg", path);
    if (!file.startsWith(join(root, "pkg")) || !existsSync(file)) return route.fulfill({ status: 404, body: "" });
    return route.fulfill({ contentType: types[extname(file)] ?? "application/octet-stream", body: readFileSync(file) });
  });
  await page.goto(`${ORIGIN}/`);
  return page;
}

before(async () => {
  if (!existsSync(join(root, "pkg/dist/index.js"))) throw new Error("the package is not built: run `npm --prefix pkg run build`");
  server = await startServer();
  browser = await launchChromium();
  page = await packagePage(requested);
  await page.evaluate(async () => {
    window.courtrules = await import("/dist/index.js");
    await window.courtrules.init();
  });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test("the browser build answers every corpus case; the E.D.N.Y. ones byte for byte as the server", async () => {
  const cases = corpus();
  const answers = await page.evaluate(
    (cases) =>
      cases.map(({ profileText, requestText }) => {
        try {
          return { ok: window.courtrules.checkJson(profileText, requestText) };
        } catch (error) {
          return { error };
        }
      }),
    cases.map((c) => ({ profileText: c.profileText, requestText: JSON.stringify(c.request) })),
  );
  let compared = 0;
  for (const [i, c] of cases.entries()) {
    if (c.expected.error) {
      assert.equal(answers[i].error?.kind, c.expected.error.kind, c.name);
      continue;
    }
    assert.ok(answers[i].ok, `${c.name}: ${JSON.stringify(answers[i].error)}`);
    if (server && c.profile === "data/profiles/edny.json") {
      const response = await fetch(`${server.baseUrl}/api/v1/check`, {
        method: "POST",
        headers: { Authorization: `Bearer ${server.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify(c.request),
      });
      assert.equal(answers[i].ok, await response.text(), c.name);
      compared++;
    }
  }
  if (server) assert.ok(compared >= 20, `${compared} byte comparisons with the server`);
});

test("the time of a check in the browser is measured (recorded in test-artifacts, not asserted)", async () => {
  const c = corpus().find((c) => c.name.startsWith("edny") && c.expected.ok);
  const timing = await page.evaluate(({ profile, request }) => {
    const { check, checkJson } = window.courtrules;
    const profileText = JSON.stringify(profile);
    const requestText = JSON.stringify(request);
    for (let i = 0; i < 50; i++) checkJson(profileText, requestText);
    let started = performance.now();
    for (let i = 0; i < 1000; i++) checkJson(profileText, requestText);
    const json = (performance.now() - started) / 1000;
    started = performance.now();
    for (let i = 0; i < 1000; i++) check(profile, request);
    const objects = (performance.now() - started) / 1000;
    return { checkJson_ms: json, check_objects_ms: objects };
  }, { profile: c.profileObject, request: c.request });
  // Performance is reported, not asserted: a loaded CI machine must not fail the suite.
  writeFileSync(join(artifacts, "package-measurements.json"), JSON.stringify(timing, null, 2) + "\n");
  assert.ok(Number.isFinite(timing.checkJson_ms) && Number.isFinite(timing.check_objects_ms));
});

test("classify fetches the document module once, the first time, and reads a PDF in the browser", async () => {
  // Everything before this test only checked: nothing of the document module was fetched.
  assert.ok(requested.includes("/wasm/check/web/courtrules_check_bg.wasm"), requested.join(" "));
  assert.deepEqual(requested.filter((path) => path.includes("courtrules_document")), []);
  const pdf = readFileSync(join(root, "tests/fixtures/pdf/memo_support_rule12.pdf")).toString("base64");
  const read = () =>
    page.evaluate(async (pdf) => {
      const bytes = Uint8Array.from(atob(pdf), (c) => c.charCodeAt(0));
      const started = performance.now();
      const outcome = await window.courtrules.classify(bytes, { district_id: "edny", judge_slug: "avery-sample" });
      return { ms: performance.now() - started, scope: outcome.response.classification.document_scope, pages: outcome.response.page_count_analysis.body_page_count };
    }, pdf);
  for (const result of [await read(), await read()]) {
    assert.equal(result.scope, "brief_support");
    assert.equal(result.pages, 19);
  }
  assert.deepEqual(
    requested.filter((path) => path.includes("courtrules_document")),
    ["/wasm/document/web/courtrules_document.js", "/wasm/document/web/courtrules_document_bg.wasm"],
  );
});

test("a failed init() is tried again by the next call, for either module", async () => {
  const fresh = await packagePage([]);
  try {
    const outcome = await fresh.evaluate(async () => {
      const courtrules = await import("/dist/index.js");
      const document = await import("/dist/classify.js");
      const failure = async (load) => load().then(() => "loaded", (error) => `refused: ${error.message}`);
      const before = await failure(() => courtrules.init("/missing/courtrules_check_bg.wasm"));
      const checkBeforeLoad = await failure(async () => courtrules.validate({}));
      await courtrules.init();
      const documentBefore = await failure(() => document.init("/missing/courtrules_document_bg.wasm"));
      await document.init();
      return { before, checkBeforeLoad, problems: courtrules.validate({}).length, documentBefore };
    });
    assert.match(outcome.before, /^refused: /);
    assert.match(outcome.checkBeforeLoad, /not loaded yet/);
    assert.ok(outcome.problems > 0, "the check module answers once loaded");
    assert.match(outcome.documentBefore, /^refused: /);
  } finally {
    await fresh.close();
  }
});
