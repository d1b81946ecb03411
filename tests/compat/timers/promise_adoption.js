// Resolving a promise with another promise (a then callback returning one, resolve(promise),
// and finally(), which resolves with a promise internally) costs extra microtask steps in
// JavaScript: a job to call the inner promise's then, another to settle the outer one. The
// step counter running beside each case makes those hops visible.
let step = 0;
function ticker() {
  console.log(`step ${++step}`);
  if (step < 6) queueMicrotask(ticker);
}

queueMicrotask(ticker);
Promise.resolve(1)
  .then(() => Promise.resolve(2))
  .then((v) => console.log(`adopted ${v}`));
Promise.resolve(3)
  .finally(() => console.log('finally'))
  .then((v) => console.log(`after finally ${v}`));
new Promise((resolve) => resolve(Promise.resolve(4))).then((v) => {
  console.log(`resolved with ${v}`);
});
