// Timers, immediates, nextTick, promises and an EventEmitter: the event loop in one page.
const { EventEmitter } = require('events');
const timersPromises = require('timers/promises');

const clock = new EventEmitter();
clock.on('tick', (n) => console.log(`tick ${n}`));
clock.once('tick', (n) => console.log(`first tick was ${n}`));

let n = 0;
const interval = setInterval(() => {
  clock.emit('tick', ++n);
  if (n === 3) clearInterval(interval);
}, 100);

setImmediate(() => console.log('immediate'));
process.nextTick(() => console.log('nextTick'));
Promise.resolve().then(() => console.log('microtask'));

async function main() {
  await timersPromises.setTimeout(450);
  console.log('slept 450 ms');
}
main();
process.on('exit', (code) => console.log(`exit ${code}`));
console.log('main script done');
