'use strict';
// Twin of threadpool/* in thread_pool_bench.cc: a round trip through libuv's thread pool
// (4 threads by default, as the C++ side) with minimal work.
//
// The operation is crypto.randomFill of one byte. Candidates measured on the bench machine
// (pinned to one core; latency / throughput in ns per op): fs.stat of a tmpfs file
// 20.3k / 6.2k, fs.fstat 21.4k / 8.7k, fs.access 22.4k / 7.0k, crypto.pbkdf2 with one
// iteration 24.9k / 11.4k, crypto.randomFill(buf, off, 1) 22.1k / 4.5k. randomFill's work on
// the worker is one RAND_bytes of one byte (no syscall, no path to convert, no Stats object
// to build), so it is the most trivial pool-bound operation and the cheapest per op in
// throughput; the latencies are all within noise of each other. (fs.read of length 0 would
// be cheaper still but never reaches the pool: Node answers it with a nextTick.)
const crypto = require('crypto');
const { SIZES, run } = require('./common');

const buf = Buffer.alloc(SIZES.poolInFlight);

function latency(done) {
  let left = SIZES.poolRoundTrips;
  const step = (err) => {
    if (err) {
      throw err;
    }
    if (--left > 0) {
      crypto.randomFill(buf, 0, 1, step);
    } else {
      done();
    }
  };
  crypto.randomFill(buf, 0, 1, step);
}

function throughput(done) {
  const n = SIZES.poolInFlight;
  let completed = 0;
  const cb = (err) => {
    if (err) {
      throw err;
    }
    if (++completed === n) {
      done();
    }
  };
  for (let i = 0; i < n; i++) {
    crypto.randomFill(buf, i, 1, cb);
  }
}

run([
  { name: 'threadpool/latency', ops: SIZES.poolRoundTrips, start: latency },
  { name: 'threadpool/throughput', ops: SIZES.poolInFlight, start: throughput },
]);
