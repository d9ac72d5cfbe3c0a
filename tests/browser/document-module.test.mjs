// The drafting app loads the check engine only; the PDF reader and the standing-order
// extractor (the engine's document module) are fetched the first time a document is read,
// or when the user shows intent (a file dragged into the window, the drop zone pointed at
// or focused, the judge's-practices panel opened) — never at start, never on a timer.
// Against the real server (its CSP included), each test in a fresh browser context.
//
// The DOM these tests rely on: <meta name="courtrules-document-module|courtrules-document-wasm">,
// .dropzone[data-reader] (idle, loading, ready, failed), #pdf-status[data-state] (loading,
// reading, read, failed) with data-ms (the engine) and data-load-ms (waiting for the reader),
// #pdf-filled, and the form of drafting.test.mjs.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  chooseJudge,
  DOCUMENT_MODULE,
  dropPdf,
  expectations,
  isDocumentModule,
  openApp,
  root,
  runAxe,
  startAppAndBrowser,
  stopAppAndBrowser,
} from "./support.mjs";

const truth = JSON.parse(readFileSync(join(root, "tests/fixtures/pdf/ground_truth.json"), "utf8")).fixtures;

let server, origin, browser;

before(async () => ({ server, origin, browser } = await startAppAndBrowser()));
after(() => stopAppAndBrowser({ server, origin, browser }));

/** The app in a new context, the judge's rules loaded; CSP refusals are recorded. */
async function open(t, judge = "avery-sample") {
  const app = await openApp(browser, origin, { apiKey: server.apiKey });
  app.policyViolations = [];
  app.page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) app.policyViolations.push(message.text());
  });
  t.after(async () => {
    if (app.pageErrors.length) t.diagnostic(`page errors: ${app.pageErrors.join(" | ")}`);
    await app.close();
  });
  await app.goto();
  await chooseJudge(app, { judge });
  return app;
}

const moduleRequests = (app) => app.requests.filter(isDocumentModule);

/** Every state `#pdf-status` takes from now on (recorded in the page, so brief ones count). */
async function recordPdfStates(page) {
  await page.evaluate(() => {
    window.__pdfStates = [];
    const status = document.getElementById("pdf-status");
    const note = () => {
      const state = `${status.dataset.state}: ${status.textContent}`;
      if (window.__pdfStates.at(-1) !== state) window.__pdfStates.push(state);
    };
    new MutationObserver(note).observe(status, { attributes: true, childList: true, characterData: true, subtree: true });
  });
}
const pdfStates = (page) => page.evaluate(() => window.__pdfStates);

/** Fills the form as a keyboard user would (no pointer: pointing at the drop zone is intent). */
async function describeBrief(page) {
  await page.selectOption("#field-document_scope", "brief_support");
  await page.locator("#field-document-word_count").fill("5000");
  await page.locator("#field-document-page_count").fill("20");
  await page.locator("#verdict[data-status]").waitFor();
}

test("at start the page has the check engine only: results appear, and the document module is not fetched", { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await describeBrief(page);
  await page.locator('#results li.result[data-category="PAGE_LIMIT"]').first().waitFor();
  await page.waitForTimeout(500);
  const e = expectations();
  e.check(moduleRequests(app).length === 0, () => `fetched at start: ${moduleRequests(app).map((r) => r.url).join(", ")}`);
  const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
  e.check(!loaded.some((url) => /courtrules-document-/.test(url)), () => `resources: ${loaded.join(", ")}`);
  e.check((await page.getAttribute(".dropzone", "data-reader")) === "idle", "the reader is not idle at start");

  // The page names the module; the server serves both files, immutable, the wasm as wasm.
  const named = await page.evaluate(() =>
    ["courtrules-document-module", "courtrules-document-wasm"].map((name) => document.querySelector(`meta[name="${name}"]`)?.content ?? null),
  );
  e.check(named.every((url) => url && DOCUMENT_MODULE.test(url)), `the <meta> tags name ${JSON.stringify(named)}`);
  for (const path of named.filter(Boolean)) {
    const response = await fetch(server.baseUrl + path, { method: "HEAD" });
    e.check(response.status === 200, `${path} answers ${response.status}`);
    e.check(/immutable/.test(response.headers.get("cache-control") ?? ""), `${path} is not served as immutable`);
    const type = path.endsWith(".wasm") ? /^application\/wasm/ : /javascript/;
    e.check(type.test(response.headers.get("content-type") ?? ""), `${path} is served as ${response.headers.get("content-type")}`);
  }
  e.check(app.policyViolations.length === 0, () => `CSP: ${app.policyViolations.join(" | ")}`);
  e.done();
});

