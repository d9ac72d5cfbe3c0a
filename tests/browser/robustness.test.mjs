// The drafting app where things go out of the ordinary: two PDFs chosen in quick
// succession, scanned pages, several files dropped at once (on the PDF drop and on the
// judge's practices panel), a key limited to some courts,
// and a server answer cut short. Each test opens the app in a fresh browser context on the
// real server and lists everything it found wrong.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { serve } from "../../pkg/scripts/serve.mjs";
import { serverBinary } from "../node/support.mjs";
import {
  appOrigin,
  chooseJudge,
  dist,
  expectations,
  launchChromium,
  openApp,
  rulesLoaded,
  root,
  startServer,
  waitForResponse,
} from "./support.mjs";

const WORD_COUNT = "#field-document-word_count";
const PAGE_COUNT = "#field-document-page_count";

let server, origin, browser;

before(async () => {
  server = await startServer();
  if (!server) throw new Error("target/release/courtrules is not built: run `cargo build --release -p courtrules`");
  origin = await appOrigin(server);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(t, { apiKey = server.apiKey, at = origin } = {}) {
  const app = await openApp(browser, at, { apiKey });
  t.after(async () => {
    if (app.pageErrors.length) t.diagnostic(`page errors: ${app.pageErrors.join(" | ")}`);
    await app.close();
  });
  await app.goto();
  return app;
}

/**
 * A PDF, built in the page: one page per content stream (US Letter), with Times-Roman as
 * F1 and, when `image` is given, a grey image `{ width, height }` as Im1 (stored
 * uncompressed, so its size is the file's). Returns a Blob.
 */
function makePdf(contents, image) {
  const encoder = new TextEncoder();
  const objects = [];
  const add = (...chunks) => objects.push(chunks);
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>");
  let picture = 0;
  if (image) {
    const data = new Uint8Array(image.width * image.height).fill(128);
    picture = add(
      `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${data.length} >>\nstream\n`,
      data,
      "\nendstream",
    );
  }
  const pagesId = objects.length + 1 + 2 * contents.length;
  const kids = [];
  for (const content of contents) {
    const stream = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const resources = `<< /Font << /F1 ${font} 0 R >>${picture ? ` /XObject << /Im1 ${picture} 0 R >>` : ""} >>`;
    kids.push(add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${stream} 0 R >>`));
  }
  add(`<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(" ")}] /Count ${kids.length} >>`);
  const catalog = add(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  const chunks = [];
  const offsets = [];
  let size = 0;
  const put = (chunk) => {
    const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    chunks.push(bytes);
    size += bytes.length;
  };
  put("%PDF-1.4\n");
  objects.forEach((object, i) => {
    offsets.push(size);
    put(`${i + 1} 0 obj\n`);
    object.forEach(put);
    put("\nendobj\n");
  });
  const xref = size;
  put(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`);
  put(`trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Blob(chunks, { type: "application/pdf" });
}

/** A page of text lines, as a content stream. */
const textPage = (lines) => `BT /F1 12 Tf 24 TL 72 720 Td\n${lines.map((line) => `(${line}) Tj T*`).join("\n")}\nET`;
/** A page that is only an image covering it: a scan. */
const scannedPage = "q 612 0 0 792 0 0 cm /Im1 Do Q";

/**
 * Drops files on a drop zone (the PDF drop, or `{ zone, status }` of another), one drop per
 * entry of `drops` (each a list of files dropped together), all in the same moment; then
 * waits for the zone's status to leave "Loading…"/"Reading…". A file is `{ fixture }` (a
 * path under tests/fixtures/pdf without `.pdf`, or `{ path }` from the repository's root),
 * `{ name, text }` (a text file), or `{ name, contents, image }` (built by `makePdf`).
 */
async function drop(page, drops, { zone = ".dropzone", status = "#pdf-status" } = {}) {
  const files = {};
  for (const dropped of drops) {
    for (const file of dropped) {
      const path = file.path ?? (file.fixture && `tests/fixtures/pdf/${file.fixture}.pdf`);
      if (path) files[path] = readFileSync(join(root, path)).toString("base64");
    }
  }
  await page.evaluate(
    ({ drops, files, makePdf, zone }) => {
      const build = new Function(`return (${makePdf})`)();
      for (const dropped of drops) {
        const transfer = new DataTransfer();
        for (const file of dropped) {
          const path = file.path ?? (file.fixture && `tests/fixtures/pdf/${file.fixture}.pdf`);
          const name = file.name ?? path.split("/").at(-1);
          const blob = path
            ? new Blob([Uint8Array.from(atob(files[path]), (c) => c.charCodeAt(0))])
            : file.text !== undefined
              ? new Blob([file.text])
              : build(file.contents, file.image);
          transfer.items.add(new File([blob], name, { type: file.text !== undefined ? "text/plain" : "application/pdf" }));
        }
        document.querySelector(zone).dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    { drops, files, makePdf: makePdf.toString(), zone },
  );
  await page.waitForFunction((status) => {
    const text = document.querySelector(status)?.textContent ?? "";
    return text && !/^(Loading|Reading)\b/.test(text);
  }, status, { timeout: 60_000 });
  return page.locator(status).innerText();
}

test("PDF drops: a big PDF chosen just before another never fills the form over it", { timeout: 120_000 }, async (t) => {
  const { page } = await open(t);
  const e = expectations();
  await page.locator("#connection", { hasText: "Rules loaded" }).waitFor({ timeout: 15_000 });
  // The first: a short text paper carrying a 30 MB image, slow to read; the second: the
  // 19-page memorandum, quick.
  const big = { name: "big-exhibit.pdf", contents: [textPage(["EXHIBIT A", "A short paper with a large picture."])], image: { width: 5000, height: 6000 } };
  const status = await drop(page, [[big], [{ fixture: "memo_support_rule12" }]]);
  // The first reading, had it been kept, finishes after the second: give it time to.
  await page.waitForTimeout(8_000);
  const later = await page.locator("#pdf-status").innerText();
  e.check(/^memo_support_rule12\.pdf read\b/.test(status), `the status: ${JSON.stringify(status)}`);
  e.check(later === status, `the status changed after the second PDF was read: ${JSON.stringify(later)}`);
  e.check(!/big-exhibit/.test(later), `the status speaks of the first PDF: ${JSON.stringify(later)}`);
  const pages = await page.inputValue(PAGE_COUNT);
  e.check(pages === "19", `the page count is not the second PDF's 19: ${JSON.stringify(pages)}`);
  e.check(
    (await page.inputValue("#field-document-sections-certificate_word_count")) === "6589",
    "the certificate's count is not the second PDF's",
  );
  e.done();
});

test("PDF drops: scanned pages leave the word count for the user, and say so", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();
  await page.fill(WORD_COUNT, "6000");
  // Three pages, each a picture only.
  const scan = { name: "scanned.pdf", contents: [scannedPage, scannedPage, scannedPage], image: { width: 16, height: 16 } };
  // With no text to read, the paper is not recognised as a filing: no verdict, nothing
  // filled (a 0-word count would pass any word limit), and the scanned pages are named.
  const status = await drop(page, [[scan]]);
  e.check(/^scanned\.pdf is not a filing courtrules can check\b/.test(status), `the status: ${JSON.stringify(status)}`);
  e.check(/Pages 1, 2, 3\b/.test(status), `the scanned pages are not named: ${JSON.stringify(status)}`);
  e.check(/recognised only by the server/.test(status), `the status does not say why the text is missing: ${JSON.stringify(status)}`);
  const words = await page.inputValue(WORD_COUNT);
  e.check(words === "", `Word count was filled (or kept): ${JSON.stringify(words)}`);
  const filled = (await page.locator("#pdf-filled").count()) ? await page.locator("#pdf-filled").innerText() : "";
  e.check(!/Word count/.test(filled), `#pdf-filled names Word count: ${JSON.stringify(filled)}`);
  e.check((await page.locator("#results li.result").count()) === 0, "results are shown for the scan");
  e.check(/^No verdict\b/.test(await page.locator("#summary").innerText()), "the scan has a verdict");

  // A memorandum with one scanned page among text pages: its count would fall short.
  const partly = await drop(page, [[{ fixture: "memo_scanned_page" }]]);
  e.check(/Word count is left empty for you to enter/.test(partly), `a partly scanned PDF: ${JSON.stringify(partly)}`);
  e.check((await page.inputValue(WORD_COUNT)) === "", "a partly scanned PDF filled its undercount");
  e.done();
});

