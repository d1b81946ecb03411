// clearTimeout from inside a timer callback cancels a timer that is already due in the same
// timers phase, in the same list or in a later one. The busy wait makes every timer below due
// in the first timers phase, whatever the machine's speed.
function busyWait(ms) {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

let victimSame;
let victimOther;
setTimeout(() => {
  console.log('killer');
  clearTimeout(victimSame);
  clearTimeout(victimOther);
  clearTimeout(victimSame);
}, 5);
victimSame = setTimeout(() => console.log('victim same list: must not run'), 5);
setTimeout(() => console.log('survivor same list'), 5);
victimOther = setTimeout(() => console.log('victim other list: must not run'), 10);
setTimeout(() => console.log('survivor other list'), 15);
const self = setTimeout(() => {
  console.log('self clear');
  clearTimeout(self);
}, 20);
busyWait(40);
console.log('main done');
