// The app's first requests start together, not one after another: the courts, and the
// judges, time rules and court-wide profile of the court and judge the app chooses at start
// (E.D.N.Y., "Any judge"). With a key remembered, web/index.html's inline script starts
// them while the app's wasm is still loading, and the app takes those answers instead of
// asking again; with a key entered, the app starts all four at once. Against the real
// server (its CSP included), each test in a fresh browser context.
//
// "Before X has arrived" is tested by holding X back until the other requests have been
// made (or a time limit has passed), not by comparing the page's timings: on a busy
// machine a local answer can arrive within the few milliseconds between two fetches that
// were started together, and an app that waited for X would never make them while X is held.

import { after, before, test } from "node:test";
import { expectations, openApp, rulesLoaded, startAppAndBrowser, stopAppAndBrowser } from "./support.mjs";

const STARTUP = [
  "/api/v1/courts",
  "/api/v1/judges?district_id=edny",
  "/api/v1/courts/edny/time-rules",
  "/api/v1/profile?district_id=edny&judge_slug=court",
];

let server, origin, browser;

before(async () => ({ server, origin, browser } = await startAppAndBrowser()));
after(() => stopAppAndBrowser({ server, origin, browser }));

/** The app's wasm, by its path. */
const APP_WASM = /^\/courtrules-web-[0-9a-f]+_bg\.wasm$/;

/** A request's path and query, as STARTUP lists them. */
const pathAndQuery = (url) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/**
 * Holds the page's requests whose path matches `held` until each of `paths` (path and
 * query) has been requested, or `limitMs` have passed, then lets them through. `missing`
 * resolves, once they are let through, to the paths that had not been requested by then
 * (none when all had).
 */
