"""The MCP tool server, driven by the official Python MCP SDK (`mcp` on PyPI), a client
nobody on this project wrote: over streamable HTTP at {base}/mcp with a bearer key, and
over stdio (`courtrules mcp`). Lists the tools, calls each with valid and invalid
arguments, and compares check_compliance with POST /api/v1/check byte for byte.

Usage: client.py BASE_URL API_KEY BINARY DATABASE_URL DATA_DIR LIMITED_KEY
(LIMITED_KEY: a key whose `mcp` rate limit is 3 tool calls a minute)
Prints one line per check and a JSON summary (tool-call latency over HTTP) at the end;
exits non-zero on the first failure.
"""

import asyncio
import base64
import json
import pathlib
import statistics
import sys
import time
import urllib.request

import jsonschema
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamablehttp_client
from mcp.shared.exceptions import McpError

DEADLINE_REQUEST = {"district_id": "sdny", "trigger": "entry_of_judgment", "trigger_date": "2021-11-12", "service_method": "mail"}

CHECK_REQUEST = {
    "judge_slug": "avery-sample",
    "district_id": "edny",
    "document_scope": "brief_support",
    "motion_type": "Rule_12",
    "is_pro_se": False,
    "pmc_completed": False,
    "opposing_party_pro_se": False,
    "filing_role": "movant",
    "document": {"page_count": 27, "word_count": 7000},
}

PDF_BASE64 = base64.b64encode(
    (pathlib.Path(__file__).resolve().parents[1] / "fixtures/pdf/memo_support_rule12.pdf").read_bytes()
).decode()

EXPECTED_TOOLS = {
    "list_courts",
    "search_judges",
    "get_judge_rules",
    "get_compliance_profile",
    "check_compliance",
    "get_holidays",
    "search_enforcement_actions",
    "get_enforcement_details",
    "get_enforcement_stats",
    "classify_document",
    "search_extracted_rules",
    "compute_deadlines",
}


def ok(condition, what):
    if not condition:
        print(f"FAIL {what}", flush=True)
        sys.exit(1)
    print(f"ok   {what}", flush=True)


def text_of(result):
    return "".join(block.text for block in result.content if getattr(block, "type", "") == "text")


