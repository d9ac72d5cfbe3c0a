"""`courtrules mcp` spoken to line by line, as an MCP SDK would not: lines it cannot
read must get a JSON-RPC error naming the request's id (or `"id": null`), never silence
that leaves a client waiting, and the server must go on serving. Also its --public-url
and --contact (and their environment variables), as `serve` has them.

Usage: stdio_lines.py BINARY DATABASE_URL DATA_DIR API_KEY EDNY_KEY
(EDNY_KEY: a key whose plan holds only the district edny)
Prints one line per check; exits non-zero on the first failure.
"""

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading

ANSWER_SECONDS = 60


def ok(condition, what):
    if not condition:
        print(f"FAIL {what}", flush=True)
        sys.exit(1)
    print(f"ok   {what}", flush=True)


class Server:
    """`courtrules mcp` as a child process, read one answer line at a time."""

    def __init__(self, binary, database_url, data_dir, key, args=(), env=None):
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [binary, "--database-url", database_url, "--data-dir", data_dir, "mcp", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
            env={**os.environ, "COURTRULES_API_KEY": key, "RUST_LOG": "warn", **(env or {})},
        )
        self.answers = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.request(0, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "lines", "version": "0"}})
        self.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')

    def _read(self):
        for line in self.process.stdout:
            self.answers.put(line)
        self.answers.put(None)

    def send(self, *chunks):
        """Writes the chunks (a line, maybe in parts) without blocking the test for ever."""
        def write():
            for chunk in chunks:
                self.process.stdin.write(chunk)
            self.process.stdin.flush()
        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        writer.join(ANSWER_SECONDS)
        if writer.is_alive():
            ok(False, f"the server reads what it is sent within {ANSWER_SECONDS} s")

    def answer(self, what):
        try:
            line = self.answers.get(timeout=ANSWER_SECONDS)
        except queue.Empty:
            ok(False, f"{what}: an answer within {ANSWER_SECONDS} s")
        if line is None:
            self.log.seek(0)
            ok(False, f"{what}: the server is still running: {self.log.read().decode(errors='replace')[-2000:]}")
        return json.loads(line)

    def request(self, id, method, params=None):
        message = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(json.dumps(message).encode() + b"\n")
        answer = self.answer(f"{method} ({id})")
        ok(answer.get("id") == id and "result" in answer, f"{method} ({id}) is answered: {str(answer)[:160]}")
        return answer["result"]

    def peak_memory_kib(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


def error_of(server, line, what):
    """Sends `line`; its answer, which must be a JSON-RPC error with an `id` member."""
    server.send(line + b"\n")
    answer = server.answer(what)
    ok(answer.get("jsonrpc") == "2.0" and "id" in answer and "code" in answer.get("error", {}),
       f"{what}: a JSON-RPC error with an id member: {str(answer)[:200]}")
    return answer


def unreadable_lines(server):
    # Nested deeper than the JSON reader goes (128 levels): still answered, with the id
    # when it can be read, wherever it is in the message.
    deep = b"[" * 200 + b"]" * 200
    answer = error_of(server, b'{"jsonrpc":"2.0","id":1,"method":"ping","params":' + deep + b"}", "a line nested 200 deep")
    ok(answer["error"]["code"] == -32700 and answer["id"] == 1, f"... is -32700 with its id: {answer}")
    answer = error_of(server, b'{"jsonrpc":"2.0","method":"ping","params":' + deep + b',"id":"two"}', "a line nested 200 deep, id last")
    ok(answer["error"]["code"] == -32700 and answer["id"] == "two", f"... is -32700 with its id: {answer}")
    answer = error_of(server, deep, "an array nested 200 deep")
    ok(answer["error"]["code"] == -32700 and answer["id"] is None, f"... is -32700 with id null: {answer}")
    server.request(3, "ping", {})

    # JSON that is no JSON-RPC message: -32600 (or -32602), with the id when it has one.
    for line, code, id in [
        (b'{"jsonrpc":"1.0","id":4,"method":"tools/list"}', -32600, 4),
        (b'{"a":1}', -32600, None),
        (b'{"jsonrpc":"2.0","id":5}', -32600, 5),
        (b'[{"jsonrpc":"2.0","id":6,"method":"ping"}]', -32600, None),
        (b'{"jsonrpc":"2.0","id":"seven","method":"tools/call","params":{}}', -32602, "seven"),
        (b'{"jsonrpc":"2.0","id":8.5,"method":"ping"}', -32600, None),
    ]:
        answer = error_of(server, line, f"the line {line[:50]!r}")
        ok(answer["error"]["code"] == code and answer["id"] == id, f"... is {code} with id {json.dumps(id)}: {answer}")
        ok(answer["error"]["data"]["docs_url"].endswith("/docs/mcp#errors-over-stdio"), f"... points at the stdio errors: {answer}")
    # JSON the JSON reader cannot read whole: a -32700 with the id a scan finds, never silence.
    answer = error_of(server, b'{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"get_holidays","arguments":{"district_id":"sdny","year":1e400}}}',
                      "a tools/call with the number 1e400")
    ok(answer["error"]["code"] == -32700 and answer["id"] == 9 and "number out of range" in answer["error"]["message"],
       f"... is -32700 with its id, naming the number: {answer}")
    # Two messages on one line: each request is answered, so none is left waiting.
    answers = [error_of(server, b'{"jsonrpc":"2.0","id":40,"method":"ping"}{"jsonrpc":"2.0","id":41,"method":"ping"}', "two pings on one line")]
    answers.append(server.answer("... the second ping"))
    ok([(a["id"], a["error"]["code"]) for a in answers] == [(40, -32700), (41, -32700)]
       and "trailing characters" in answers[0]["error"]["message"], f"... each is -32700 with its id: {answers}")
    answer = error_of(server, b'{"jsonrpc":"2.0","id":"cut","method":"tools/list"', "a message cut short")
    ok(answer["error"]["code"] == -32700 and answer["id"] == "cut", f"... is -32700 with its id: {answer}")
    # A line that is not JSON at all: -32700 with id null.
    answer = error_of(server, b"hello, this is not JSON", "a line that is not JSON")
    ok(answer["error"]["code"] == -32700 and answer["id"] is None, f"... is -32700 with id null: {answer}")
    # A response (such as an error echoed back) and a notification are never answered: the
    # next answer is the ping's.
    server.send(b'{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}\n')
    server.send(b'{"jsonrpc":"2.0","method":"notifications/unknown","params":5}\n')
    server.request(12, "ping", {})
    # A tool that does not exist: -32602 naming it and the tools there are.
    server.send(b'{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"get_rules","arguments":{}}}\n')
    answer = server.answer("a call of an unknown tool")
    said = answer.get("error", {}).get("message", "")
    ok(answer.get("id") == 13 and answer["error"]["code"] == -32602 and "`get_rules`" in said and "get_judge_rules" in said,
       f"... is -32602 naming it and the tools: {answer}")

    # A line over the limit: answered without being read whole, memory kept in bounds.
    before = server.peak_memory_kib()
    head = b'{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"classify_document","arguments":{"district_id":"edny","judge_slug":"avery-sample","pdf_base64":"'
    chunk = b"A" * (1024 * 1024)
    server.send(head, *([chunk] * 200), b'"}}}\n')
    answer = server.answer("a 200 MiB line")
    ok(answer.get("id") == 10 and answer.get("error", {}).get("code") == -32600 and "limit" in answer["error"]["message"],
       f"... is -32600 with its id, naming the limit: {str(answer)[:300]}")
    grown = (server.peak_memory_kib() - before) // 1024
    ok(grown < 120, f"... read within the line limit: the server's peak memory grew {grown} MiB")
    server.request(11, "ping", {})


def tool_error(server, id, name, arguments):
    result = server.request(id, "tools/call", {"name": name, "arguments": arguments})
    ok(result.get("isError") is True, f"{name} {arguments} is a tool error")
    return json.loads(result["content"][0]["text"])


def addresses(binary, database_url, data_dir, key, edny_key):
    """docs_url and the contact come from --public-url and --contact (or the environment)."""
    help_text = subprocess.run([binary, "mcp", "--help"], capture_output=True, text=True).stdout
    ok("--public-url" in help_text and "COURTRULES_PUBLIC_URL" in help_text and "--contact" in help_text
       and "COURTRULES_CONTACT" in help_text, "mcp --help lists --public-url and --contact")
    for how, args, env in [
        ("flags", ["--public-url", "https://rules.example.org/", "--contact", "help@firm.example"], {}),
        ("environment", [], {"COURTRULES_PUBLIC_URL": "https://rules.example.org", "COURTRULES_CONTACT": "help@firm.example"}),
        ("defaults", [], {}),
    ]:
        base, contact = ("http://127.0.0.1:8080", "access@courtrules.example") if how == "defaults" else ("https://rules.example.org", "help@firm.example")
        server = Server(binary, database_url, data_dir, key, args, env)
        body = tool_error(server, 2, "get_judge_rules", {"district_id": "edny", "judge_slug": "nobody-at-all"})
        ok(body["docs_url"].startswith(f"{base}/docs/errors#"), f"{how}: a tool error's docs_url is at {base}: {body['docs_url']}")
        answer = error_of(server, b'{"a":1}', f"{how}: JSON that is no message")
        ok(answer["error"]["data"]["docs_url"] == f"{base}/docs/mcp#errors-over-stdio", f"{how}: its docs_url is at {base}: {answer}")
        server.stop()
        server = Server(binary, database_url, data_dir, edny_key, args, env)
        body = tool_error(server, 2, "search_judges", {"district_id": "sdny"})
        ok(contact in json.dumps(body), f"{how}: a district outside the plan names {contact}: {json.dumps(body)[:300]}")
        server.stop()


def main():
    binary, database_url, data_dir, key, edny_key = sys.argv[1:6]
    server = Server(binary, database_url, data_dir, key)
    unreadable_lines(server)
    server.stop()
    addresses(binary, database_url, data_dir, key, edny_key)


if __name__ == "__main__":
    main()
