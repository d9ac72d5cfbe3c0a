// The drafting app against issue #12 (what a drafting lawyer found confusing or wrong):
// one test per point of the issue, each naming it. Every test opens the app in a fresh
// browser context on the real server (its CSP included) and lists everything it found
// wrong, not just the first thing.
//
// Env: COURTRULES_APP_DIR — serve the app from this folder instead of web/dist (e.g. a
// copy of an earlier build); SCREENSHOT_PREFIX — prefix of the screenshots and of the
// copies of axe.json / drafting-measurements.json (e.g. "before-").
// Writes to test-artifacts/browser/: screenshots, axe.json, drafting-measurements.json.
//
// The DOM these tests rely on:
//   #field-district_id, #field-judge_slug (options by value; `court` = any judge),
//   #field-document_scope, #field-motion_type, #field-document-page_count,
//   #field-document-word_count, #field-document-page_count-problem, #connection,
//   #verdict[data-status], #verdict-bar, #coverage-note, #sample-notice, #problems,
//   .problem, li.result[data-status] .severity, .dropzone, #pdf-status, #pdf-filled,
//   #pdf-cleared, #field-is_pro_se, #field-document-<group> (caption, sections, …),
//   #field-document-sections-certificate_word_count, #field-document-format-footnote_font_size_pt,
//   #server-check, #server-check-reason, #api-key-problem, #results, the "Use key"
//   button, label[for=field-district_id], link[rel~=icon].

import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  API_KEY_STORAGE,
  appOrigin,
  artifacts,
  chooseJudge,
  contrastRatio,
  cssColour,
  dist,
  dropPdf,
  expectations,
  inViewport,
  launchChromium,
  openApp,
  overlaps,
  rulesLoaded,
  root,
  runAxe,
  startServer,
  visibleText,
  waitForResponse,
} from "./support.mjs";

const APP_DIR = process.env.COURTRULES_APP_DIR || null;
const PREFIX = process.env.SCREENSHOT_PREFIX ?? "";
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** How long to wait for something the issue asks the app to add (it may not be there). */
const NEW = 5_000;

const PAGE_COUNT = "#field-document-page_count";
const WORD_COUNT = "#field-document-word_count";
/** A request path as the engine names it (`document.page_count`, `sections.certificate_word_count`). */
const RAW_PATH = /\bdocument\.[a-z_]+(?:\.[a-z_]+)*|\b[a-z]+_[a-z_]*\.[a-z][a-z_]*|\b[a-z][a-z_]*\.[a-z]+_[a-z_]+/g;

let server, origin, browser;
const measurements = {};

before(async () => {
  const web = APP_DIR ?? dist;
  if (!existsSync(join(web, "index.html"))) throw new Error(`${web} holds no built app (index.html)`);
  server = await startServer(APP_DIR ? { env: { COURTRULES_WEB_DIR: APP_DIR } } : {});
  if (!server) throw new Error("target/release/courtrules is not built: run `cargo build --release -p courtrules`");
  origin = await appOrigin(server);
  browser = await launchChromium();
});

after(async () => {
  const record = JSON.stringify({ app_dir: APP_DIR ?? "web/dist", ...measurements }, null, 2) + "\n";
  writeFileSync(join(artifacts, "drafting-measurements.json"), record);
  if (PREFIX) writeFileSync(join(artifacts, `${PREFIX}drafting-measurements.json`), record);
  await browser?.close();
  await origin?.close();
  await server?.stop();
});

/** The app in a new context (closed when the test ends), with the server's key stored. */
async function open(t, { viewport = DESKTOP, apiKey = server.apiKey } = {}) {
  const app = await openApp(browser, origin, { viewport, apiKey });
  t.after(async () => {
    if (app.pageErrors.length) t.diagnostic(`page errors: ${app.pageErrors.join(" | ")}`);
    await app.close();
  });
  await app.goto();
  return app;
}

function shot(page, name, { fullPage = false } = {}) {
  return page.screenshot({ path: join(artifacts, `${PREFIX}${name}.png`), fullPage });
}