def rest_post(base, key, path, body):
    request = urllib.request.Request(
        f"{base}{path}",
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return response.read().decode()


def rest_check(base, key):
    return rest_post(base, key, "/api/v1/check", CHECK_REQUEST)


async def exercise(session, base, key, label, latencies=None):
    initialized = await session.initialize()
    ok(initialized.serverInfo.name == "courtrules", f"{label}: the server names itself: {initialized.serverInfo}")
    tools = await session.list_tools()
    names = {tool.name for tool in tools.tools}
    ok(EXPECTED_TOOLS <= names, f"{label}: lists every tool ({len(names)})")
    for tool in tools.tools:
        ok(tool.inputSchema.get("type") == "object", f"{label}: {tool.name} has an input schema")
        ok(bool(tool.outputSchema), f"{label}: {tool.name} has an output schema")
        jsonschema.Draft202012Validator.check_schema(tool.outputSchema)
        jsonschema.Draft202012Validator.check_schema(tool.inputSchema)
        # Every tool but classify_document (which keeps the PDF as an upload) only reads.
        read_only = tool.name != "classify_document"
        ok(
            tool.annotations is not None and bool(tool.annotations.readOnlyHint) == read_only,
            f"{label}: {tool.name} is marked {'read-only' if read_only else 'not read-only'}",
        )

    async def call(name, arguments):
        if latencies is not None:
            # The round trip alone: the request as call_tool sends it, timed without the
            # SDK's client-side validation of the answer (call_tool below does that).
            request = types.ClientRequest(
                types.CallToolRequest(params=types.CallToolRequestParams(name=name, arguments=arguments))
            )
            started = time.perf_counter()
            await session.send_request(request, types.CallToolResult)
            latencies.append((time.perf_counter() - started) * 1000)
        return await session.call_tool(name, arguments)

    valid = {
        "list_courts": {},
        "search_judges": {"district_id": "edny"},
        "get_judge_rules": {"district_id": "edny", "judge_slug": "avery-sample", "document_scope": "brief_support"},
        "get_compliance_profile": {"district_id": "edny", "judge_slug": "avery-sample"},
        "check_compliance": CHECK_REQUEST,
        "get_holidays": {"district_id": "edny", "year": 2026},
        "search_enforcement_actions": {"limit": 5},
        "get_enforcement_stats": {},
        "search_extracted_rules": {"district_id": "sdny", "limit": 3},
        "compute_deadlines": DEADLINE_REQUEST,
        "classify_document": {
            "district_id": "edny",
            "judge_slug": "avery-sample",
            "filename": "memo_support_rule12.pdf",
            "pdf_base64": PDF_BASE64,
        },
    }
    schemas = {tool.name: tool for tool in tools.tools}
    for name, arguments in valid.items():
        # The SDK itself validates structured content against the tool's output schema.
        result = await call(name, arguments)
        ok(not result.isError, f"{label}: {name} answers: {text_of(result)[:80]}")
        ok(result.structuredContent == json.loads(text_of(result)), f"{label}: {name}'s structured content is its text")
        jsonschema.validate(arguments, schemas[name].inputSchema, cls=jsonschema.Draft202012Validator)
        jsonschema.validate(result.structuredContent, schemas[name].outputSchema, cls=jsonschema.Draft202012Validator)

    computed = await call("compute_deadlines", DEADLINE_REQUEST)
    ok(text_of(computed) == rest_post(base, key, "/api/v1/deadlines", DEADLINE_REQUEST), f"{label}: compute_deadlines equals POST /api/v1/deadlines byte for byte")

    checked = await call("check_compliance", CHECK_REQUEST)
    ok(text_of(checked) == rest_check(base, key), f"{label}: check_compliance equals POST /api/v1/check byte for byte")

    first = json.loads(text_of(await call("search_enforcement_actions", {"limit": 2})))["actions"]
    if first:
        details = await call("get_enforcement_details", {"id": first[0]["id"]})
        body = json.loads(text_of(details))
        ok(body["search_terms"] and body["contract_impact"], f"{label}: get_enforcement_details has search_terms and contract_impact")
        newest = first[-1]
        after = json.loads(
            text_of(await call("search_enforcement_actions", {"date_from": newest["date"], "after_id": newest["id"], "limit": 200}))
        )["actions"]
        ok(all((a["date"], a["id"]) > (newest["date"], newest["id"]) for a in after), f"{label}: polling after the newest seen gets only what is new")
        # `more`: whether others match past the limit, so a poller knows to ask again.
        total = json.loads(text_of(await call("get_enforcement_stats", {})))["total"]
        two = json.loads(text_of(await call("search_enforcement_actions", {"limit": 2})))
        everything = json.loads(text_of(await call("search_enforcement_actions", {"limit": 200})))
        ok(two["more"] is (total > 2) and everything["more"] is (total > 200) and everything["count"] == min(total, 200),
           f"{label}: `more` says whether actions match past the limit ({total} in all)")
        # `q`: words, each in the respondent, agency, violation, search terms or impact.
        sample = everything["actions"][0]
        word = sample["respondent"].split()[0]
        found = json.loads(text_of(await call("search_enforcement_actions", {"q": word.upper(), "limit": 200})))
        fields = lambda a: " ".join([a["respondent"], a["agency"], a["violation"], a["contract_impact"], *a["search_terms"]]).lower()
        ok(sample["id"] in [a["id"] for a in found["actions"]] and all(word.lower() in fields(a) for a in found["actions"])
           and found["count"] < total,
           f"{label}: q `{word.upper()}` finds the actions naming it, in any case ({found['count']} of {total})")
        counted = json.loads(text_of(await call("get_enforcement_stats", {"q": word})))["total"]
        ok(counted == found["count"], f"{label}: get_enforcement_stats counts what q finds ({counted})")
        nothing = json.loads(text_of(await call("search_enforcement_actions", {"q": "zzqx-no-such-word"})))
        ok(nothing["count"] == 0 and nothing["more"] is False, f"{label}: q that matches nothing answers an empty list")

    invalid = {
        "search_judges": ({}, "district_id"),
        "get_judge_rules": ({"district_id": "edny"}, "judge_slug"),
        "get_holidays": ({"district_id": "edny", "year": 1900}, "year"),
        "search_enforcement_actions": ({"date_from": "2024-13-01"}, "date_from"),
        "check_compliance": ({**CHECK_REQUEST, "document": {"page_count": 0, "word_count": 1}}, "document.page_count"),
        "classify_document": ({"district_id": "edny", "judge_slug": "avery-sample", "pdf_base64": "not base64!"}, "pdf_base64"),
        "search_extracted_rules": ({"limit": 0}, "limit"),
        "compute_deadlines": ({**DEADLINE_REQUEST, "trigger_date": "2026-02-30"}, "trigger_date"),
    }
    for name, (arguments, path) in invalid.items():
        result = await call(name, arguments)
        body = json.loads(text_of(result))
        paths = [detail["path"] for detail in body.get("details", [])]
        ok(result.isError and path in paths, f"{label}: {name} with a bad `{path}` is a tool error naming it")
    # A value of the wrong type is named at its argument, in words, not Rust's types.
    wrong_types = [
        ("search_judges", {"district_id": 5}, "district_id"),
        ("get_judge_rules", {"district_id": "edny", "judge_slug": True}, "judge_slug"),
        ("get_holidays", {"district_id": "edny", "year": "2026"}, "year"),
        ("search_enforcement_actions", {"limit": "5"}, "limit"),
    ]
    for name, arguments, path in wrong_types:
        result = await session.call_tool(name, arguments)
        body = json.loads(text_of(result))
        details = body.get("details", [])
        ok(result.isError and [d["path"] for d in details] == [path], f"{label}: {name} with a `{path}` of the wrong type names it: {details}")
        ok(all("expected i32" not in d["message"] and "expected u32" not in d["message"] for d in details), f"{label}: {name}'s message says integer: {details}")
    # A tool that does not exist: -32602 naming it and the tools there are.
    try:
        await session.call_tool("no_such_tool", {})
        ok(False, f"{label}: calling a tool that does not exist is refused")
    except McpError as error:
        said = error.error.message
        ok(error.error.code == -32602 and "`no_such_tool`" in said and "list_courts" in said and "search_judges" in said
           and sorted(error.error.data["tools"]) == sorted(EXPECTED_TOOLS),
           f"{label}: an unknown tool is -32602 naming it and listing the tools: {said}")
    # The catalogue narrowed: an assistant need not read ~1,050 courts to find the few it can check.
    every = json.loads(text_of(await call("list_courts", {})))
    checkable = json.loads(text_of(await call("list_courts", {"checkable": True})))
    ids = [court["district_id"] for court in checkable["courts"]]
    ok("edny" in ids and "sdny" in ids and len(ids) < 50
       and all(court["status"] == "live" and "judges_profiled" in court for court in checkable["courts"]),
       f"{label}: list_courts checkable is the live courts with profiles: {ids}")
    counts = ["total_districts", "districts_with_data", "total_judges_mapped"]
    ok([checkable["meta"][n] for n in counts] == [every["meta"][n] for n in counts],
       f"{label}: list_courts's meta counts the whole catalogue whatever the filter")
    ok(set(checkable["meta"]["accessible_districts"]) <= set(ids) and "edny" in checkable["meta"]["accessible_districts"],
       f"{label}: a narrowed list's accessible districts are among its courts")
    ok(len(text_of(await call("list_courts", {"checkable": True}))) < 4000, f"{label}: the checkable courts are a few KB")
    others = json.loads(text_of(await call("list_courts", {"checkable": False})))
    ok(len(others["courts"]) + len(ids) == len(every["courts"]), f"{label}: checkable false is every other court")
    southern = json.loads(text_of(await call("list_courts", {"state": "ny", "q": "SOUTHERN District"})))
    ok([court["district_id"] for court in southern["courts"]] == ["sdny"], f"{label}: list_courts by state and words: {southern['courts']}")
    coming = json.loads(text_of(await call("list_courts", {"status": "coming_soon", "state": "AK"})))
    ok(coming["courts"] and all(court["status"] == "coming_soon" and court["state"] == "AK" for court in coming["courts"]),
       f"{label}: list_courts by status")
    refused = await call("list_courts", {"status": "open", "state": "New York"})
    said = json.loads(text_of(refused))
    ok(refused.isError and [d["path"] for d in said["details"]] == ["status", "state"],
       f"{label}: list_courts with a bad status and state names both: {said}")
    missing = await call("search_judges", {"district_id": "nosuch"})
    ok(missing.isError and "unknown district" in text_of(missing), f"{label}: an unknown district is a tool error")
    await schemas_and_arguments(session, schemas, base, key, label)


def rest_get(base, key, path):
    request = urllib.request.Request(f"{base}{path}", headers={"Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


async def schemas_and_arguments(session, schemas, base, key, label):
    """What the input schemas say is what the tools take, and argument errors are in the
    REST API's words."""
    props = lambda name: schemas[name].inputSchema.get("properties", {})
    for name, top in [("search_enforcement_actions", 200), ("search_extracted_rules", 500)]:
        limit = props(name)["limit"]
        ok(limit.get("minimum") == 1 and limit.get("maximum") == top, f"{label}: {name}'s limit is 1-{top} in its schema: {limit}")
    ok("limit" not in props("get_enforcement_stats"), f"{label}: get_enforcement_stats takes no limit it would ignore")
    stats = await session.call_tool("get_enforcement_stats", {"limit": 1})
    ok(stats.isError and "limit" in text_of(stats), f"{label}: get_enforcement_stats refuses a limit")
    ok(schemas["classify_document"].inputSchema.get("additionalProperties") is False, f"{label}: classify_document's schema refuses extra arguments, as the tool does")
    year = props("get_holidays")["year"]
    ok(year.get("minimum") == 1971 and year.get("maximum") == 9999, f"{label}: get_holidays' year is 1971-9999 in its schema: {year}")
    # What an assistant needs to fill a check request and a deadline request right.
    check = props("check_compliance")
    role = check["filing_role"].get("description", "")
    ok(all(words in role for words in ("`movant`", "`opponent`", "`reply` for the movant's reply")),
       f"{label}: check_compliance's filing_role says which role a reply is: {role!r}")
    ok("motion" in check["motion_type"].get("description", ""), f"{label}: check_compliance's motion_type is described")
    slug = check["judge_slug"].get("description", "")
    ok("`court`" in slug and "search_judges" in slug, f"{label}: check_compliance's judge_slug names `court` and search_judges: {slug!r}")
    words = schemas["check_compliance"].inputSchema["$defs"]["Document"]["properties"]["word_count"].get("description", "")
    ok("footnotes included" in words, f"{label}: word_count says footnotes count: {words!r}")
    classify = schemas["classify_document"].description
    ok(all(name in classify for name in ("filing_role", "is_pro_se", "pmc_completed", "opposing_party_pro_se", "check_compliance")),
       f"{label}: classify_document says which facts to add before check_compliance")
    holidays = schemas["get_holidays"].description
    ok("state" in holidays and "compute_deadlines" in holidays, f"{label}: get_holidays says the state's holidays are not listed but counted")
    deadline = props("compute_deadlines")
    trigger = deadline["trigger_date"].get("description", "")
    ok("2016-12-01" in trigger and "1971" not in trigger, f"{label}: compute_deadlines' trigger_date names its earliest day: {trigger!r}")
    keys = deadline["period_keys"].get("description", "")
    ok("period_key" in keys and "time rules" not in keys and "period_key" in schemas["compute_deadlines"].description,
       f"{label}: period_keys says where the keys are found: {keys!r}")
    early = await session.call_tool("compute_deadlines", {**DEADLINE_REQUEST, "trigger_date": "2016-11-30"})
    ok(early.isError and "2016-12-01" in text_of(early), f"{label}: ... as the server refuses an earlier day: {text_of(early)[:200]}")
    for field, value in [("document_scope", "brief_support"), ("motion_type", "Rule_12")]:
        values = props("get_judge_rules")[field].get("enum") or []
        ok(value in values, f"{label}: get_judge_rules' {field} lists the values it takes")
    bad_scope = await session.call_tool("get_judge_rules", {"district_id": "edny", "judge_slug": "avery-sample", "document_scope": "nonsense"})
    ok(bad_scope.isError, f"{label}: get_judge_rules refuses a document_scope outside its enum")
    # A number with no fraction is the integer JSON Schema says it is, for every tool.
    integral = [
        ("search_enforcement_actions", {"limit": 10.0}),
        ("search_extracted_rules", {"district_id": "sdny", "limit": 3.0}),
        ("get_holidays", {"district_id": "edny", "year": 2026.0}),
        ("check_compliance", {**CHECK_REQUEST, "document": {"page_count": 27.0, "word_count": 7000}}),
        ("compute_deadlines", {"district_id": "sdny", "trigger": "hearing", "trigger_date": "2026-03-02",
                               "custom_periods": [{"label": "x", "amount": 7.0, "unit": "days", "direction": "before", "citation": "Order"}]}),
    ]
    for name, arguments in integral:
        jsonschema.validate(arguments, schemas[name].inputSchema, cls=jsonschema.Draft202012Validator)
        result = await session.call_tool(name, arguments)
        ok(not result.isError, f"{label}: {name} takes an integral float as its integer: {text_of(result)[:160]}")
    # Out of range or of the wrong type: named at the argument, in the REST API's words.
    worded = [
        ("search_extracted_rules", {"limit": -1}, "must be between 1 and 500, got -1"),
        ("search_extracted_rules", {"limit": 501}, "must be between 1 and 500, got 501"),
        ("search_enforcement_actions", {"limit": -5}, "must be between 1 and 200, got -5"),
        ("search_enforcement_actions", {"limit": 2.5}, "must be an integer, got `2.5`"),
        ("get_holidays", {"district_id": "edny", "year": 99999999999}, "must be between 1971 and 9999, got 99999999999"),
        ("search_extracted_rules", {"limit": "5"}, "must be an integer, got the string \"5\""),
    ]
    for name, arguments, message in worded:
        result = await session.call_tool(name, arguments)
        details = json.loads(text_of(result)).get("details", [])
        ok(result.isError and details == [{"path": next(iter(arguments.keys() - {"district_id"})), "message": message}],
           f"{label}: {name} {arguments} says `{message}`: {details}")
    wrong = await session.call_tool("search_judges", {"district_id": 5})
    message = json.loads(text_of(wrong))["details"][0]["message"]
    ok(not any(word in message for word in ("usize", "u32", "i32", "expected")), f"{label}: no Rust words in `{message}`")
    # search_extracted_rules is GET /api/v1/extracted-rules: the same default limit (100).
    mcp = json.loads(text_of(await session.call_tool("search_extracted_rules", {})))
    rest = rest_get(base, key, "/api/v1/extracted-rules")
    ok(mcp["meta"]["limit"] == 100 and mcp == rest, f"{label}: search_extracted_rules defaults to REST's limit (100) and answers as REST: {mcp['meta']}")
    # Jurisdiction: a code, exactly or a country and its subdivisions, in any case.
    async def count(arguments):
        result = await session.call_tool("search_enforcement_actions", {**arguments, "limit": 200})
        return json.loads(text_of(result))["count"] if not result.isError else None
    us, us_lower, ca, ca_lower, us_ca, us_ca_lower = [await count({"jurisdiction": code}) for code in ("US", "us", "CA", "ca", "US-CA", "us-ca")]
    ok(us > 0 and us == us_lower, f"{label}: jurisdiction `us` is `US` ({us_lower} / {us})")
    ok(ca > 0 and ca == ca_lower, f"{label}: jurisdiction `ca` is `CA` ({ca_lower} / {ca})")
    ok(us_ca > 0 and us_ca == us_ca_lower and us_ca < us, f"{label}: jurisdiction `us-ca` is `US-CA` ({us_ca_lower} / {us_ca})")
    for code in ("%", "U_", "US-%"):
        result = await session.call_tool("search_enforcement_actions", {"jurisdiction": code})
        ok(result.isError and "jurisdiction" in text_of(result), f"{label}: jurisdiction `{code}` is no wildcard but an error")
    by_jurisdiction = json.loads(text_of(await session.call_tool("get_enforcement_stats", {})))["by_jurisdiction"]
    description = schemas["search_enforcement_actions"].description
    for absent, words in [("GB", "UK data-protection"), ("EU", "EU and UK")]:
        ok(absent not in by_jurisdiction and words not in description, f"{label}: the description promises no {absent} actions")
    await same_checks_as_rest(session, base, key, label)
    # Suggestions name the tool, not a REST URL.
    judge = await session.call_tool("get_judge_rules", {"district_id": "edny", "judge_slug": "nobody-at-all"})
    ok(judge.isError and "search_judges" in text_of(judge) and "/api/v1/judges" not in text_of(judge), f"{label}: an unknown judge's suggestion names search_judges: {text_of(judge)[:200]}")


def rest_refusal(base, key, path):
    """GET `path`, which must be refused: (status, JSON body)."""
    request = urllib.request.Request(f"{base}{path}", headers={"Authorization": f"Bearer {key}"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


async def same_checks_as_rest(session, base, key, label):
    """A tool's arguments meet the checks of the query parameters they stand for: every
    problem named, in the 400's words, nothing echoed back at length."""
    from urllib.parse import urlencode
    def details(result):
        return json.loads(text_of(result)).get("details", [])
    cases = [
        ("search_extracted_rules", "/api/v1/extracted-rules",
         {"district_id": "sdny", "judge_slug": "", "logic_type": "", "workflow_phase": "", "case_type": "", "q": ""}),
        ("search_extracted_rules", "/api/v1/extracted-rules", {"q": "q" * 501, "judge_slug": "j" * 121, "limit": 0}),
        ("search_judges", "/api/v1/judges", {"district_id": ""}),
        ("search_judges", "/api/v1/judges", {"district_id": "d" * 200}),
        ("search_judges", "/api/v1/judges", {"extra": "1"}),
        ("get_compliance_profile", "/api/v1/profile", {"district_id": "", "judge_slug": "x" * 121}),
        ("get_compliance_profile", "/api/v1/profile", {"district_id": "edny", "other": "1"}),
    ]
    def in_tool_words(detail):
        # The REST API's problems, as a tool call meets them: arguments of a tool.
        message = detail["message"].replace("unknown parameter; this endpoint takes", "unknown argument; this tool takes")
        return {**detail, "message": message}
    for name, path, arguments in cases:
        result = await session.call_tool(name, arguments)
        status, rest = rest_refusal(base, key, f"{path}?{urlencode(arguments)}")
        ok(result.isError and status == 400 and details(result) == [in_tool_words(d) for d in rest["details"]] and len(details(result)) >= 1,
           f"{label}: {name} {str(arguments)[:60]} is refused as {path} refuses it: {details(result)}")
        ok(not any("endpoint" in d["message"] for d in details(result)), f"{label}: {name}'s problems speak of the tool: {details(result)}")
        said = json.loads(text_of(result))["error"]
        ok(said == rest["error"].replace("the query is invalid", "the arguments are invalid") and said.startswith("the arguments are invalid"),
           f"{label}: ... in the 400's words, of the tool's arguments: {said!r} / {rest['error']!r}")
    empty = await session.call_tool("search_extracted_rules", {"district_id": "sdny", "judge_slug": "", "q": ""})
    ok(empty.isError and [d["message"] for d in details(empty)] == ["must not be empty"] * 2,
       f"{label}: empty filters are refused, not an empty answer: {details(empty)}")
    holidays = await session.call_tool("get_holidays", {"district_id": ""})
    ok(holidays.isError and details(holidays) == [{"path": "district_id", "message": "must not be empty"}],
       f"{label}: get_holidays with an empty district_id says so: {details(holidays)}")
    long = await session.call_tool("get_holidays", {"district_id": "d" * 2_000_000, "year": 1})
    ok(long.isError and len(text_of(long)) < 2000
       and details(long) == [{"path": "district_id", "message": "must be at most 120 characters"},
                             {"path": "year", "message": "must be between 1971 and 9999, got 1"}],
       f"{label}: a 2 MB district_id is refused, not echoed back, with the other problems: {text_of(long)[:300]}")
    every = await session.call_tool("get_judge_rules", {"judge_slug": 5, "extra": 1})
    ok(every.isError and details(every) == [
        {"path": "district_id", "message": "is required"},
        {"path": "judge_slug", "message": "must be a string, got 5"},
        {"path": "extra", "message": "unknown argument; this tool takes district_id, judge_slug, document_scope, motion_type"},
    ], f"{label}: every problem with the arguments is named: {details(every)}")
    # The enforcement tools name every problem at once too, a value's with a bound's.
    both = await session.call_tool("search_enforcement_actions", {"limit": 0, "risk_level": "extreme"})
    ok(both.isError and [d["path"] for d in details(both)] == ["limit", "risk_level"]
       and json.loads(text_of(both))["error"] == "the arguments are invalid (2 problems)",
       f"{label}: search_enforcement_actions names the limit and the risk level at once: {text_of(both)[:300]}")
    stats = await session.call_tool("get_enforcement_stats", {"date_to": 5, "industry": "none"})
    ok(stats.isError and sorted(d["path"] for d in details(stats)) == ["date_to", "industry"],
       f"{label}: get_enforcement_stats names every problem at once: {details(stats)}")
    # A check request's problems are the arguments' too.
    check = await session.call_tool("check_compliance", {"district_id": "edny"})
    ok(check.isError and json.loads(text_of(check))["error"].startswith("the arguments are invalid"),
       f"{label}: check_compliance's problems are its arguments': {text_of(check)[:200]}")
    # An enforcement action not found: the general body, as every other tool error.
    missing = await session.call_tool("get_enforcement_details", {"id": "nope"})
    body = json.loads(text_of(missing))
    ok(missing.isError and sorted(body) == ["docs_url", "error", "suggestion"] and "search_enforcement_actions" in body["suggestion"]
       and body["docs_url"].endswith("/docs/mcp#enforcement-action-not-found"),
       f"{label}: an unknown enforcement id has a suggestion and docs_url: {body}")
    tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    q = tools["search_extracted_rules"].inputSchema["properties"]["q"]
    ok(q.get("maxLength") == 500 and q.get("minLength") == 1, f"{label}: search_extracted_rules' schema states q's limits: {q}")
    ok("MCP tool" not in json.dumps(tools["search_extracted_rules"].inputSchema), f"{label}: no internal note in the schema")
    for name, tool in tools.items():
        for field in ("district_id", "judge_slug", "logic_type", "workflow_phase", "case_type"):
            prop = tool.inputSchema.get("properties", {}).get(field)
            ok(prop is None or bool(prop.get("description")), f"{label}: {name}.{field} is described")
    # A court without a compliance profile: the suggestion's sentence starts in capitals.
    cand = await session.call_tool("get_compliance_profile", {"district_id": "cand", "judge_slug": "court"})
    ok(". the search_judges" not in text_of(cand), f"{label}: the no-profile suggestion starts its sentence in capitals: {text_of(cand)[:300]}")


def raw(base, key, body, headers=None, method="POST", path="/mcp"):
    """A request to /mcp as a client would not send it: (status, content type, JSON body)."""
    sent = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    if key:
        sent["Authorization"] = f"Bearer {key}"
    sent.update(headers or {})
    sent = {name: value for name, value in sent.items() if value is not None}
    request = urllib.request.Request(f"{base}{path}", data=body, headers=sent, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read().decode(), response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), error.read().decode(), error.headers


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}}


def open_session(base, key):
    status, _, _, headers = raw(base, key, json.dumps(INITIALIZE).encode())
    session = headers.get("Mcp-Session-Id")
    raw(base, key, json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode(), {"Mcp-Session-Id": session})
    return session


def session_works(base, key, session):
    status, _, body, _ = raw(base, key, json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}).encode(), {"Mcp-Session-Id": session})
    return status == 200


def transport_errors(base, key, other_key):
    """The transport's refusals, each a JSON body in its own words (never "internal error",
    "no such endpoint" or a false word about Content-Type)."""
    init = json.dumps(INITIALIZE).encode()
    def general(status, content_type, body, expected_status, words, what):
        parsed = json.loads(body) if content_type.startswith("application/json") else {}
        ok(status == expected_status and words in parsed.get("error", "") and parsed.get("docs_url", "").endswith("/docs/mcp#errors-over-http"),
           f"http: {what} is a {expected_status} saying `{words}`: {status} {body[:200]}")
    port = base.rsplit(":", 1)[1]
    general(*raw(base, key, init, {"Host": f"evil.example:{port}"})[:3], 403, "does not name this server", "a foreign Host")
    general(*raw(base, key, init, {"Accept": None})[:3], 406, "must accept both application/json and text/event-stream", "no Accept")
    general(*raw(base, key, init, {"Accept": "application/json"})[:3], 406, "must accept", "Accept without text/event-stream")
    list_tools = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}).encode()
    general(*raw(base, key, list_tools, {"Mcp-Session-Id": "no-such-session"})[:3], 404, "no MCP session", "an unknown session")
    general(*raw(base, key, list_tools)[:3], 400, "needs an Mcp-Session-Id header", "a request without a session")
    # A UTF-8 byte-order mark before the message is read past, as on every JSON body.
    status, _, body, headers = raw(base, key, b"\xef\xbb\xbf" + init)
    ok(status == 200 and headers.get("Mcp-Session-Id"), f"http: a message after a byte-order mark is read: {status} {body[:160]}")
    status, content_type, body, _ = raw(base, key, init, {"Content-Type": "text/plain"})
    ok(status == 415 and "Content-Type" in json.loads(body)["error"], f"http: a body sent as text/plain is the 415: {body[:160]}")
    # The error carries the request's id when it can be read, else `"id": null` (JSON-RPC 2.0).
    deep = b"[" * 200 + b"]" * 200
    for body, code, id in [(b"hello", -32700, None), (b"", -32700, None), (b'{"a":1}', -32600, None), (b"[" + init + b"]", -32600, None),
                           (b'{"jsonrpc":"1.0","id":3,"method":"tools/list"}', -32600, 3), (b'{"jsonrpc":"2.0","id":3}', -32600, 3),
                           (b'{"jsonrpc":"2.0","id":"d","method":"initialize","params":' + deep + b"}", -32700, "d"), (deep, -32700, None),
                           # JSON serde_json cannot read whole: the id is still found.
                           (b'{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"get_holidays","arguments":{"district_id":"sdny","year":1e400}}}', -32700, 9),
                           (b'{"jsonrpc":"2.0","id":4,"method":"ping"}{"jsonrpc":"2.0","id":5,"method":"ping"}', -32700, 4),
                           (b'{"jsonrpc":"2.0","id":"cut","method":"tools/list"', -32700, "cut")]:
        status, content_type, text, _ = raw(base, key, body)
        parsed = json.loads(text) if content_type.startswith("application/json") else {}
        ok(status == 400 and parsed.get("jsonrpc") == "2.0" and parsed.get("error", {}).get("code") == code
           and "id" in parsed and parsed["id"] == id,
           f"http: the body {body[:40]!r} is a JSON-RPC error {code} with id {json.dumps(id)}: {status} {text[:200]}")
    # Only /mcp itself is the tool server: a path below it is the API's 404.
    for path in ["/mcp/anything/here", "/mcp/"]:
        status, content_type, text, headers = raw(base, key, init, path=path)
        parsed = json.loads(text) if content_type.startswith("application/json") else {}
        ok(status == 404 and parsed.get("error", "").startswith("no such endpoint: POST /mcp/") and "Mcp-Session-Id" not in headers,
           f"http: POST {path} is the API's 404, opening no session: {status} {text[:200]}")
    # A browser MCP client (another origin) may send the transport's headers and read the session id.
    origin = "http://localhost:6274"
    preflight = urllib.request.Request(f"{base}/mcp", method="OPTIONS", headers={
        "Origin": origin, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type,mcp-session-id,mcp-protocol-version,last-event-id"})
    with urllib.request.urlopen(preflight, timeout=30) as response:
        allowed = response.headers.get("Access-Control-Allow-Headers", "").lower()
        ok(response.status == 200 and response.headers.get("Access-Control-Allow-Origin") == "*"
           and all(name in allowed for name in ["authorization", "content-type", "mcp-session-id", "mcp-protocol-version", "last-event-id", "if-none-match", "x-request-id"]),
           f"http: the preflight of a browser MCP client allows its headers: {response.status} {allowed}")
    status, _, _, headers = raw(base, key, init, {"Origin": origin})
    exposed = (headers.get("Access-Control-Expose-Headers") or "").lower()
    ok(status == 200 and headers.get("Mcp-Session-Id") and headers.get("Access-Control-Allow-Origin") == "*"
       and "mcp-session-id" in exposed and "x-request-id" in exposed and "retry-after" in exposed,
       f"http: initialize from another origin exposes the session id: {status} {exposed}")
    browser_session = headers.get("Mcp-Session-Id")
    status, _, _, _ = raw(base, key, None, {"Mcp-Session-Id": browser_session, "Origin": origin}, method="DELETE")
    ok(status == 204, f"http: ... which the browser client can end ({status})")
    # A session is its key's: another key naming it finds no such session, and cannot end it.
    session = open_session(base, key)
    # A request of MCP whose params do not fit it is -32602, not "method not found".
    for params in [{}, {"arguments": {}}, {"name": 5}, {"name": "search_judges", "arguments": "edny"}]:
        call = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": params}
        status, content_type, text, _ = raw(base, key, json.dumps(call).encode(), {"Mcp-Session-Id": session})
        parsed = json.loads(text) if content_type.startswith("application/json") else {}
        ok(status == 400 and parsed.get("error", {}).get("code") == -32602 and parsed.get("id") == 7,
           f"http: tools/call with params {params} is -32602: {status} {text[:200]}")
    bad_init = {**INITIALIZE, "params": {"capabilities": {}}}
    status, content_type, text, _ = raw(base, key, json.dumps(bad_init).encode())
    parsed = json.loads(text) if content_type.startswith("application/json") else {}
    ok(status == 400 and parsed.get("error", {}).get("code") == -32602 and "Mcp-Session-Id" not in text,
       f"http: initialize with bad params is -32602, not a call for a session: {status} {text[:200]}")
    general(*raw(base, other_key, list_tools, {"Mcp-Session-Id": session})[:3], 404, "no MCP session", "another key's session")
    status, _, _, _ = raw(base, other_key, None, {"Mcp-Session-Id": session}, method="DELETE")
    ok(status == 404 and session_works(base, key, session), f"http: another key cannot close a session ({status})")
    # A key has at most 16 sessions open: opening a 17th closes its oldest.
    sessions = [session] + [open_session(base, key) for _ in range(16)]
    ok(not session_works(base, key, sessions[0]) and all(session_works(base, key, s) for s in sessions[1:]),
       "http: a key's 17th session closes its oldest, and only it")
    for s in sessions[1:]:
        status, _, _, _ = raw(base, key, None, {"Mcp-Session-Id": s}, method="DELETE")
        ok(status == 204 and not session_works(base, key, s), f"http: DELETE closes the key's own session with a 204 ({status})")
    general(*raw(base, key, None, {"Mcp-Session-Id": "no-such-session"}, method="DELETE")[:3], 404, "no MCP session",
            "DELETE of an unknown session")


async def main():
    base, key, binary, database_url, data_dir, limited_key = sys.argv[1:7]
    latencies = []
    async with streamablehttp_client(f"{base}/mcp", headers={"Authorization": f"Bearer {key}"}) as (read, write, _):
        async with ClientSession(read, write) as session:
            await exercise(session, base, key, "http", latencies)
    # Tool calls count against the key's `mcp` limit: the fourth of three is refused.
    async with streamablehttp_client(f"{base}/mcp", headers={"Authorization": f"Bearer {limited_key}"}) as (read, write, _):
        async with ClientSession(read, write) as session:
            await session.initialize()
            results = [await session.call_tool("list_courts", {}) for _ in range(4)]
            ok([r.isError for r in results] == [False, False, False, True], "http: the fourth tool call of a 3-a-minute key is refused")
            ok("rate limit exceeded" in text_of(results[3]), "http: the refusal says it is the rate limit")
            refusal = json.loads(text_of(results[3]))
            ok(sorted(refusal) == ["contact", "docs_url", "error", "suggestion"] and refusal["docs_url"].endswith("#rate-limits"),
               f"http: the refusal is the REST API's 429 body: {refusal}")
            ok("Retry-After" not in refusal["suggestion"] and refusal["suggestion"].startswith("Wait at least "),
               f"http: the refusal names the seconds to wait, not a header the tool caller cannot see: {refusal['suggestion']}")
    transport_errors(base, key, limited_key)
    # classify_document over HTTP takes what /classify takes (22 MiB): a PDF over the
    # API's 1 MiB body limit, whose call is over the MCP SDK's default 4 MiB, is read.
    async with streamablehttp_client(f"{base}/mcp", headers={"Authorization": f"Bearer {key}"}) as (read, write, _):
        async with ClientSession(read, write) as session:
            await session.initialize()
            padded = base64.b64decode(PDF_BASE64) + b"\n" * (4 * 1024 * 1024)
            arguments = {"district_id": "edny", "judge_slug": "avery-sample", "filename": "memo_support_rule12.pdf",
                         "pdf_base64": base64.b64encode(padded).decode()}
            result = await asyncio.wait_for(session.call_tool("classify_document", arguments), timeout=120)
            ok(not result.isError, f"http: classify_document of a 4 MiB PDF (a 5.6 MB body) answers: {text_of(result)[:120]}")
            ok(json.loads(text_of(result))["classification"].get("document_scope") == "brief_support", f"http: ... read as a brief in support: {text_of(result)[:200]}")
    # Without a key the route answers 401 with the API's JSON body.
    try:
        urllib.request.urlopen(urllib.request.Request(f"{base}/mcp", data=b"{}", headers={"Content-Type": "application/json"}))
        ok(False, "http: /mcp without a key is refused")
    except urllib.error.HTTPError as error:
        ok(error.code == 401 and "error" in json.loads(error.read()), "http: /mcp without a key is a 401 with a JSON body")

    server = StdioServerParameters(
        command=binary,
        args=["--database-url", database_url, "--data-dir", data_dir, "mcp"],
        env={"COURTRULES_API_KEY": key, "RUST_LOG": "warn"},
    )
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await exercise(session, base, key, "stdio")
            # A PDF well within the 22 MiB the tool takes, whose call is a line longer
            # than the MCP SDK's default 16 MiB: answered, not dropped.
            padded = base64.b64decode(PDF_BASE64) + b"\n" * (13 * 1024 * 1024)
            arguments = {"district_id": "edny", "judge_slug": "avery-sample", "filename": "memo_support_rule12.pdf",
                         "pdf_base64": base64.b64encode(padded).decode()}
            result = await asyncio.wait_for(session.call_tool("classify_document", arguments), timeout=120)
            ok(not result.isError, f"stdio: classify_document of a 13 MiB PDF (an 18 MB line) answers: {text_of(result)[:120]}")

    latencies.sort()
    summary = {
        "http_tool_calls": len(latencies),
        "http_call_ms_median": round(statistics.median(latencies), 2),
        "http_call_ms_p90": round(latencies[int(len(latencies) * 0.9)], 2),
        "http_call_ms_max": round(latencies[-1], 2),
    }
    print(json.dumps(summary), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
