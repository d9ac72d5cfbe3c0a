// What the drafting app costs a browser: for each build of the app and each network
// condition, Chromium (Debian's, headless, as tests/browser launches it) loads the app
// from the real server (target/release/courtrules, a fresh SQLite database and key, as the
// browser tests start it), with the HTTP cache disabled (but for the repeat visit, below):
//
//   (a) the bytes transferred (as the server sends them: the precompressed brotli file) for the app's wasm at load,
//       and for everything the page fetched by its first result; the gzip -9 sizes of
//       the app's wasm, the document module's and the npm package's check module;
//   (b) navigation start → the first check result in the DOM (median of the loads). As
//       soon as the page says "Rules loaded", a script in the page types a page and word
//       count (no round trip to the driver), so the time is the page's own; and the steps
//       of the start up to it, from the page's first paint (First Contentful Paint: the
//       banner and loading status of index.html) to when that result was painted (Element Timing);
//   (c) dropping a ~20-page PDF (tests/fixtures/pdf/memo_support_rule12.pdf: 24 pages, 19
//       of them body) → the form filled from it, measured in the page, including fetching
//       and compiling the document module when the build loads it on demand; and again (in
//       loads of their own) with the file dragged into the window 1 s before the drop, as a
//       user's drag does, which starts that fetch early (--intent-ms to change the 1 s).
//
// Conditions: unthrottled; and "Fast 3G" (Chrome's preset: 562.5 ms latency, 180 KB/s
// down, 84 KB/s up, Network.emulateNetworkConditions) with the CPU slowed 4×
// (Emulation.setCPUThrottlingRate); and a repeat visit, unthrottled: the app opened in a
// browser context that had it open until its first result and --stay-ms (3 s) more, with
// the HTTP cache on. A user's visit lasts longer than that; after 3 s the next start is
// ~25 ms sooner than after none (Chromium keeps compiled wasm code for a module it has run
// a while); --stay-ms 0 measures a reload straight after the start.
//
// One load per build and condition is made first and not counted.
//
//   node bench/browser-load.mjs                          # web/dist, 5 loads per condition
//   node bench/browser-load.mjs --runs 7 --before /tmp/old-web/web/dist
//   node bench/browser-load.mjs --app <dist> --label <name> [--app <dist> --label <name>]
//
// Needs target/release/courtrules, a built app (trunk build --release), /usr/bin/chromium
// and tests/browser/node_modules (npm --prefix tests/browser ci). Writes the table to
// stdout and the numbers to test-artifacts/browser/browser-load.json.

import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { artifacts, launchChromium, root, startServer } from "../tests/browser/support.mjs";
import { FAST_3G, FIXTURE, gzip9, kb, median, ms, printTable } from "./lib/report.mjs";
import { pageSignal } from "./lib/signal.mjs";
import { STEPS, instrument } from "./lib/app-start.mjs";
import { parseBuildArgs } from "./lib/builds.mjs";
const CONDITIONS = [
  { name: "unthrottled", network: null, cpu: 1 },
  { name: "Fast 3G + 4× CPU", network: FAST_3G, cpu: 4 },
  // A lawyer opening the app again: the same browser context had the app open a moment
  // before (until its first result, then --stay-ms more), so the hashed files come from
  // the HTTP cache (the server marks them immutable), `/` is revalidated, and the API's
  // answers come from the network, as they always do.
  { name: "unthrottled, repeat visit", network: null, cpu: 1, repeat: true },
];

// ---------------------------------------------------------------------------------------

function parseArgs(argv) {
  const { builds, runs, numbers } = parseBuildArgs(argv, { script: "bench/browser-load.mjs", runs: 5, numbers: { "--intent-ms": 1000, "--stay-ms": 3000 } });
  const stayMs = numbers["--stay-ms"];
  if (!Number.isInteger(stayMs) || stayMs < 0) throw new Error("--stay-ms takes a whole number of ms");
  return { builds, runs, intentMs: numbers["--intent-ms"], stayMs };
}


/** The files of a built app: its wasm, and the document module's when it has one. */
function files(dir) {
  const names = readdirSync(dir);
  const find = (pattern) => names.find((name) => pattern.test(name));
  const app = find(/^courtrules-web-[0-9a-f]+_bg\.wasm$/);
  if (!app) throw new Error(`${dir} holds no courtrules-web-*_bg.wasm`);
  const document = find(/^courtrules-document-[0-9a-f]+_bg\.wasm$/);
  return { app: join(dir, app), document: document ? join(dir, document) : null };
}


