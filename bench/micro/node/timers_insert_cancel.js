'use strict';
// Twin of timer_insert_cancel/* in timers_bench.cc: 1M setTimeout, then clearTimeout on each
// handle. Durations: same (all 1000 ms: one timer list), spread1000 (i % 1000 + 1: 1000
// lists), distinct (i + 1: one list per timer). The handles array is dropped after each
// repetition, as the C++ side frees its timers; Node pays that in its GC.
const { SIZES, run } = require('./common');

const N = SIZES.timers;
const noop = () => {};

function insertCancel(duration) {
  return (done) => {
    const handles = new Array(N);
    for (let i = 0; i < N; i++) {
      handles[i] = setTimeout(noop, duration(i));
    }
    for (let i = 0; i < N; i++) {
      clearTimeout(handles[i]);
    }
    done();
  };
}

run([
  { name: 'timer_insert_cancel/same', ops: N, start: insertCancel(() => 1000) },
  { name: 'timer_insert_cancel/spread1000', ops: N, start: insertCancel((i) => (i % 1000) + 1) },
  { name: 'timer_insert_cancel/distinct', ops: N, start: insertCancel((i) => i + 1) },
]);
