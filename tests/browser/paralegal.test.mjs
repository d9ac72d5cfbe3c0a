// The drafting app against what a paralegal found using it (2026-11-29), one test per
// finding, each in a fresh browser context on the real server:
//   1. a PDF whose caption names another court than the chosen one: the caption's court
//      is chosen (said in court names, with a way back), or, if the key cannot check it,
//      said prominently;
//   2. a handwritten or typewritten paper can be described (and is kept for the tab);
//   3. describing a memorandum's sections starts with its memorandum of law ticked;
//   4. the deadlines panel keeps its inputs over a reload and Back;
//   5. smaller wording: "sample data" said once, a count too large said so, the skipped
//      checks' heading does not presume the form can describe what they need;
//   6. a court whose rules limit the paper by pages only (N.D. Tex.) does not ask for a
//      word count as if it mattered: the field says it is not needed, and stays in use;
//   7. a paper filed in another role than its own (a reply as the moving party) is
//      pointed out next to the document and role, with a button that sets the role.
//
// Needs: web/dist (`trunk build --release`), target/release/courtrules, /usr/bin/chromium.

import { after, before, test } from "node:test";
import { join } from "node:path";
import { artifacts, chooseJudge, dropPdf, expectations, openApp, rulesLoaded, runAxe, startAppAndBrowser, stopAppAndBrowser, waitForResponse } from "./support.mjs";

let started, server, origin, browser;

before(async () => {
  started = await startAppAndBrowser();
  ({ server, origin, browser } = started);
});

after(async () => {
  if (started) await stopAppAndBrowser(started);
});

/** The app in a new context (closed when the test ends), with the server's key stored. */
async function open(t, { route } = {}) {
  const app = await openApp(browser, origin, { apiKey: server.apiKey });
  if (route) await route(app.context);
  t.after(async () => {
    if (app.pageErrors.length) t.diagnostic(`page errors: ${app.pageErrors.join(" | ")}`);
    await app.close();
  });
  await app.goto();
  return app;
}

const path = (url) => new URL(url).pathname;
const profileOf = (url, district) => path(url) === "/api/v1/profile" && new URL(url).searchParams.get("district_id") === district;
const verdict = (page) => page.locator("#verdict[data-status]").waitFor({ timeout: 10_000 });