/** In the page: drops the PDF and resolves with the ms until the form is filled from it. */
async function dropAndWait({ name, expectedPages, intentMs }) {
  const file = new File([window.__pdf], name, { type: "application/pdf" });
  if (intentMs !== null) {
    // The drag enters the window first; the drop follows.
    const drag = new DataTransfer();
    drag.items.add(file);
    document.body.dispatchEvent(new DragEvent("dragenter", { dataTransfer: drag, bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, intentMs));
  }
  const status = document.getElementById("pdf-status");
  const pages = document.getElementById("field-document-page_count");
  // Read (and the form filled), or refused.
  const done = () => / read[;,] |could not be read|could not be loaded/.test(status.textContent);
  const started = performance.now();
  const finished = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (done()) {
        observer.disconnect();
        resolve(performance.now());
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const transfer = new DataTransfer();
  transfer.items.add(file);
  const zone = document.querySelector(".dropzone");
  zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  const at = await finished;
  return {
    ms: at - started,
    status: status.textContent,
    pages: pages.value,
    filled: pages.value === String(expectedPages),
    form: [...document.querySelectorAll("#filing input, #filing select")].map((el) => `${el.id}=${el.type === "checkbox" ? el.checked : el.value}`).join("&"),
  };
}

async function load(browser, server, condition, pdf, expectedPages, intentMs = null, stayMs = 0) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(instrument, [server.apiKey]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: !condition.repeat });
    const started = await pageSignal(cdp, "__benchStarted");
    // Opens the app and waits, without touching the page, until its first result is painted.
    const visit = async () => {
      await page.goto(server.baseUrl + "/", { waitUntil: "commit", timeout: 120_000 });
      await started.next(120_000);
    };
    if (condition.repeat) {
      await visit();
      await page.waitForTimeout(stayMs);
    }
    if (condition.network) await cdp.send("Network.emulateNetworkConditions", condition.network);
    if (condition.cpu !== 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: condition.cpu });
    const urls = new Map();
    const transfers = [];
    cdp.on("Network.responseReceived", ({ requestId, response }) =>
      urls.set(requestId, { url: response.url, encoding: response.headers["content-encoding"] ?? response.headers["Content-Encoding"] ?? "identity" }),
    );
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      const response = urls.get(requestId);
      if (response) transfers.push({ ...response, bytes: encodedDataLength });
    });
    await visit();
    const steps = await page.evaluate(() => window.__marks);
    const atLoad = transfers.slice();
    const sum = (list, pattern) => list.filter((t) => pattern.test(new URL(t.url).pathname)).reduce((total, t) => total + t.bytes, 0);
    const appWasm = atLoad.find((t) => /\/courtrules-web-[0-9a-f]+_bg\.wasm$/.test(t.url));

    // The PDF's bytes go into the page before the clock starts.
    await page.evaluate((base64) => {
      window.__pdf = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    }, pdf.toString("base64"));
    const before = transfers.length;
    const drop = await page.evaluate(dropAndWait, { name: `${FIXTURE}.pdf`, expectedPages, intentMs });
    // Let the last loadingFinished events arrive.
    await page.waitForTimeout(200);
    const atDrop = transfers.slice(before);
    return {
      first_result_ms: steps.first_result,
      steps_ms: steps,
      app_wasm_transferred: appWasm?.bytes ?? NaN,
      app_wasm_encoding: appWasm?.encoding ?? "",
      transferred_at_load: sum(atLoad, /./),
      drop_to_filled_ms: drop.ms,
      drop_filled: drop.filled,
      drop_status: drop.status,
      drop_form: drop.form,
      document_transferred_at_drop: sum(atDrop, /\/courtrules-document-/),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const { builds, runs, intentMs, stayMs } = parseArgs(process.argv.slice(2));
  const pdf = readFileSync(join(root, `tests/fixtures/pdf/${FIXTURE}.pdf`));
  const truth = JSON.parse(readFileSync(join(root, "tests/fixtures/pdf/ground_truth.json"), "utf8")).fixtures[FIXTURE];
  const checkModule = join(root, "pkg/wasm/check/web/courtrules_check_bg.wasm");
  const browser = await launchChromium();
  const report = { runs, intent_ms: intentMs, stay_ms: stayMs, fixture: FIXTURE, check_module_gzip9: existsSync(checkModule) ? gzip9(checkModule) : null, builds: [] };
  const servers = [];
  try {
    for (const build of builds) {
      const { app, document } = files(build.dir);
      const server = await startServer({ env: { COURTRULES_WEB_DIR: build.dir } });
      if (!server) throw new Error("target/release/courtrules is not built: run `cargo build --release -p courtrules`");
      servers.push(server);
      report.builds.push({
        label: build.label,
        dir: build.dir,
        app_wasm_bytes: readFileSync(app).length,
        app_wasm_gzip9: gzip9(app),
        document_wasm_bytes: document ? readFileSync(document).length : null,
        document_wasm_gzip9: document ? gzip9(document) : null,
        conditions: CONDITIONS.map((condition) => ({ name: condition.name, loads: [], intent_loads: [] })),
      });
    }
    // One load per build and condition first, not counted: a fresh browser's first pages
    // pay one-time costs a user's browser has long paid.
    for (const [b] of report.builds.entries()) for (const condition of CONDITIONS) await load(browser, servers[b], condition, pdf, truth.body_page_count);
    // Builds and conditions take turns, so whatever else the machine does falls on all alike.
    for (let i = 0; i < runs; i++) {
      for (const [b, build] of report.builds.entries()) {
        for (const [c, condition] of CONDITIONS.entries()) {
          const result = await load(browser, servers[b], condition, pdf, truth.body_page_count, null, stayMs);
          build.conditions[c].loads.push(result);
          const intent = await load(browser, servers[b], condition, pdf, truth.body_page_count, intentMs, stayMs);
          build.conditions[c].intent_loads.push(intent);
          process.stderr.write(
            `${build.label} · ${condition.name} · load ${i + 1}/${runs}: first result ${ms(result.first_result_ms)}, ` +
              `drop → filled ${ms(result.drop_to_filled_ms)}${result.drop_filled ? "" : ` (NOT FILLED: ${result.drop_status})`}, ` +
              `after a drag ${ms(intent.drop_to_filled_ms)}${intent.drop_filled ? "" : ` (NOT FILLED: ${intent.drop_status})`}\n`,
          );
        }
      }
    }
  } finally {
    for (const server of servers) await server.stop();
    await browser.close();
  }
  for (const build of report.builds) {
    for (const c of build.conditions) {
      const { loads, intent_loads } = c;
      Object.assign(c, {
        first_result_ms_median: median([...loads, ...intent_loads].map((l) => l.first_result_ms)),
        steps_ms_median: Object.fromEntries(STEPS.map((step) => [step, median([...loads, ...intent_loads].map((l) => l.steps_ms[step]))])),
        drop_to_filled_ms_median: median(loads.map((l) => l.drop_to_filled_ms)),
        drop_after_drag_to_filled_ms_median: median(intent_loads.map((l) => l.drop_to_filled_ms)),
        app_wasm_transferred: median(loads.map((l) => l.app_wasm_transferred)),
        app_wasm_encoding: loads[0].app_wasm_encoding,
        transferred_at_load: median(loads.map((l) => l.transferred_at_load)),
        document_transferred_at_drop: median(loads.map((l) => l.document_transferred_at_drop)),
        every_drop_filled: [...loads, ...intent_loads].every((l) => l.drop_filled),
      });
      // The loads last, for reading the JSON.
      delete c.loads;
      delete c.intent_loads;
      Object.assign(c, { loads, intent_loads });
    }
  }

  // The same form after the drop, in every build and load: the same answers.
  const forms = new Set(report.builds.flatMap((b) => b.conditions.flatMap((c) => [...c.loads, ...c.intent_loads].map((l) => l.drop_form))));
  report.same_form_after_drop_everywhere = forms.size === 1;

  writeFileSync(join(artifacts, "browser-load.json"), JSON.stringify(report, null, 2) + "\n");
  const rows = [["build", "condition", "app wasm (gzip -9)", "app wasm sent", "sent by first result", "first result (median)", "PDF drop → filled (median)", `the same, dragged in ${intentMs} ms before`, "document module sent"]];
  for (const build of report.builds) {
    for (const c of build.conditions) {
      rows.push([
        build.label,
        c.name,
        kb(build.app_wasm_gzip9),
        `${kb(c.app_wasm_transferred)} (${c.app_wasm_encoding})`,
        kb(c.transferred_at_load),
        ms(c.first_result_ms_median),
        ms(c.drop_to_filled_ms_median) + (c.every_drop_filled ? "" : " (not filled)"),
        ms(c.drop_after_drag_to_filled_ms_median),
        build.document_wasm_gzip9 === null ? "— (in the app)" : kb(c.document_transferred_at_drop),
      ]);
    }
  }
  printTable(rows);
  // The start, step by step (medians of every load): where the time to the first result goes.
  const stepRows = [["build", "condition", ...STEPS.map((step) => step.replaceAll("_", " "))]];
  for (const build of report.builds) for (const c of build.conditions) stepRows.push([build.label, c.name, ...STEPS.map((step) => ms(c.steps_ms_median[step]))]);
  printTable(stepRows);
  for (const build of report.builds) {
    console.log(
      `${build.label}: app wasm ${kb(build.app_wasm_bytes)} (${kb(build.app_wasm_gzip9)} gzip -9)` +
        (build.document_wasm_bytes ? `; document module wasm ${kb(build.document_wasm_bytes)} (${kb(build.document_wasm_gzip9)} gzip -9)` : "; no document module (the PDF reader is in the app)"),
    );
  }
  if (report.check_module_gzip9 !== null) console.log(`npm package check module (pkg/wasm/check/web/courtrules_check_bg.wasm): ${kb(report.check_module_gzip9)} gzip -9`);
  console.log(`the form after the drop is the same in every build and load: ${report.same_form_after_drop_everywhere ? "yes" : "NO"}`);
  console.log(
    `${runs} + ${runs} loads per build and condition (first result: the median of all), HTTP cache disabled but for the repeat visit (after a first visit of ${stayMs} ms past its first result); numbers in test-artifacts/browser/browser-load.json`,
  );
  if (!report.same_form_after_drop_everywhere) process.exitCode = 1;
}

await main();
