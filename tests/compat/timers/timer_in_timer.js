// A timer set inside a timer callback never fires in the timers phase that is running, even
// when it is overdue by the time the phase goes on and has the delay of the list being run.
// The busy waits make "due" independent of the machine's speed: every main-script timer is due
// in the first timers phase, and the nested ones are overdue before that phase ends.
function busyWait(ms) {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

setTimeout(() => {
  console.log('a');
  setTimeout(() => console.log('a -> timeout 10 (same list)'), 10);
  setTimeout(() => console.log('a -> timeout 1'), 1);
  setImmediate(() => console.log('a -> immediate'));
  busyWait(20);
}, 10);
setTimeout(() => console.log('b (same list)'), 10);
setTimeout(() => console.log('c (15 ms list)'), 15);
busyWait(20);
