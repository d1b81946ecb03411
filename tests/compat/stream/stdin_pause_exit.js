// Reading process.stdin keeps the process alive; pause() lets it exit although the pipe on
// fd 0 stays open. Not from the 'data' listener itself: the Readable then reads on to fill its
// buffer (maybeReadMore), which starts the handle again, and Node keeps running.
process.stdin.once('data', (chunk) => {
  console.log('first chunk', chunk.length > 0);
  setTimeout(() => {
    process.stdin.pause();
    console.log('paused', process.stdin.isPaused(), 'destroyed', process.stdin.destroyed);
    setTimeout(() => console.log('timer'), 20);
  }, 20);
});
process.stdin.on('close', () => console.log('close'));
process.on('exit', (code) => console.log('exit', code));