test("PDF drops: of several files dropped at once, the first is read and the status says so", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();
  const status = await drop(page, [[{ fixture: "memo_support_rule12" }, { fixture: "reply_rule12" }]]);
  e.check(/^memo_support_rule12\.pdf read\b/.test(status), `the first file was not read: ${JSON.stringify(status)}`);
  e.check(/Only the first of the 2 files dropped, memo_support_rule12\.pdf, is read/.test(status), `the status: ${JSON.stringify(status)}`);
  e.check((await page.inputValue(PAGE_COUNT)) === "19", "the page count is not the first file's");
  // One file: no such note.
  const one = await drop(page, [[{ fixture: "reply_rule12" }]]);
  e.check(!/Only the first/.test(one), `a single file: ${JSON.stringify(one)}`);
  e.done();
});

test("Judge's practices: of several files dropped, the first is read and the status says so; a slower earlier file never replaces a newer reading", { timeout: 120_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();
  await page.click("#practices-toggle");
  await page.locator("#practices-body").waitFor({ state: "visible" });
  // The sample judge has no published address: the user gives one.
  await page.fill("#practices-source-url", "https://courtrules.example/sample-orders/avery-sample");
  await page.keyboard.press("Tab");
  const panel = { zone: ".practices-drop", status: "#practices-status" };
  const practices = { path: "data/documents/sample-order-avery-sample.pdf" };
  const pasted = { name: "practices.txt", text: "2. Motions. Memoranda of law are limited to 20 pages." };

  const both = await drop(page, [[practices, pasted]], panel);
  e.check(/^sample-order-avery-sample\.pdf: read in this browser\b/.test(both), `the first file was not read: ${JSON.stringify(both)}`);
  e.check(/Only the first of the 2 files dropped, sample-order-avery-sample\.pdf, is read/.test(both), `the status: ${JSON.stringify(both)}`);
  const one = await drop(page, [[pasted]], panel);
  e.check(/^practices\.txt: read\b/.test(one) && !/Only the first/.test(one), `a single file: ${JSON.stringify(one)}`);

  // A big PDF (a page carrying a 30 MB picture), then the practices at once: the big one's
  // reading, finishing last, must not replace the practices' rules.
  const big = { name: "big-exhibit.pdf", contents: [textPage(["EXHIBIT A", "A short paper with a large picture."])], image: { width: 5000, height: 6000 } };
  const status = await drop(page, [[big], [practices]], panel);
  await page.waitForTimeout(8_000);
  const later = await page.locator("#practices-status").innerText();
  e.check(/^sample-order-avery-sample\.pdf: read\b/.test(status), `the status: ${JSON.stringify(status)}`);
  e.check(later === status, `the status changed after the newer file was read: ${JSON.stringify(later)}`);
  e.check((await page.locator("li.proposal").count()) > 0, "the practices' proposals are gone");
  e.done();
});

