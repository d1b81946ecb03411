// Readable.from over an array, a generator (with a finally that runs when the stream is
// destroyed early), and an async generator that awaits between values; the values, 'end' and
// 'close' order, and what destroy() does to a generator.
const { Readable } = require('stream');

const log = (...a) => console.log(...a);
function* numbers() {
  try {
    for (let i = 0; ; i++) { log('yield', i); yield i; }
  } finally { log('generator finally'); }
}
async function* delayed() {
  for (const s of ['p', 'q', 'r']) {
    await new Promise((resolve) => setImmediate(resolve));
    yield s;
  }
}
const arr = Readable.from([1, 2, 3]);
arr.on('data', (v) => log('array', v));
arr.on('end', () => log('array end'));
arr.on('close', () => {
  log('array close', arr.readableObjectMode, arr.readableHighWaterMark);
  const gen = Readable.from(numbers());
  gen.on('data', (v) => { log('gen', v); if (v === 2) gen.destroy(); });
  gen.on('close', () => {
    log('gen close');
    const asyncGen = Readable.from(delayed());
    asyncGen.on('data', (v) => log('async', v));
    asyncGen.on('end', () => log('async end'));
    asyncGen.on('close', () => log('async close'));
  });
});
