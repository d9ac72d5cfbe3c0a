-- wrk script for POST /api/v1/check (used by bench/load.sh).
-- Environment: COURTRULES_KEYS (API keys, comma-separated: the requests take them in
-- turn, as the users of a firm's product would), CHECK_BODY (path of the request JSON).

local keys = {}
for key in string.gmatch(os.getenv("COURTRULES_KEYS"), "[^,]+") do
  keys[#keys + 1] = key
end
local file = assert(io.open(os.getenv("CHECK_BODY"), "rb"))
local body = file:read("*a")
file:close()

local sent = 0

function request()
  sent = sent + 1
  local headers = {}
  headers["Content-Type"] = "application/json"
  headers["Authorization"] = "Bearer " .. keys[(sent % #keys) + 1]
  return wrk.format("POST", nil, headers, body)
end

local statuses = {}

function setup(thread)
  thread:set("not_ok", 0)
end

function response(status, headers, body)
  if status ~= 200 then
    not_ok = not_ok + 1
  end
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format("requests     %d in %.1f s\n", summary.requests, seconds))
  io.write(string.format("throughput   %.0f requests/s\n", summary.requests / seconds))
  io.write(string.format("latency p50  %.3f ms\n", latency:percentile(50) / 1000))
  io.write(string.format("latency p90  %.3f ms\n", latency:percentile(90) / 1000))
  io.write(string.format("latency p99  %.3f ms\n", latency:percentile(99) / 1000))
  io.write(string.format("latency max  %.3f ms\n", latency.max / 1000))
  local errors = summary.errors
  io.write(string.format("errors       connect %d, read %d, write %d, timeout %d, non-2xx %d\n",
    errors.connect, errors.read, errors.write, errors.timeout, errors.status))
end
