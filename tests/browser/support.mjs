// Shared by the browser tests: the real server, the app's origin, and Chromium.

import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { root, startServer } from "../node/support.mjs";

export { root, startServer };

export const dist = join(root, "web/dist");
export const artifacts = join(root, "test-artifacts/browser");
mkdirSync(artifacts, { recursive: true });

/**
 * The origin the app is served from: the real server, which serves web/dist at `/` with
 * the API and its security headers (so the tests also prove the app works under the
 * server's Content-Security-Policy).
 */
export async function appOrigin(server) {
  const page = await fetch(server.baseUrl + "/").then((r) => r.text()).catch(() => "");
  if (!page.includes("courtrules-web")) throw new Error(`the server does not serve the drafting app at /:\n${page}`);
  return { url: server.baseUrl, close: async () => {} };
}

/**
 * Debian's Chromium, headless, with the flags of TOOLCHAIN.md. Playwright gives every
 * launch a fresh temporary profile (it refuses `--user-data-dir` in `args`).
 */
export async function launchChromium() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  return browser;
}

/**
 * The real server with the built app, and Chromium: what most app test files start in
 * `before` (and stop with `stopAppAndBrowser` in `after`). Fails, naming the build step,
 * when the app or the server is not built.
 */
export async function startAppAndBrowser() {
  if (!existsSync(join(dist, "index.html"))) throw new Error("web/dist is not built: run `trunk build --release`");
  const server = await startServer();
  if (!server) throw new Error("target/release/courtrules is not built: run `cargo build --release -p courtrules`");
  const origin = await appOrigin(server);
  const browser = await launchChromium();
  return { server, origin, browser };
}

export async function stopAppAndBrowser({ server, origin, browser }) {
  await browser?.close();
  await origin?.close();
  await server?.stop();
}

// ---------------------------------------------------------------------------------------
// Helpers for the drafting-app tests (drafting.test.mjs). app.test.mjs does not use them.

/** Where the key is kept by the app between visits. */
export const API_KEY_STORAGE = "courtrules.apiKey";

/**
 * A new browser context and page on the app, with everything worth asserting on recorded:
 * `requests` and `responses` (`{ method, url, status, at }`), `pageErrors`, and every text
 * the `#connection` message has shown (`connectionTexts()`, recorded in the page by a
 * MutationObserver, so short-lived messages are caught too). `apiKey` is put in local
 * storage before the app starts (`null`: none). `window.__firstResultAt` in the page is
 * when `#verdict[data-status]` first appeared. Actions and waits default to 10 s.
 */
