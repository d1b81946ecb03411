// Timeout.refresh() restarts a timer with its original delay from now: refreshed while
// pending it fires later than first planned; refreshed after it fired, or from inside its own
// callback, it fires again. Each timer below is ordered by cause (who refreshed whom), not by
// wall-clock margins, so a slow machine prints the same lines.
let fired = 0;
const done = setTimeout(() => console.log('done fired'), 10);
const again = setTimeout(() => {
  fired++;
  console.log(`again fired ${fired}`);
  if (fired === 1) again.refresh();
}, 20);
const late = setTimeout(() => {
  console.log('late: 50 ms timer refreshed at 30 ms');
  done.refresh();
}, 50);
setTimeout(() => {
  console.log('30 ms: refresh late');
  late.refresh();
  setTimeout(() => console.log('marker 40 ms after the refresh'), 40);
}, 30);
process.on('exit', () => console.log(`exit, again fired ${fired} times`));
