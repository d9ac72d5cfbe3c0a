// The drafting app's deadlines panel in headless Chromium against the real server: the
// court's time rules are fetched once, every deadline is computed in the page (no request
// to /deadlines while the user picks), the dates and their order are what
// POST /api/v1/deadlines answers, "Compute on server" finds the same bytes, the trail
// cites Rule 6, and switching the court recomputes from that court's rules. Each step of
// the trail shows its day (and time) in words; only a one-line summary is a live region,
// not the list; the event's time is asked for, and used, when a period is counted in hours.
//
// Needs: web/dist (`trunk build --release`), target/release/courtrules, /usr/bin/chromium.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { chooseJudge, openApp, runAxe, startAppAndBrowser, stopAppAndBrowser, waitForResponse } from "./support.mjs";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "Thursday 3 December 2026" for "2026-12-03", as the panel says a day. */
function longDate(iso) {
  const [y, m, d] = iso.split("-").map(Number);
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${d} ${MONTHS[m - 1]} ${y}`;
}

let started, server, origin, browser, app;

before(async () => {
  started = await startAppAndBrowser();
  ({ server, origin, browser } = started);
  app = await openApp(browser, origin, { apiKey: server.apiKey });
  await app.goto();
  await chooseJudge(app, { district: "edny" });
});

after(async () => {
  await app?.close();
  if (started) await stopAppAndBrowser(started);
});

const path = (url) => new URL(url).pathname;
const deadlineRequests = () => app.requests.filter((r) => path(r.url) === "/api/v1/deadlines");

/** The server's answer to a deadline request. */
async function serverDeadlines(body) {
  const response = await fetch(`${server.baseUrl}/api/v1/deadlines`, {
    method: "POST",
    headers: { Authorization: `Bearer ${server.apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200);
  return response.json();
}

/** Sets the panel's three fields and waits for the list to show `trigger_date`'s deadlines. */
async function ask(page, { trigger, date, service }) {
  await page.selectOption("#deadline-trigger", trigger);
  await page.fill("#deadline-date", date);
  await page.selectOption("#deadline-service", service);
  await page.locator("#deadline-list li.deadline").first().waitFor();
}

/** The deadlines the page shows, in order: [period key, due date]. */
const shown = (page) =>
  page.$$eval("#deadline-list li.deadline", (items) => items.map((li) => [li.dataset.periodKey, li.dataset.due]));

test("the panel computes in the page what POST /api/v1/deadlines answers, with no request to it", async () => {
  const { page } = app;
  await waitForResponse(app, (r) => path(r.url) === "/api/v1/courts/edny/time-rules" && r.status === 200, 15_000);
  const cases = [
    { trigger: "entry_of_judgment", date: "2026-12-24", service: "electronic" },
    { trigger: "service_of_motion", date: "2026-02-06", service: "mail" },
    { trigger: "hearing", date: "2027-01-04", service: "electronic" },
    { trigger: "service_of_summons", date: "2026-11-20", service: "personal" },
  ];
  for (const c of cases) {
    await ask(page, c);
    const judge = await page.inputValue("#field-judge_slug");
    const expected = await serverDeadlines({
      district_id: "edny", trigger: c.trigger, trigger_date: c.date, service_method: c.service, judge_slug: judge,
    });
    await page.waitForFunction(
      (want) => JSON.stringify([...document.querySelectorAll("#deadline-list li.deadline")].map((li) => [li.dataset.periodKey, li.dataset.due])) === want,
      JSON.stringify(expected.deadlines.map((d) => [d.period_key, d.due_date])),
      { timeout: 5_000 },
    ).catch(() => {});
    assert.deepEqual(await shown(page), expected.deadlines.map((d) => [d.period_key, d.due_date]), JSON.stringify(c));
  }
  assert.equal(deadlineRequests().length, 0, "the page computed alone");
  const timeRulesFetches = app.requests.filter((r) => path(r.url) === "/api/v1/courts/edny/time-rules");
  assert.equal(timeRulesFetches.length, 1, "the court's time rules are fetched once");
});

