// An unref'd timer does not keep the process alive: the unref'd interval still runs while
// ref'd timers are pending, and the process ends once the last of them has fired. ref() makes
// a timer count again; hasRef() tells which it is. The interval prints only its first run: how
// many runs fit before the end depends on the machine's speed.
let runs = 0;
const interval = setInterval(() => {
  runs++;
  if (runs === 1) console.log('unref interval first run');
}, 10);
console.log(`interval hasRef ${interval.hasRef()}`);
interval.unref();
console.log(`interval hasRef after unref ${interval.hasRef()}`);

const never = setTimeout(() => console.log('never: unref and far away'), 5000).unref();
console.log(`never hasRef ${never.hasRef()}`);

const back = setTimeout(() => {
  console.log('unref then ref again: fires');
  const lone = setImmediate(() => console.log('unref immediate: runs, the loop is alive'));
  lone.unref();
  console.log(`lone immediate hasRef ${lone.hasRef()}`);
  setTimeout(() => {
    console.log('last ref timeout');
    setImmediate(() => console.log('immediate after the last ref timer'));
  }, 50);
}, 100);
back.unref();
back.ref();
console.log(`back hasRef ${back.hasRef()}`);
process.on('exit', (code) => {
  console.log(`exit ${code}, interval ran: ${runs > 0}`);
});