test("the first PDF drop loads the reader (a visible state), then fills the form as before; a second drop fetches nothing", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  const e = expectations();
  await recordPdfStates(page);
  await dropPdf(page, "memo_support_rule12");
  const states = await pdfStates(page);
  e.check(/^loading: Loading the PDF reader…$/.test(states[0] ?? ""), () => `the first state is not loading: ${JSON.stringify(states)}`);
  e.check(states.some((s) => /^reading: Reading memo_support_rule12\.pdf in this browser…$/.test(s)), () => `no reading state: ${JSON.stringify(states)}`);
  e.check(/^read: memo_support_rule12\.pdf read; the fields below were filled from it\./.test(states.at(-1) ?? ""), () => `the last state: ${JSON.stringify(states.at(-1))}`);
  const memo = truth.memo_support_rule12;
  e.check((await page.inputValue("#field-document-page_count")) === String(memo.body_page_count), "page count");
  e.check((await page.inputValue("#field-document-word_count")) === String(memo.word_count), "word count");
  e.check((await page.inputValue("#field-document_scope")) === memo.document_scope, "document scope");
  e.check(/Page count/.test(await page.locator("#pdf-filled").innerText()), "#pdf-filled does not list the page count");
  const status = page.locator("#pdf-status");
  const [engineMs, loadMs] = [Number(await status.getAttribute("data-ms")), Number(await status.getAttribute("data-load-ms"))];
  e.check(Number.isFinite(engineMs) && Number.isFinite(loadMs) && loadMs > 0, `data-ms ${engineMs}, data-load-ms ${loadMs}`);
  t.diagnostic(`first drop: reader loaded in ${loadMs} ms, classify ${engineMs} ms`);
  e.check((await page.getAttribute(".dropzone", "data-reader")) === "ready", "the reader is not ready after the drop");

  // A second drop: read at once, nothing fetched again.
  await recordPdfStates(page);
  await dropPdf(page, "memo_opposition_rule56");
  const again = await pdfStates(page);
  e.check(!again.some((s) => s.startsWith("loading")), () => `the second drop loads again: ${JSON.stringify(again)}`);
  const opposition = truth.memo_opposition_rule56;
  e.check((await page.inputValue("#field-document-page_count")) === String(opposition.body_page_count), "page count of the second PDF");
  e.check((await page.inputValue("#field-document_scope")) === opposition.document_scope, "document scope of the second PDF");
  const fetched = moduleRequests(app).map((r) => new URL(r.url).pathname.replace(/-[0-9a-f]{16}/, "-<hash>"));
  e.check(
    JSON.stringify(fetched.sort()) === JSON.stringify(["/courtrules-document-<hash>.js", "/courtrules-document-<hash>_bg.wasm"]),
    () => `document module requests over two drops: ${JSON.stringify(fetched)}`,
  );
  const uploads = app.requests.filter((r) => r.method !== "GET" || new URL(r.url).pathname === "/api/v1/classify");
  e.check(uploads.length === 0, () => `requests that could carry the PDF: ${uploads.map((r) => `${r.method} ${r.url}`).join(", ")}`);
  e.check(app.policyViolations.length === 0, () => `CSP: ${app.policyViolations.join(" | ")}`);
  e.done();
});

test("intent: dragging a file into the window, or focusing the drop zone, fetches the reader before the drop", { timeout: 60_000 }, async (t) => {
  const e = expectations();
  for (const [how, act] of [
    [
      "a file dragged into the window",
      (page) =>
        page.evaluate(() => {
          const transfer = new DataTransfer();
          transfer.items.add(new File(["%PDF-"], "brief.pdf", { type: "application/pdf" }));
          document.body.dispatchEvent(new DragEvent("dragenter", { dataTransfer: transfer, bubbles: true, cancelable: true }));
        }),
    ],
    ["the file input focused", (page) => page.focus("#pdf-input")],
    ["the drop zone pointed at", (page) => page.hover(".dropzone")],
  ]) {
    const app = await open(t);
    const { page } = app;
    await page.waitForTimeout(300);
    e.check(moduleRequests(app).length === 0, `${how}: fetched before the intent`);
    await act(page);
    const ready = await e.wait(page.locator(".dropzone[data-reader='ready']").waitFor({ timeout: 15_000 }), `${how}: the reader was not loaded`);
    if (!ready) continue;
    e.check(moduleRequests(app).length === 2, `${how}: ${moduleRequests(app).length} requests for the module`);
    await recordPdfStates(page);
    await dropPdf(page, "memo_support_rule12");
    const states = await pdfStates(page);
    e.check(!states.some((s) => s.startsWith("loading")), () => `${how}: the drop still waited for the reader: ${JSON.stringify(states)}`);
    e.check((await page.inputValue("#field-document-page_count")) === String(truth.memo_support_rule12.body_page_count), `${how}: page count`);
  }
  e.done();
});

