// Readable.toWeb(readable) read by getReader(): chunks of strings and of Buffers, {done: true}
// at the end, the lock, cancel() destroying the Readable, the Readable's error rejecting a
// pending read(), and a premature close.
const { Readable } = require('stream');

function show(r) {
  return `${r.done} ${r.value === undefined ? 'undefined' : Buffer.from(r.value).toString()}`;
}

async function main() {
  const reader = Readable.toWeb(Readable.from(['a', 'bc'])).getReader();
  for (;;) {
    const r = await reader.read();
    console.log('read', show(r));
    if (r.done) break;
  }
  const bytes = Readable.toWeb(Readable.from([Buffer.from('xy'), Buffer.from('z')])).getReader();
  console.log('bytes', show(await bytes.read()), show(await bytes.read()), show(await bytes.read()));

  const src = new Readable({ read() {} });
  const web = Readable.toWeb(src);
  console.log('locked', web.locked);
  const rr = web.getReader();
  console.log('locked', web.locked);
  src.push('q');
  src.push(null);
  console.log('pushed', show(await rr.read()), show(await rr.read()));

  const src3 = new Readable({ read() {} });
  src3.on('close', () => console.log('src3 close', src3.destroyed));
  const r3 = Readable.toWeb(src3).getReader();
  const pending3 = r3.read();
  await r3.cancel();
  console.log('cancelled', src3.destroyed, show(await pending3));

  const src4 = new Readable({ read() {} });
  const r4 = Readable.toWeb(src4).getReader();
  const p = r4.read();
  src4.destroy(new Error('bad'));
  try {
    await p;
  } catch (e) {
    console.log('error', e.name, e.message);
  }

  const src5 = new Readable({ read() {} });
  const r5 = Readable.toWeb(src5).getReader();
  const p5 = r5.read();
  src5.destroy();
  try {
    await p5;
  } catch (e) {
    console.log('premature', e.name, e.message, e.cause.code);
  }

  // Backpressure: a Readable with a 4-byte high-water mark is paused once 4 bytes wait.
  let reads = 0;
  const src6 = new Readable({
    highWaterMark: 4,
    read() {
      reads++;
      this.push(reads <= 6 ? 'ab' : null);
    },
  });
  const r6 = Readable.toWeb(src6).getReader();
  await new Promise((resolve) => setTimeout(resolve, 20));
  console.log('buffered reads', reads <= 4, src6.isPaused());
  let all = '';
  for (;;) {
    const r = await r6.read();
    if (r.done) break;
    all += Buffer.from(r.value).toString();
  }
  console.log('all', all, reads);

  const res = new Response(Readable.toWeb(Readable.from([Buffer.from('hel'), Buffer.from('lo')])));
  console.log('response', res.status, res.ok, res.headers.get('content-type'), await res.text(), res.bodyUsed);
  const textRes = new Response('hey');
  const tr = textRes.body.getReader();
  console.log('text response', textRes.headers.get('content-type'), show(await tr.read()), show(await tr.read()));
  const piped = new Response(Readable.toWeb(Readable.from([Buffer.from('round'), Buffer.from('trip')])));
  let back = '';
  for await (const chunk of Readable.fromWeb(piped.body)) back += chunk;
  console.log('round trip', back);
}

main();
