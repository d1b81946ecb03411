// server.listen({port, host, signal}) on a net server: aborting closes the server as
// server.close() does: it stops accepting at once (listening false) and 'close' comes once the
// last connection is gone. A server closed first is left alone by a later abort (no second
// 'close'). An already aborted signal: no 'listening', no callback, 'close'. Each part starts
// when the one before is over.
const net = require('net');

const log = (...a) => console.log(...a);

function whileConnected(next) {
  const ac = new AbortController();
  const server = net.createServer((socket) => {
    log('connection');
    ac.abort();
    log('aborted, listening', server.listening);
    socket.end('bye');
  });
  server.on('close', () => { log('server close'); setImmediate(next); });
  server.listen({ port: 0, host: '127.0.0.1', signal: ac.signal }, () => {
    log('listening', server.listening);
    const client = net.connect(server.address().port, '127.0.0.1');
    client.on('data', (d) => log('client data', d.toString()));
    client.on('end', () => log('client end'));
  });
}

function closedFirst(next) {
  log('-- closed first');
  const ac = new AbortController();
  const server = net.createServer();
  server.on('close', () => log('close event'));
  server.listen({ port: 0, signal: ac.signal }, () => {
    server.close((err) => {
      log('close callback', err);
      ac.abort();
      log('aborted after close');
      setImmediate(next);
    });
  });
}

function alreadyAborted() {
  log('-- already aborted');
  const server = net.createServer();
  server.on('listening', () => log('never listening'));
  server.on('close', () => log('close, listening', server.listening));
  server.listen({ port: 0, signal: AbortSignal.abort() }, () => log('never the callback'));
  log('listening right after listen', server.listening);
}

whileConnected(() => closedFirst(alreadyAborted));
