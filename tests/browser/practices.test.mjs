// The drafting app's "Judge's practices" panel (issue 16) against the real server: the
// judge's individual-practices PDF is read in the page, each proposed rule is shown beside
// its highlighted sentence, and the accepted (and corrected) rules replace the judge's
// published standing order in the live check at once — with no request to the server until
// "Save as my organisation's layer" (the page fetches only its document reader, the
// document module, when the panel is opened).
//
// The DOM these tests rely on:
//   #practices-toggle[aria-expanded], #practices-body, #practices-source-url(-problem),
//   .practices-drop, #practices-text, #practices-read-text, #practices-status[data-state],
//   li.proposal[data-rule-key][data-confidence][data-accepted] (input[type=checkbox],
//   input[id$=-threshold], .summary, blockquote.context mark, cite), #practices-not-understood,
//   #proposed-layer-note, #practices-in-use, #practices-save, #practices-saved,
//   #practices-save-problem; and the results of drafting.test.mjs.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  artifacts,
  chooseJudge,
  expectations,
  isDocumentModule,
  openApp,
  root,
  runAxe,
  startAppAndBrowser,
  stopAppAndBrowser,
  waitForResponse,
} from "./support.mjs";

const JUDGE = "avery-sample";
const PRACTICES = "data/documents/sample-order-avery-sample.pdf";
const ADDRESS = "https://courtrules.example/sample-orders/avery-sample";
const MEMORANDA = "Page limit: memoranda in support and in opposition";
const SENTENCE =
  "Unless prior permission has been granted, memoranda of law in support of and in opposition to motions are limited to 25 pages, and reply memoranda are limited to 10 pages.";
const NOT_SAVED = "your proposed layer (not saved)";

let server, origin, browser;

before(async () => ({ server, origin, browser } = await startAppAndBrowser()));
after(() => stopAppAndBrowser({ server, origin, browser }));

async function open(t) {
  const app = await openApp(browser, origin, { apiKey: server.apiKey });
  t.after(async () => {
    if (app.pageErrors.length) t.diagnostic(`page errors: ${app.pageErrors.join(" | ")}`);
    await app.close();
  });
  await app.goto();
  await chooseJudge(app, { judge: JUDGE });
  return app;
}

/** A memorandum in support of a Rule 12 motion, 20 body pages: within the judge's 25. */
async function describeBrief(page) {
  await page.selectOption("#field-document_scope", "brief_support");
  await page.selectOption("#field-motion_type", "Rule_12");
  await page.fill("#field-document-word_count", "5000");
  await page.fill("#field-document-page_count", "20");
  await page.locator("#verdict[data-status]").waitFor();
}

/** Every state `#practices-status` takes from now on (recorded in the page, so brief ones count). */
async function recordStates(page) {
  await page.evaluate(() => {
    window.__practicesStates = [];
    const status = document.getElementById("practices-status");
    const note = () => window.__practicesStates.push(status.dataset.state + ": " + status.textContent);
    new MutationObserver(note).observe(status, { attributes: true, childList: true, characterData: true, subtree: true });
  });
}

