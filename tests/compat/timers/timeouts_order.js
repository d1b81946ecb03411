// Timers fire by expiry; timers of equal delay fire in the order they were set; extra
// arguments after the delay reach the callback. The delays are 25 ms apart so that a main
// script stalled by a loaded machine cannot reorder them.
setTimeout(() => console.log('75 ms'), 75);
setTimeout(() => console.log('25 ms'), 25);
setTimeout(() => console.log('50 ms a'), 50);
setTimeout(() => console.log('50 ms b'), 50);
setTimeout(() => console.log('50 ms c'), 50);
setTimeout((s, n) => console.log(`args ${s} ${n}`), 100, 'x', 7);
setTimeout((a, b, c) => console.log(`sum ${a + b + c}`), 100, 1, 2, 3);
setTimeout(() => {
  console.log('125 ms');
  setTimeout(() => console.log('nested 25 ms'), 25);
  setTimeout(() => console.log('nested 1 ms'), 1);
}, 125);
console.log('main done');
