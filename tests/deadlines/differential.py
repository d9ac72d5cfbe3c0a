"""Deadlines: a differential test against an independent implementation of Fed. R. Civ.
P. 6(a) and 6(d), written here from the rule's words, with the federal legal holidays
from python-holidays (not from courtrules' calendar code); and the iCalendar answer
parsed with the `icalendar` library.

Usage: differential.py BASE_URL API_KEY [REQUESTS]
Each request asks the server for the rules' periods of a random event plus 20 random
periods of its own (days or hours, forward or backward, from service or not), in a
random profiled district with a random service method: REQUESTS x (20 + the rules')
computations compared. Prints a JSON summary; exits non-zero on the first difference.
"""

import datetime as dt
import json
import random
import sys
import time
import urllib.error
import urllib.request

import zoneinfo

import holidays
import icalendar

BASE, KEY = sys.argv[1], sys.argv[2]
REQUESTS = int(sys.argv[3]) if len(sys.argv) > 3 else 300
DISTRICTS = ["edny", "sdny", "ilnd", "txnd", "mied", "miwd", "nhd", "idd", "ord"]
# Where each court sits, for counting hours as they elapse (the IANA time zone database,
# through zoneinfo and tzdata, not courtrules' own daylight saving time rule).
ZONES = {
    "edny": "America/New_York", "sdny": "America/New_York", "nhd": "America/New_York",
    "ilnd": "America/Chicago", "txnd": "America/Chicago", "mied": "America/Detroit",
    "miwd": "America/Detroit", "idd": "America/Boise", "ord": "America/Los_Angeles",
}
TRIGGERS = [
    "service_of_summons", "waiver_request_sent", "service_of_pleading", "service_of_motion",
    "service_of_opposition", "motion_filed", "opposition_filed", "notice_of_ruling",
    "entry_of_judgment", "entry_of_order", "close_of_discovery", "hearing",
]
SERVICE = ["personal", "mail", "leaving_with_clerk", "electronic", "other_consented"]
# Rule 6(d): "service is made under Rule 5(b)(2)(C) (mail), (D) (leaving with the clerk),
# or (F) (other means consented to)".
THREE_DAYS = {"mail", "leaving_with_clerk", "other_consented"}
# Rule 6(d) has read as above since 1 December 2016 (before, it also added 3 days after
# electronic service): the events drawn are from then on, and an earlier one is refused.
IN_FORCE_FROM = dt.date(2016, 12, 1)
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def call(path, body=None, accept="application/json"):
    request = urllib.request.Request(
        BASE + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {KEY}", "Content-Type": "application/json", "Accept": accept},
    )
    with urllib.request.urlopen(request) as response:
        return response.read()


def fail(message):
    print(f"FAIL {message}", flush=True)
    sys.exit(1)


class Calendar:
    """One district's days, from its time rules' data and python-holidays."""

    def __init__(self, rules):
        self.federal = holidays.country_holidays("US", years=range(1989, 2043))
        self.presidential = {dt.date.fromisoformat(c["date"]) for c in rules["closures"] if c["kind"] == "presidential_closure"}
        self.closed = {dt.date.fromisoformat(c["date"]) for c in rules["closures"] if c["kind"] == "court_closure"}
        self.state = set()
        state = rules.get("state_holidays")
        if state:
            for year in range(1989, 2043):
                for holiday in state["holidays"]:
                    day = rule_date(holiday["rule"], year)
                    if day is None or (holiday.get("from_year") and year < holiday["from_year"]):
                        continue
                    self.state.add(day)
                    rule = {5: state["saturday_rule"], 6: state["sunday_rule"]}.get(day.weekday(), "none")
                    if rule == "next_monday":
                        self.state.add(day + dt.timedelta(days=7 - day.weekday()))
                    elif rule == "previous_friday":
                        self.state.add(day - dt.timedelta(days=day.weekday() - 4))

    def legal_holiday(self, day, forward):
        # 6(a)(6): (A) the federal holidays as observed, (B) days the President declared,
        # (C) "for periods that are measured after an event", the state's.
        return day in self.federal or day in self.presidential or (forward and day in self.state)

    def can_end(self, day, forward):
        return day.weekday() < 5 and not self.legal_holiday(day, forward) and day not in self.closed

    def settle(self, day, forward):
        # 6(a)(1)(C)/(2)(C) and 6(a)(3): to the next day (6(a)(5): backward when counting
        # backward) that is not a Saturday, Sunday, legal holiday or inaccessible day.
        step = dt.timedelta(days=1 if forward else -1)
        while not self.can_end(day, forward):
            day += step
        return day


