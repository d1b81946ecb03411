// server.listen({port, host, signal}) on an http server: aborting closes the server as
// server.close() does. During a request: listening is false at once, the response still goes
// out, and 'close' follows once the connection is gone. With a keep-alive connection idle:
// close() closes it, so 'close' comes without waiting for the keep-alive timeout. An already
// aborted signal: no 'listening', no callback, 'close'. The server's events are printed as they
// come, the client's once both sides are done. Each part starts when the one before is over.
const http = require('http');
const net = require('net');

const log = (...a) => console.log(...a);

function request(port, text, done) {
  const lines = [];
  const c = net.connect(port, '127.0.0.1', () => c.write(text));
  c.on('data', (d) => {
    const s = d.toString();
    lines.push(`client read ${s.split('\r\n')[0]} / body ${s.slice(s.indexOf('\r\n\r\n') + 4)}`);
    done('data');
  });
  c.on('end', () => lines.push('client end'));
  c.on('close', () => done('close', lines));
}

function duringRequest(next) {
  const ac = new AbortController();
  let clientLines = null;
  let serverClosed = false;
  const finish = () => {
    if (clientLines && serverClosed) {
      clientLines.forEach((l) => log(l));
      setImmediate(next);
    }
  };
  const server = http.createServer((req, res) => {
    log('request', req.url);
    ac.abort();
    log('aborted, listening', server.listening);
    res.on('finish', () => log('response finish'));
    res.end('bye');
  });
  server.on('close', () => { log('server close'); serverClosed = true; finish(); });
  server.listen({ port: 0, host: '127.0.0.1', signal: ac.signal }, () => {
    log('listening', server.listening);
    request(server.address().port, 'GET /in-flight HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n', (what, lines) => {
      if (what === 'close') { clientLines = lines; finish(); }
    });
  });
}

function idleKeepAlive(next) {
  log('-- idle keep-alive connection');
  const ac = new AbortController();
  let clientLines = null;
  let serverClosed = false;
  const finish = () => {
    if (clientLines && serverClosed) {
      clientLines.forEach((l) => log(l));
      setImmediate(next);
    }
  };
  const server = http.createServer((req, res) => {
    log('request', req.url);
    res.end('kept');
  });
  server.on('close', () => { log('server close'); serverClosed = true; finish(); });
  server.listen({ port: 0, host: '127.0.0.1', signal: ac.signal }, () => {
    request(server.address().port, 'GET /idle HTTP/1.1\r\nHost: a\r\n\r\n', (what, lines) => {
      if (what === 'data') setTimeout(() => { log('abort'); ac.abort(); }, 10);
      if (what === 'close') { clientLines = lines; finish(); }
    });
  });
}

function alreadyAborted() {
  log('-- already aborted');
  const server = http.createServer(() => log('never a request'));
  server.on('listening', () => log('never listening'));
  server.on('close', () => log('close, listening', server.listening));
  server.listen({ port: 0, signal: AbortSignal.abort() }, () => log('never the callback'));
  log('listening right after listen', server.listening);
}

duringRequest(() => idleKeepAlive(alreadyAborted));
