// process.stdin over a regular file, a pipe, /dev/null, or no fd 0 at all: what it is
// (fd, isTTY, highWaterMark: fs.ReadStream's or net.Socket's), its events and bytes, and its
// state when the process exits (a pipe closes after 'end', a file stays open).
const stdin = process.stdin;
console.log('fd', stdin.fd, 'isTTY', stdin.isTTY === true, 'hwm', stdin.readableHighWaterMark,
            'flowing', stdin.readableFlowing);
for (const e of ['end', 'close', 'pause', 'resume']) stdin.on(e, () => console.log('event', e));
stdin.on('error', (err) => console.log('error', err.code, err.syscall, err.message));
let bytes = 0;
stdin.on('data', (chunk) => { bytes += chunk.length; });
stdin.on('end', () => console.log('bytes', bytes));
process.on('exit', (code) => console.log('exit', code, 'destroyed', stdin.destroyed,
                                        'ended', stdin.readableEnded));
