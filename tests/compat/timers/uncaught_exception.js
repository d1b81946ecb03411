// An exception thrown by a timer or an immediate goes to process.on('uncaughtException') with
// origin 'uncaughtException', and the loop carries on: the next timer of the same list, later
// timers and immediates all still run, and the exit code stays 0.
process.on('uncaughtException', (err, origin) => {
  console.log(`caught ${err.message} (${origin})`);
});
setTimeout(() => {
  console.log('timer 1 throws');
  throw new Error('boom from timer');
}, 5);
setTimeout(() => console.log('timer 2 (same list) still runs'), 5);
setTimeout(() => {
  console.log('timer 3 (later list) still runs');
  setImmediate(() => {
    console.log('immediate 1 throws');
    throw new Error('boom from immediate');
  });
  setImmediate(() => console.log('immediate 2 still runs'));
}, 10);
process.on('exit', (code) => console.log(`exit ${code}`));
