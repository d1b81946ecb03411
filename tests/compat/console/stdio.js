// process.stdout.write and process.stderr.write: return values, callbacks (after the current
// operation, in order), partial lines, and what a pipe is (not a terminal). stderr is merged.
console.log('isTTY', Boolean(process.stdout.isTTY), Boolean(process.stderr.isTTY));
console.log('write returns', process.stdout.write('partial '));
process.stdout.write('line\n');
process.stderr.write('to stderr\n');
process.stdout.write('with callback\n', (err) => console.log('callback 1', err));
process.stderr.write('stderr with callback\n', (err) => console.log('callback 2', err));
process.nextTick(() => console.log('nextTick'));
Promise.resolve().then(() => console.log('microtask'));
process.stdout.write('');
process.stdout.write('héllo 日本 😀\n');
console.log('sync end');
