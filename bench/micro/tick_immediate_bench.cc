// process.nextTick and setImmediate throughput, as a chain (each callback schedules the next)
// and as a batch (all queued at once, then the loop runs). Node twins: node/next_tick.js,
// node/set_immediate.js.
//
// A nextTick chain never leaves the drain loop; an immediate chain takes one loop iteration
// per immediate (timers, pending, poll with a zero timeout, check, close), as in libuv. The
// /loop rows queue loop::core::Immediate nodes directly: the gap to /api is the API layer's cost.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>

#include "bench_util.h"
#include "loop/loop.h"
#include "nodecc/nodecc.h"

namespace nodecc::bench {
namespace {

// --- nextTick

struct TickChain {
  int64_t left = 0;
  void step() {
    if (--left > 0) {
      process::nextTick([this] { step(); });
    }
  }
};

void nextTickChain(benchmark::State& state) {
  TickChain chain;
  for (auto _ : state) {
    chain.left = kTicks;
    process::nextTick([&chain] { chain.step(); });
    run();
    if (chain.left != 0) {
      state.SkipWithError("chain did not finish");
      break;
    }
  }
  reportOps(state, kTicks);
}

void nextTickBatch(benchmark::State& state) {
  int64_t ran = 0;
  for (auto _ : state) {
    ran = 0;
    for (int64_t i = 0; i < kTicks; ++i) {
      process::nextTick([&ran] { ++ran; });
    }
    run();
    if (ran != kTicks) {
      state.SkipWithError("batch did not finish");
      break;
    }
  }
  reportOps(state, kTicks);
}

// --- setImmediate

struct ImmediateChain {
  int64_t left = 0;
  void step() {
    if (--left > 0) {
      setImmediate([this] { step(); });
    }
  }
};

void setImmediateChain(benchmark::State& state) {
  ImmediateChain chain;
  for (auto _ : state) {
    chain.left = kImmediateChain;
    setImmediate([&chain] { chain.step(); });
    run();
    if (chain.left != 0) {
      state.SkipWithError("chain did not finish");
      break;
    }
  }
  reportOps(state, kImmediateChain);
}

void setImmediateBatch(benchmark::State& state) {
  int64_t ran = 0;
  for (auto _ : state) {
    ran = 0;
    for (int64_t i = 0; i < kImmediateBatch; ++i) {
      setImmediate([&ran] { ++ran; });
    }
    run();
    if (ran != kImmediateBatch) {
      state.SkipWithError("batch did not finish");
      break;
    }
  }
  reportOps(state, kImmediateBatch);
}

// Loop layer: one embedded node re-queued by its own callback (chain), or an array of nodes.
struct ChainNode : loop::core::Immediate {
  ChainNode() : loop::core::Immediate(&ChainNode::onRun) {}
  static void onRun(loop::core::Immediate* i) {
    auto* self = static_cast<ChainNode*>(i);
    if (--self->left > 0) {
      self->loop->startImmediate(*self);
    }
  }
  loop::core::Loop* loop = nullptr;
  int64_t left = 0;
};

struct CountNode : loop::core::Immediate {
  CountNode() : loop::core::Immediate(&CountNode::onRun) {}
  static void onRun(loop::core::Immediate* i) { ++*static_cast<int64_t*>(i->data); }
};

void setImmediateChainLoop(benchmark::State& state) {
  loop::core::Loop loop;
  ChainNode node;
  node.loop = &loop;
  for (auto _ : state) {
    node.left = kImmediateChain;
    loop.startImmediate(node);
    loop.run();
    if (node.left != 0) {
      state.SkipWithError("chain did not finish");
      break;
    }
  }
  reportOps(state, kImmediateChain);
}

void setImmediateBatchLoop(benchmark::State& state) {
  loop::core::Loop loop;
  auto nodes = std::make_unique<CountNode[]>(kImmediateBatch);
  int64_t ran = 0;
  for (int64_t i = 0; i < kImmediateBatch; ++i) {
    nodes[i].data = &ran;
  }
  for (auto _ : state) {
    ran = 0;
    for (int64_t i = 0; i < kImmediateBatch; ++i) {
      loop.startImmediate(nodes[i]);
    }
    loop.run();
    if (ran != kImmediateBatch) {
      state.SkipWithError("batch did not finish");
      break;
    }
  }
  reportOps(state, kImmediateBatch);
}

BENCHMARK(nextTickChain)->Name("next_tick/chain/api")->UseRealTime();
BENCHMARK(nextTickBatch)->Name("next_tick/batch/api")->UseRealTime();
BENCHMARK(setImmediateChain)->Name("set_immediate/chain/api")->UseRealTime();
BENCHMARK(setImmediateChainLoop)->Name("set_immediate/chain/loop")->UseRealTime();
BENCHMARK(setImmediateBatch)->Name("set_immediate/batch/api")->UseRealTime();
BENCHMARK(setImmediateBatchLoop)->Name("set_immediate/batch/loop")->UseRealTime();

}  // namespace
}  // namespace nodecc::bench
