// A program that never reads process.stdin exits although fd 0 is a pipe nobody closes:
// touching process.stdin without reading does not keep the process alive.
console.log('isTTY', process.stdin.isTTY === true, 'flowing', process.stdin.readableFlowing === null ? 'null' : 'set');
setTimeout(() => console.log('timer'), 20);
process.on('exit', (code) => console.log('exit', code));
