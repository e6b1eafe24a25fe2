-- Prints wrk's figures as one JSON line (prefixed BENCH_JSON) for bench/load.py to parse.
-- Scripts that define response() count 2xx answers per thread in `acked`.
local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function done(summary, latency, requests)
  local acked = 0
  for _, thread in ipairs(threads) do
    acked = acked + (thread:get("acked") or 0)
  end
  io.write(string.format(
    'BENCH_JSON {"requests": %d, "duration_us": %d, "bytes": %d, "connect_errors": %d, ' ..
    '"read_errors": %d, "write_errors": %d, "status_errors": %d, "timeouts": %d, ' ..
    '"p50_us": %d, "p90_us": %d, "p99_us": %d, "max_us": %d, "acked": %d}\n',
    summary.requests, summary.duration, summary.bytes, summary.errors.connect,
    summary.errors.read, summary.errors.write, summary.errors.status, summary.errors.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, acked))
end
