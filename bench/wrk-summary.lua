-- wrk's summary of a run as one JSON line on stdout (bench/wrk.ts reads it): requests, the run's
-- length and latencies in microseconds, answers other than 2xx/3xx, and socket errors.
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    errors.status, errors.connect + errors.read + errors.write + errors.timeout))
end
