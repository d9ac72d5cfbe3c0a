// What the npm package costs a page that embeds it to check a filing: Chromium (Debian's,
// headless, as tests/browser launches it) loads a minimal page of a law-practice product —
// an HTML page whose module script imports the package's browser entry (pkg/dist/index.js),
// `await init()`s it (the check module only), asks the real server for E.D.N.Y.'s court-wide
// compliance profile with the package's REST client, and checks a described filing with
// `check` — and measures, in the page, navigation start → the result in the DOM, and
// → that result painted (Element Timing). Then the first `classify` of a ~20-page PDF
// (tests/fixtures/pdf/memo_support_rule12.pdf) in that page, which fetches and compiles the
// document module first. HTTP cache disabled; unthrottled, and "Fast 3G" with the CPU
// slowed 4× (the conditions of bench/browser-load.mjs).
//
// The page's script is bundled by esbuild from `import { check, classify, createClient }
// from "courtrules"` (the package installed as npm would), as a product ships it: the
// document module's glue lands in a chunk of its own that only `classify` imports. A small
// Node server on loopback serves the page, the bundle and the two `.wasm` files (brotli or
// gzip, as the client accepts, like the courtrules server's static files), and passes /api/
// on to target/release/courtrules (a fresh SQLite database and key). One load per condition
// is made first and not counted (a fresh browser's first page pays one-time costs).
//
//   node bench/package-load.mjs [--runs 7]
//
// Needs target/release/courtrules, the package built (npm --prefix pkg run build),
// /usr/bin/chromium and tests/browser/node_modules. Writes the numbers to
// test-artifacts/browser/package-load.json.

import { createServer, request } from "node:http";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { artifacts, launchChromium, root, startServer } from "../tests/browser/support.mjs";
import { FAST_3G, FIXTURE, gzip9, kb, median, ms, printTable } from "./lib/report.mjs";
import { pageSignal } from "./lib/signal.mjs";

const CONDITIONS = [
  { name: "unthrottled", network: null, cpu: 1 },
  { name: "Fast 3G + 4× CPU", network: FAST_3G, cpu: 4 },
];
const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html", ".json": "application/json" };

// The embedding page: its key is in the page, as a product would have it.
const html = (key) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A practice-management page</title>
<script>window.courtrulesKey = ${JSON.stringify(key)};</script>
<script type="module" src="/page.js"></script>
</head><body><h1>Filing</h1></body></html>`;

// Its script, bundled: check a described filing against E.D.N.Y.'s court-wide profile.
const SCRIPT = `import { init, check, classify, createClient } from "courtrules";
const client = createClient({ baseUrl: location.origin, apiKey: window.courtrulesKey });
const [, profile] = await Promise.all([init(), client.profile({ district_id: "edny", judge_slug: "court" })]);
const answer = check(profile, { judge_slug: "court", district_id: "edny", document_scope: "brief_support", motion_type: "Rule_12",
  is_pro_se: false, pmc_completed: false, opposing_party_pro_se: false, filing_role: "movant", document: { page_count: 27, word_count: 8100 } });
const result = document.createElement("p");
result.id = "result";
result.setAttribute("elementtiming", "first-result");
result.textContent = answer.summary.status + ": " + answer.results.length + " results";
document.body.append(result);
window.__resultAt = performance.now();
window.classifyPdf = (bytes) => classify(bytes);
`;

/** Bundles SCRIPT with esbuild (pkg's devDependency) into a scratch folder, with the two wasm files beside it. */
async function bundle() {
  const require = createRequire(import.meta.url);
  const esbuild = await import(require.resolve("esbuild", { paths: [join(root, "pkg")] }));
  const scratch = mkdtempSync(join(tmpdir(), "courtrules-package-load-"));
  mkdirSync(join(scratch, "node_modules"));
  symlinkSync(join(root, "pkg"), join(scratch, "node_modules/courtrules"), "dir");
  writeFileSync(join(scratch, "page.js"), SCRIPT);
  const outdir = join(scratch, "out");
  await esbuild.build({ entryPoints: [join(scratch, "page.js")], bundle: true, splitting: true, format: "esm", platform: "browser", minify: true, outdir, logLevel: "silent" });
  copyFileSync(join(root, "pkg/wasm/check/web/courtrules_check_bg.wasm"), join(outdir, "courtrules_check_bg.wasm"));
  copyFileSync(join(root, "pkg/wasm/document/web/courtrules_document_bg.wasm"), join(outdir, "courtrules_document_bg.wasm"));
  return { outdir, remove: () => rmSync(scratch, { recursive: true, force: true }) };
}

function parseArgs(argv) {
  let runs = 7;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--runs") runs = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]} (see the comment at the top of bench/package-load.mjs)`);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number of at least 1");
  return { runs };
}

