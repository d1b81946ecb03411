#pragma once
// Shared helpers of the micro benchmarks. Every benchmark runs `ops` operations per iteration
// and records them in the "ops" counter; run.sh divides the median real time by it to get
// ns/op, the unit the Node.js twins print.
#include <benchmark/benchmark.h>

#include <cstdint>

namespace nodecc::bench {

// The sizes the Node.js twins use too (node/common.js): keep them in step.
inline constexpr int64_t kTimers = 1'000'000;
inline constexpr int64_t kTicks = 1'000'000;
inline constexpr int64_t kImmediateChain = 200'000;
inline constexpr int64_t kImmediateBatch = 1'000'000;
inline constexpr int64_t kPoolRoundTrips = 10'000;
inline constexpr int64_t kPoolInFlight = 100'000;
// libuv's default UV_THREADPOOL_SIZE, and ThreadPool's default.
inline constexpr size_t kPoolThreads = 4;

// Call after the timing loop.
inline void reportOps(benchmark::State& state, int64_t ops) {
  state.counters["ops"] = double(ops);
  state.SetItemsProcessed(int64_t(state.iterations()) * ops);
}

}  // namespace nodecc::bench
