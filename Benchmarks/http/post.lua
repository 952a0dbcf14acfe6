-- wrk script: POSTs the request bodies named by BENCH_BODIES (files, comma-separated) in
-- turn with the viewer's token from BENCH_TOKEN, and prints one machine-readable line.
local bodies = {}
for file in string.gmatch(os.getenv("BENCH_BODIES") or "", "[^,]+") do
  local handle = assert(io.open(file, "rb"))
  bodies[#bodies + 1] = handle:read("*a")
  handle:close()
end
local headers = { ["Content-Type"] = "application/json" }
local token = os.getenv("BENCH_TOKEN")
if token and token ~= "" then headers["Authorization"] = "Bearer " .. token end
local requests = {}
local next_request = 0

-- Formatted in init, once wrk knows the Host header.
init = function(_)
  for i, body in ipairs(bodies) do
    requests[i] = wrk.format("POST", "/graphql", headers, body)
  end
end

request = function()
  next_request = next_request % #requests + 1
  return requests[next_request]
end

done = function(summary, latency, _)
  local seconds = summary.duration / 1e6
  local bad = summary.errors.status + summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.1f %.3f %.3f %d %d\n", summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.requests, bad))
end