/** Serves the page and the bundle (compressed as accepted), and passes /api/ on to the courtrules server. */
async function serveEmbedding(api, outdir) {
  const upstream = new URL(api.baseUrl);
  const files = new Map();
  for (const name of readdirSync(outdir)) {
    const body = readFileSync(join(outdir, name));
    files.set(`/${name}`, { body, br: brotliCompressSync(body), gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }) });
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    if (path.startsWith("/api/")) {
      const forward = request(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on("error", () => res.writeHead(502).end());
      req.pipe(forward);
      return;
    }
    if (path === "/") return res.writeHead(200, { "Content-Type": "text/html" }).end(html(api.apiKey));
    const file = files.get(path);
    if (!file) return res.writeHead(404).end();
    const accepted = String(req.headers["accept-encoding"] ?? "");
    const [encoding, body] = /\bbr\b/.test(accepted) ? ["br", file.br] : /\bgzip\b/.test(accepted) ? ["gzip", file.gzip] : [null, file.body];
    res.writeHead(200, {
      "Content-Type": TYPES[extname(path)] ?? "application/octet-stream",
      "Vary": "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function load(browser, origin, condition, pdf) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(() => {
      window.__resultAt = null;
      window.__paintedAt = null;
      // Tells the benchmark (bench/lib/signal.mjs) once the result is painted (it is in
      // the DOM by then).
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.identifier === "first-result" && window.__paintedAt === null) {
            window.__paintedAt = entry.renderTime || entry.loadTime;
            window.__benchStarted?.("");
          }
        }
      }).observe({ type: "element", buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (condition.network) await cdp.send("Network.emulateNetworkConditions", condition.network);
    if (condition.cpu !== 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: condition.cpu });
    const fetched = [];
    page.on("requestfinished", (r) => fetched.push(new URL(r.url()).pathname));
    const sent = new Map();
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => sent.set(requestId, encodedDataLength));
    const started = await pageSignal(cdp, "__benchStarted");
    await page.goto(origin + "/", { waitUntil: "commit", timeout: 120_000 });
    await started.next(120_000);
    const { resultAt, paintedAt, status } = await page.evaluate(() => ({
      resultAt: window.__resultAt,
      paintedAt: window.__paintedAt,
      status: document.getElementById("result").textContent,
    }));
    const atResult = fetched.slice();
    // The first classify, module fetch included; the PDF's bytes are in the page before the clock starts.
    await page.evaluate((base64) => {
      window.__pdf = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    }, pdf.toString("base64"));
    const classify = await page.evaluate(async () => {
      const started = performance.now();
      const outcome = await window.classifyPdf(window.__pdf);
      return { ms: performance.now() - started, pages: outcome.response?.document?.page_count ?? null };
    });
    return {
      result_ms: resultAt,
      painted_ms: paintedAt,
      status,
      document_module_at_result: atResult.some((p) => p.includes("courtrules_document")),
      bytes_at_result: [...sent.values()].reduce((a, b) => a + b, 0),
      first_classify_ms: classify.ms,
      classified_pages: classify.pages,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const { runs } = parseArgs(process.argv.slice(2));
  for (const built of ["pkg/dist/index.js", "pkg/wasm/check/web/courtrules_check_bg.wasm", "pkg/wasm/document/web/courtrules_document_bg.wasm"]) {
    if (!existsSync(join(root, built))) throw new Error(`${built} is missing: build the package (npm --prefix pkg run build)`);
  }
  const pdf = readFileSync(join(root, `tests/fixtures/pdf/${FIXTURE}.pdf`));
  const api = await startServer();
  if (!api) throw new Error("target/release/courtrules is not built: run `cargo build --release -p courtrules`");
  const bundled = await bundle();
  const embedding = await serveEmbedding(api, bundled.outdir);
  const browser = await launchChromium();
  const report = {
    runs,
    fixture: FIXTURE,
    check_module_gzip9: gzip9(join(root, "pkg/wasm/check/web/courtrules_check_bg.wasm")),
    document_module_gzip9: gzip9(join(root, "pkg/wasm/document/web/courtrules_document_bg.wasm")),
    conditions: CONDITIONS.map((c) => ({ name: c.name, loads: [] })),
  };
  try {
    for (const condition of CONDITIONS) await load(browser, embedding.url, condition, pdf); // not counted
    for (let i = 0; i < runs; i++) {
      for (const [c, condition] of CONDITIONS.entries()) {
        const result = await load(browser, embedding.url, condition, pdf);
        report.conditions[c].loads.push(result);
        process.stderr.write(
          `${condition.name} · load ${i + 1}/${runs}: result ${ms(result.result_ms)}, painted ${ms(result.painted_ms)} (${result.status}), ` +
            `first classify ${ms(result.first_classify_ms)} (${result.classified_pages} pages)\n`,
        );
      }
    }
  } finally {
    await browser.close();
    await embedding.close();
    await api.stop();
    bundled.remove();
  }
  const rows = [["condition", "sent by the result", "result in the DOM", "result painted", "first classify of the PDF (module fetch included)"]];
  for (const c of report.conditions) {
    Object.assign(c, {
      result_ms_median: median(c.loads.map((l) => l.result_ms)),
      painted_ms_median: median(c.loads.map((l) => l.painted_ms)),
      first_classify_ms_median: median(c.loads.map((l) => l.first_classify_ms)),
      bytes_at_result_median: median(c.loads.map((l) => l.bytes_at_result)),
      document_module_never_at_result: c.loads.every((l) => !l.document_module_at_result),
    });
    rows.push([c.name, kb(c.bytes_at_result_median), ms(c.result_ms_median), ms(c.painted_ms_median), ms(c.first_classify_ms_median)]);
  }
  writeFileSync(join(artifacts, "package-load.json"), JSON.stringify(report, null, 2) + "\n");
  printTable(rows);
  console.log(`check module ${kb(report.check_module_gzip9)} gzip -9, document module ${kb(report.document_module_gzip9)} gzip -9`);
  console.log(`document module fetched before the first result: ${report.conditions.some((c) => !c.document_module_never_at_result) ? "YES" : "never"}`);
  console.log(`${runs} loads per condition, medians, HTTP cache disabled; numbers in test-artifacts/browser/package-load.json`);
  if (report.conditions.some((c) => !c.document_module_never_at_result)) process.exitCode = 1;
}

await main();
