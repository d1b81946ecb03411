-- wrk script for every non-pipelined cell of `make bench`. It defines no request() or
-- response() hook, so wrk keeps its static, Lua-free request path; done() prints one line of
-- JSON (percentiles wrk's own --latency output lacks, p99.9 among them) that bench.py reads.
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
