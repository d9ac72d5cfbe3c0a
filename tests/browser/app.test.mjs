// The drafting pre-check app in headless Chromium (Debian's, driven by playwright-core)
// against the real courtrules server: checks run in the page as the user types, with no
// request to /check; the server's check agrees byte for byte; a dropped PDF is analysed
// in the page (by the document module, fetched for the first PDF; document-module.test.mjs). Screenshots and measurements go to test-artifacts/browser/.
//
// Needs: web/dist (`trunk build --release`), target/release/courtrules, /usr/bin/chromium.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  artifacts,
  chooseJudge,
  dropPdf,
  expectations,
  isDocumentModule,
  openApp,
  root,
  startAppAndBrowser,
  stopAppAndBrowser,
} from "./support.mjs";

const JUDGE = "avery-sample";
const PAGE_LIMIT = 25; // Avery Sample's standing order § 3.A (data/profiles/edny.json)

let started, server, origin, browser, page;
const requests = [];
const measurements = {};
/** Console messages in which Chromium reports something the page's CSP refused. */
const policyViolations = [];

before(async () => {
  started = await startAppAndBrowser();
  ({ server, origin, browser } = started);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // The key is kept in local storage, as if the user had entered it before.
  await context.addInitScript((key) => localStorage.setItem("courtrules.apiKey", key), server.apiKey);
  page = await context.newPage();
  page.on("request", (request) => requests.push({ method: request.method(), url: request.url(), at: Date.now() }));
  page.on("pageerror", (error) => console.error("page error:", error));
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
  });
});

after(async () => {
  writeFileSync(join(artifacts, "measurements.json"), JSON.stringify(measurements, null, 2) + "\n");
  if (started) await stopAppAndBrowser(started);
});

const checkRequests = () => requests.filter((r) => new URL(r.url).pathname === "/api/v1/check");
const pageCount = () => page.locator("#field-document-page_count");
const wordCount = () => page.locator("#field-document-word_count");

/** Waits until the judge's profile is in the page. */
async function rulesLoaded() {
  await page.locator("#connection", { hasText: "Rules loaded" }).waitFor({ timeout: 20_000 });
}

