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
    missing = await call("search_judges", {"district_id": "nosuch"})
    ok(missing.isError and "unknown district" in text_of(missing), f"{label}: an unknown district is a tool error")


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