test("each deadline shows its date in words, its rule, and the steps that moved it", async () => {
  const { page } = app;
  // Judgment on Thursday 24 December 2026: 28 days land on Thursday 21 January 2027.
  await ask(page, { trigger: "entry_of_judgment", date: "2026-12-24", service: "electronic" });
  const item = page.locator("#deadline-list li.deadline[data-period-key='frcp-59-b-new-trial-motion']");
  await item.waitFor();
  assert.equal(await item.getAttribute("data-due"), "2027-01-21");
  assert.match(await item.locator(".due").innerText(), /^Thursday 21 January 2027$/);
  assert.match(await item.innerText(), /Fed\. R\. Civ\. P\. 59\(b\)/);
  await item.locator("summary").click();
  const trail = await item.locator(".trail li").allInnerTexts();
  assert.ok(trail.length >= 3, trail.join("\n"));
  assert.ok(trail.some((step) => /6\(a\)\(1\)/.test(step)), `the trail cites Rule 6(a)(1):\n${trail.join("\n")}`);

  // A period that ends on a Saturday rolls to Monday, and the trail says why.
  await ask(page, { trigger: "service_of_motion", date: "2026-02-06", service: "mail" });
  const steps = (await page.locator("#deadline-list .trail li").allTextContents()).join("\n");
  assert.match(steps, /Saturday|Sunday|holiday/i, "a skipped day is explained");
  assert.match(steps, /6\(d\)/, "mail service cites Rule 6(d)");
});

test("Compute on server: the server's answer is byte for byte the page's", async () => {
  const { page } = app;
  await ask(page, { trigger: "entry_of_order", date: "2026-11-25", service: "mail" });
  const before = deadlineRequests().length;
  await page.click("#deadlines-server");
  await page.locator("#deadlines-server-result [data-agree='true']").waitFor({ timeout: 15_000 });
  assert.equal(deadlineRequests().length, before + 1, "one request to the server");
});

test("another court: its time rules are fetched and its own periods appear", async () => {
  const { page } = app;
  await chooseJudge(app, { district: "nhd" });
  await waitForResponse(app, (r) => path(r.url) === "/api/v1/courts/nhd/time-rules" && r.status === 200, 15_000);
  await ask(page, { trigger: "service_of_motion", date: "2026-03-02", service: "electronic" });
  await page.locator("#deadline-list li.deadline[data-period-key^='nhd-']").first().waitFor({ timeout: 5_000 });
  const expected = await serverDeadlines({
    district_id: "nhd", trigger: "service_of_motion", trigger_date: "2026-03-02", service_method: "electronic",
    judge_slug: await page.inputValue("#field-judge_slug"),
  });
  assert.deepEqual(await shown(page), expected.deadlines.map((d) => [d.period_key, d.due_date]));
});

test("an empty date asks for one; the panel has no serious accessibility problem", async () => {
  const { page } = app;
  await page.fill("#deadline-date", "");
  await page.locator("#deadlines-problem", { hasText: "Enter the date of the event." }).waitFor({ timeout: 5_000 });
  assert.equal(await page.isDisabled("#deadlines-server"), true);
  await page.fill("#deadline-date", "2026-03-02");
  await page.locator("#deadline-list li.deadline").first().waitFor();
  const result = await runAxe(page);
  const inPanel = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .filter((v) => v.nodes.some((node) => node.target.some((target) => String(target).includes("deadline"))));
  assert.deepEqual(inPanel.map((v) => `${v.id}: ${v.help}`), []);
  assert.deepEqual(app.pageErrors, []);
});