test("Check on server: an answer cut short is told as the server's problem, not as a disagreement", { timeout: 45_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();
  await page.fill(PAGE_COUNT, "20");
  await page.fill(WORD_COUNT, "5000");
  await page.locator("#verdict[data-status]").waitFor();
  await page.route("**/api/v1/check", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    await route.fulfill({ response, body: body.slice(0, Math.floor(body.length / 2)) });
  });
  await page.click("#server-check");
  const result = page.locator("#server-result");
  await result.locator("p").first().waitFor();
  await page.waitForFunction(() => !/Asking the server/.test(document.querySelector("#server-result")?.textContent ?? ""));
  const said = await result.innerText();
  e.check(/could not be read/.test(said), `the answer: ${JSON.stringify(said)}`);
  e.check(!/differs/.test(said), `a cut answer is compared: ${JSON.stringify(said)}`);
  e.check(!/[{}]|\b200\b/.test(said), `raw JSON or a status code: ${JSON.stringify(said)}`);
  e.done();
});

/** The server of a key limited to S.D.N.Y. (`keys create --districts sdny`) and a key for every court. */
async function limitedServer() {
  const dir = mkdtempSync(join(tmpdir(), "courtrules-browser-"));
  const storage = ["--database-url", `sqlite://${join(dir, "courtrules.db")}`, "--data-dir", join(root, "data")];
  const create = (name, districts) => {
    const made = spawnSync(serverBinary, [...storage, "keys", "create", "--name", name, "--districts", districts], { encoding: "utf8" });
    const key = made.stdout.match(/crk_\S+/)?.[0];
    if (made.status !== 0 || !key) throw new Error(`courtrules keys create failed:\n${made.stdout}${made.stderr}`);
    return key;
  };
  let sdny, all, running;
  try {
    // Keys name courts the database knows: it is seeded first.
    const seeded = spawnSync(serverBinary, [...storage, "seed"], { encoding: "utf8" });
    if (seeded.status !== 0) throw new Error(`courtrules seed failed:\n${seeded.stdout}${seeded.stderr}`);
    sdny = create("sdny-only", "sdny");
    all = create("every-court", "all");
    running = await serve(serverBinary, storage, { env: { COURTRULES_WEB_DIR: dist }, cwd: dir });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    sdny,
    all,
    origin: { url: running.baseUrl },
    async stop() {
      await running.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test("Courts: a key limited to S.D.N.Y. starts there; the courts it may not use are shown, not choosable", { timeout: 60_000 }, async (t) => {
  const limited = await limitedServer();
  t.after(() => limited.stop());
  const e = expectations();

  const app = await open(t, { apiKey: limited.sdny, at: limited.origin });
  const { page } = app;
  await rulesLoaded(page, 15_000);
  e.check((await page.inputValue("#field-district_id")) === "sdny", `the start court: ${await page.inputValue("#field-district_id")}`);
  const edny = page.locator("#field-district_id option[value='edny']");
  e.check((await edny.count()) === 1, "E.D.N.Y. is not listed");
  if (await edny.count()) {
    e.check(await edny.isDisabled(), "E.D.N.Y. can be chosen with a key limited to S.D.N.Y.");
    e.check(/not in this key's plan/.test(await edny.innerText()), `E.D.N.Y. says: ${JSON.stringify(await edny.innerText())}`);
  }
  const sdny = page.locator("#field-district_id option[value='sdny']");
  e.check(!(await sdny.isDisabled()), "S.D.N.Y. is not choosable");

  // A key for every court starts on E.D.N.Y.
  const every = await open(t, { apiKey: limited.all, at: limited.origin });
  await rulesLoaded(every.page, 15_000);
  e.check((await every.page.inputValue("#field-district_id")) === "edny", "a key for every court does not start on E.D.N.Y.");

  // Switching to the limited key while E.D.N.Y. is chosen: the courts answer, arriving
  // after the judges request was refused, does not hide what happened behind "Choose the
  // court and judge."; the app moves to S.D.N.Y. and loads its rules.
  await every.page.route("**/api/v1/courts", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await every.page.fill("#api-key", limited.sdny);
  const refusedAt = Date.now();
  await every.page.click("button:has-text('Use key')");
  await every.page.locator("#connection", { hasText: "Rules loaded" }).waitFor({ timeout: 15_000 });
  const texts = await every.connectionTexts();
  const sinceSwitch = texts.slice(texts.lastIndexOf("Loading courts…"));
  const refused = sinceSwitch.findIndex((text) => /may not be used for this court/.test(text));
  e.check(every.responses.some((r) => r.at >= refusedAt && /\/api\/v1\/judges\?district_id=edny/.test(r.url) && r.status === 403), "the old court's judges were not refused (the scenario did not happen)");
  if (refused >= 0) {
    e.check(
      !sinceSwitch.slice(refused).includes("Choose the court and judge."),
      `the refusal was overwritten by the courts answer: ${JSON.stringify(sinceSwitch)}`,
    );
  }
  e.check((await every.page.inputValue("#field-district_id")) === "sdny", "after the switch the court is not S.D.N.Y.");
  e.done();
});

test("a server that takes the request and never answers: the page gives up in time, says so, and asks again by itself", { timeout: 90_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "court" });
  const e = expectations();
  await page.fill(PAGE_COUNT, "27");
  await page.fill(WORD_COUNT, "8100");
  await page.locator("#verdict[data-status]").waitFor();
  // The judge's rules are asked for and never answered (a server that hangs).
  const held = [];
  await page.route("**/api/v1/profile?*", (route) => held.push(route));
  await page.selectOption("#field-judge_slug", "avery-sample");
  const connection = page.locator("#connection");
  await connection.getByText("Loading the judge's rules").waitFor();
  if (await e.wait(connection.getByText(/could not be reached.*Trying again in \d+ s/).waitFor({ timeout: 35_000 }), "the page still waits")) {
    e.check(!/reload/i.test(await connection.innerText()), `the page advises a reload: ${await connection.innerText()}`);
  }
  // The server answers again: the page's own retry loads the rules, and the form is kept.
  await page.unroute("**/api/v1/profile?*");
  for (const route of held) await route.abort().catch(() => {});
  if (await e.wait(rulesLoaded(page, 30_000), "the rules were not asked for again")) {
    await page.locator("#verdict[data-status]").waitFor();
    e.check((await page.inputValue(PAGE_COUNT)) === "27", "the form was not kept");
  }
  e.done();
});

test("Check on server: an answer that differs offers to fetch the latest rules, never a reload, and keeps the form", { timeout: 45_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();
  await page.fill(PAGE_COUNT, "20");
  await page.fill(WORD_COUNT, "5000");
  await page.locator("#verdict[data-status]").waitFor();
  // The server checks against other rules than the page has (a layer saved elsewhere, say).
  await page.route("**/api/v1/check", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.summary.passes += 1;
    await route.fulfill({ response, body: JSON.stringify(body) });
  });
  await page.click("#server-check");
  const differ = page.locator("#server-result [data-agree='false']");
  if (await e.wait(differ.waitFor({ timeout: 10_000 }), "no disagreement shown")) {
    const said = await differ.innerText();
    e.check(!/reload/i.test(said), `the page advises a reload: ${JSON.stringify(said)}`);
    const since = Date.now();
    await page.unroute("**/api/v1/check");
    await page.locator("#server-result button", { hasText: "Fetch the latest rules" }).click();
    const again = (r) => r.at >= since && new URL(r.url).pathname === "/api/v1/profile" && r.status === 200;
    await e.wait(waitForResponse(app, again, 10_000), "the judge's rules were not fetched again");
    await page.waitForFunction(() => !document.querySelector("#results[data-refreshing]"));
    await rulesLoaded(page);
    e.check((await page.inputValue(PAGE_COUNT)) === "20" && (await page.inputValue(WORD_COUNT)) === "5000", "the form was not kept");
    await page.locator("#verdict[data-status]").waitFor();
    await page.click("#server-check");
    await e.wait(page.locator("#server-result [data-agree='true']").waitFor({ timeout: 10_000 }), "the server does not agree after the rules were fetched again");
  }
  e.done();
});