async function holdUntilRequested(app, held, paths, limitMs = 5_000) {
  const notYet = () => paths.filter((path) => !app.requests.some((r) => pathAndQuery(r.url) === path));
  let report;
  const reported = new Promise((resolve) => (report = resolve));
  // A page that never makes the held request must not hang the test.
  const unheld = setTimeout(() => report([`(no request to ${held} within ${(4 * limitMs) / 1000} s)`]), 4 * limitMs);
  await app.page.route((url) => held.test(url.pathname), async (route) => {
    clearTimeout(unheld);
    const deadline = Date.now() + limitMs;
    while (notYet().length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    report(notYet());
    await route.continue();
  });
  // In an object: an async function returning the promise itself would wait for it.
  return { missing: reported };
}

async function open(t, apiKey) {
  const app = await openApp(browser, origin, { apiKey });
  // What the page's console said; of it, what the Content-Security-Policy refused.
  app.consoleTexts = [];
  app.page.on("console", (message) => app.consoleTexts.push(message.text()));
  Object.defineProperty(app, "violations", { get: () => app.consoleTexts.filter((text) => /Content Security Policy/i.test(text)) });
  t.after(async () => {
    if (app.pageErrors.length) t.diagnostic(`page errors: ${app.pageErrors.join(" | ")}`);
    await app.close();
  });
  return app;
}

function checkEachOnce(e, app, how) {
  const api = app.requests.filter((r) => new URL(r.url).pathname.startsWith("/api/"));
  const made = api.map((r) => pathAndQuery(r.url));
  for (const path of STARTUP) {
    const times = made.filter((p) => p === path).length;
    e.check(times === 1, `${how}: ${path} requested ${times} times (requests: ${made.join(", ")})`);
  }
  e.check(made.length === STARTUP.length, () => `${how}: other API requests at start: ${made.filter((p) => !STARTUP.includes(p)).join(", ")}`);
  const failed = app.responses.filter((r) => new URL(r.url).pathname.startsWith("/api/") && r.status !== 200);
  e.check(failed.length === 0, () => `${how}: ${failed.map((r) => `${r.status} ${r.url}`).join(", ")}`);
  e.check(app.violations.length === 0, () => `${how}: CSP: ${app.violations.join(" | ")}`);
  e.check(app.pageErrors.length === 0, () => `${how}: page errors: ${app.pageErrors.join(" | ")}`);
}

test("with a key remembered, the four first requests start before the app's wasm has arrived, each once", async (t) => {
  const app = await open(t, server.apiKey);
  const e = expectations();
  const started = await holdUntilRequested(app, APP_WASM, STARTUP);
  await app.goto();
  const missing = await started.missing;
  e.check(missing.length === 0, () => `not started while the app's wasm was held back: ${missing.join(", ")}`);
  await rulesLoaded(app.page, 20_000);
  // The deadlines panel has the court's time rules.
  await app.page.locator("#deadline-list li.deadline").first().waitFor({ timeout: 10_000 }).catch(() => {});
  checkEachOnce(e, app, "remembered key");
  // The app's glue and wasm: once each (the preload and the loader's request are one).
  for (const file of [/^\/courtrules-web-[0-9a-f]+\.js$/, APP_WASM]) {
    const times = app.requests.filter((r) => file.test(new URL(r.url).pathname)).length;
    e.check(times === 1, `${file} requested ${times} times`);
  }
  e.check(!app.consoleTexts.some((text) => /preloaded/.test(text)), () => `a preload went unused: ${app.consoleTexts.join(" | ")}`);
  e.check((await app.page.inputValue("#field-district_id")) === "edny", "the court chosen at start is not edny");
  e.check((await app.page.inputValue("#field-judge_slug")) === "court", "the judge chosen at start is not the court-wide choice");
  e.done();
});

test("with a key entered, the app starts the four first requests together, each once", async (t) => {
  const app = await open(t, null);
  const e = expectations();
  // The courts' answer is held until the other three have been asked for.
  const started = await holdUntilRequested(app, /^\/api\/v1\/courts$/, STARTUP.slice(1));
  await app.goto();
  await app.page.fill("#api-key", server.apiKey);
  await app.page.click("button[type=submit]:has-text('Use key')");
  const missing = await started.missing;
  e.check(missing.length === 0, () => `not started while the courts' answer was held back: ${missing.join(", ")}`);
  await rulesLoaded(app.page, 20_000);
  await app.page.locator("#deadline-list li.deadline").first().waitFor({ timeout: 10_000 }).catch(() => {});
  checkEachOnce(e, app, "entered key");
  e.done();
});

test("opened again in the same browser, the app starts from the HTTP cache and works", async (t) => {
  const app = await open(t, server.apiKey);
  const e = expectations();
  await app.goto();
  await rulesLoaded(app.page, 20_000);
  // The second visit: the browser revalidates the page (`no-cache`: a 304 whose headers
  // it copies onto the stored page) and takes the hashed files from its cache.
  app.requests.length = 0;
  app.responses.length = 0;
  app.consoleTexts.length = 0;
  await app.goto();
  if (await e.wait(rulesLoaded(app.page, 20_000), "the app did not load its rules on the second visit")) {
    await app.page.fill("#field-document-page_count", "12");
    await app.page.fill("#field-document-word_count", "4000");
    await e.wait(app.page.locator("#verdict[data-status]").waitFor(), "no result on the second visit");
  }
  e.check(app.violations.length === 0, () => `CSP on the second visit: ${app.violations.join(" | ")}`);
  e.check(app.pageErrors.length === 0, () => `page errors: ${app.pageErrors.join(" | ")}`);
  const seen = await app.page.evaluate(() =>
    performance.getEntriesByType("resource").map((r) => ({ path: new URL(r.name).pathname, transferSize: r.transferSize })),
  );
  const wasm = seen.find((s) => APP_WASM.test(s.path));
  if (e.check(wasm, "no app wasm among the second visit's resources")) {
    e.check(wasm.transferSize === 0, `the app's wasm was sent again (${wasm.transferSize} bytes), not taken from the cache`);
  }
  e.done();
});

/** Holds the app's wasm on its way until `release()` is called (or aborts it: `refuse`). */
async function holdAppWasm(page, { refuse = false } = {}) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route((url) => APP_WASM.test(url.pathname), async (route) => {
    if (refuse) return route.abort("failed");
    await released;
    await route.continue();
  });
  return release;
}