test("the app loads, takes the stored key, and fetches the judge's rules once", async () => {
  const started = Date.now();
  const response = await page.goto(origin.url + "/");
  // The page carries the server's Content-Security-Policy (and the app must work under
  // it: the rest of this file).
  assert.match(response.headers()["content-security-policy"] ?? "", /script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
  await page.locator("#field-judge_slug option[value='" + JUDGE + "']").waitFor({ state: "attached", timeout: 20_000 });
  await page.selectOption("#field-judge_slug", JUDGE);
  await rulesLoaded();
  measurements.page_load_to_rules_loaded_ms = Date.now() - started;
  // The page's own clock (ms since navigation start): when the app module had arrived,
  // and when the judge's profile had.
  Object.assign(
    measurements,
    await page.evaluate(() => {
      const end = (pattern) => performance.getEntriesByType("resource").filter((e) => pattern.test(e.name)).map((e) => Math.round(e.responseEnd)).at(-1);
      return { wasm_loaded_at_ms: end(/\.wasm$/), profile_loaded_at_ms: end(/\/api\/v1\/profile/) };
    }),
  );
  const profileFetches = requests.filter((r) => new URL(r.url).pathname === "/api/v1/profile");
  assert.ok(profileFetches.length >= 1 && profileFetches.length <= 2, `${profileFetches.length} profile fetches`);
  assert.ok(profileFetches.at(-1).url.includes(`judge_slug=${JUDGE}`));
});

test("typing a page count over the limit shows the PAGE_LIMIT failure, with no request to /check", async () => {
  const before = requests.length;
  const typed = Date.now();
  await wordCount().pressSequentially("6000");
  await pageCount().pressSequentially(String(PAGE_LIMIT + 5));
  const failure = page.locator('#results li.result[data-category="PAGE_LIMIT"][data-status="FAIL"]');
  await failure.waitFor({ timeout: 5_000 });
  measurements.typed_to_page_limit_failure_ms = Date.now() - typed;
  measurements.navigation_to_first_result_ms = Number(await page.getAttribute("#results", "data-first-result-ms"));

  assert.match(await failure.innerText(), new RegExp(`${PAGE_LIMIT + 5} pages.*the limit is ${PAGE_LIMIT} pages`, "s"));
  assert.match(await failure.locator("cite").innerText(), /Avery Sample/);
  assert.equal(await page.getAttribute("#verdict", "data-status"), "NON_COMPLIANT");
  assert.ok(await page.locator('#results section.group[data-status="FAIL"] h3').innerText());
  assert.deepEqual(checkRequests(), [], "no request to /check while typing");
  const after = requests.slice(before);
  assert.deepEqual(after, [], `requests while typing: ${after.map((r) => r.url).join(", ")}`);
  await page.screenshot({ path: join(artifacts, "page-limit-failure.png"), fullPage: true });
});

test("results are grouped by status, with citations and the skipped checks", async () => {
  const groups = await page.locator("#results section.group").evaluateAll((sections) => sections.map((s) => s.dataset.status));
  const order = ["FAIL", "ACTION_REQUIRED", "PASS"];
  assert.deepEqual(groups, order.filter((status) => groups.includes(status)));
  for (const cite of await page.locator("#results li.result cite").allInnerTexts()) assert.ok(cite.trim().length > 0);
  // What could not run is said in words, not as a request path.
  assert.match(await page.locator("#results section.skipped h3").innerText(), /Could not run/);
  for (const item of await page.locator("#results section.skipped li").allInnerTexts()) {
    assert.match(item, /Needs /);
    assert.doesNotMatch(item, /document\./);
  }
});

test("typing updates the results in the page, with no request (timings recorded, not asserted)", async () => {
  // From the input event to the DOM showing the new result, measured in the page and
  // written to test-artifacts/browser/measurements.json; performance is not asserted.
  const timings = await page.evaluate(async () => {
    const input = document.querySelector("#field-document-page_count");
    const results = [];
    for (let i = 0; i < 40; i++) {
      const changed = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect();
          resolve();
        });
        observer.observe(document.querySelector("#results"), { subtree: true, childList: true, attributes: true, characterData: true });
      });
      const started = performance.now();
      input.value = String(10 + i);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      await changed;
      const engine = Number(document.querySelector("#check-time")?.dataset.ms ?? NaN);
      results.push({ total: performance.now() - started, engine });
    }
    return results;
  });
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  measurements.engine_check_ms_median = median(timings.map((t) => t.engine));
  measurements.keystroke_to_dom_ms_median = median(timings.map((t) => t.total));
  assert.equal(timings.length, 40);
  assert.ok(timings.every((t) => Number.isFinite(t.engine)), "every keystroke produced an engine result");
  assert.deepEqual(checkRequests(), []);
});

test("invalid input is named next to its field, in the field's own words, once the user leaves it", async () => {
  await pageCount().fill("0");
  await pageCount().press("Tab");
  const problem = page.locator("#field-document-page_count-problem");
  await problem.waitFor();
  assert.equal(await problem.innerText(), "Page count must be at least 1.");
  assert.equal(await pageCount().getAttribute("aria-invalid"), "true");
  assert.match(await pageCount().getAttribute("aria-describedby"), /field-document-page_count-problem/);
  await page.screenshot({ path: join(artifacts, "validation-error.png"), fullPage: true });

  await pageCount().fill("abc");
  await page.locator("#field-document-page_count-problem", { hasText: "whole number" }).waitFor();
  await pageCount().fill(String(PAGE_LIMIT + 5));
  await problem.waitFor({ state: "detached" });
  assert.equal(await pageCount().getAttribute("aria-invalid"), null);
});