export async function openApp(browser, origin, { viewport = { width: 1280, height: 900 }, apiKey = null } = {}) {
  const context = await browser.newContext({ viewport });
  if (apiKey !== null) await context.addInitScript(([name, key]) => localStorage.setItem(name, key), [API_KEY_STORAGE, apiKey]);
  await context.addInitScript(() => {
    window.__connectionTexts = [];
    const record = () => {
      const text = document.getElementById("connection")?.textContent ?? null;
      if (text !== null && window.__connectionTexts.at(-1) !== text) window.__connectionTexts.push(text);
    };
    // When the first check result is shown (ms since navigation start, the page's clock).
    window.__firstResultAt = null;
    const firstResult = () => {
      if (window.__firstResultAt === null && document.querySelector("#verdict[data-status]")) window.__firstResultAt = performance.now();
    };
    new MutationObserver(() => {
      record();
      firstResult();
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["data-status"] });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const app = {
    context,
    page,
    requests: [],
    responses: [],
    pageErrors: [],
    navigatedAt: null,
    async goto() {
      app.navigatedAt = Date.now();
      return page.goto(origin.url + "/");
    },
    connectionTexts: () => page.evaluate(() => window.__connectionTexts ?? []),
    async close() {
      await context.close();
    },
  };
  page.on("request", (r) => app.requests.push({ method: r.method(), url: r.url(), at: Date.now() }));
  page.on("response", (r) => app.responses.push({ method: r.request().method(), url: r.url(), status: r.status(), at: Date.now() }));
  page.on("pageerror", (error) => app.pageErrors.push(String(error)));
  return app;
}

/** Waits until `response` (a recorded response) satisfies `predicate`, polling. */
export async function waitForResponse(app, predicate, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = app.responses.find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching response within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const isProfile = (url, district, judge) => {
  const u = new URL(url);
  return (
    u.pathname === "/api/v1/profile" &&
    (!district || u.searchParams.get("district_id") === district) &&
    (!judge || u.searchParams.get("judge_slug") === judge)
  );
};

/** Waits until the `#connection` message says the judge's rules are loaded. */
export async function rulesLoaded(page, timeout = 10_000) {
  await page.locator("#connection", { hasText: "Rules loaded" }).waitFor({ timeout });
}

/**
 * Picks `district` (if it is not already picked) and `judge` and waits until that
 * judge's profile has arrived and the app says "Rules loaded". Without `judge`, waits
 * for whatever the app picks by itself.
 */
export async function chooseJudge(app, { district = "edny", judge } = {}) {
  const { page } = app;
  await page.locator(`#field-district_id option[value='${district}']`).waitFor({ state: "attached", timeout: 15_000 });
  let since = 0;
  if ((await page.inputValue("#field-district_id")) !== district) {
    since = Date.now();
    await page.selectOption("#field-district_id", district);
  }
  if (judge) {
    await page.locator(`#field-judge_slug option[value='${judge}']`).waitFor({ state: "attached", timeout: 15_000 });
    if ((await page.inputValue("#field-judge_slug")) !== judge) {
      since = Date.now();
      await page.selectOption("#field-judge_slug", judge);
    }
  }
  await waitForResponse(app, (r) => r.at >= since && isProfile(r.url, district, judge) && r.status === 200, 15_000);
  await rulesLoaded(page);
}

/**
 * Drops `tests/fixtures/pdf/<fixture>.pdf` on the app's drop zone (as app.test.mjs does) and
 * waits until it is read (or refused).
 */
export async function dropPdf(page, fixture) {
  const bytes = readFileSync(join(root, `tests/fixtures/pdf/${fixture}.pdf`)).toString("base64");
  await page.evaluate(
    ({ bytes, name }) => {
      const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: "application/pdf" }));
      const zone = document.querySelector(".dropzone");
      zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { bytes, name: `${fixture}.pdf` },
  );
  // Done when it is neither loading the PDF reader (the document module, fetched the
  // first time) nor reading.
  await page.waitForFunction(() => {
    const text = document.querySelector("#pdf-status")?.textContent ?? "";
    return text && !/^(Loading|Reading)\b/.test(text);
  }, null, { timeout: 20_000 });
}

/** The drafting app's document module (the PDF reader and the standing-order extractor). */
export const DOCUMENT_MODULE = /\/courtrules-document-[0-9a-f]{16}(\.js|_bg\.wasm)$/;

/** Whether a recorded request is for the document module's files. */
export const isDocumentModule = (request) => DOCUMENT_MODULE.test(new URL(request.url).pathname);

/**
 * What a reader sees: the page's rendered text with every `<details>` opened, plus the
 * text of every `<option>` (the choices of the pickers).
 */
export async function visibleText(page) {
  return page.evaluate(() => {
    for (const details of document.querySelectorAll("details")) details.open = true;
    const options = [...document.querySelectorAll("option")].map((o) => o.textContent).join("\n");
    return document.body.innerText + "\n" + options;
  });
}

/** Whether the element's box intersects the viewport (false when absent or hidden). */
export async function inViewport(page, selector) {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    return box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
  }, selector);
}

/** Whether two boxes (`{x, y, width, height}`) overlap. */
export function overlaps(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A CSS colour as `[r, g, b, a]` (0–255, alpha 0–1), as the page's canvas paints it. */
export async function cssColour(page, colour) {
  return page.evaluate((colour) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  }, colour);
}

/** WCAG 2 relative luminance of an sRGB colour `[r, g, b]` (0–255). */
export function relativeLuminance([r, g, b]) {
  const channel = (value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two opaque colours; a translucent `a` is first laid on `b`. */
export function contrastRatio(a, b) {
  const alpha = a[3] ?? 1;
  const over = [0, 1, 2].map((i) => a[i] * alpha + b[i] * (1 - alpha));
  const [l1, l2] = [relativeLuminance(over), relativeLuminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** axe-core (tests/browser/node_modules/axe-core), run in the page; the page's CSP does not apply to `evaluate`. */
export async function runAxe(page) {
  const source = readFileSync(join(root, "tests/browser/node_modules/axe-core/axe.min.js"), "utf8");
  return page.evaluate(`${source}\n;axe.run(document, { resultTypes: ["violations"] })`);
}

/**
 * Collects failed expectations instead of stopping at the first, so one run lists
 * everything a test found wrong; `done()` fails the test with the whole list.
 */
export function expectations() {
  const failures = [];
  return {
    failures,
    check(condition, message) {
      if (!condition) failures.push(typeof message === "function" ? message() : message);
      return Boolean(condition);
    },
    async wait(promise, message) {
      try {
        await promise;
        return true;
      } catch (error) {
        failures.push(`${message} (${String(error.message ?? error).split("\n")[0]})`);
        return false;
      }
    },
    done() {
      if (failures.length) throw new assert.AssertionError({ message: failures.map((f) => `- ${f}`).join("\n") });
    },
  };
}
