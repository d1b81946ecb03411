'use strict';
// Twin of next_tick/* in tick_immediate_bench.cc: 1M process.nextTick callbacks, as a chain
// (each schedules the next) or a batch (all queued at once).
const { SIZES, run } = require('./common');

const N = SIZES.ticks;

function chain(done) {
  let left = N;
  const step = () => {
    if (--left > 0) {
      process.nextTick(step);
    } else {
      done();
    }
  };
  process.nextTick(step);
}

function batch(done) {
  let ran = 0;
  const inc = () => {
    if (++ran === N) {
      done();
    }
  };
  for (let i = 0; i < N; i++) {
    process.nextTick(inc);
  }
}

run([
  { name: 'next_tick/chain', ops: N, start: chain },
  { name: 'next_tick/batch', ops: N, start: batch },
]);
