'use strict';
// Shared by the Node.js twins of bench-micro. Each twin registers benchmarks with run();
// every benchmark runs one warm-up repetition (JIT, heap growth), then REPS measured ones,
// and prints one JSON line: {"name", "ns_per_op", "ops", "samples"} where ns_per_op is the
// median of the samples (ns per operation of each repetition). run.sh runs each twin three
// times and takes the median of the three.
//
// A repetition is start(done): it starts the work and calls done() when the last operation
// has completed (synchronously, or later from a callback); the time between the two is
// measured with process.hrtime.bigint(). Repetitions start from a fresh setImmediate, so
// leftovers of the previous one never count.

// The sizes bench_util.h uses too: keep them in step.
const SIZES = {
  timers: 1_000_000,
  ticks: 1_000_000,
  immediateChain: 200_000,
  immediateBatch: 1_000_000,
  poolRoundTrips: 10_000,
  poolInFlight: 100_000,
};

const REPS = Number(process.env.BENCH_REPS || 3);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function runOne(bench, next) {
  const samples = [];
  let rep = 0;
  const step = () => {
    const t0 = process.hrtime.bigint();
    bench.start(() => {
      const ns = Number(process.hrtime.bigint() - t0);
      if (rep++ > 0) {  // the first is the warm-up
        samples.push(ns / bench.ops);
      }
      if (rep <= REPS) {
        setImmediate(step);
      } else {
        console.log(JSON.stringify({
          name: bench.name, ns_per_op: median(samples), ops: bench.ops, samples,
        }));
        setImmediate(next);
      }
    });
  };
  setImmediate(step);
}

// benches: [{name, ops, start(done)}], run in order. BENCH_FILTER (a substring) selects some.
function run(benches) {
  const filter = process.env.BENCH_FILTER || '';
  const list = benches.filter((b) => b.name.includes(filter));
  let i = 0;
  const next = () => {
    if (i < list.length) {
      runOne(list[i++], next);
    }
  };
  next();
}

module.exports = { SIZES, run };
