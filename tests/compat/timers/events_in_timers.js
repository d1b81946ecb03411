// EventEmitter.emit is synchronous: listeners run inside the timer callback that emits, in
// registration order with prependListener first; a once listener is removed before it runs;
// listeners added during an emit wait for the next one. Ticks queued by listeners run after
// the whole emitting callback, before the next timer.
const { EventEmitter } = require('events');

const bus = new EventEmitter();
bus.on('ping', (n) => console.log(`on ${n}`));
bus.once('ping', (n) => {
  console.log(`once ${n}`);
  bus.on('ping', (m) => console.log(`added during emit ${m}`));
});
bus.prependListener('ping', (n) => {
  console.log(`prepended ${n}`);
  process.nextTick(() => console.log(`tick from listener ${n}`));
});
bus.prependOnceListener('ping', (n) => console.log(`prepended once ${n}`));
bus.on('data', (s, n) => console.log(`data ${s} ${n}`));

setTimeout(() => {
  console.log('timer 1 emits');
  console.log(`emit returned ${bus.emit('ping', 1)}`);
  console.log(`listeners now ${bus.listenerCount('ping')}`);
  bus.emit('data', 'x', 10);
}, 5);
setTimeout(() => {
  console.log('timer 2 emits');
  bus.emit('ping', 2);
  console.log(`nobody listens: ${bus.emit('nothing')}`);
  setImmediate(() => bus.emit('data', 'from immediate', 0));
}, 5);