/** Drops a file of the repository on the panel's drop zone, as a user would. */
async function dropOnPanel(page, path, type = "application/pdf") {
  const bytes = readFileSync(join(root, path)).toString("base64");
  await page.evaluate(
    ({ bytes, name, type }) => {
      const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      const zone = document.querySelector(".practices-drop");
      zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { bytes, name: path.split("/").at(-1), type },
  );
}

/** The results as the reader sees them, without the time the check took. */
async function resultsText(page) {
  return page.evaluate(() =>
    ["#summary", "#checks-ran", "#coverage-note", "#results section.group", "#results section.skipped"]
      .flatMap((selector) => [...document.querySelectorAll(selector)].map((e) => e.innerText))
      .join("\n"),
  );
}

const pageLimit = (page, status) => page.locator(`#results li.result[data-category="PAGE_LIMIT"][data-status="${status}"]`);

/** Opens the panel from the keyboard, gives the address and drops the sample practices PDF. */
async function readPractices(app, e) {
  const { page } = app;
  const toggle = page.locator("#practices-toggle");
  e.check((await toggle.getAttribute("aria-expanded")) === "false", "the panel is not collapsed at first");
  e.check(!(await page.locator("#practices-body").isVisible()), "the panel's body is shown before it is opened");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await page.locator("#practices-body").waitFor({ state: "visible" });
  e.check((await toggle.getAttribute("aria-expanded")) === "true", "the toggle does not say it is expanded");

  await recordStates(page);
  // No address yet: the document waits, and the engine's words say what is needed.
  await dropOnPanel(page, PRACTICES);
  await page.locator("#practices-status[data-state='waiting']").waitFor();
  const problem = page.locator("#practices-source-url-problem");
  await problem.waitFor();
  e.check(/must be an http\(s\) address, like https:\/\/example\.com\//.test(await problem.innerText()), `address problem: ${await problem.innerText()}`);
  // The address given, the waiting document is read at once.
  await page.fill("#practices-source-url", ADDRESS);
  await page.keyboard.press("Tab");
  await page.locator("#practices-status[data-state='read']").waitFor({ timeout: 20_000 });
  const states = await page.evaluate(() => window.__practicesStates);
  e.check(states.some((s) => /^reading: Reading .*sample-order-avery-sample\.pdf/.test(s)), () => `no visible "Reading…" state: ${JSON.stringify(states)}`);
  return page.locator("li.proposal", { hasText: MEMORANDA });
}

test("the judge's practices: a dropped PDF is read in the page, and its accepted, corrected rules are checked at once, with no request", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await describeBrief(page);
  await pageLimit(page, "PASS").first().waitFor();
  const published = await resultsText(page);
  const e = expectations();
  const since = app.requests.length;

  const memoranda = await readPractices(app, e);
  await page.screenshot({ path: join(artifacts, "practices-read.png"), fullPage: true });

  // The page-limit proposal, beside its sentence, highlighted in its page.
  e.check((await memoranda.count()) === 1, `one proposal "${MEMORANDA}" (found ${await memoranda.count()})`);
  e.check((await memoranda.getAttribute("data-rule-key"))?.startsWith("PageLimit:"), "the memoranda proposal is not a PageLimit rule");
  e.check((await memoranda.getAttribute("data-confidence")) === "high", "the memoranda proposal is not high confidence");
  e.check(await memoranda.locator("input[type=checkbox]").isChecked(), "a high-confidence proposal is not accepted by default");
  e.check((await memoranda.locator("mark").innerText()) === SENTENCE, `highlighted: ${JSON.stringify(await memoranda.locator("mark").innerText())}`);
  const context = await memoranda.locator("blockquote.context").innerText();
  e.check(/Page Limits\.\s*Unless/.test(context) && /10 pages\.\s*3\.B\./.test(context), `the sentence is not shown in its page: ${JSON.stringify(context)}`);
  e.check(/§ 3\.A/.test(await memoranda.locator("cite").innerText()), "the citation does not name § 3.A");
  const threshold = memoranda.locator("input[id$='-threshold']");
  e.check((await threshold.inputValue()) === "25", `the page limit field shows ${await threshold.inputValue()}`);
  const pmc = page.locator("li.proposal[data-rule-key^='Pmc:']");
  e.check((await pmc.count()) === 1 && (await pmc.locator("input[id$='-threshold']").count()) === 0, "the conference rule has a threshold field");
  const notUnderstood = await page.locator("#practices-not-understood li").allInnerTexts();
  e.check(notUnderstood.some((text) => /^Page 1, § 3\.B: .*table of contents/.test(text)), () => `not understood: ${JSON.stringify(notUnderstood)}`);

  // Accepted at once: the check runs against the proposed layer, and says so.
  const note = page.locator("#proposed-layer-note");
  await note.waitFor();
  e.check((await note.innerText()).includes(NOT_SAVED), `the note: ${await note.innerText()}`);
  await pageLimit(page, "PASS").filter({ hasText: NOT_SAVED }).first().waitFor();

  // Corrected below the brief's 20 pages: a failure, citing the proposed layer.
  await threshold.fill("15");
  const failure = pageLimit(page, "FAIL");
  await failure.waitFor();
  const failed = await failure.innerText();
  e.check(failed.includes(NOT_SAVED), `the failure does not cite the proposed layer: ${JSON.stringify(failed)}`);
  e.check(/§ 3\.A/.test(failed) && /15 pages/.test(failed), `the failure: ${JSON.stringify(failed)}`);
  e.check((await page.getAttribute("#verdict", "data-status")) === "NON_COMPLIANT", "the verdict is not NON_COMPLIANT");
  e.check(/may not exceed 15 pages/.test(await memoranda.locator(".summary").innerText()), "the summary does not follow the correction");
  e.check(await page.locator("#server-check").isDisabled(), '"Check on server" is enabled while the proposed layer is in use');
  e.check(/does not use the rules proposed on this page/.test(await page.locator("#server-check-reason").innerText()), "no reason is given for the disabled server check");
  await page.screenshot({ path: join(artifacts, "practices-corrected.png"), fullPage: true });

  // A correction that is not a number: said next to the field, and the check waits.
  await threshold.fill("fifteen");
  await threshold.press("Tab");
  await memoranda.locator(".problem", { hasText: "whole number" }).waitFor();
  e.check(/Correct the proposed rule/.test(await page.locator("#summary").innerText()), "the verdict does not ask to correct the proposed rule");
  await threshold.fill("15");
  await failure.waitFor();

  // Unticked: that rule no longer applies.
  await memoranda.locator("input[type=checkbox]").uncheck();
  await failure.waitFor({ state: "detached" });
  e.check((await memoranda.getAttribute("data-accepted")) === "false", "the unticked proposal is still marked accepted");
  // Everything unticked: the judge's published profile again, exactly as before.
  for (const box of await page.locator("li.proposal input[type=checkbox]").all()) await box.uncheck();
  await note.waitFor({ state: "detached" });
  await page.waitForTimeout(200);
  const back = await resultsText(page);
  e.check(back === published, () => `the results with nothing accepted differ from the published profile's:\n${back}\n---\n${published}`);
  e.check(!(await page.locator("#server-check").isDisabled()), '"Check on server" stays disabled with nothing accepted');

  // Nothing but the document reader (the document module, fetched when the panel opens).
  const requests = app.requests.slice(since).filter((r) => !isDocumentModule(r));
  e.check(requests.length === 0, () => `requests while reading and checking the practices: ${requests.map((r) => `${r.method} ${r.url}`).join(", ")}`);
  e.done();
});

test("the judge's practices: pasted text is read too, and the panel is accessible and fits a phone", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  const e = expectations();
  const since = app.requests.length;
  await page.click("#practices-toggle");
  await page.fill("#practices-source-url", ADDRESS);
  await page.fill(
    "#practices-text",
    "1. Motions\n1.A. Memoranda of law in support of motions are limited to 20 pages.\n1.B. Counsel shall confer in good faith before any discovery motion.\n",
  );
  await page.click("#practices-read-text");
  await page.locator("#practices-status[data-state='read']").waitFor();
  const proposal = page.locator("li.proposal[data-rule-key^='PageLimit:']");
  e.check((await proposal.count()) === 1, `${await proposal.count()} page-limit proposals from the pasted text`);
  e.check(/limited to 20 pages/.test(await proposal.locator("mark").innerText()), "the pasted sentence is not highlighted");
  e.check((await page.locator("#practices-not-understood li", { hasText: "confer in good faith" }).count()) === 1, "the conference sentence is not listed as not understood");

  const result = await runAxe(page);
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  e.check(bad.length === 0, () => `axe: ${bad.map((v) => `${v.impact}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`).join("; ")}`);
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll("#practices input, #practices textarea, #practices button")]
      .filter((el) => !(el.labels?.length || el.getAttribute("aria-label") || el.textContent.trim()))
      .map((el) => el.id || el.outerHTML),
  );
  e.check(unlabelled.length === 0, () => `unlabelled controls: ${unlabelled.join(", ")}`);

  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  e.check(width <= 390, `the page is ${width}px wide at 390px`);
  await page.locator("#practices").screenshot({ path: join(artifacts, "practices-phone.png") });
  const requests = app.requests.slice(since).filter((r) => !isDocumentModule(r));
  e.check(requests.length === 0, () => `requests: ${requests.map((r) => `${r.method} ${r.url}`).join(", ")}`);
  e.done();
});