async function api(path) {
  const response = await fetch(server.baseUrl + path, { headers: { Authorization: `Bearer ${server.apiKey}` } });
  assert.equal(response.status, 200, `${path} answered ${response.status}`);
  return response.json();
}

/** Describes the filing: document scope, motion (if the form has that field), counts. */
async function describe(page, { scope, motion, pages, words }) {
  if (scope) await page.selectOption("#field-document_scope", scope);
  if (motion && (await page.locator(`#field-motion_type option[value='${motion}']`).count())) {
    await page.selectOption("#field-motion_type", motion);
  }
  if (words !== undefined) await page.fill(WORD_COUNT, words);
  if (pages !== undefined) await page.fill(PAGE_COUNT, pages);
}

/** Waits for a check result in the page. */
const verdict = (page) => page.locator("#verdict[data-status]").waitFor({ timeout: 10_000 });

/** The verdict as the reader sees it: `#verdict` and the verdict bar, where present. */
async function verdictText(page) {
  const texts = [];
  for (const selector of ["#verdict", "#verdict-bar"]) {
    if (await page.locator(selector).count()) texts.push(await page.locator(selector).first().innerText());
  }
  return texts.join("\n");
}

const visible = async (page, selector) => (await page.locator(selector).count()) > 0 && page.locator(selector).first().isVisible();

test("measurement: navigation to the first check result (load_to_first_result_ms)", { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  // Either the app shows a result by itself, or it has loaded the rules and waits for the
  // smallest description (then filled at once, as a user would type it).
  await page.waitForFunction(
    () => document.querySelector("#verdict[data-status]") || /Rules loaded/.test(document.querySelector("#connection")?.textContent ?? ""),
    null,
    { timeout: 15_000 },
  );
  const typed = (await page.locator("#verdict[data-status]").count()) === 0;
  if (typed) await describe(page, { pages: "12", words: "4000" });
  await verdict(page);
  const clock = await page.evaluate(() => ({
    first_result_at: window.__firstResultAt ?? null,
    app_first_result_ms: Number(document.querySelector("#results")?.dataset.firstResultMs ?? NaN),
  }));
  measurements.load_to_first_result_ms = Math.round(clock.first_result_at ?? Date.now() - app.navigatedAt);
  measurements.load_to_first_result_wall_ms = Date.now() - app.navigatedAt;
  measurements.app_reported_first_result_ms = Number.isFinite(clock.app_first_result_ms) ? clock.app_first_result_ms : null;
  measurements.first_result_needed_typing = typed;
  t.diagnostic(`load_to_first_result_ms ${measurements.load_to_first_result_ms} (typing needed: ${typed})`);
  assert.ok(measurements.load_to_first_result_ms > 0);
});

// Issue #12, point 1: false comfort for a judge with no standing order.
test("1: a judge with no standing order: the verdict says how many checks ran and which could not, in words", { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "finley-fictional" });
  await describe(page, { scope: "brief_support", motion: "Rule_12", pages: "27", words: "7000" });
  await verdict(page);
  await shot(page, "desktop-no-standing-order", { fullPage: true });
  const e = expectations();

  const said = await verdictText(page);
  const ranCount = /\b\d+\b[^.\n]*\bchecks?\b[^.\n]*\b(ran|run)\b|\b(ran|run)\b[^.\n]*\b\d+\b[^.\n]*\bchecks?\b/i;
  const othersNot = /\bnot (be )?run\b|n[o']t (be )?run\b|\bcould not\b[^.\n]*\brun\b/i;
  e.check(ranCount.test(said), `the verdict does not say how many checks ran: ${JSON.stringify(said)}`);
  e.check(othersNot.test(said), `the verdict does not say that other checks could not run: ${JSON.stringify(said)}`);
  e.check(!/^\s*Compliant\b[^\n]*\bpassed\.?\s*$/m.test(said), `the verdict is a plain "Compliant": ${JSON.stringify(said)}`);

  const text = await visibleText(page);
  e.check(
    /needs\b[^\n]*words stated in the certificate of compliance/i.test(text),
    'no skipped check is listed in words such as "Needs the words stated in the certificate of compliance"',
  );
  const paths = [...new Set(text.match(RAW_PATH) ?? [])];
  e.check(paths.length === 0, () => `raw request paths are shown: ${paths.join(", ")}`);
  e.check(await visible(page, "#coverage-note"), "#coverage-note is not shown");
  e.done();
});

