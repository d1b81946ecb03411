// An async function runs synchronously up to its first await; every await resumes in a
// microtask, after the nextTick queue, even when the awaited promise is already resolved. An
// async timer callback's continuation runs before the next timer of the same list.
async function inner(name) {
  console.log(`${name} start`);
  await Promise.resolve();
  console.log(`${name} after await 1`);
  await Promise.resolve();
  console.log(`${name} after await 2`);
  return name.length;
}

async function failing() {
  await Promise.resolve();
  throw new Error('nope');
}

async function outer() {
  console.log('outer start');
  const n = await inner('inner');
  console.log(`outer got ${n}`);
  const resolved = Promise.resolve('ready');
  process.nextTick(() => console.log('outer -> tick'));
  const v = await resolved;
  console.log(`outer awaited ${v}`);
  try {
    await failing();
  } catch (e) {
    console.log(`outer caught ${e.message}`);
  }
  return 'outer done';
}

process.nextTick(() => console.log('tick 1'));
outer().then((v) => console.log(v));
inner('second');
Promise.resolve().then(() => console.log('promise 1'));

setTimeout(async () => {
  console.log('timer start');
  process.nextTick(() => console.log('timer -> tick'));
  await Promise.resolve();
  console.log('timer after await 1');
  await Promise.resolve();
  console.log('timer after await 2');
}, 5);
setTimeout(() => console.log('timer 2 (same list)'), 5);
console.log('main done');
