// events.once and events.on: values, 'error' first, AbortSignal, and the listeners left.
const { EventEmitter, once, on } = require('events');

async function main() {
  const e = new EventEmitter();
  setTimeout(() => e.emit('data', 1, 'a'), 1);
  const [n, s] = await once(e, 'data');
  console.log('once', n, s, e.listenerCount('data'), e.listenerCount('error'));

  setTimeout(() => e.emit('error', new Error('boom')), 1);
  try {
    await once(e, 'data');
  } catch (err) {
    console.log('once error', err.message, e.listenerCount('data'), e.listenerCount('error'));
  }

  const ac = new AbortController();
  setTimeout(() => ac.abort(), 1);
  try {
    await once(e, 'data', { signal: ac.signal });
  } catch (err) {
    console.log('once abort', err.name, err.code, err.message, e.listenerCount('data'));
  }
  try {
    await once(e, 'data', { signal: AbortSignal.abort() });
  } catch (err) {
    console.log('once aborted before', err.name, err.code, err.message);
  }

  setTimeout(() => e.emit('error', new Error('x')), 1);
  const [err] = await once(e, 'error');
  console.log('once of error', err.message, e.listenerCount('error'));

  const ac2 = new AbortController();
  setTimeout(() => { e.emit('n', 1); e.emit('n', 2); e.emit('n', 3); }, 1);
  let k = 0;
  try {
    for await (const [v] of on(e, 'n', { signal: ac2.signal })) {
      console.log('on', v);
      if (++k === 2) ac2.abort();
    }
  } catch (err2) {
    console.log('on abort', err2.name, err2.code, err2.message, e.listenerCount('n'));
  }

  setTimeout(() => { e.emit('m', 1); e.emit('error', new Error('bad')); }, 1);
  try {
    for await (const [v] of on(e, 'm')) console.log('m', v);
  } catch (err3) {
    console.log('m error', err3.message, e.listenerCount('m'), e.listenerCount('error'));
  }

  setTimeout(() => { e.emit('q', 1); e.emit('q', 2); }, 1);
  for await (const [v] of on(e, 'q')) {
    console.log('q', v);
    break;
  }
  console.log('after break', e.listenerCount('q'), e.listenerCount('error'));

  setTimeout(() => { e.emit('line', 'a'); e.emit('line', 'b'); e.emit('close'); }, 1);
  for await (const [line] of on(e, 'line', { close: ['close'] })) console.log('line', line);
  console.log('lines done', e.listenerCount('line'), e.listenerCount('close'));

  try {
    on(e, 'n', { signal: AbortSignal.abort() });
  } catch (err4) {
    console.log('on aborted before', err4.name, err4.code);
  }
}

main().then(() => console.log('end'));