def rule_date(rule, year):
    kind = rule["kind"]
    if kind == "fixed":
        try:
            return dt.date(year, rule["month"], rule["day"])
        except ValueError:
            return None
    if kind == "nth_weekday":
        first = dt.date(year, rule["month"], 1)
        offset = (WEEKDAYS.index(rule["weekday"]) - first.weekday()) % 7
        day = first + dt.timedelta(days=offset + 7 * (rule["nth"] - 1))
        return day + dt.timedelta(days=rule.get("offset_days", 0)) if day.month == rule["month"] else None
    if kind == "last_weekday":
        last = (dt.date(year + (rule["month"] == 12), rule["month"] % 12 + 1, 1)) - dt.timedelta(days=1)
        return last - dt.timedelta(days=(last.weekday() - WEEKDAYS.index(rule["weekday"])) % 7)
    if kind == "election_day":
        if rule["years"] == "even" and year % 2:
            return None
        first = dt.date(year, 11, 1)
        monday = first + dt.timedelta(days=(0 - first.weekday()) % 7)
        return monday + dt.timedelta(days=1)
    raise ValueError(kind)


def expected(calendar, zone, event, minute, amount, unit, direction, from_service, service):
    forward = direction == "after"
    sign = 1 if forward else -1
    if unit == "hours":
        # 6(a)(2): begin counting immediately, count every hour as it elapses (across a
        # change of the clocks too); if the end falls on a Saturday, Sunday or legal
        # holiday, run to the same time on the next day that is not. A clock time the
        # clocks repeat is its first (fold=0); an end at midnight is 24:00 of the day before.
        start = dt.datetime(event.year, event.month, event.day, minute // 60, minute % 60, tzinfo=zone)
        end = (start.astimezone(dt.timezone.utc) + dt.timedelta(hours=sign * amount)).astimezone(zone)
        day, clock = end.date(), end.strftime("%H:%M")
        if clock == "00:00":
            day, clock = day - dt.timedelta(days=1), "24:00"
        return calendar.settle(day, forward).isoformat(), clock
    # 6(a)(1): exclude the day of the event, count every day, include the last day.
    day = calendar.settle(event + dt.timedelta(days=sign * amount), forward)
    if from_service and forward and service in THREE_DAYS:
        day = calendar.settle(day + dt.timedelta(days=3), forward)
    return day.isoformat(), None


def main():
    rng = random.Random(20261124)
    rules = {district: json.loads(call(f"/api/v1/courts/{district}/time-rules")) for district in DISTRICTS}
    calendars = {district: Calendar(rule) for district, rule in rules.items()}
    compared, seconds = 0, 0.0
    for index in range(REQUESTS):
        district = rng.choice(DISTRICTS)
        event = IN_FORCE_FROM + dt.timedelta(days=rng.randrange(0, 365 * 25))
        minute = rng.randrange(0, 24 * 60)
        service = rng.choice(SERVICE)
        customs = []
        for _ in range(20):
            unit = rng.choice(["days", "days", "hours"])
            direction = rng.choice(["after", "before"])
            customs.append({
                "label": "random period", "citation": "differential test",
                "amount": rng.randint(1, 120 if unit == "days" else 240), "unit": unit, "direction": direction,
                # Rule 6(d) is for time after service: a period counted back cannot run from it (a 400).
                "runs_from_service": direction == "after" and rng.random() < 0.5,
            })
        body = {
            "district_id": district, "trigger": rng.choice(TRIGGERS), "trigger_date": event.isoformat(),
            "trigger_time": f"{minute // 60:02d}:{minute % 60:02d}", "service_method": service, "custom_periods": customs,
        }
        started = time.perf_counter()
        answer = json.loads(call("/api/v1/deadlines", body))
        seconds += time.perf_counter() - started
        periods = {p["period_key"]: p for p in rules[district]["periods"]}
        for deadline in answer["deadlines"]:
            key = deadline["period_key"]
            from_service = customs[int(key[7:]) - 1]["runs_from_service"] if key.startswith("custom-") else periods[key]["runs_from_service"]
            want = expected(calendars[district], zoneinfo.ZoneInfo(ZONES[district]), event, minute, deadline["amount"], deadline["unit"], deadline["direction"], from_service, service)
            got = (deadline["due_date"], deadline["due_time"])
            if got != want:
                fail(f"{district} {body['trigger']} {event} {service} {key} {deadline['amount']} {deadline['unit']} "
                     f"{deadline['direction']} service={from_service}: courtrules {got}, independent {want}")
            compared += 1
        if index % 100 == 99:
            print(f"ok   {index + 1} requests, {compared} deadlines agree", flush=True)

    # An event the day before Rule 6(d)'s text took effect: refused, naming the field.
    body = {"district_id": "sdny", "trigger": "service_of_motion", "trigger_date": (IN_FORCE_FROM - dt.timedelta(days=1)).isoformat()}
    try:
        call("/api/v1/deadlines", body)
        fail("an event before 2016-12-01 was counted under today's Rule 6(d)")
    except urllib.error.HTTPError as error:
        problem = json.loads(error.read())
        if error.code != 400 or [d["path"] for d in problem["details"]] != ["trigger_date"]:
            fail(f"an event before 2016-12-01: {error.code} {problem}")
    print("ok   an event before Rule 6(d)'s text took effect is a 400 at trigger_date", flush=True)

    # A short list must not read as the whole schedule: the court's motion periods that
    # are not encoded are said in the answer (the time rules' notes), before the caveat.
    body = {"district_id": "edny", "trigger": "service_of_motion", "trigger_date": "2026-11-20"}
    notes = json.loads(call("/api/v1/deadlines", body))["meta"]["notes"]
    if not any("Local Civil Rule 6.1" in note and note.startswith("Not encoded") for note in notes[:-1]):
        fail(f"E.D.N.Y.'s answer to a served motion does not say Local Civil Rule 6.1 is not encoded: {notes}")
    print("ok   an answer says which of the court's motion periods are not encoded", flush=True)

    # The iCalendar answer, read by an independent parser: one event per deadline, on its date.
    body = {"district_id": "sdny", "trigger": "entry_of_judgment", "trigger_date": "2021-11-12"}
    answer = json.loads(call("/api/v1/deadlines", body))
    parsed = icalendar.Calendar.from_ical(call("/api/v1/deadlines", body, accept="text/calendar"))
    events = [component for component in parsed.walk() if component.name == "VEVENT"]
    if len(events) != len(answer["deadlines"]):
        fail(f"{len(events)} calendar events for {len(answer['deadlines'])} deadlines")
    for event, deadline in zip(events, answer["deadlines"]):
        if event.decoded("DTSTART").isoformat() != deadline["due_date"]:
            fail(f"calendar event on {event.decoded('DTSTART')} for a deadline on {deadline['due_date']}")
        description = str(event.get("DESCRIPTION"))
        if not all(step["citation"] in description for step in deadline["trail"]):
            fail("a calendar event's description lacks a step of the trail")
    print("ok   the iCalendar answer parses with `icalendar`: one event per deadline, on its date, with its trail", flush=True)
    print(json.dumps({"requests": REQUESTS, "deadlines_compared": compared,
                      "http_ms_per_request": round(seconds / REQUESTS * 1000, 2)}), flush=True)


if __name__ == "__main__":
    main()
