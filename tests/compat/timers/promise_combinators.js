// Promise.all / race / allSettled settle as many microtask steps after their inputs as the
// spec's jobs take; the step counter running beside them makes those hops visible. Timed
// inputs settle in the timers phase; the shorter timer is set first, and the gaps are wide, so
// that a stalled main script cannot change which settles first.
let step = 0;
function ticker() {
  console.log(`step ${++step}`);
  if (step < 6) queueMicrotask(ticker);
}

queueMicrotask(ticker);
Promise.all([Promise.resolve(1), Promise.resolve(2)]).then((v) => {
  console.log(`all ${v[0]},${v[1]}`);
});
Promise.race([Promise.resolve(3), Promise.resolve(4)]).then((v) => {
  console.log(`race ${v}`);
});
Promise.allSettled([Promise.resolve(5), Promise.reject(new Error('x'))]).then((r) => {
  console.log(`allSettled ${r[0].status} ${r[0].value}`);
  console.log(`allSettled ${r[1].status} ${r[1].reason.message}`);
});
Promise.all([Promise.resolve(6), Promise.reject(new Error('boom'))]).catch((e) => {
  console.log(`all rejected ${e.message}`);
});
Promise.all([]).then((v) => console.log(`all empty ${v.length}`));

const fast = new Promise((resolve) => setTimeout(resolve, 10, 'fast'));
const slow = new Promise((resolve) => setTimeout(resolve, 70, 'slow'));
Promise.race([slow, fast]).then((v) => console.log(`timed race ${v}`));
Promise.all([slow, fast]).then((v) => {
  console.log(`timed all ${v[0]},${v[1]}`);
});
Promise.allSettled([slow, Promise.reject(new Error('late'))]).then((r) => {
  console.log(`timed allSettled ${r[0].value} ${r[1].reason.message}`);
});
setTimeout(() => console.log('timer 40'), 40);
console.log('main done');
