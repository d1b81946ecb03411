// process.exitCode set by a timer becomes the process's exit status once the loop empties;
// 'beforeExit' and 'exit' receive it, and an 'exit' listener can still change it.
process.on('beforeExit', (code) => console.log(`beforeExit ${code}`));
process.on('exit', (code) => {
  console.log(`exit ${code} exitCode ${process.exitCode}`);
  process.exitCode = 4;
});
process.on('exit', (code) => {
  console.log(`second exit listener ${code} exitCode ${process.exitCode}`);
});
setTimeout(() => {
  process.exitCode = 3;
  console.log('exitCode set to 3');
}, 5);
setTimeout(() => console.log('later timer still runs'), 10);
