'use strict';
// Twin of set_immediate/* in tick_immediate_bench.cc: a chain of 200k setImmediate (each
// schedules the next: one loop iteration each, epoll_wait with a zero timeout included) and
// a batch of 1M queued at once (one check phase).
const { SIZES, run } = require('./common');

function chain(done) {
  let left = SIZES.immediateChain;
  const step = () => {
    if (--left > 0) {
      setImmediate(step);
    } else {
      done();
    }
  };
  setImmediate(step);
}

function batch(done) {
  const n = SIZES.immediateBatch;
  let ran = 0;
  const inc = () => {
    if (++ran === n) {
      done();
    }
  };
  for (let i = 0; i < n; i++) {
    setImmediate(inc);
  }
}

run([
  { name: 'set_immediate/chain', ops: SIZES.immediateChain, start: chain },
  { name: 'set_immediate/batch', ops: SIZES.immediateBatch, start: batch },
]);
