// Thread-pool round trip: a trivial work item submitted from the loop, run on a worker, its
// completion posted back and run on the loop. Node twin: node/thread_pool.js (crypto.randomFill
// of one byte, the lightest libuv-pool operation Node exposes; the file says why).
//
// latency: one request in flight, its done callback submits the next (submit -> worker wakeup
// -> post -> eventfd wakeup of the loop -> done), so the time per op is a full round trip.
// throughput: kPoolInFlight requests submitted at once, then the loop runs until all are done.
// Both use kPoolThreads workers, libuv's default.
//
// latency/floor is not nodecc: two threads passing a turn back and forth through a mutex and
// a condition variable, the least a round trip to another thread costs (two context switches
// when both share one core, as under run.sh's taskset). It bounds what any pool can reach.
#include <benchmark/benchmark.h>

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>

#include "bench_util.h"
#include "loop/loop.h"
#include "threadpool/thread_pool.h"

namespace nodecc::bench {
namespace {

// The work: one byte written, as randomFill of one byte does (minus the random).
struct ByteRequest : threadpool::core::WorkRequest {
  ByteRequest() : threadpool::core::WorkRequest(&ByteRequest::work, &ByteRequest::done) {}
  static void work(threadpool::core::WorkRequest* r) {
    auto* self = static_cast<ByteRequest*>(r);
    self->byte = 1;
    benchmark::DoNotOptimize(self->byte);
  }
  static void done(threadpool::core::WorkRequest* r, int status) {
    auto* self = static_cast<ByteRequest*>(r);
    if (status == 0) {
      ++*self->completed;
    }
    if (self->chainLeft > 0 && --self->chainLeft > 0) {
      self->pool->submit(*self->loop, *self);
    }
  }

  unsigned char byte = 0;
  int64_t* completed = nullptr;
  int64_t chainLeft = 0;  // latency: round trips still to make
  threadpool::core::ThreadPool* pool = nullptr;
};

void threadPoolLatency(benchmark::State& state) {
  loop::core::Loop loop;  // declared first: the pool (and its workers) goes before the loop
  threadpool::core::ThreadPool pool(kPoolThreads);
  int64_t completed = 0;
  ByteRequest req;
  req.completed = &completed;
  req.pool = &pool;
  pool.submit(loop, req);  // starts the workers outside the timing
  loop.run();
  for (auto _ : state) {
    completed = 0;
    req.chainLeft = kPoolRoundTrips;
    pool.submit(loop, req);
    loop.run();
    if (completed != kPoolRoundTrips) {
      state.SkipWithError("round trips missing");
      break;
    }
  }
  reportOps(state, kPoolRoundTrips);
}

void threadPoolThroughput(benchmark::State& state) {
  loop::core::Loop loop;
  threadpool::core::ThreadPool pool(kPoolThreads);
  int64_t completed = 0;
  auto reqs = std::make_unique<ByteRequest[]>(kPoolInFlight);
  for (int64_t i = 0; i < kPoolInFlight; ++i) {
    reqs[i].completed = &completed;
  }
  pool.submit(loop, reqs[0]);
  loop.run();
  for (auto _ : state) {
    completed = 0;
    for (int64_t i = 0; i < kPoolInFlight; ++i) {
      pool.submit(loop, reqs[i]);
    }
    loop.run();
    if (completed != kPoolInFlight) {
      state.SkipWithError("completions missing");
      break;
    }
  }
  reportOps(state, kPoolInFlight);
}

void threadRoundTripFloor(benchmark::State& state) {
  std::mutex mutex;
  std::condition_variable cv;
  int turn = 0;  // 1: the peer's, 0: ours
  bool stop = false;
  std::thread peer([&] {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      cv.wait(lock, [&] { return turn == 1 || stop; });
      if (stop) {
        return;
      }
      turn = 0;
      cv.notify_one();
    }
  });
  for (auto _ : state) {
    for (int64_t i = 0; i < kPoolRoundTrips; ++i) {
      std::unique_lock<std::mutex> lock(mutex);
      turn = 1;
      cv.notify_one();
      cv.wait(lock, [&] { return turn == 0; });
    }
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    stop = true;
  }
  cv.notify_one();
  peer.join();
  reportOps(state, kPoolRoundTrips);
}

BENCHMARK(threadPoolLatency)->Name("threadpool/latency/threadpool")->UseRealTime();
BENCHMARK(threadRoundTripFloor)->Name("threadpool/latency/floor")->UseRealTime();
BENCHMARK(threadPoolThroughput)->Name("threadpool/throughput/threadpool")->UseRealTime();

}  // namespace
}  // namespace nodecc::bench
