// http messages as streams: a request body through pipeline() into a gzip Transform and the
// response, async iteration over a request (whole and left early), a Readable piped into a
// response, a failing pipeline into a response, a ClientRequest as a pipeline's destination and
// a client response as a pipeline's source. One server, requests one after another.
'use strict';
const http = require('http');
const stream = require('stream');
const zlib = require('zlib');

function collector(name, done) {
  const parts = [];
  return new stream.Writable({
    write(chunk, enc, cb) { parts.push(chunk); cb(); },
    final(cb) { done(Buffer.concat(parts)); cb(); },
  });
}

const server = http.createServer(async (req, res) => {
  if (req.url === '/gzip') {
    res.setHeader('Content-Type', 'application/gzip');
    stream.pipeline(req, zlib.createGzip(), res, (err) => {
      console.log('server /gzip pipeline', err ? err.code : 'ok', res.writableFinished);
    });
  } else if (req.url === '/iterate') {
    let bytes = 0;
    let text = '';
    for await (const chunk of req) {
      bytes += chunk.length;
      text += chunk.toString();
    }
    console.log('server /iterate', bytes, text.slice(0, 12), req.complete);
    res.end(String(bytes));
  } else if (req.url === '/break') {
    req.on('aborted', () => console.log('server /break aborted'));
    req.on('close', () => console.log('server /break req close', req.destroyed));
    for await (const chunk of req) {
      console.log('server /break first chunk', chunk.length > 0);
      break;
    }
    console.log('server /break after loop', req.destroyed);
    res.end('answered after leaving the loop');
  } else if (req.url === '/from') {
    res.on('finish', () => console.log('server /from res finish'));
    stream.Readable.from(['alpha ', 'beta ', 'gamma']).pipe(res);
  } else if (req.url === '/fail') {
    res.writeHead(200);
    res.write('partial ');
    const src = new stream.Readable({ read() {} });
    src.push('more ');
    setImmediate(() => src.destroy(new Error('source failed')));
    stream.pipeline(src, res, (err) => {
      console.log('server /fail pipeline', err.message, res.destroyed);
    });
  } else if (req.url === '/upper') {
    const upper = new stream.Transform({
      transform(chunk, enc, cb) { cb(null, chunk.toString().toUpperCase()); },
    });
    await stream.promises.pipeline(req, upper, res);
    console.log('server /upper done', res.writableFinished);
  } else {
    res.end('?');
  }
});

function request(path, body, onResponse) {
  return new Promise((resolve) => {
    const req = http.request({ port: server.address().port, method: 'POST', path },
                             (res) => onResponse(res, resolve));
    req.on('error', (err) => { console.log('client', path, 'error'); resolve(); });
    if (typeof body === 'function') body(req); else req.end(body);
  });
}

server.listen(0, '127.0.0.1', async () => {
  const big = 'x'.repeat(100000) + 'end';
  await request('/gzip', (req) => { req.write('hello '); req.write('gzip '); req.end('world'); },
    (res, done) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => {
        console.log('client /gzip', res.statusCode, zlib.gunzipSync(Buffer.concat(parts)).toString());
        done();
      });
    });
  await request('/iterate', big, (res, done) => {
    res.setEncoding('utf8');
    let t = '';
    res.on('data', (c) => { t += c; });
    res.on('end', () => { console.log('client /iterate', t); done(); });
  });
  await request('/break', (req) => { req.write('first'); setTimeout(() => req.end('second'), 50); },
    (res, done) => {
      res.setEncoding('utf8');
      let t = '';
      res.on('data', (c) => { t += c; });
      res.on('end', () => { console.log('client /break', res.statusCode, t); done(); });
    });
  await request('/from', '', (res, done) => {
    // A client response as a pipeline's source.
    stream.pipeline(res, collector('from', (b) => console.log('client /from', b.toString())),
      (err) => { console.log('client /from pipeline', err ? err.code : 'ok'); done(); });
  });
  await request('/fail', '', (res, done) => {
    res.on('data', (c) => console.log('client /fail data', c.toString()));
    res.on('aborted', () => console.log('client /fail aborted'));
    res.on('error', (err) => console.log('client /fail error', err.code));
    res.on('close', () => { console.log('client /fail close'); done(); });
  });
  await request('/upper', (req) => {
    // A ClientRequest as a pipeline's destination.
    stream.pipeline(stream.Readable.from(['one ', 'two ', 'three']), req, (err) => {
      console.log('client /upper request pipeline', err ? err.code : 'ok');
    });
  }, (res, done) => {
    res.setEncoding('utf8');
    let t = '';
    res.on('data', (c) => { t += c; });
    res.on('end', () => { console.log('client /upper', t); done(); });
  });
  server.close(() => console.log('closed'));
});
