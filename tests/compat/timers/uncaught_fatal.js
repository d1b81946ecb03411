// Without an 'uncaughtException' listener an exception thrown by a timer ends the process with
// exit code 1 (after 'exit' listeners run); nothing else scheduled runs.
setTimeout(() => {
  console.log('timer 1 throws');
  process.nextTick(() => console.log('tick: never runs'));
  throw new Error('fatal');
}, 5);
setTimeout(() => console.log('timer 2: never runs'), 5);
process.nextTick(() => console.log('tick before the loop'));
process.on('exit', (code) => console.log(`exit ${code}`));