test("Check on server runs the authoritative check once, and both agree byte for byte", async () => {
  await page.locator('#results li.result[data-category="PAGE_LIMIT"][data-status="FAIL"]').waitFor();
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/check"),
    page.click("#server-check"),
  ]);
  assert.equal(response.status(), 200);
  const verdict = page.locator("#server-result [data-agree]");
  await verdict.waitFor({ timeout: 10_000 });
  assert.equal(await verdict.getAttribute("data-agree"), "true", await verdict.innerText());
  assert.equal(checkRequests().length, 1);
  await page.screenshot({ path: join(artifacts, "server-agrees.png"), fullPage: true });

  // A change makes the server's answer stale, and it is cleared.
  await pageCount().fill(String(PAGE_LIMIT - 5));
  await page.locator("#server-result [data-agree]").waitFor({ state: "detached" });
  assert.equal(checkRequests().length, 1);
});

test("the optional sections add their checks", async () => {
  await page.check("#field-document-caption");
  await page.check("#field-document-caption-present");
  await page.locator('#results li.result[data-category="CAPTION"]').first().waitFor();
  await page.uncheck("#field-document-caption");
  await page.locator('#results li.result[data-category="CAPTION"]').first().waitFor({ state: "detached" });
  assert.deepEqual(checkRequests().length, 1);
});

test("dropping a PDF analyses it in the page and never uploads it", async () => {
  const fixture = "memo_support_rule12";
  const truth = JSON.parse(readFileSync(join(root, "tests/fixtures/pdf/ground_truth.json"), "utf8")).fixtures[fixture];
  const before = requests.length;
  await dropPdf(page, fixture);
  const status = page.locator("#pdf-status");
  const message = await status.innerText();
  await page.screenshot({ path: join(artifacts, "pdf-drop.png"), fullPage: true });
  measurements.pdf_analysis_ms = Number(await status.getAttribute("data-ms"));
  measurements.pdf_reader_load_ms = Number(await status.getAttribute("data-load-ms"));
  // The only requests: the PDF reader (the document module's glue and wasm, fetched the
  // first time a PDF is read), never the PDF.
  const made = requests.slice(before);
  assert.deepEqual(made.filter((r) => !isDocumentModule(r)), [], "the PDF was analysed without any request");
  assert.deepEqual(made.map((r) => r.method), ["GET", "GET"], `requests: ${made.map((r) => r.url).join(", ")}`);
  assert.match(message, /filled from it/);
  assert.match(await page.locator("#pdf-filled").innerText(), /Page count/);
  assert.equal(await pageCount().inputValue(), String(truth.body_page_count));
  assert.equal(await wordCount().inputValue(), String(truth.word_count));
  assert.equal(await page.inputValue("#field-document_scope"), truth.document_scope);
});

test("landmarks, labels and live results for assistive technology", async () => {
  for (const landmark of ["header", "main", "footer"]) assert.equal(await page.locator(landmark).count(), 1, landmark);
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll("input, select, button")]
      .filter((el) => el.type !== "hidden")
      .filter((el) => !(el.labels?.length || el.getAttribute("aria-label") || el.textContent.trim()))
      .map((el) => el.id || el.outerHTML),
  );
  assert.deepEqual(unlabelled, []);
  assert.equal(await page.getAttribute("#summary", "aria-live"), "polite");
  // The first stop for the keyboard is the skip link, shown when focused.
  assert.equal(await page.evaluate(() => document.querySelector("a[href], button, input, select").className), "skip");
  await page.focus(".skip");
  assert.ok((await page.locator(".skip").boundingBox()).x >= 0);
});

test("usable at phone width: no sideways scrolling", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#results li.result').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${overflow}px wider than the screen`);
  await page.screenshot({ path: join(artifacts, "phone-width.png"), fullPage: true });
});

