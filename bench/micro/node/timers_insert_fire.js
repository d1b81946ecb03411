'use strict';
// Twin of timer_insert_fire/* in timers_bench.cc: 1M setTimeout (1 ms, or 1..10 ms), the
// handles dropped, then the loop runs until the last one has fired. Time per timer covers
// the insert and the firing.
const { SIZES, run } = require('./common');

const N = SIZES.timers;

function insertFire(duration) {
  return (done) => {
    let fired = 0;
    const cb = () => {
      if (++fired === N) {
        done();
      }
    };
    for (let i = 0; i < N; i++) {
      setTimeout(cb, duration(i));
    }
  };
}

run([
  { name: 'timer_insert_fire/1ms', ops: N, start: insertFire(() => 1) },
  { name: 'timer_insert_fire/spread10', ops: N, start: insertFire((i) => (i % 10) + 1) },
]);
