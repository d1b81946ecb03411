// listeners / rawListeners (a raw once-wrapper removes itself when called), listenerCount with
// a listener, prependListener / prependOnceListener order, eventNames.
const { EventEmitter } = require('events');

const e = new EventEmitter();
const f = (n) => console.log('f', n);
const g = (n) => console.log('g', n);
e.once('z', f);
e.on('z', g);
e.prependListener('z', (n) => console.log('first', n));
e.prependOnceListener('z', (n) => console.log('very first once', n));
console.log('names', e.eventNames().join(','));
console.log('count', e.listenerCount('z'), e.listenerCount('z', f), e.listenerCount('z', g));

const ls = e.listeners('z');
console.log('listeners', ls.length, ls[2] === f, ls[3] === g);
ls[2](1);
console.log('after listeners() call', e.listenerCount('z'));

const raw = e.rawListeners('z');
console.log('raw', raw.length, raw[2] === f, raw[2].listener === f);
raw[2](2);
console.log('after raw call', e.listenerCount('z'), e.listenerCount('z', f));
raw[2](3);

e.emit('z', 4);
console.log('after emit', e.listenerCount('z'));

e.on('a', g);
e.on('b', g);
e.off('z', e.listeners('z')[0]);
console.log('names', e.eventNames().join(','), e.listenerCount('z'));
e.removeAllListeners('a');
console.log('names', e.eventNames().join(','));
