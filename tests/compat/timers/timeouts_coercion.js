// Delays are coerced as Node does: 0, negative and NaN-like delays become 1 ms, so they share
// the 1 ms list and fire in the order set; a delay above 2^31-1 ms also becomes 1 ms, with a
// TimeoutOverflowWarning that process.emitWarning delivers to 'warning' listeners on the next
// tick, not synchronously.
process.on('warning', (w) => {
  console.log(`warning ${w.name}: ${w.message}`);
});
setTimeout(() => console.log('delay 100'), 100);
setTimeout(() => console.log('delay 1'), 1);
setTimeout(() => console.log('delay 0'), 0);
setTimeout(() => console.log('delay -5'), -5);
setTimeout(() => console.log('delay omitted'));
setTimeout(() => console.log('delay 2^31 (overflow)'), 2 ** 31);
console.log('main done');