// Issue #12, point 2: sample data labelled as such.
test("2: sample judges are marked in the picker, with a demonstration-data notice while one is chosen", { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();

  const judges = (await api("/api/v1/judges?district_id=edny")).judges;
  const samples = judges.filter((j) => j.sample).map((j) => j.slug);
  e.check(samples.includes("avery-sample") && samples.includes("finley-fictional"), `sample judges in the roster: ${samples}`);
  for (const judge of judges) {
    const text = await page.locator(`#field-judge_slug option[value='${judge.slug}']`).textContent();
    if (judge.sample) e.check(/sample data/i.test(text), `the option of ${judge.slug} is not marked "sample data": ${JSON.stringify(text)}`);
    else e.check(!/sample data/i.test(text), `the option of ${judge.slug} (a real judge) says "sample data"`);
  }

  const notice = page.locator("#sample-notice");
  for (const slug of ["avery-sample", "finley-fictional"]) {
    await chooseJudge(app, { judge: slug });
    if (await e.wait(notice.waitFor({ state: "visible", timeout: NEW }), `#sample-notice is not shown for ${slug}`)) {
      e.check(/demonstration data/i.test(await notice.innerText()), `#sample-notice for ${slug} does not say "demonstration data"`);
    }
  }
  await shot(page, "desktop-sample-notice");
  await chooseJudge(app, { judge: "court" });
  e.check(!(await visible(page, "#sample-notice")), '#sample-notice is still shown for "Any judge — the court\'s own rules only"');
  e.done();
});

// Issue #12, point 3: the court switch race.
test("3: switching courts asks for no profile the server refuses, shows no raw error, and 'no checks yet' courts are disabled", { timeout: 45_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();

  const courts = (await api("/api/v1/courts")).courts.filter((c) => c.status === "live");
  const unprofiled = courts.filter((c) => !("judges_profiled" in c)).map((c) => c.district_id);
  e.check(unprofiled.length > 0, "the server lists no live court without a profile (nothing to test)");
  for (const id of unprofiled) {
    const option = page.locator(`#field-district_id option[value='${id}']`);
    if (!e.check((await option.count()) === 1, `no option for ${id}`)) continue;
    const text = await option.textContent();
    e.check(/no checks yet/.test(text), `the option of ${id} does not say "no checks yet": ${JSON.stringify(text)}`);
    e.check(await option.isDisabled(), `the option of ${id} (no checks yet) is not disabled`);
  }
  const enabledUnchecked = await page
    .locator("#field-district_id option:not([disabled])", { hasText: "no checks yet" })
    .allTextContents();
  e.check(enabledUnchecked.length === 0, () => `enabled courts that say "no checks yet": ${enabledUnchecked.join("; ")}`);

  // edny (Avery Sample) → sdny: the judge does not sit in sdny. The list of sdny's judges
  // is slowed down (as on a slow network), so an app that asks for a profile before it
  // knows the new court's judges does so every time, not only when it loses the race.
  await page.route(
    (url) => url.pathname === "/api/v1/judges" && url.searchParams.get("district_id") === "sdny",
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    },
  );
  const switched = Date.now();
  await page.selectOption("#field-district_id", "sdny");
  const sdny = (path) => (r) => r.at >= switched && new URL(r.url).pathname === path && new URL(r.url).searchParams.get("district_id") === "sdny";
  await e.wait(waitForResponse(app, sdny("/api/v1/judges"), 10_000), "the judges of sdny were not asked for after switching to sdny");
  // Give any profile request (racing or not) time to be made and answered.
  await waitForResponse(app, sdny("/api/v1/profile"), 3_000).catch(() => {});
  await page.waitForTimeout(500);

  // And back to edny, picking a judge.
  await e.wait(chooseJudge(app, { district: "edny", judge: "avery-sample" }), 'back on edny with Avery Sample, "Rules loaded" did not appear');
  const connection = await page.locator("#connection").innerText();
  e.check(/Rules loaded/.test(connection), `#connection after switching back: ${JSON.stringify(connection)}`);
  e.check(!/Loading the judge's rules/.test(connection), "#connection still says it is loading the judge's rules");

  const refused = app.responses.filter((r) => new URL(r.url).pathname === "/api/v1/profile" && r.status >= 400 && r.status < 500);
  e.check(refused.length === 0, () => `profile requests answered 4xx: ${refused.map((r) => `${r.status} ${new URL(r.url).search}`).join(", ")}`);
  const shown = await app.connectionTexts();
  for (const text of shown) {
    e.check(!/GET \/api/.test(text), `#connection showed an API path: ${JSON.stringify(text)}`);
    e.check(!/\(422\)/.test(text), `#connection showed "(422)": ${JSON.stringify(text)}`);
    e.check(!/\([1-5]\d\d\)|\bHTTP\s*[1-5]\d\d\b|\bstatus\s*[1-5]\d\d\b/i.test(text), `#connection showed a raw status: ${JSON.stringify(text)}`);
  }
  e.done();
});

