// Reading process.stdin keeps the process alive; destroy() after the first chunk lets it
// exit although the pipe on fd 0 stays open: close follows.
process.stdin.once('data', (chunk) => {
  console.log('first chunk', chunk.length > 0);
  process.stdin.destroy();
  console.log('paused', process.stdin.isPaused(), 'destroyed', process.stdin.destroyed);
  setTimeout(() => console.log('timer'), 20);
});
process.stdin.on('close', () => console.log('close'));
process.on('exit', (code) => console.log('exit', code));
