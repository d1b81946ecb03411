-- wrk script for the pipelining cell of `make bench`: every write carries DEPTH requests for
-- PATH (HTTP/1.1 pipelining), and wrk counts each response. Arguments after `--`: PATH DEPTH
-- (default "/" 16). done() prints the same JSON line as stats.lua; latency is per batch.
init = function(args)
  local path = args[1] or "/"
  local depth = tonumber(args[2] or "16")
  local r = {}
  for i = 1, depth do
    r[i] = wrk.format("GET", path)
  end
  req = table.concat(r)
end

request = function()
  return req
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%.0f,"duration_us":%.0f,"bytes":%.0f,' ..
    '"connect_errors":%.0f,"read_errors":%.0f,"write_errors":%.0f,"status_errors":%.0f,' ..
    '"timeouts":%.0f,"p50_us":%.0f,"p99_us":%.0f,"p999_us":%.0f,"max_us":%.0f,"mean_us":%.1f}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency:percentile(99.9),
    latency.max, latency.mean))
end
