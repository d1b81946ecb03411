// From inside a timer callback, setImmediate always beats setTimeout(0): the check phase comes
// before the next timers phase. From inside an immediate the race is decided by the clock, so
// the busy wait makes the 1 ms timers due before the loop reaches the timers phase: the
// timeouts win. The busy wait in the main script puts both 10 ms timers in the first timers
// phase: two timers set one after the other may start a millisecond apart.
function busyWait(ms) {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

setTimeout(() => {
  console.log('timer');
  setTimeout(() => console.log('timer -> timeout 0'), 0);
  setImmediate(() => {
    console.log('timer -> immediate');
    setTimeout(() => console.log('timer -> immediate -> timeout 0'), 0);
    setImmediate(() => console.log('timer -> immediate -> immediate'));
    busyWait(5);
  });
}, 10);
setTimeout(() => console.log('timer 2 (same list)'), 10);
busyWait(20);
