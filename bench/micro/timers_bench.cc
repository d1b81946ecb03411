// Timer benchmarks: 1M timers inserted then cancelled, and 1M timers inserted then fired.
// Node twins: node/timers_insert_cancel.js, node/timers_insert_fire.js.
//
// Each comes twice: through the public API (setTimeout/clearTimeout: a refcounted
// TimeoutImpl per timer, a UniqueFunction callback, a clock read per insert as Node's
// getLibuvNow) and at the loop layer (loop::core::Timer nodes embedded in a preallocated array,
// no allocation, no clock read): the gap between the two rows is the API layer's cost.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "bench_util.h"
#include "loop/loop.h"
#include "nodecc/nodecc.h"

namespace nodecc::bench {
namespace {

// Duration patterns. kSame: one list holds every timer (the server keep-alive case).
// kSpread1000: 1000 lists. kDistinct: one list per timer, so the heap of lists is 1M deep.
enum class Spread { kSame, kSpread1000, kDistinct };

uint64_t cancelDuration(Spread s, int64_t i) {
  switch (s) {
    case Spread::kSame:
      return 1000;
    case Spread::kSpread1000:
      return uint64_t(i % 1000 + 1);
    case Spread::kDistinct:
      return uint64_t(i + 1);
  }
  return 1;
}

// Insert+fire patterns: all 1 ms, or 1..10 ms.
enum class FireSpread { kOneMs, kSpread10 };

uint64_t fireDuration(FireSpread s, int64_t i) {
  return s == FireSpread::kOneMs ? 1 : uint64_t(i % 10 + 1);
}

// A loop::core::Timer embedded in its owner, default-constructible so an array of them needs one
// allocation for all.
struct BenchTimer : loop::core::Timer {
  BenchTimer() : loop::core::Timer(&BenchTimer::onFire) {}
  static void onFire(loop::core::Timer* t) { ++*static_cast<int64_t*>(t->data); }
};

// --- insert + cancel

void timerInsertCancelApi(benchmark::State& state, Spread spread) {
  std::vector<Timeout> handles;
  handles.reserve(kTimers);
  int64_t fired = 0;
  for (auto _ : state) {
    for (int64_t i = 0; i < kTimers; ++i) {
      handles.push_back(setTimeout([&fired] { ++fired; }, double(cancelDuration(spread, i))));
    }
    for (const Timeout& h : handles) {
      clearTimeout(h);
    }
    // Dropping the handles frees the timers: Node pays the same in its GC.
    handles.clear();
    benchmark::ClobberMemory();
  }
  if (fired != 0) {
    state.SkipWithError("a cleared timer fired");
  }
  reportOps(state, kTimers);
}

void timerInsertCancelLoop(benchmark::State& state, Spread spread) {
  loop::core::Loop loop;
  auto timers = std::make_unique<BenchTimer[]>(kTimers);
  int64_t fired = 0;
  for (int64_t i = 0; i < kTimers; ++i) {
    timers[i].data = &fired;
  }
  for (auto _ : state) {
    loop.updateTime();
    for (int64_t i = 0; i < kTimers; ++i) {
      loop.startTimer(timers[i], cancelDuration(spread, i));
    }
    for (int64_t i = 0; i < kTimers; ++i) {
      loop.stopTimer(timers[i]);
    }
    benchmark::ClobberMemory();
  }
  if (fired != 0 || loop.timerCount() != 0) {
    state.SkipWithError("timers left behind");
  }
  reportOps(state, kTimers);
}

// --- insert + fire

void timerInsertFireApi(benchmark::State& state, FireSpread spread) {
  int64_t fired = 0;
  for (auto _ : state) {
    fired = 0;
    for (int64_t i = 0; i < kTimers; ++i) {
      // The handle is dropped at once, as in the Node twin: the loop keeps the timer alive.
      setTimeout([&fired] { ++fired; }, double(fireDuration(spread, i)));
    }
    run();
    if (fired != kTimers) {
      state.SkipWithError("not every timer fired");
      break;
    }
  }
  reportOps(state, kTimers);
}

void timerInsertFireLoop(benchmark::State& state, FireSpread spread) {
  loop::core::Loop loop;
  auto timers = std::make_unique<BenchTimer[]>(kTimers);
  int64_t fired = 0;
  for (int64_t i = 0; i < kTimers; ++i) {
    timers[i].data = &fired;
  }
  for (auto _ : state) {
    fired = 0;
    loop.updateTime();
    for (int64_t i = 0; i < kTimers; ++i) {
      loop.startTimer(timers[i], fireDuration(spread, i));
    }
    loop.run();
    if (fired != kTimers) {
      state.SkipWithError("not every timer fired");
      break;
    }
  }
  reportOps(state, kTimers);
}

BENCHMARK_CAPTURE(timerInsertCancelApi, same, Spread::kSame)
    ->Name("timer_insert_cancel/same/api")
    ->UseRealTime();
BENCHMARK_CAPTURE(timerInsertCancelLoop, same, Spread::kSame)
    ->Name("timer_insert_cancel/same/loop")
    ->UseRealTime();
BENCHMARK_CAPTURE(timerInsertCancelApi, spread1000, Spread::kSpread1000)
    ->Name("timer_insert_cancel/spread1000/api")
    ->UseRealTime();
BENCHMARK_CAPTURE(timerInsertCancelLoop, spread1000, Spread::kSpread1000)
    ->Name("timer_insert_cancel/spread1000/loop")
    ->UseRealTime();
BENCHMARK_CAPTURE(timerInsertCancelApi, distinct, Spread::kDistinct)
    ->Name("timer_insert_cancel/distinct/api")
    ->UseRealTime();
BENCHMARK_CAPTURE(timerInsertCancelLoop, distinct, Spread::kDistinct)
    ->Name("timer_insert_cancel/distinct/loop")
    ->UseRealTime();

BENCHMARK_CAPTURE(timerInsertFireApi, 1ms, FireSpread::kOneMs)
    ->Name("timer_insert_fire/1ms/api")
    ->UseRealTime();
BENCHMARK_CAPTURE(timerInsertFireLoop, 1ms, FireSpread::kOneMs)
    ->Name("timer_insert_fire/1ms/loop")
    ->UseRealTime();
BENCHMARK_CAPTURE(timerInsertFireApi, spread10, FireSpread::kSpread10)
    ->Name("timer_insert_fire/spread10/api")
    ->UseRealTime();
BENCHMARK_CAPTURE(timerInsertFireLoop, spread10, FireSpread::kSpread10)
    ->Name("timer_insert_fire/spread10/loop")
    ->UseRealTime();

}  // namespace
}  // namespace nodecc::bench
