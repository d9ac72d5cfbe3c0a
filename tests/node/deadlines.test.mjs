// Deadlines in the npm package against the real server: `deadlinesJson` over the time
// rules the server serves answers `POST /api/v1/deadlines` byte for byte, for every
// profiled district, every trigger its rules have, dates around weekends and holidays,
// and each service method; invalid requests fail alike; the client's deadline methods
// speak the endpoint (JSON, raw text, iCalendar). Skipped, saying why, when the server
// binary is not built.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { loadPackage, root, serverForTests } from "./support.mjs";

const courtrules = await loadPackage();
let server;
const skip = serverForTests((started) => (server = started));

async function request(method, path, body, headers = {}) {
  const response = await fetch(server.baseUrl + path, {
    method,
    headers: { Authorization: `Bearer ${server.apiKey}`, "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The districts the server computes deadlines for, with their time rules as served. */
async function districtsWithTimeRules() {
  const { courts } = JSON.parse((await request("GET", "/api/v1/courts")).text);
  const found = [];
  for (const court of courts) {
    const answer = await request("GET", `/api/v1/courts/${court.district_id}/time-rules`);
    if (answer.status === 200) found.push({ districtId: court.district_id, rulesText: answer.text });
    else assert.equal(answer.status, 422, `${court.district_id}: ${answer.text}`);
  }
  return found;
}

// Days that make the computation work: weekends, the days before federal holidays
// (including New Year's Day observed on a Friday 31 December 2027), state holidays
// (Lincoln's Birthday, Election Day in New York), month and year ends, a leap day.
const DATES = [
  "2026-01-02", "2026-01-16", "2026-02-06", "2026-02-12", "2026-02-27", "2026-05-22", "2026-06-30",
  "2026-10-30", "2026-11-03", "2026-11-20", "2026-12-11", "2026-12-24", "2027-12-03", "2027-12-30",
  "2028-02-29",
];
const SERVICE_METHODS = ["electronic", "mail", "personal", "leaving_with_clerk", "other_consented"];

test("deadlinesJson over the served time rules answers POST /api/v1/deadlines byte for byte", { skip }, async () => {
  const districts = await districtsWithTimeRules();
  assert.ok(districts.length >= 6, `time rules for only ${districts.length} districts`);
  let compared = 0;
  let deadlines = 0;
  for (const { districtId, rulesText } of districts) {
    const rules = JSON.parse(rulesText);
    const triggers = [...new Set(rules.periods.map((period) => period.trigger))].sort();
    assert.ok(triggers.length >= 5, `${districtId}: ${triggers.length} triggers`);
    for (const [i, trigger] of triggers.entries()) {
      for (const [j, trigger_date] of DATES.entries()) {
        const body = {
          district_id: districtId,
          trigger,
          trigger_date,
          service_method: SERVICE_METHODS[(i + j) % SERVICE_METHODS.length],
        };
        const server = await request("POST", "/api/v1/deadlines", body);
        assert.equal(server.status, 200, `${JSON.stringify(body)}: ${server.text}`);
        assert.equal(courtrules.deadlinesJson(rulesText, JSON.stringify(body)), server.text, JSON.stringify(body));
        // The object API keeps the engine's field order, so it stringifies to the same text.
        assert.equal(JSON.stringify(courtrules.deadlines(rules, body)), server.text, JSON.stringify(body));
        compared++;
        deadlines += JSON.parse(server.text).deadlines.length;
      }
    }
  }
  assert.ok(compared >= 400 && deadlines >= 1000, `${compared} requests, ${deadlines} deadlines compared`);
});

test("periods in hours and a court order's own periods agree too", { skip }, async () => {
  const rulesText = (await request("GET", "/api/v1/courts/sdny/time-rules")).text;
  for (const [trigger_date, trigger_time] of [["2026-02-13", "17:30"], ["2026-12-24", "09:00"], ["2027-12-30", "23:59"]]) {
    const body = {
      district_id: "sdny",
      trigger: "entry_of_order",
      trigger_date,
      trigger_time,
      custom_periods: [
        { label: "Letter in response", amount: 72, unit: "hours", direction: "after", citation: "Order (sample), ECF No. 1" },
        { label: "Status report", amount: 10, unit: "days", direction: "after", runs_from_service: true, citation: "Order (sample), ECF No. 2" },
        { label: "Pre-conference letter", amount: 7, unit: "days", direction: "before", citation: "Order (sample), ECF No. 3" },
      ],
    };
    const server = await request("POST", "/api/v1/deadlines", body);
    assert.equal(server.status, 200, server.text);
    assert.equal(courtrules.deadlinesJson(rulesText, JSON.stringify(body)), server.text, trigger_date);
    const hours = JSON.parse(server.text).deadlines.find((deadline) => deadline.unit === "hours");
    assert.match(hours.due_time, /^\d\d:\d\d$/, "a period in hours ends at a time");
  }
});

test("the browser build (--target web) computes the same bytes as the Node build", { skip }, async () => {
  const web = await import(join(root, "pkg/wasm/check/web/courtrules_check.js"));
  web.initSync({ module: readFileSync(join(root, "pkg/wasm/check/web/courtrules_check_bg.wasm")) });
  const rulesText = (await request("GET", "/api/v1/courts/edny/time-rules")).text;
  for (const trigger_date of DATES) {
    for (const trigger of ["entry_of_judgment", "service_of_motion", "hearing"]) {
      const body = JSON.stringify({ district_id: "edny", trigger, trigger_date, service_method: "mail" });
      assert.equal(web.deadlinesJson(rulesText, body), courtrules.deadlinesJson(rulesText, body), body);
    }
  }
});

test("an invalid request is refused alike: the engine's invalid_request names what the server's 400 names", { skip }, async () => {
  const rulesText = (await request("GET", "/api/v1/courts/edny/time-rules")).text;
  const bad = [
    { district_id: "edny", trigger: "entry_of_judgment", trigger_date: "2026-02-30" },
    { district_id: "edny", trigger: "lunch", trigger_date: "2026-03-02", service_method: "pigeon" },
    { district_id: "edny", trigger: "hearing", trigger_date: "2026-03-02", period_keys: ["no-such-period"] },
    { district_id: "edny", trigger: "hearing", trigger_date: "2026-03-02", custom_periods: [{ label: "", amount: 0, unit: "weeks", direction: "after", citation: "x" }] },
  ];
  for (const body of bad) {
    const server = await request("POST", "/api/v1/deadlines", body);
    assert.equal(server.status, 400, `${JSON.stringify(body)}: ${server.text}`);
    const details = JSON.parse(server.text).details;
    assert.ok(details.length >= 1, server.text);
    assert.throws(
      () => courtrules.deadlinesJson(rulesText, JSON.stringify(body)),
      (error) => {
        assert.equal(error.kind, "invalid_request");
        assert.deepEqual(error.details, details, JSON.stringify(body));
        return true;
      },
    );
  }
});

test("the client: deadlines, deadlinesText, deadlinesCalendar and timeRules speak the endpoint", { skip }, async () => {
  const client = courtrules.createClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  const body = { district_id: "sdny", trigger: "entry_of_judgment", trigger_date: "2026-12-24" };
  const text = (await request("POST", "/api/v1/deadlines", body)).text;
  assert.equal(await client.deadlinesText(body), text);
  assert.deepEqual(await client.deadlines(body), JSON.parse(text));
  assert.equal(JSON.stringify(courtrules.deadlines(await client.timeRules("sdny"), body)), text);

  const calendar = await client.deadlinesCalendar(body);
  assert.ok(calendar.startsWith("BEGIN:VCALENDAR\r\n"), calendar.slice(0, 40));
  const events = calendar.split("BEGIN:VEVENT").length - 1;
  assert.equal(events, JSON.parse(text).deadlines.length, "one event per deadline");

  await assert.rejects(client.deadlines({ ...body, trigger_date: "24/12/2026" }), (error) => {
    assert.ok(error instanceof courtrules.ValidationError);
    assert.ok(error.details.some((detail) => detail.path === "trigger_date"), JSON.stringify(error.details));
    return true;
  });
  await assert.rejects(client.timeRules("no-such-court"), courtrules.NotFoundError);
});