test("while the app's wasm is on its way, the page shows its banner and says it is loading; the app then takes its place", async (t) => {
  const app = await open(t, server.apiKey);
  const e = expectations();
  const release = await holdAppWasm(app.page);
  await app.goto();
  const page = app.page;
  e.check((await page.locator("header.banner h1").innerText()) === "Filing pre-check", "no banner before the app's wasm has arrived");
  // Shown once the start has taken 0.3 s (not flashed on a fast start).
  if (await e.wait(page.locator("#app-loading").waitFor({ state: "visible", timeout: 5_000 }), "no visible loading line while the wasm is held")) {
    e.check(/Loading the checker/.test(await page.locator("#app-loading").innerText()), "the loading line does not say what is loading");
    e.check((await page.locator("#app-loading").getAttribute("role")) === "status", "the loading line is not a status");
  }
  e.check((await page.locator("#main").count()) === 0, "the app mounted although its wasm was held");
  await page.keyboard.press("Tab");
  e.check(await page.evaluate(() => document.activeElement?.classList.contains("skip")), "the skip link is not the first thing focused");

  release();
  if (await e.wait(rulesLoaded(page, 20_000), "the app did not load once its wasm was let through")) {
    e.check((await page.locator("#app-loading").count()) === 0, "the loading line stayed after the app mounted");
    e.check((await page.locator("header.banner").count()) === 1 && (await page.locator("h1").count()) === 1, "the banner is on the page more than once");
    e.check((await page.locator("a.skip").count()) === 1, "the skip link is on the page more than once");
    e.check((await page.locator("a.skip").getAttribute("href")) === "#filing" && (await page.locator("#filing").count()) === 1, "the skip link does not lead to the filing");
    await page.fill("#field-document-page_count", "12");
    await page.fill("#field-document-word_count", "4000");
    await e.wait(page.locator("#verdict[data-status]").waitFor(), "no result after the held start");
  }
  e.check(app.violations.length === 0, () => `CSP: ${app.violations.join(" | ")}`);
  e.check(app.pageErrors.length === 0, () => `page errors: ${app.pageErrors.join(" | ")}`);
  e.done();
});

test("an app whose wasm cannot be loaded says so in words instead of loading for ever", async (t) => {
  const app = await open(t, server.apiKey);
  const e = expectations();
  await holdAppWasm(app.page, { refuse: true });
  await app.goto();
  const status = app.page.locator('#app-loading[data-state="failed"]');
  if (await e.wait(status.waitFor({ state: "visible", timeout: 10_000 }), "the page did not say the app could not start")) {
    e.check(/could not start in this browser\. Reload the page/.test(await status.innerText()), `the failure is not said in words: ${await status.innerText()}`);
  }
  e.check((await app.page.locator("#main").count()) === 0, "an app mounted without its wasm");
  e.check(app.violations.length === 0, () => `CSP: ${app.violations.join(" | ")}`);
  e.done();
});

test("a first visit with no key asks for the key, in the verdict too; a refused key asks for a valid one", async (t) => {
  const app = await open(t, null);
  const e = expectations();
  const { page } = app;
  await app.goto();
  const summary = page.locator("#summary");
  await e.wait(summary.filter({ hasText: "Enter your API key above" }).waitFor({ timeout: 10_000 }), "the verdict does not ask for the key");
  await page.fill("#field-document-page_count", "12");
  await page.locator("#field-document-page_count").blur();
  const bar = await page.locator("#verdict-bar p").innerText();
  e.check(/^Enter your API key above/.test(bar), `the verdict bar with no key: ${JSON.stringify(bar)}`);
  e.check(!/judge and court/.test(await summary.innerText()), "the verdict asks for the court and judge, which need a key first");
  const api = app.requests.filter((r) => new URL(r.url).pathname.startsWith("/api/"));
  e.check(api.length === 0, () => `API requests with no key: ${api.map((r) => r.url).join(", ")}`);

  await page.fill("#api-key", `crk_000000000000_${"0".repeat(64)}`);
  await page.click("button[type=submit]:has-text('Use key')");
  await e.wait(page.locator("#api-key-problem").waitFor({ timeout: 10_000 }), "no #api-key-problem for a refused key");
  await e.wait(summary.filter({ hasText: "Enter a valid API key above" }).waitFor({ timeout: 5_000 }), "the verdict does not ask for a valid key");
  e.check(!/\(\d{3}\)|`/.test(await page.locator("#connection").innerText()), "the connection line shows the API's words");
  e.check(app.pageErrors.length === 0, () => `page errors: ${app.pageErrors.join(" | ")}`);
  e.done();
});
