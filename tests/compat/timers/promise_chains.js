// Each link of a then/catch chain runs one microtask after the previous one settled; a
// rejection skips the fulfillment handlers down to the next catch. The step counter running
// beside the chains makes every hop visible.
let step = 0;
function ticker() {
  console.log(`step ${++step}`);
  if (step < 8) queueMicrotask(ticker);
}

queueMicrotask(ticker);
Promise.resolve(1)
  .then((v) => {
    console.log(`then ${v}`);
    return v + 1;
  })
  .then((v) => {
    console.log(`then ${v}`);
    throw new Error('broken');
  })
  .then((v) => {
    console.log('skipped');
    return v;
  })
  .catch((e) => {
    console.log(`catch ${e.message}`);
    return 10;
  })
  .then((v) => console.log(`after catch ${v}`));
Promise.reject(new Error('early')).then(
  () => console.log('skipped'),
  (e) => console.log(`onRejected ${e.message}`));
new Promise((resolve, reject) => {
  console.log('executor runs now');
  reject(new Error('from executor'));
}).catch((e) => console.log(`catch ${e.message}`));

setTimeout(() => {
  console.log('timer');
  Promise.resolve('t').then((v) => {
    console.log(`timer -> then ${v}`);
  });
  process.nextTick(() => console.log('timer -> tick'));
}, 5);
setTimeout(() => console.log('timer 2 (same list)'), 5);
console.log('main done');