test("sample judges are labelled, and every verdict says what it covered", async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const option = (slug) => page.locator(`#field-judge_slug option[value='${slug}']`);
  assert.match(await option(JUDGE).innerText(), /\(sample data\)$/);
  assert.match(await option("court").innerText(), /Any judge/);
  const note = page.locator("#coverage-note");
  assert.match(await note.innerText(), /Avery Sample is sample data: a fictional judge/);
  assert.equal(await note.getAttribute("data-level"), "sample");
  // A real judge, whose individual practices are not encoded: the note says so, the verdict
  // carries the item to read them, and a filing cannot look compliant.
  const real = "margo-k-brodie";
  assert.match(await option(real).innerText(), /^Margo K\. Brodie$/);
  await page.selectOption("#field-judge_slug", real);
  await page.locator("#coverage-note[data-level='district']").waitFor({ timeout: 20_000 });
  assert.match(await note.innerText(), /^Applied: FRCP \(in force from 2024-12-01; current as of 2024-12-01;.*Not encoded: Judge Margo K\. Brodie's individual practices/s);
  await page.locator('#results li.result[data-category="COVERAGE"][data-status="ACTION_REQUIRED"]').waitFor({ timeout: 5_000 });
  assert.notEqual(await page.getAttribute("#verdict", "data-status"), "COMPLIANT");
  await page.screenshot({ path: join(artifacts, "coverage-note.png"), fullPage: true });
});

test("nothing the app does is refused by its Content-Security-Policy", () => {
  assert.deepEqual(policyViolations, []);
});

// ---------------------------------------------------------------------------------------
// Each test below opens the app in a browser context of its own.

/** What the server never shows the lawyer: a status code, a request path, a CLI command, JSON. */
const RAW = /\(\d{3}\)|\bHTTP\b|\/api\/|courtrules keys|`|\{\}|Retry-After|Authorization/;

async function openWithRules(t, viewport) {
  const app = await openApp(browser, origin, { apiKey: server.apiKey, viewport });
  t.after(() => app.close());
  await app.goto();
  await chooseJudge(app, { judge: JUDGE });
  await app.page.fill("#field-document-page_count", "20");
  await app.page.fill("#field-document-word_count", "5000");
  await app.page.locator("#verdict[data-status]").waitFor();
  return app;
}

test("on a phone, a field reached with Tab is never hidden under the verdict bar", async (t) => {
  const { page } = await openWithRules(t, { width: 375, height: 667 });
  const e = expectations();
  // The reader has scrolled so that the caption's switch sits just above the bar; the
  // next Tab reaches the signature block's switch, which was under it.
  await page.focus("#field-document-caption");
  await page.evaluate(() => window.scrollBy(0, document.querySelector("#field-document-caption").getBoundingClientRect().top - 500));
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const seen = await page.evaluate(() => {
      const focused = document.activeElement;
      const box = focused.getBoundingClientRect();
      const bar = document.querySelector("#verdict-bar").getBoundingClientRect();
      return { id: focused.id || focused.tagName, bottom: box.bottom, barTop: bar.top, inBar: Boolean(focused.closest("#verdict-bar")) };
    });
    if (seen.inBar) break;
    e.check(seen.bottom <= seen.barTop, () => `#${seen.id} is under the verdict bar (its bottom at ${Math.round(seen.bottom)}, the bar's top at ${Math.round(seen.barTop)})`);
  }
  // The page's end is not under the bar either.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const [footer, bar] = await page.evaluate(() => [document.querySelector("footer").getBoundingClientRect().bottom, document.querySelector("#verdict-bar").getBoundingClientRect().top]);
  e.check(footer <= bar + 1, `scrolled to the end, the footer ends at ${footer}, under the bar (from ${bar})`);
  e.done();
});

