// After the main script (and after every callback) Node drains the nextTick queue, then the
// microtask queue, and repeats until both are empty: ticks queued by ticks run before any
// microtask, microtasks queued by microtasks run before ticks queued by microtasks.
Promise.resolve().then(() => {
  console.log('promise 1');
  process.nextTick(() => console.log('promise 1 -> tick'));
  Promise.resolve().then(() => console.log('promise 1 -> promise'));
  queueMicrotask(() => console.log('promise 1 -> microtask'));
});
process.nextTick(() => {
  console.log('tick 1');
  process.nextTick(() => {
    console.log('tick 1 -> tick');
    process.nextTick(() => console.log('tick 1 -> tick -> tick'));
  });
  Promise.resolve().then(() => console.log('tick 1 -> promise'));
});
queueMicrotask(() => {
  console.log('microtask 1');
  process.nextTick(() => {
    console.log('microtask 1 -> tick');
    queueMicrotask(() => console.log('microtask 1 -> tick -> microtask'));
    process.nextTick(() => console.log('microtask 1 -> tick -> tick'));
  });
});
process.nextTick((a, n) => console.log(`tick 2 ${a} ${n}`), 'x', 42);
Promise.resolve().then(() => console.log('promise 2'));
console.log('main done');