test("a reader that fails to load is said in words, and the next drop tries again", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  const e = expectations();
  let refused = 0;
  await page.route(/\/courtrules-document-[0-9a-f]{16}_bg\.wasm$/, (route) => {
    refused += 1;
    return route.abort("internetdisconnected");
  });
  await dropPdf(page, "memo_support_rule12");
  const said = await page.locator("#pdf-status").innerText();
  e.check(/PDF reader could not be loaded/.test(said) && /try again/.test(said), `after a failed load: ${JSON.stringify(said)}`);
  e.check((await page.getAttribute("#pdf-status", "data-state")) === "failed", "the state is not failed");
  e.check(refused === 1, `${refused} refused fetches`);
  await page.unroute(/\/courtrules-document-[0-9a-f]{16}_bg\.wasm$/);
  await dropPdf(page, "memo_support_rule12");
  e.check((await page.getAttribute("#pdf-status", "data-state")) === "read", `the second drop: ${await page.locator("#pdf-status").innerText()}`);
  e.check((await page.inputValue("#field-document-page_count")) === String(truth.memo_support_rule12.body_page_count), "page count after the retry");
  e.done();
});

test("a reader whose glue fails to load is fetched again when the same file is chosen again", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  const e = expectations();
  const glue = /\/courtrules-document-[0-9a-f]{16}\.js(\?|$)/;
  await page.route(glue, (route) => route.abort("internetdisconnected"));
  const choose = async () => {
    await page.setInputFiles("#pdf-input", join(root, "tests/fixtures/pdf/memo_support_rule12.pdf"));
    await page.waitForFunction(() => /^(read|failed)$/.test(document.querySelector("#pdf-status")?.dataset.state ?? ""), null, { timeout: 20_000 });
  };
  await choose();
  e.check((await page.getAttribute("#pdf-status", "data-state")) === "failed", "the first choice did not fail");
  await page.unroute(glue);
  // Chosen with the file input: the browser fires no `change` for the file it already holds.
  await choose();
  e.check((await page.getAttribute("#pdf-status", "data-state")) === "read", `the second choice: ${await page.locator("#pdf-status").innerText()}`);
  e.check((await page.inputValue("#field-document-page_count")) === String(truth.memo_support_rule12.body_page_count), "page count after the retry");
  const glues = moduleRequests(app).filter((r) => glue.test(r.url));
  e.check(glues.length >= 2, () => `glue requests: ${JSON.stringify(glues.map((r) => r.url))}`);
  e.check(app.policyViolations.length === 0, () => `CSP: ${app.policyViolations.join(" | ")}`);
  e.done();
});

test("axe-core finds no serious or critical violations while the reader loads and after the PDF is read", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  const e = expectations();
  // A slow network: the reader's wasm takes a while, long enough to look at the page.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(/\/courtrules-document-[0-9a-f]{16}_bg\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  const bytes = readFileSync(join(root, "tests/fixtures/pdf/memo_support_rule12.pdf")).toString("base64");
  await page.evaluate((bytes) => {
    const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([data], "memo_support_rule12.pdf", { type: "application/pdf" }));
    const zone = document.querySelector(".dropzone");
    zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, bytes);
  await page.locator("#pdf-status[data-state='loading']").waitFor();
  const serious = (result) =>
    result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  const loading = serious(await runAxe(page));
  e.check(loading.length === 0, () => `axe while loading: ${loading.join("; ")}`);
  e.check((await page.getAttribute("#pdf-status", "role")) === "status", "#pdf-status is not a status region");
  release();
  await page.locator("#pdf-status[data-state='read']").waitFor({ timeout: 20_000 });
  const read = serious(await runAxe(page));
  e.check(read.length === 0, () => `axe after reading: ${read.join("; ")}`);
  e.done();
});

test("the judge's practices panel fetches the reader when opened, and reads with it", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  const e = expectations();
  await page.waitForTimeout(300);
  e.check(moduleRequests(app).length === 0, "fetched before the panel was opened");
  await page.locator("#practices-toggle").focus();
  await page.keyboard.press("Enter");
  await page.locator(".practices-drop[data-reader='ready']").waitFor({ timeout: 15_000 });
  await page.fill("#practices-source-url", "https://courtrules.example/sample-orders/avery-sample");
  await page.fill("#practices-text", "1. Motions\n1.A. Memoranda of law in support of motions are limited to 20 pages.\n");
  await page.click("#practices-read-text");
  await page.locator("#practices-status[data-state='read']").waitFor();
  e.check((await page.locator("li.proposal[data-rule-key^='PageLimit:']").count()) === 1, "the pasted page limit is not proposed");
  e.check(moduleRequests(app).length === 2, `${moduleRequests(app).length} requests for the module`);
  e.done();
});
