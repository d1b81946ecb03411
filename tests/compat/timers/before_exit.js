// 'beforeExit' fires when the loop has nothing left to do; work it schedules keeps the process
// going, and 'beforeExit' fires again once that work is done. 'exit' fires once, last, with
// the exit code; work scheduled from 'exit' never runs.
let rounds = 0;
process.on('beforeExit', (code) => {
  rounds++;
  console.log(`beforeExit ${code} round ${rounds}`);
  if (rounds === 1) {
    setTimeout(() => console.log('timer from beforeExit'), 5);
    process.nextTick(() => console.log('tick from beforeExit'));
  }
  if (rounds === 2) {
    Promise.resolve().then(() => console.log('microtask from beforeExit 2'));
    setImmediate(() => console.log('immediate from beforeExit 2'));
  }
});
process.on('exit', (code) => {
  console.log(`exit ${code} after ${rounds} rounds`);
  setTimeout(() => console.log('timer from exit: never runs'), 0);
  process.nextTick(() => console.log('tick from exit: never runs'));
});
setTimeout(() => console.log('main timer'), 5);
console.log('main done');
