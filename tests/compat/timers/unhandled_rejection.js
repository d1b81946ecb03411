// A rejection still unhandled once the microtask queue has drained goes to
// process.on('unhandledRejection'), after the ticks and microtasks of that drain; a handler
// attached by a microtask of the same drain prevents it. The loop carries on and the exit
// code stays 0.
process.on('unhandledRejection', (reason) => {
  console.log(`unhandled ${reason.message}`);
});

async function fails() {
  await Promise.resolve();
  throw new Error('async throw');
}

const handledLate = Promise.reject(new Error('handled late'));
Promise.resolve().then(() => handledLate.catch((e) => {
  console.log(`late catch ${e.message}`);
}));
Promise.reject(new Error('nobody'));
fails();
setTimeout(() => {
  console.log('timer');
  Promise.reject(new Error('from timer'));
  process.nextTick(() => console.log('timer -> tick'));
  Promise.resolve().then(() => console.log('timer -> promise'));
}, 5);
setTimeout(() => console.log('timer 2 (same list)'), 5);
process.nextTick(() => console.log('tick'));
process.on('exit', (code) => console.log(`exit ${code}`));
console.log('main done');