// Needs POST /api/v1/standing-order-layers/{district_id}/{judge_slug}/versions (issue 16, the server part).
test("Save as my organisation's layer sends the accepted rules, once, and says which version they became", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  await describeBrief(page);
  const e = expectations();
  const memoranda = await readPractices(app, e);
  await memoranda.locator("input[id$='-threshold']").fill("15");
  await pageLimit(page, "FAIL").waitFor();
  const accepted = await page.locator("li.proposal[data-accepted='true']").count();

  const [request] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/api/v1/standing-order-layers/")),
    page.click("#practices-save"),
  ]);
  e.check(request.method() === "POST", `the save is a ${request.method()}`);
  e.check(new URL(request.url()).pathname === `/api/v1/standing-order-layers/edny/${JUDGE}/versions`, `the save goes to ${request.url()}`);
  const body = request.postDataJSON();
  e.check(
    JSON.stringify(Object.keys(body).sort()) === JSON.stringify(["rules", "source_url", "title"]),
    `the body's fields: ${Object.keys(body)}`,
  );
  e.check(body.source_url === ADDRESS && /Avery Sample/.test(body.title), `title and address: ${body.title}, ${body.source_url}`);
  e.check(body.rules?.length === accepted, `${body.rules?.length} rules sent, ${accepted} accepted`);
  const sent = body.rules?.find((rule) => rule.label === MEMORANDA);
  e.check(sent?.params?.max_pages === 15 && sent?.source_url === ADDRESS, `the corrected rule as sent: ${JSON.stringify(sent)}`);

  const outcome = page.locator("#practices-saved, #practices-save-problem");
  await outcome.first().waitFor({ timeout: 15_000 });
  const said = await outcome.first().innerText();
  e.check(/^Saved as version 1\b/.test(said), `after Save: ${JSON.stringify(said)}`);
  if (/^Saved/.test(said)) {
    e.check((await page.locator("#proposed-layer-note").innerText()).includes("saved as version 1"), "the results do not name the saved version");
  }
  const saves = app.requests.filter((r) => new URL(r.url).pathname.startsWith("/api/v1/standing-order-layers/"));
  e.check(saves.length === 1, `${saves.length} save requests`);
  await page.screenshot({ path: join(artifacts, "practices-saved.png"), fullPage: true });

  // The server now checks against the saved layer: the page fetches the judge's rules
  // again, so that with every rule unticked it checks as the server does (no "differs",
  // no advice to reload, which would lose the form).
  const savedAt = saves[0]?.at ?? 0;
  const profileAgain = (r) => r.at >= savedAt && new URL(r.url).pathname === "/api/v1/profile" && r.status === 200;
  await e.wait(waitForResponse(app, profileAgain, 15_000), "the judge's rules were not fetched again after the save");
  await page.waitForFunction(() => !document.querySelector("#results[data-refreshing]"), null, { timeout: 15_000 });
  for (const box of await page.locator("li.proposal input[type=checkbox]").all()) if (await box.isChecked()) await box.uncheck();
  await page.locator("#proposed-layer-note").waitFor({ state: "detached" });
  await page.click("#server-check");
  const answer = page.locator("#server-result [data-agree]");
  if (await e.wait(answer.waitFor({ timeout: 15_000 }), "no server answer")) {
    const text = await page.locator("#server-result").innerText();
    e.check((await answer.getAttribute("data-agree")) === "true", `after the save, the server's check: ${JSON.stringify(text.slice(0, 300))}`);
    e.check(!/reload/i.test(text), `the page advises a reload: ${JSON.stringify(text.slice(0, 300))}`);
  }
  e.check((await page.inputValue("#field-document-page_count")) === "20", "the form was not kept");
  e.done();
});