// Issue #12, point 4: no error before the user acts; then a plain-words error.
test("4: no error on first load; a typed mistake is explained next to its field, in plain words", { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app);
  await shot(page, "desktop-loaded", { fullPage: true });
  const e = expectations();

  const problems = await page.locator(".problem").evaluateAll((all) => all.filter((p) => p.checkVisibility()).map((p) => `#${p.id}: ${p.textContent}`));
  e.check(problems.length === 0, () => `errors shown before typing: ${problems.join(" | ")}`);
  e.check(!(await visible(page, "#problems")), "the #problems box is shown before typing");
  const text = await visibleText(page);
  for (const word of ["judge_slug", "document.page_count"]) e.check(!text.includes(word), `the page shows "${word}" before typing`);

  await page.click(PAGE_COUNT);
  await page.locator(PAGE_COUNT).pressSequentially("abc");
  await page.keyboard.press("Tab");
  const problem = page.locator("#field-document-page_count-problem");
  if (await e.wait(problem.waitFor({ state: "visible", timeout: NEW }), "no error next to the page count after typing \"abc\"")) {
    const said = await problem.innerText();
    e.check(!/must be an integer/i.test(said), `the error says "must be an integer": ${JSON.stringify(said)}`);
    e.check(!/got a string/i.test(said), `the error says "got a string": ${JSON.stringify(said)}`);
    e.check(/page count|pages?\b/i.test(said), `the error does not name the field (page count / pages): ${JSON.stringify(said)}`);
    e.check(/field-document-page_count-problem/.test((await page.getAttribute(PAGE_COUNT, "aria-describedby")) ?? ""), "the page count field is not described by its error");
  }
  e.done();
});

// Issue #12, point 5: passing results carry no severity; no engine names in the page.
test("5: passing results carry no severity tag, and engine words never reach the page", { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();
  const forbidden = ["Non compliant", " to do", "(Frcp)", "Brief support"];

  for (const [state, pages, words] of [["with passes", "12", "4000"], ["with a failure", "30", "6000"]]) {
    await describe(page, { pages, words });
    await verdict(page);
    await page.waitForTimeout(200);
    e.check((await page.locator('li.result[data-status="PASS"]').count()) > 0, `${state}: no passing result to look at`);
    const tagged = await page.locator('li.result[data-status="PASS"] .severity').count();
    e.check(tagged === 0, `${state}: ${tagged} passing results carry a severity tag`);
    const text = await visibleText(page);
    for (const word of forbidden) e.check(!text.includes(word), `${state}: the page says ${JSON.stringify(word)}`);
  }
  e.done();
});