test("a key refused on Check on server is said in plain words, and next to the key field at once", async (t) => {
  const { page } = await openWithRules(t);
  // The key is revoked while the page is open: the server now refuses it (the real 403,
  // for a key of the right form whose secret does not match).
  const refused = `Bearer ${server.apiKey.split("_").slice(0, 2).join("_")}_${"0".repeat(64)}`;
  await page.route("**/api/v1/check", (route) => route.continue({ headers: { ...route.request().headers(), authorization: refused } }));
  await page.click("#server-check");
  const said = page.locator("#server-result .problem");
  await said.waitFor();
  const text = await said.innerText();
  assert.match(text, /refused the API key/);
  assert.doesNotMatch(text, RAW);
  await page.locator("#api-key-problem").waitFor({ timeout: 2_000 });
  assert.match(await page.locator("#api-key-problem").innerText(), /refused this API key.*Paste a valid key/);
  assert.equal(await page.getAttribute("#api-key", "aria-invalid"), "true");
});

test("too many requests: the wait is said from Retry-After, in the app's words", async (t) => {
  const { page } = await openWithRules(t);
  // The limited key's check budget, spent; the page's check is then sent with it.
  for (let spent = 0; spent < 200; spent++) {
    const answer = await fetch(`${server.baseUrl}/api/v1/check`, { method: "POST", headers: { Authorization: `Bearer ${server.limitedKey}`, "Content-Type": "application/json" }, body: "{}" });
    if (answer.status === 429) break;
  }
  await page.route("**/api/v1/check", (route) => route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${server.limitedKey}` } }));
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/v1/check")), page.click("#server-check")]);
  assert.equal(response.status(), 429);
  const text = await page.locator("#server-result .problem").innerText();
  assert.match(text, new RegExp(`Too many requests; try again in ${response.headers()["retry-after"]} s\\.`));
  assert.doesNotMatch(text, RAW);
  assert.equal(await page.locator("#api-key-problem").count(), 0, "a 429 is not a problem with the key");
});

test("a server that cannot be reached is said in words, and choosing the judge again works once it is back", async (t) => {
  const app = await openWithRules(t);
  const { page } = app;
  await page.route("**/api/v1/**", (route) => route.abort("failed"));
  await page.click("#server-check");
  const text = await page.locator("#server-result .problem").innerText();
  assert.match(text, /The server could not be reached; check the connection\./);
  assert.doesNotMatch(text, RAW);
  // The profile of another judge cannot be loaded either: no one is told to reload
  // (which would lose the filing), and the page keeps what was typed.
  await page.selectOption("#field-judge_slug", "court");
  await page.locator("#connection", { hasText: "could not be reached" }).waitFor();
  const connection = await page.locator("#connection").innerText();
  assert.doesNotMatch(connection, /reload/i);
  assert.match(connection, /Trying again in \d+ s/);
  await page.unroute("**/api/v1/**");
  await page.selectOption("#field-judge_slug", JUDGE);
  await page.locator("#connection", { hasText: "Rules loaded" }).waitFor();
  assert.equal(await page.inputValue("#field-document-page_count"), "20");
  await page.locator("#verdict[data-status]").waitFor();
});

test("a judge's rules refused for too many requests are asked for again by themselves once Retry-After has passed", async (t) => {
  const app = await openWithRules(t);
  const { page } = app;
  let refused = 0;
  await page.route("**/api/v1/profile?*", (route) => {
    if (refused++ > 0) return route.continue();
    return route.fulfill({
      status: 429,
      headers: { "Content-Type": "application/json", "Retry-After": "2" },
      body: JSON.stringify({ error: "rate limit exceeded: this key may make 120 `profile` requests per minute", suggestion: "Wait at least 2 s (the Retry-After header) before retrying." }),
    });
  });
  await page.selectOption("#field-judge_slug", "court");
  const connection = page.locator("#connection");
  await connection.filter({ hasText: "Trying again in 2 s" }).waitFor();
  const said = await connection.innerText();
  assert.match(said, /too many requests/);
  assert.doesNotMatch(said, /reload/i);
  assert.doesNotMatch(said, RAW);
  await connection.filter({ hasText: "Rules loaded" }).waitFor({ timeout: 6_000 });
  assert.equal(refused, 2, "the profile was asked for once more");
  assert.equal(await page.inputValue("#field-judge_slug"), "court");
  assert.equal(await page.inputValue("#field-document-word_count"), "5000");
});
