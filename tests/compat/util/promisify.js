// util.promisify over fs's callback functions and a function of one's own, util.callbackify,
// and the order in which their results arrive.
const util = require('util');
const fs = require('fs');

const readFile = util.promisify(fs.readFile);
const stat = util.promisify(fs.stat);
function addLater(a, b, cb) {
  setImmediate(() => (a < 0 ? cb(new Error('negative')) : cb(null, a + b)));
}
const add = util.promisify(addLater);
function done(cb) {
  process.nextTick(() => cb(null));
}
const doneP = util.promisify(done);
const doubled = util.callbackify(async (x) => {
  if (x < 0) throw new Error('no negatives');
  return x * 2;
});

async function main() {
  const text = await readFile('promisify.js', 'utf8');
  console.log('read', text.split('\n')[0]);
  const st = await stat('promisify.js');
  console.log('isFile', st.isFile());
  try {
    await readFile('does-not-exist.txt');
  } catch (e) {
    console.log('rejected', e.code, e.syscall, e.message);
  }
  console.log('sum', await add(2, 3));
  try {
    await add(-1, 3);
  } catch (e) {
    console.log('rejected', e.message);
  }
  console.log('done', await doneP());
  doubled(21, (err, value) => console.log('callbackify', err, value));
  doubled(-1, (err) => console.log('callbackify', err.message));
  process.nextTick(() => console.log('tick before the callbacks'));
}
main().then(() => console.log('main settled'));
console.log('sync end');