// Issue #12, points 6 & 7: the verdict always in view; the phone layout.
test("6: at 390×844 the verdict bar stays in view while typing; nothing overflows, is cut or overlaps", { timeout: 30_000 }, async (t) => {
  const app = await open(t, { viewport: PHONE });
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();

  const layout = async (when) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    e.check(width <= PHONE.width, `${when}: the page is ${width}px wide at ${PHONE.width}px (sideways scrolling)`);
  };
  await layout("on load");
  const court = await page.evaluate(() => {
    const select = document.querySelector("#field-district_id");
    const text = select.selectedOptions[0]?.textContent ?? "";
    const style = getComputedStyle(select);
    const context = document.createElement("canvas").getContext("2d");
    context.font = style.font;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20; // the arrow
    return { text, needed: Math.ceil(context.measureText(text).width), room: Math.floor(room) };
  });
  e.check(
    court.text.includes("E.D.N.Y.") || court.needed <= court.room,
    `the court picker cuts its text: ${JSON.stringify(court.text)} needs ${court.needed}px, has ${court.room}px`,
  );
  const button = await page.getByRole("button", { name: /use key/i }).boundingBox();
  const label = await page.locator("label[for='field-district_id']").boundingBox();
  e.check(button && label && !overlaps(button, label), () => `the "Use key" button ${JSON.stringify(button)} overlaps the Court label ${JSON.stringify(label)}`);

  await page.fill(WORD_COUNT, "6000");
  await page.click(PAGE_COUNT);
  await page.locator(PAGE_COUNT).pressSequentially("30");
  await verdict(page);
  if (await e.wait(page.locator("#verdict-bar").waitFor({ state: "attached", timeout: NEW }), "there is no #verdict-bar")) {
    e.check(await inViewport(page, "#verdict-bar"), "#verdict-bar is out of view while typing the page count");
  }
  await shot(page, "phone-typing");
  await layout("with results");
  await page.locator("#results").scrollIntoViewIfNeeded();
  await shot(page, "phone-results");
  e.done();
});

test("7: at 1280×900 the verdict bar is in view after a PDF drop", { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();
  await page.locator(".dropzone").scrollIntoViewIfNeeded();
  await dropPdf(page, "memo_support_rule12");
  await verdict(page);
  if (await e.wait(page.locator("#verdict-bar").waitFor({ state: "attached", timeout: NEW }), "there is no #verdict-bar")) {
    e.check(await inViewport(page, "#verdict-bar"), "#verdict-bar is out of view after the PDF drop");
  }
  await shot(page, "desktop-pdf-drop");
  e.done();
});

// Issue #12, point 8: wording, and the small things.
test("8: a bad stored key is explained next to the key field, without CLI talk", { timeout: 30_000 }, async (t) => {
  const app = await open(t, { apiKey: "crk_000000000000_" + "0".repeat(64) });
  const { page } = app;
  const e = expectations();
  assert.equal(await page.evaluate((name) => localStorage.getItem(name), API_KEY_STORAGE), "crk_000000000000_" + "0".repeat(64));
  const problem = page.locator("#api-key-problem");
  if (await e.wait(problem.waitFor({ state: "visible", timeout: NEW }), "no #api-key-problem for a refused key")) {
    const said = await problem.innerText();
    e.check(!/courtrules keys/i.test(said), `the key error mentions "courtrules keys": ${JSON.stringify(said)}`);
    e.check(!/\bCLI\b/.test(said), `the key error mentions the CLI: ${JSON.stringify(said)}`);
  }
  await page.waitForTimeout(300);
  e.check(!(await visibleText(page)).includes("The key printed when the server first starts works."), 'the page says "The key printed when the server first starts works."');
  await checkServerButton(page, e, "with a refused key");
  await shot(page, "desktop-bad-key");
  e.done();
});

/** When "Check on server" is disabled, a visible reason says why. */
async function checkServerButton(page, e, when) {
  if (!(await page.locator("#server-check").count())) return;
  if (!(await page.locator("#server-check").isDisabled())) return;
  const reason = page.locator("#server-check-reason");
  const shown = (await reason.count()) > 0 && (await reason.isVisible()) && (await reason.innerText()).trim().length > 0;
  e.check(shown, `${when}: "Check on server" is disabled and #server-check-reason does not say why`);
}

test("8: after a PDF drop, the page lists the fields the PDF filled", { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();
  await dropPdf(page, "memo_support_rule12");
  const filled = page.locator("#pdf-filled");
  if (await e.wait(filled.waitFor({ state: "visible", timeout: NEW }), "there is no #pdf-filled list")) {
    e.check(/Page count/.test(await filled.innerText()), `#pdf-filled does not name "Page count": ${JSON.stringify(await filled.innerText())}`);
  }
  e.done();
});

