// Logs a line to stdout, then READY to stderr, then idles until a signal ends it.
// With --printf the C++ twin logs through stdio's buffer instead (the control case).
console.log('line one %d of %s', 1, 'the log');
console.log({ request: 'GET /', status: 200 });
console.error('READY');
setInterval(() => {}, 1000);
