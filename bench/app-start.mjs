// The drafting app's first visit, to its first result, for telling builds apart: the
// start only (no PDF, no throttling, no repeat visit: bench/browser-load.mjs measures
// those), many loads, the builds taking turns load by load. On this 2-core machine one
// load's first result moves by ±60 ms from the next, so a difference of 10–20 ms between
// two builds needs some 25 loads of each to show.
//
// Each load: a fresh browser context, HTTP cache disabled, a key remembered, the real
// server (target/release/courtrules) serving the build; the page types a page and word
// count once "Rules loaded" (bench/lib/app-start.mjs) and calls back when its first
// result is painted, so nothing of the benchmark runs in the page meanwhile.
//
//   node bench/app-start.mjs                                   # web/dist, 25 loads
//   node bench/app-start.mjs --runs 40 --app /tmp/a --label a --app web/dist --label now
//   node bench/app-start.mjs --before <old dist>              # and web/dist
//
// Needs what bench/browser-load.sh installs. Writes the table to stdout and every load's
// steps to test-artifacts/browser/app-start.json.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { artifacts, launchChromium, startServer } from "../tests/browser/support.mjs";
import { STEPS, instrument } from "./lib/app-start.mjs";
import { parseBuildArgs } from "./lib/builds.mjs";
import { median, ms, printTable } from "./lib/report.mjs";
import { pageSignal } from "./lib/signal.mjs";

/** One first visit: the steps of the start, ms since navigation start. */
async function load(browser, server) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(instrument, [server.apiKey]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const started = await pageSignal(cdp, "__benchStarted");
    await page.goto(server.baseUrl + "/", { waitUntil: "commit", timeout: 60_000 });
    await started.next(60_000);
    return await page.evaluate(() => window.__marks);
  } finally {
    await context.close();
  }
}

const { builds, runs } = parseBuildArgs(process.argv.slice(2), { script: "bench/app-start.mjs", runs: 25 });
const browser = await launchChromium();
const servers = [];
try {
  for (const build of builds) {
    const server = await startServer({ env: { COURTRULES_WEB_DIR: build.dir } });
    if (!server) throw new Error("target/release/courtrules is not built: run `cargo build --release -p courtrules`");
    servers.push(server);
    build.loads = [];
  }
  // One uncounted load each first, then the builds take turns.
  for (const server of servers) await load(browser, server);
  for (let i = 0; i < runs; i++) {
    for (const [b, build] of builds.entries()) build.loads.push(await load(browser, servers[b]));
    process.stderr.write(`load ${i + 1}/${runs}: ${builds.map((b) => `${b.label} ${ms(b.loads.at(-1).first_result)}`).join(", ")}\n`);
  }
} finally {
  for (const server of servers) await server.stop();
  await browser.close();
}

const rows = [["build", ...STEPS.map((step) => step.replaceAll("_", " ")), "first result: fastest – slowest"]];
for (const build of builds) {
  const firsts = build.loads.map((l) => l.first_result);
  rows.push([build.label, ...STEPS.map((step) => ms(median(build.loads.map((l) => l[step])))), `${ms(Math.min(...firsts))} – ${ms(Math.max(...firsts))}`]);
}
printTable(rows);
console.log(`${runs} loads per build, medians (ms since navigation start), the builds taking turns; every load in test-artifacts/browser/app-start.json`);
writeFileSync(join(artifacts, "app-start.json"), JSON.stringify({ runs, builds: builds.map(({ label, dir, loads }) => ({ label, dir, loads })) }, null, 2) + "\n");