/** Drops a file of these bytes on the PDF drop zone and waits until it is read or refused. */
async function dropBytes(page, bytes, name) {
  await page.evaluate(
    ({ bytes, name }) => {
      const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: "application/pdf" }));
      document.querySelector(".dropzone").dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { bytes: Buffer.from(bytes).toString("base64"), name },
  );
  await page.waitForFunction(() => !/^(Loading|Reading)\b/.test(document.querySelector("#pdf-status")?.textContent || "Loading"));
  return page.locator("#pdf-status").innerText();
}

test("PDF drops: a second PDF describes only itself, and one that is not a supported filing has no verdict", { timeout: 45_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();
  await page.check("#field-is_pro_se");
  await dropPdf(page, "memo_support_rule12");
  e.check((await page.inputValue("#field-document-sections-certificate_word_count")) === "6589", "the first PDF's certificate count");
  // The second memorandum has no certificate of compliance and no footnotes.
  await dropPdf(page, "memo_scanned_page");
  const certificate = await page.inputValue("#field-document-sections-certificate_word_count");
  e.check(certificate === "", `the first PDF's certificate count is kept: ${JSON.stringify(certificate)}`);
  const footnote = await page.inputValue("#field-document-format-footnote_font_size_pt");
  e.check(footnote === "", `the first PDF's footnote size is kept: ${JSON.stringify(footnote)}`);
  // Its scanned page leaves the word count to the user (robustness.test.mjs).
  await page.fill(WORD_COUNT, "5000");
  await verdict(page);
  const results = await page.locator("#results").innerText();
  e.check(!/6,589/.test(results), "the results still speak of the first PDF's 6,589 words");
  e.check(await page.isChecked("#field-is_pro_se"), "a toggle no PDF fills was cleared");
  e.check((await page.inputValue("#field-district_id")) === "edny" && (await page.inputValue("#field-judge_slug")) === "avery-sample", "the court or judge changed");

  // A newsletter, and a New York state-court memorandum: not supported filings. As the API
  // (no check request), no verdict: nothing of them fills the form, the memorandum's
  // description is cleared, and no result computed for another paper is shown.
  for (const fixture of ["nonlegal_newsletter", "state_court_memo"]) {
    await dropPdf(page, "memo_support_rule12");
    await verdict(page);
    await dropPdf(page, fixture);
    const said = await page.locator("#pdf-status").innerText();
    e.check(/is not a filing courtrules can check/.test(said), `${fixture}: ${JSON.stringify(said)}`);
    e.check(said.length > 120, `${fixture}: the status does not say why: ${JSON.stringify(said)}`);
    if (fixture === "state_court_memo") e.check(/state-court/.test(said), `${fixture}: the reason: ${JSON.stringify(said)}`);
    for (const group of ["caption", "signature_block", "sections", "format", "privacy"]) {
      e.check(!(await page.isChecked(`#field-document-${group}`)), `${fixture} leaves the ${group} described`);
    }
    e.check((await page.inputValue(WORD_COUNT)) === "" && (await page.inputValue(PAGE_COUNT)) === "", `${fixture} leaves counts in the form`);
    e.check((await page.locator("#verdict[data-status]").count()) === 0, `${fixture} has a verdict`);
    e.check((await page.locator("#results li.result").count()) === 0, `${fixture} shows results`);
    const summary = await page.locator("#summary").innerText();
    e.check(/^No verdict: .* is not a filing courtrules can check/.test(summary), `${fixture}: the verdict: ${JSON.stringify(summary)}`);
    e.check(await page.isDisabled("#server-check"), `${fixture}: "Check on server" is enabled`);
    if (await e.wait(page.locator("#pdf-cleared").waitFor({ timeout: NEW }), "there is no #pdf-cleared list")) {
      e.check(/The caption/.test(await page.locator("#pdf-cleared").innerText()), "#pdf-cleared does not name the caption");
    }
  }
  // Describing a paper by hand then checks it.
  await describe(page, { pages: "10", words: "3000" });
  await verdict(page);
  e.done();
});

