// process.exit(code) inside a timer emits 'exit' with that code at once and abandons every
// pending timer, immediate, tick and microtask.
process.on('exit', (code) => console.log(`exit ${code}`));
setTimeout(() => {
  console.log('timer 1');
  process.nextTick(() => console.log('tick: never runs'));
  Promise.resolve().then(() => console.log('microtask: never runs'));
  setImmediate(() => console.log('immediate: never runs'));
  process.exitCode = 9;
  process.exit(2);
  console.log('after exit: never runs');
}, 5);
setTimeout(() => console.log('timer 2 (same list): never runs'), 5);
setTimeout(() => console.log('timer 3: never runs'), 50);