test("the address must name a site and have no spaces; a save refused for its key says so in words, next to the key field", { timeout: 60_000 }, async (t) => {
  const app = await open(t);
  const { page } = app;
  const e = expectations();
  await page.click("#practices-toggle");
  const problem = page.locator("#practices-source-url-problem");
  const said = async (address) => {
    await page.fill("#practices-source-url", address);
    await page.locator("#practices-source-url").blur();
    return (await problem.count()) ? await problem.innerText() : null;
  };
  for (const address of ["https://", "http://", "https://localhost/practices"]) {
    const text = await said(address);
    e.check(/must name the site after http:\/\/ or https:\/\//.test(text), `${JSON.stringify(address)}: ${JSON.stringify(text)}`);
  }
  e.check(/must not contain spaces/.test(await said("http://exa mple.com")), "an address with a space is taken");
  for (const address of ["javascript:alert(1)", "ftp://x.example/z"]) {
    e.check(/must be an http\(s\) address, like https:\/\/example\.com\//.test(await said(address)), `${JSON.stringify(address)} is taken`);
  }
  // A document read while the address is unusable waits for a usable one.
  await page.fill("#practices-text", "1. Motions\n1.A. Memoranda of law in support of motions are limited to 20 pages.\n");
  await page.fill("#practices-source-url", "https://");
  await page.click("#practices-read-text");
  await page.locator("#practices-status[data-state='waiting']").waitFor();
  e.check((await said(ADDRESS)) === null, "the sample's address is refused");
  await page.locator("#practices-status[data-state='read']").waitFor({ timeout: 20_000 });
  // The address changed after the read, to one that is not usable: nothing is saved.
  await said("https://");
  e.check(await page.isDisabled("#practices-save"), "Save is enabled with an unusable address");
  await said(ADDRESS);

  // The key is revoked meanwhile: the server refuses it (its real 403).
  const refused = `Bearer ${server.apiKey.split("_").slice(0, 2).join("_")}_${"0".repeat(64)}`;
  await page.route("**/api/v1/standing-order-layers/**", (route) => route.continue({ headers: { ...route.request().headers(), authorization: refused } }));
  await page.click("#practices-save");
  const refusal = page.locator("#practices-save-problem");
  if (await e.wait(refusal.waitFor({ timeout: 10_000 }), "no refusal shown")) {
    const text = await refusal.innerText();
    e.check(/^Not saved: the server refused the API key; paste a valid key above/.test(text), `the refusal: ${JSON.stringify(text)}`);
    e.check(!/\(\d{3}\)|courtrules keys|`|not valid\. Check/.test(text), `the refusal carries the API's words: ${JSON.stringify(text)}`);
  }
  await e.wait(page.locator("#api-key-problem").waitFor({ timeout: 2_000 }), "the refused key is not said next to the key field");
  e.done();
});