test("PDF drops: an empty file, an unreadable PDF and a scanned page are each said once, in words", { timeout: 45_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();
  const empty = await dropBytes(page, Buffer.alloc(0), "empty.pdf");
  e.check(/^empty\.pdf is empty\b/.test(empty) && !/not a PDF/.test(empty), `a 0-byte file: ${JSON.stringify(empty)}`);
  const hostile = readFileSync(join(root, "tests/fixtures/hostile/header_and_eof_only.pdf"));
  const unreadable = await dropBytes(page, hostile, "header_and_eof_only.pdf");
  e.check((unreadable.match(/could not be read/gi) ?? []).length === 1, `an unreadable PDF: ${JSON.stringify(unreadable)}`);
  // After a PDF that filled the form, a file that cannot be read leaves no verdict shown
  // as if it were this file's: it says the form still describes the earlier paper.
  for (const [bytes, name] of [[hostile, "truncated.pdf"], [Buffer.alloc(0), "empty.pdf"], [Buffer.from("\x89PNG\r\n\x1a\n"), "photo.png"]]) {
    await dropPdf(page, "memo_support_rule12");
    await verdict(page);
    const status = await dropBytes(page, bytes, name);
    e.check(/the form below still describes the earlier paper/.test(status), `${name}: ${JSON.stringify(status)}`);
    e.check((await page.locator("#verdict[data-status]").count()) === 0, `${name}: the earlier PDF's verdict is shown`);
    e.check((await page.locator("#results li.result").count()) === 0, `${name}: the earlier PDF's results are shown`);
    const summary = await page.locator("#summary").innerText();
    e.check(summary.startsWith(`No verdict for ${name}`), `${name}: the verdict: ${JSON.stringify(summary)}`);
  }
  // Any change to the form is the user's own description: it is checked.
  await page.fill(PAGE_COUNT, "18");
  await verdict(page);
  await dropPdf(page, "memo_scanned_page");
  const scanned = await page.locator("#pdf-status").innerText();
  e.check((scanned.match(/\bPages? 3\b/g) ?? []).length === 1 && !/Pages 3 are/.test(scanned), `a scanned page: ${JSON.stringify(scanned)}`);
  e.done();
});

test('8: a disabled "Check on server" says why', { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app);
  const e = expectations();
  await checkServerButton(page, e, "on load");
  await page.click(PAGE_COUNT);
  await page.locator(PAGE_COUNT).pressSequentially("abc");
  await page.keyboard.press("Tab");
  await page.waitForTimeout(300);
  await checkServerButton(page, e, 'with "abc" as the page count');
  e.done();
});

test("8: the focus ring of a text input has at least 3:1 contrast against white", { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app);
  await page.focus(PAGE_COUNT);
  const ring = await page.locator(PAGE_COUNT).evaluate((input) => {
    const style = getComputedStyle(input);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor, focused: document.activeElement === input };
  });
  const e = expectations();
  e.check(ring.focused, "the page count field did not take focus");
  e.check(ring.style !== "none" && ring.width > 0, `the focused input has no outline: ${JSON.stringify(ring)}`);
  const ratio = contrastRatio(await cssColour(page, ring.colour), [255, 255, 255]);
  e.check(ratio >= 3, `the focus ring ${ring.colour} has ${ratio.toFixed(2)}:1 against white (needs 3:1)`);
  e.done();
});

test("8: the page has a favicon (no 404)", { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app);
  await page.waitForTimeout(300);
  const e = expectations();
  const missing = app.responses.filter((r) => /favicon|\.ico\b/i.test(r.url) && r.status === 404);
  e.check(missing.length === 0, () => `404 for ${missing.map((r) => r.url).join(", ")}`);
  const href = await page.evaluate(() => document.querySelector('link[rel~="icon"]')?.href ?? null);
  if (e.check(href, 'no <link rel="icon">')) {
    const status = await fetch(href).then((r) => r.status, (error) => String(error));
    e.check(status === 200, `the icon ${href} answers ${status}`);
  }
  e.done();
});