test("a date the engine refuses is said in words, tied to the date field; so is the server's refusal", async () => {
  const { page } = app;
  const problem = page.locator("#deadlines-problem");
  const date = page.locator("#deadline-date");
  // Before Rule 6's text the engine counts under (1 December 2016): refused, in words.
  await page.fill("#deadline-date", "2010-06-01");
  await problem.filter({ hasText: "The date of the event must be on or after" }).waitFor({ timeout: 5_000 });
  const said = await problem.innerText();
  assert.match(said, /^The date of the event must be on or after \w+ 1 December 2016: /);
  assert.doesNotMatch(said, /trigger_date|`|2016-12-01|got /);
  assert.equal(await date.getAttribute("aria-invalid"), "true");
  assert.equal(await date.getAttribute("aria-describedby"), "deadlines-problem");
  assert.equal(await page.isDisabled("#deadlines-server"), true);
  // The date field's lower bound is that day too (the engine's earliest event date).
  assert.equal(await date.getAttribute("min"), "2016-12-01");
  // Before 1971 as well: the bound that matters is the rules' text, said the same way.
  await page.fill("#deadline-date", "1970-12-31");
  await problem.filter({ hasText: "1 December 2016" }).waitFor({ timeout: 5_000 });
  assert.match(await problem.innerText(), /^The date of the event must be on or after \w+ 1 December 2016: /);
  assert.doesNotMatch(await problem.innerText(), /trigger_date|`|got /);

  // The server refuses a date the page took (as when the server's engine is the newer):
  // its 400 is told in the same words, not as the API's field path.
  await page.fill("#deadline-date", "2026-03-02");
  await page.locator("#deadline-list li.deadline").first().waitFor();
  assert.equal(await date.getAttribute("aria-invalid"), null);
  await page.route("**/api/v1/deadlines", (route) =>
    route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), trigger_date: "2010-06-01" }) }),
  );
  const [response] = await Promise.all([page.waitForResponse((r) => path(r.url()) === "/api/v1/deadlines"), page.click("#deadlines-server")]);
  assert.equal(response.status(), 400);
  const server = page.locator("#deadlines-server-result .problem");
  await server.waitFor();
  // (The page's own date is not before the rules' text here, so the server's sentence is
  // told as it is, by the field's name.)
  assert.match(await server.innerText(), /The date of the event must be on or after 2016-12-01, the day Fed\. R\. Civ\. P\. 6\(d\) took/);
  assert.doesNotMatch(await server.innerText(), /trigger_date|`|\(400\)/);
  await page.unroute("**/api/v1/deadlines");
});

test("each step of the trail shows its day in words: S.D.N.Y., a motion served by mail", async () => {
  const { page } = app;
  await chooseJudge(app, { district: "sdny" });
  await waitForResponse(app, (r) => path(r.url) === "/api/v1/courts/sdny/time-rules" && r.status === 200, 15_000);
  // Served Thursday 12 November 2026 by mail: 21 days land on Thursday 3 December, 3 days
  // added for mail make Sunday 6 December, which rolls to Monday 7 December.
  await ask(page, { trigger: "service_of_motion", date: "2026-11-12", service: "mail" });
  const item = page.locator("#deadline-list li.deadline[data-period-key='frcp-15-a-1-b-amend-after-rule-12-motion']");
  await item.waitFor({ timeout: 5_000 });
  assert.equal(await item.getAttribute("data-due"), "2026-12-07");
  await item.locator("summary").click();
  const step = (kind) => item.locator(`.trail li[data-step='${kind}']`);
  assert.match(await step("exclude_event_day").innerText(), /^Thursday 12 November 2026: The day of the event/);
  assert.match(await step("count").innerText(), /^Thursday 3 December 2026: Counting 21 days forward/);
  assert.match(await step("add_service_days").innerText(), /^Sunday 6 December 2026: Served by mail/);
  assert.match(await step("skip").innerText(), /^Sunday 6 December 2026: This day is a Sunday: /);
  assert.match(await step("last_day").innerText(), /^Monday 7 December 2026: The last day ends at midnight/);
  // Machine-readable too, and no ISO date left in the words.
  assert.equal(await step("count").locator("time").getAttribute("datetime"), "2026-12-03");
  assert.doesNotMatch((await item.locator(".trail").innerText()), /\d{4}-\d{2}-\d{2}/);
  // A step about no day (the period itself) has no date before it.
  assert.equal(await step("period").locator("time").count(), 0);
  // Every dated step of every deadline shows the day the engine gives it.
  const expected = await serverDeadlines({
    district_id: "sdny", trigger: "service_of_motion", trigger_date: "2026-11-12", service_method: "mail",
    judge_slug: await page.inputValue("#field-judge_slug"),
  });
  const shownSteps = await page.$$eval("#deadline-list li.deadline", (items) =>
    items.map((li) => [...li.querySelectorAll(".trail > li")].map((step) => step.querySelector("time")?.getAttribute("datetime") ?? null)),
  );
  assert.deepEqual(shownSteps, expected.deadlines.map((d) => d.trail.map((s) => s.date)));
});

test("only a one-line summary is a live region, not the list of deadlines", async () => {
  const { page } = app;
  await ask(page, { trigger: "service_of_motion", date: "2026-11-12", service: "mail" });
  const summary = page.locator("#deadlines-summary");
  assert.equal(await summary.getAttribute("role"), "status");
  const live = "[role=status], [role=alert], [role=log], [aria-live]";
  assert.equal(await page.$eval("#deadline-list", (list, live) => list.closest(live)?.id ?? null, live), null, "the list is in no live region");
  assert.equal(await page.$eval("#deadlines-answer", (answer, live) => answer.closest(live)?.id ?? null, live), null);
  // The summary: how many, and when the first is due (the earliest), in words.
  const expected = await serverDeadlines({
    district_id: "sdny", trigger: "service_of_motion", trigger_date: "2026-11-12", service_method: "mail",
    judge_slug: await page.inputValue("#field-judge_slug"),
  });
  const n = expected.deadlines.length;
  assert.ok(n > 1);
  await summary.filter({ hasText: `${n} deadlines` }).waitFor({ timeout: 5_000 });
  assert.equal(await summary.innerText(), `${n} deadlines; the first due ${longDate(expected.deadlines[0].due_date)}.`);
  // What a screen reader hears at each change is this one short line.
  assert.ok((await summary.innerText()).length < 100, await summary.innerText());
  // A problem is said in the live region, and stays what the date field is described by.
  await page.fill("#deadline-date", "");
  await summary.locator("#deadlines-problem", { hasText: "Enter the date of the event." }).waitFor({ timeout: 5_000 });
  assert.equal(await page.locator("#deadline-list").count(), 0);
  assert.equal(await page.getAttribute("#deadline-date", "aria-describedby"), "deadlines-problem");
  // A time given for periods in days changes nothing.
  await page.fill("#deadline-date", "2026-11-12");
  await page.locator("#deadline-list li.deadline").first().waitFor();
  await page.fill("#deadline-time", "09:15");
  await summary.filter({ hasText: `${n} deadlines` }).waitFor({ timeout: 5_000 });
  assert.deepEqual(await shown(page), expected.deadlines.map((d) => [d.period_key, d.due_date]));
  await page.fill("#deadline-time", "");
});

test("a period in hours: the event's time is asked for in words, then used; 24:00 is the end of the day", async () => {
  // This court's time rules with a period of 48 hours (none ships today).
  const hours = await openApp(browser, origin, { apiKey: server.apiKey });
  const hourPeriod = {
    period_key: "test-48-hours", layer: "local", label: "Reply (48 hours)", trigger: "service_of_motion",
    amount: 48, unit: "hours", direction: "after", runs_from_service: false, citation: "Test L. Civ. R. 1",
    summary: "A reply within 48 hours.", source_text: "A reply is due within 48 hours.", source_url: "https://example.com/rule-1",
  };
  await hours.context.route("**/api/v1/courts/*/time-rules", async (route) => {
    const response = await route.fetch();
    const rules = await response.json();
    rules.periods.push(hourPeriod);
    await route.fulfill({ response, body: JSON.stringify(rules) });
  });
  try {
    const { page } = hours;
    await hours.goto();
    await chooseJudge(hours, { district: "sdny" });
    await waitForResponse(hours, (r) => path(r.url) === "/api/v1/courts/sdny/time-rules", 15_000);
    const time = page.locator("#deadline-time");
    await time.waitFor();
    assert.equal(await time.getAttribute("type"), "time");
    assert.equal(await page.locator("label[for='deadline-time']").innerText(), "Time of the event (court time)");
    await page.selectOption("#deadline-trigger", "service_of_motion");
    await page.fill("#deadline-date", "2026-03-05");
    // No time yet: asked for by the field's name, the field marked.
    const problem = page.locator("#deadlines-problem");
    await problem.filter({ hasText: "time of the event" }).waitFor({ timeout: 5_000 });
    assert.match(await problem.innerText(), /^Enter the time of the event \(court time\)/);
    assert.doesNotMatch(await problem.innerText(), /The question|trigger_time|HH:MM/);
    assert.equal(await time.getAttribute("aria-invalid"), "true");
    assert.match(await time.getAttribute("aria-describedby"), /\bdeadlines-problem\b/);

    const judge = await page.inputValue("#field-judge_slug");
    /** What the server answers with the same period given as a court order's. */
    const expectedFor = async (date, at) => {
      const answer = await serverDeadlines({
        district_id: "sdny", trigger: "service_of_motion", trigger_date: date, trigger_time: at, service_method: "electronic",
        judge_slug: judge,
        custom_periods: [{ label: hourPeriod.label, amount: 48, unit: "hours", direction: "after", citation: hourPeriod.citation }],
      });
      return answer.deadlines.map((d) => [d.period_key === "custom-1" ? hourPeriod.period_key : d.period_key, d.due_date]);
    };
    const item = page.locator("#deadline-list li.deadline[data-period-key='test-48-hours']");

    // Thursday 5 March 2026 at 14:30: 48 hours end on Saturday at 14:30, run to Monday.
    await page.fill("#deadline-time", "14:30");
    await item.waitFor({ timeout: 5_000 });
    assert.equal(await time.getAttribute("aria-invalid"), null);
    assert.deepEqual(await shown(page), await expectedFor("2026-03-05", "14:30"));
    assert.equal(await item.locator(".due").innerText(), "Monday 9 March 2026 at 14:30 court time");
    assert.equal(await item.locator(".due time").getAttribute("datetime"), "2026-03-09T14:30");
    await item.locator("summary").click();
    const step = (kind) => item.locator(`.trail li[data-step='${kind}']`);
    assert.match(await step("exclude_event_day").innerText(), /^Thursday 5 March 2026 at 14:30 court time: /);
    assert.match(await step("count").innerText(), /^Saturday 7 March 2026 at 14:30 court time: Counting 48 hours/);
    assert.match(await step("last_day").innerText(), /^Monday 9 March 2026 at 14:30 court time: /);

    // From Monday 2 March at 00:00, 48 hours run out as Tuesday ends: 24:00, in words.
    await page.fill("#deadline-date", "2026-03-02");
    await page.fill("#deadline-time", "00:00");
    await page.locator("#deadline-list li.deadline[data-period-key='test-48-hours'][data-due='2026-03-03']").waitFor({ timeout: 5_000 });
    assert.deepEqual(await shown(page), await expectedFor("2026-03-02", "00:00"));
    const midnight = "Tuesday 3 March 2026 at the end of the day (midnight court time)";
    assert.equal(await item.locator(".due").innerText(), midnight);
    assert.equal(await item.locator(".due time").getAttribute("datetime"), "2026-03-03");
    await item.locator("details").evaluate((details) => (details.open = true));
    assert.match(await step("last_day").innerText(), new RegExp(`^${midnight.replace(/[()]/g, "\\$&")}: `));
    assert.doesNotMatch(await item.innerText(), /24:00/);
    assert.match(await page.locator("#deadlines-summary").innerText(), /the first due .*2026/);

    // The time is sent to the server with the rest of the question.
    const [request] = await Promise.all([
      page.waitForRequest((r) => path(r.url()) === "/api/v1/deadlines"),
      page.click("#deadlines-server"),
    ]);
    assert.equal(request.postDataJSON().trigger_time, "00:00");
    assert.deepEqual(hours.pageErrors, []);
  } finally {
    await hours.close();
  }
});

test("a motion's events: the panel says which local opposition and reply periods are not encoded", async () => {
  const { page } = app;
  const gap = page.locator("#deadlines-local-gap");
  // E.D.N.Y.'s time rules say Local Civil Rule 6.1's periods are not encoded (their notes).
  await chooseJudge(app, { district: "edny" });
  await waitForResponse(app, (r) => path(r.url) === "/api/v1/courts/edny/time-rules" && r.status === 200, 15_000);
  await page.selectOption("#deadline-trigger", "service_of_motion");
  await page.fill("#deadline-date", "2026-03-02");
  await gap.waitFor({ timeout: 5_000 });
  assert.match(await gap.innerText(), /Not encoded: the times to oppose and to reply to a motion under Local Civil Rule 6\.1/);
  // Said once: the answer's own notes below the list leave it out.
  await page.locator("#deadline-list li.deadline").first().waitFor({ timeout: 5_000 });
  assert.doesNotMatch(await page.locator("#deadlines-answer").innerText(), /Local Civil Rule 6\.1/);
  // Not above the answer for an event that starts no briefing; the answer's notes say it.
  await page.selectOption("#deadline-trigger", "entry_of_judgment");
  await gap.waitFor({ state: "detached", timeout: 5_000 });
  await page.locator("#deadlines-answer").getByText(/Local Civil Rule 6\.1/).waitFor({ timeout: 5_000 });
  // D.N.H. encodes its objection periods: its note names what it leaves out.
  await chooseJudge(app, { district: "nhd" });
  await waitForResponse(app, (r) => path(r.url) === "/api/v1/courts/nhd/time-rules" && r.status === 200, 15_000);
  await page.selectOption("#deadline-trigger", "service_of_motion");
  await gap.waitFor({ timeout: 5_000 });
  const said = await gap.innerText();
  assert.match(said, /reply and surreply memoranda under LR 7\.1\(e\)/);
  assert.match(said, /the objection periods of LR 7\.1\(b\) are/);
});

test("time rules the page cannot read are fetched again with a button, never by a reload", async () => {
  const other = await openApp(browser, origin, { apiKey: server.apiKey });
  try {
    const { page } = other;
    let spoil = true;
    await page.route("**/api/v1/courts/*/time-rules", async (route) => {
      if (!spoil) return route.continue();
      await route.fulfill({ status: 200, contentType: "application/json", body: "{}" });
    });
    await other.goto();
    await chooseJudge(other, { district: "edny" });
    const summary = page.locator("#deadlines-summary");
    await summary.getByText("could not be read").waitFor({ timeout: 15_000 });
    assert.doesNotMatch(await summary.innerText(), /reload/i);
    spoil = false;
    await page.click("#deadlines-refetch");
    await page.locator("#deadline-trigger").waitFor();
    await page.fill("#deadline-date", "2026-03-02");
    await page.locator("#deadline-list li.deadline").first().waitFor({ timeout: 10_000 });
    assert.equal(await page.locator("#deadlines-refetch").count(), 0);
  } finally {
    await other.close();
  }
});