test("1: a PDF captioned for E.D.N.Y. dropped while N.D. Tex. is chosen switches the court, says so in court names, and can be undone", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { district: "txnd", judge: "court" });
  const e = expectations();
  const since = Date.now();
  await dropPdf(page, "memo_support_rule12");
  const note = page.locator("#pdf-court");
  await note.waitFor({ timeout: 5_000 });
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, "paralegal-caption-court.png") });
  const said = await note.innerText();
  // The courts' answer gives no citations ("E.D.N.Y."): courts are named in words.
  e.check(
    said.includes("The caption names the Eastern District of New York, which is now the court chosen (it was the Northern District of Texas)."),
    `the note: ${JSON.stringify(said)}`,
  );
  e.check((await note.getAttribute("data-state")) === "switched", "the note's state is not 'switched'");
  e.check((await page.inputValue("#field-district_id")) === "edny", "the court is not E.D.N.Y.");
  // The verdict is E.D.N.Y.'s: its rules were fetched, and they are the ones applied.
  await waitForResponse(app, (r) => r.at >= since && profileOf(r.url, "edny") && r.status === 200, 15_000);
  await rulesLoaded(page);
  await verdict(page);
  const coverage = await page.locator("#coverage-note").innerText();
  e.check(/S\.D\.N\.Y\. and E\.D\.N\.Y\./.test(coverage) && !/N\.D\. Tex\./.test(coverage), `the rules applied: ${coverage}`);
  const axe = await runAxe(page);
  const serious = axe.violations.filter((v) => ["serious", "critical"].includes(v.impact));
  e.check(serious.length === 0, `axe-core with the note shown: ${serious.map((v) => v.id).join(", ")}`);
  // Nothing in the engine's ids.
  const status = await page.locator("#pdf-status").innerText();
  e.check(!/`|\bedny\b|\btxnd\b/.test(status + said), `ids shown: ${status} | ${said}`);
  // Undo: back to N.D. Tex., and the note says the results are its rules.
  await page.click("#pdf-court-undo");
  await page.locator("#pdf-court[data-state='kept']").waitFor({ timeout: 5_000 });
  e.check((await page.inputValue("#field-district_id")) === "txnd", "Undo did not choose N.D. Tex. again");
  const kept = await note.innerText();
  e.check(
    kept.includes("but the court is the Northern District of Texas, as you chose") && kept.includes("checked against the rules of the Northern District of Texas"),
    `after Undo: ${kept}`,
  );
  await rulesLoaded(page, 15_000);
  await verdict(page);
  e.check(/N\.D\. Tex\./.test(await page.locator("#coverage-note").innerText()), "after Undo the rules applied are not N.D. Tex.'s");
  // Choosing another court by hand: the note, about the PDF's court, goes.
  await chooseJudge(app, { district: "sdny" });
  e.check((await note.count()) === 0, "the note stays after another court is chosen");
  e.done();
});

test("1: a caption naming a court the key cannot check is said prominently, in court names, and the court is kept", { timeout: 60_000 }, async (t) => {
  // E.D.N.Y. outside the key's plan (the courts' answer says so, as a smaller plan's would).
  const route = (context) =>
    context.route("**/api/v1/courts", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.meta = { ...body.meta, accessible_districts: body.courts.map((c) => c.district_id).filter((id) => id !== "edny") };
      await route.fulfill({ response, json: body });
    });
  const app = await open(t, { route });
  const { page } = app;
  await chooseJudge(app, { district: "txnd", judge: "court" });
  const e = expectations();
  await dropPdf(page, "memo_support_rule12");
  const note = page.locator("#pdf-court");
  await note.waitFor({ timeout: 5_000 });
  const said = await note.innerText();
  e.check(
    said.includes("The caption names the Eastern District of New York, which this API key's plan does not include") &&
      said.includes("checked against the rules of the Northern District of Texas"),
    `the note: ${JSON.stringify(said)}`,
  );
  e.check((await note.getAttribute("data-state")) === "unavailable", "the note's state is not 'unavailable'");
  e.check((await page.locator("#pdf-court-undo").count()) === 0, "an Undo is offered for a switch that did not happen");
  e.check((await page.inputValue("#field-district_id")) === "txnd", "the court changed");
  // Prominent: set apart from the status, in the action colours.
  const background = await note.evaluate((el) => getComputedStyle(el).backgroundColor);
  e.check(background !== "rgba(0, 0, 0, 0)", "the note has no background of its own");
  e.done();
});

test("2: a pro se party's handwritten reconsideration brief in S.D.N.Y. gets Local Civil Rule 6.3's 10 pages, and the toggle is kept", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { district: "sdny", judge: "court" });
  const e = expectations();
  const toggle = "#field-document-handwritten_or_typewritten";
  e.check((await page.locator(toggle).count()) === 0, "the question is asked of a represented party where no rule turns on it");
  await page.selectOption("#field-document_scope", "reconsideration_support");
  await page.selectOption("#field-motion_type", "reconsideration");
  await page.fill("#field-document-word_count", "3000");
  await page.fill("#field-document-page_count", "12");
  // Its sections described (the memorandum of law ticked, no certificate of compliance).
  await page.check("#field-document-sections");
  await page.check("#field-is_pro_se");
  await page.locator(toggle).waitFor({ timeout: 5_000 });
  await verdict(page);
  const pageLimitFails = () => page.locator("li.result[data-status='FAIL'][data-category='PAGE_LIMIT']", { hasText: "10 pages" }).count();
  const certificateAsked = () => page.locator("li.result:not([data-status='PASS'])", { hasText: "certificate of compliance" }).count();
  e.check((await pageLimitFails()) === 0, "a 10-page limit fails before the paper is said to be handwritten");
  e.check((await certificateAsked()) > 0, "a computer-prepared pro se brief is not asked for its certificate of compliance");
  await page.check(toggle);
  await page.locator("li.result[data-status='FAIL'][data-category='PAGE_LIMIT']", { hasText: "10 pages" }).waitFor({ timeout: 5_000 }).catch(() => {});
  e.check((await pageLimitFails()) === 1, "no failed 10-page limit for the handwritten brief");
  e.check((await certificateAsked()) === 0, "a handwritten brief is still asked for a certificate of compliance");
  // Kept for the tab.
  await page.reload();
  await rulesLoaded(page, 15_000);
  await page.locator(toggle).waitFor({ timeout: 5_000 });
  e.check(await page.isChecked(toggle), "the toggle is not kept over a reload");
  // W.D. Mich.'s limits turn on it for anyone: asked of a represented party there.
  await page.uncheck(toggle);
  await page.uncheck("#field-is_pro_se");
  await chooseJudge(app, { district: "miwd" });
  await page.locator(toggle).waitFor({ timeout: 5_000 }).catch(() => {});
  e.check((await page.locator(toggle).count()) === 1, "W.D. Mich. does not ask whether the paper is handwritten");
  e.done();
});

test("3: describing a memorandum's sections starts with its memorandum of law ticked", { timeout: 45_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { district: "edny", judge: "court" });
  const e = expectations();
  await page.selectOption("#field-document_scope", "brief_support");
  await page.selectOption("#field-motion_type", "Rule_12");
  await page.fill("#field-document-word_count", "6000");
  await page.fill("#field-document-page_count", "20");
  await page.check("#field-document-sections");
  const own = page.locator("#field-document-sections-has_memorandum_of_law");
  await own.waitFor();
  e.check(await own.isChecked(), "Memorandum of law starts unticked for a memorandum");
  await verdict(page);
  const missing = await page.locator("li.result[data-status='FAIL']", { hasText: "memorandum of law" }).count();
  e.check(missing === 0, "the memorandum is said to miss its memorandum of law");
  e.done();
});

test("4: the deadlines panel keeps its event, date, time and service over a reload and Back", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { district: "sdny" });
  await waitForResponse(app, (r) => path(r.url) === "/api/v1/courts/sdny/time-rules" && r.status === 200, 15_000);
  const e = expectations();
  await page.locator("#deadline-trigger option[value='service_of_motion']").waitFor({ state: "attached" });
  await page.selectOption("#deadline-trigger", "service_of_motion");
  await page.fill("#deadline-date", "2026-11-12");
  await page.fill("#deadline-time", "14:30");
  await page.selectOption("#deadline-service", "mail");
  await page.locator("#deadline-list li.deadline").first().waitFor();
  const state = async () => ({
    court: await page.inputValue("#field-district_id"),
    trigger: await page.inputValue("#deadline-trigger"),
    date: await page.inputValue("#deadline-date"),
    time: await page.inputValue("#deadline-time"),
    service: await page.inputValue("#deadline-service"),
  });
  const expected = JSON.stringify({ court: "sdny", trigger: "service_of_motion", date: "2026-11-12", time: "14:30", service: "mail" });
  const first = await page.locator("#deadlines-summary").innerText();
  await page.reload();
  await page.locator("#deadline-list li.deadline").first().waitFor({ timeout: 15_000 });
  e.check(JSON.stringify(await state()) === expected, `after a reload: ${JSON.stringify(await state())}`);
  e.check((await page.locator("#deadlines-summary").innerText()) === first, "the deadlines after a reload differ");
  await page.goto("about:blank");
  await page.goBack();
  await page.locator("#deadline-list li.deadline").first().waitFor({ timeout: 15_000 });
  e.check(JSON.stringify(await state()) === expected, `after Back: ${JSON.stringify(await state())}`);
  e.done();
});

test("5: 'sample data' said once, a count too large said so, and what could not run not blamed on the form", { timeout: 45_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { district: "edny", judge: "avery-sample" });
  const e = expectations();
  await page.fill("#field-document-word_count", "6000");
  await page.fill("#field-document-page_count", "20");
  await verdict(page);
  const coverage = await page.locator("#coverage-note").innerText();
  e.check(coverage.split("(sample data").length - 1 === 1, `the Applied line: ${coverage}`);
  const skipped = await page.locator("#skipped h3").innerText();
  e.check(/^Could not run \(\d+\)$/.test(skipped), `the heading: ${skipped}`);
  await page.fill("#field-document-page_count", "99999999999");
  await page.locator("#field-document-word_count").focus();
  const problem = page.locator("#field-document-page_count-problem");
  await problem.waitFor({ timeout: 5_000 });
  const text = await problem.innerText();
  e.check(text === "Page count is too large: enter the count itself, like 25.", `the problem: ${text}`);
  e.done();
});

test("6: N.D. Tex. limits a memorandum by pages only: the word count is said not to be needed, the verdict does not wait for it, and it stays in use", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { district: "txnd", judge: "court" });
  const e = expectations();
  await page.selectOption("#field-document_scope", "brief_support");
  await page.selectOption("#field-motion_type", "Rule_12");
  await page.fill("#field-document-page_count", "30");
  const input = page.locator("#field-document-word_count");
  const note = page.locator("#field-document-word_count-note");
  await note.filter({ hasText: "Not needed" }).waitFor({ timeout: 5_000 });
  e.check(
    (await note.innerText()) === "Not needed: none of this court's rules for this filing counts words; they limit its length by pages. You may still enter it.",
    `the note: ${await note.innerText()}`,
  );
  e.check((await note.getAttribute("role")) === "status", "the note is not a status");
  e.check((await page.locator("label[for='field-document-word_count']").innerText()) === "Word count (optional)", "the label does not say optional");
  e.check(((await input.getAttribute("aria-describedby")) ?? "").split(" ").includes("field-document-word_count-note"), "the field is not described by the note");
  e.check(await input.isEnabled(), "the field is disabled");
  // The verdict comes without a word count: the 25-page limit fails.
  await verdict(page);
  const summary = await page.locator("#summary").innerText();
  e.check(!/word count/i.test(summary), `the verdict asks for the word count: ${summary}`);
  e.check((await page.locator("li.result[data-status='FAIL'][data-category='PAGE_LIMIT']", { hasText: "25 pages" }).count()) === 1, "no failed 25-page limit");
  e.check((await page.locator("#field-document-word_count-problem").count()) === 0, "a problem is shown for the word count");
  const axe = await runAxe(page);
  const serious = axe.violations.filter((v) => ["serious", "critical"].includes(v.impact));
  e.check(serious.length === 0, `axe-core with the note shown: ${serious.map((v) => v.id).join(", ")}`);
  // The server takes the same request and gives the same answer.
  await page.click("#server-check");
  await e.wait(page.locator("#server-result [data-agree='true']").waitFor({ timeout: 15_000 }), "the server does not agree");
  // Still in use: a count typed is sent, and does not change N.D. Tex.'s answer.
  const results = () => page.locator("#results li.result").allInnerTexts();
  const before = await results();
  await input.fill("9000");
  await verdict(page);
  e.check(JSON.stringify(await results()) === JSON.stringify(before), "a word count changed N.D. Tex.'s results");
  // E.D.N.Y. counts a memorandum's words: the field is as it always was, and the verdict asks for it.
  await input.fill("");
  await chooseJudge(app, { district: "edny", judge: "court" });
  await page.locator("#field-document-word_count-note").filter({ hasText: /^$/ }).waitFor({ state: "attached", timeout: 5_000 });
  e.check((await page.locator("label[for='field-document-word_count']").innerText()) === "Word count", "the label still says optional in E.D.N.Y.");
  e.check((await page.locator(".field[data-needed='false']").count()) === 0, "the field is still marked not needed");
  // Asked for in the verdict, or next to the field once it has been left.
  await page.locator("#verdict:not([data-status])").waitFor({ timeout: 5_000 }).catch(() => {});
  const asked = `${await page.locator("#summary").innerText()} ${await page.locator("#field-document-word_count-problem").allInnerTexts()}`;
  e.check(/word count/.test(asked) && (await page.locator("#verdict[data-status]").count()) === 0, `E.D.N.Y. does not ask for the word count: ${asked}`);
  // A letter there counts no words.
  await page.selectOption("#field-document_scope", "letter");
  await e.wait(note.filter({ hasText: "Not needed: none of this court's rules for this filing counts words. You may still enter it." }).waitFor({ timeout: 5_000 }), "a letter in E.D.N.Y. is asked its words");
  e.done();
});

test("7: a reply memorandum filed as the moving party is pointed out next to the document and role, and one click sets the role", { timeout: 45_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await chooseJudge(app, { district: "edny", judge: "court" });
  const e = expectations();
  await page.selectOption("#field-filing_role", "movant");
  await page.selectOption("#field-document_scope", "brief_reply");
  const note = page.locator("#role-note");
  await note.waitFor({ timeout: 5_000 });
  const said = await note.innerText();
  e.check(
    said.includes("A reply memorandum is the moving party's reply: its filing role is Reply, not Moving party. As chosen, it is checked by the rules for a moving party's own papers, not by those for replies."),
    `the note: ${said}`,
  );
  e.check((await note.locator("xpath=..").getAttribute("role")) === "status", "the note is not in a status region");
  for (const field of ["#field-document_scope", "#field-filing_role"]) {
    const describedBy = (await page.locator(field).getAttribute("aria-describedby")) ?? "";
    e.check(describedBy.split(" ").includes("role-note"), `${field} is not described by the note (${describedBy})`);
  }
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, "paralegal-role-note.png") });
  const axe = await runAxe(page);
  const serious = axe.violations.filter((v) => ["serious", "critical"].includes(v.impact));
  e.check(serious.length === 0, `axe-core with the note shown: ${serious.map((v) => v.id).join(", ")}`);
  const fix = page.locator("#role-fix");
  e.check((await fix.innerText()) === "Make the filing role Reply", `the button: ${await fix.innerText()}`);
  await fix.click();
  await note.waitFor({ state: "detached", timeout: 5_000 });
  e.check((await page.inputValue("#field-filing_role")) === "reply", "the role is not Reply");
  e.check((await page.evaluate(() => document.activeElement?.id)) === "field-filing_role", "focus is not on the filing role");
  e.check(!((await page.locator("#field-filing_role").getAttribute("aria-describedby")) ?? "").includes("role-note"), "the role is still described by a note that went");
  // An opposition filed as the moving party; a letter, which any side files, is not noted.
  await page.selectOption("#field-filing_role", "movant");
  await page.selectOption("#field-document_scope", "brief_opposition");
  await note.waitFor({ timeout: 5_000 });
  e.check((await note.innerText()).includes("its filing role is Opponent, not Moving party"), `the note: ${await note.innerText()}`);
  await page.selectOption("#field-document_scope", "letter");
  await note.waitFor({ state: "detached", timeout: 5_000 });
  e.check((await note.count()) === 0, "a letter filed as the moving party is noted");
  e.done();
});