// axe-core (tests/browser/node_modules/axe-core), with failing results on screen.
test("axe-core finds no serious or critical violations (desktop, results with failures)", { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  await describe(page, { scope: "brief_support", motion: "Rule_12", pages: "30", words: "6000" });
  await verdict(page);
  await page.locator('#results li.result[data-status="FAIL"]').first().waitFor();
  await shot(page, "desktop-results-failures", { fullPage: true });
  const result = await runAxe(page);
  const record = JSON.stringify(result, null, 2) + "\n";
  writeFileSync(join(artifacts, "axe.json"), record);
  if (PREFIX) writeFileSync(join(artifacts, `${PREFIX}axe.json`), record);
  const byImpact = {};
  for (const v of result.violations) byImpact[v.impact] = [...(byImpact[v.impact] ?? []), `${v.id} (${v.nodes.length})`];
  measurements.axe_violations_by_impact = byImpact;
  t.diagnostic(`axe violations: ${JSON.stringify(byImpact)}`);
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    bad.map((v) => `${v.impact}: ${v.id} — ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    [],
  );
});

test("numbers: thousands separators are taken as the results print them; exponents are refused", { timeout: 30_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { judge: "avery-sample" });
  const e = expectations();
  await describe(page, { scope: "brief_support", motion: "Rule_12", pages: "20", words: "8,100" });
  await page.keyboard.press("Tab");
  await verdict(page);
  const problem = page.locator("#field-document-word_count-problem");
  e.check((await problem.count()) === 0, `"8,100" is refused: ${(await problem.count()) ? await problem.innerText() : ""}`);
  const [request] = await Promise.all([page.waitForRequest((r) => r.url().endsWith("/api/v1/check")), page.click("#server-check")]);
  e.check(request.postDataJSON().document.word_count === 8100, `sent as ${JSON.stringify(request.postDataJSON().document)}`);
  await page.locator("#server-result [data-agree='true']").waitFor({ timeout: 10_000 });
  for (const typed of ["8 100", "8\u2009100"]) {
    await page.fill(WORD_COUNT, typed);
    await page.keyboard.press("Tab");
    await verdict(page);
    e.check((await problem.count()) === 0, `${JSON.stringify(typed)} is refused`);
  }
  for (const typed of ["1e3", "12.5", "8,10"]) {
    await page.fill(WORD_COUNT, typed);
    await page.keyboard.press("Tab");
    if (await e.wait(problem.waitFor({ timeout: NEW }), `${JSON.stringify(typed)} is taken`)) {
      e.check(/^Word count must be a whole number, like 25\.$/.test(await problem.innerText()), `${typed}: ${await problem.innerText()}`);
    }
    e.check((await page.locator("#verdict[data-status]").count()) === 0, `${JSON.stringify(typed)} has a verdict`);
  }
  e.done();
});

test("a reload or Back keeps the filing: court, judge, motion and counts", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { district: "sdny", judge: "court" });
  const e = expectations();
  await describe(page, { scope: "brief_opposition", motion: "Rule_56", pages: "27", words: "8,100" });
  await page.check("#field-is_pro_se");
  await verdict(page);
  const before = await page.locator("#summary").innerText();
  const state = async () => ({
    court: await page.inputValue("#field-district_id"),
    judge: await page.inputValue("#field-judge_slug"),
    scope: await page.inputValue("#field-document_scope"),
    motion: await page.inputValue("#field-motion_type"),
    pages: await page.inputValue(PAGE_COUNT),
    words: await page.inputValue(WORD_COUNT),
    proSe: await page.isChecked("#field-is_pro_se"),
  });
  const expected = JSON.stringify({ court: "sdny", judge: "court", scope: "brief_opposition", motion: "Rule_56", pages: "27", words: "8,100", proSe: true });
  await page.reload();
  await rulesLoaded(page, 15_000);
  await verdict(page);
  e.check(JSON.stringify(await state()) === expected, `after a reload: ${JSON.stringify(await state())}`);
  e.check((await page.locator("#summary").innerText()) === before, "the verdict after a reload differs");
  await page.goto("about:blank");
  await page.goBack();
  await rulesLoaded(page, 15_000);
  await verdict(page);
  e.check(JSON.stringify(await state()) === expected, `after Back: ${JSON.stringify(await state())}`);
  e.done();
});
