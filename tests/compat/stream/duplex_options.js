// Duplex: independent sides (a read side fed by push, a write side with its own buffer),
// allowHalfOpen false (the writable side ends after the readable 'end'), readable: false and
// writable: false, and autoDestroy/emitClose false (no 'close' after both sides are done).
const { Duplex } = require('stream');

const log = (...a) => console.log(...a);
const d = new Duplex({
  allowHalfOpen: false,
  read() {},
  write(c, e, cb) { log('d write', c.toString()); cb(); },
});
for (const ev of ['end', 'prefinish', 'finish', 'close']) d.on(ev, () => log('d', ev, d.writableEnded, d.readableEnded));
d.on('data', (c) => log('d data', c.toString()));
d.write('in');
d.push('out');
d.push(null);
log('allowHalfOpen', d.allowHalfOpen);

const ro = new Duplex({ writable: false, read() { this.push(null); } });
log('ro', ro.writable, ro.readable, ro.writableEnded, ro.writableFinished);
ro.on('end', () => log('ro end'));
ro.on('close', () => log('ro close'));
ro.resume();

const quiet = new Duplex({ autoDestroy: false, emitClose: false, read() {}, write(c, e, cb) { cb(); } });
quiet.on('end', () => log('quiet end'));
quiet.on('finish', () => log('quiet finish', quiet.destroyed));
quiet.on('close', () => log('quiet close'));
quiet.resume();
quiet.push(null);
quiet.end();
setTimeout(() => { log('quiet later', quiet.destroyed); quiet.destroy(); log('quiet destroyed', quiet.destroyed); }, 5);
