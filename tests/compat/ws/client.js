// The WebSocket client (ws's `new WebSocket(url, protocols)`) against ws's server in the same
// program: the events in order on both sides, the subprotocol, ping/pong, a fragmented and a
// compressed message, the closing handshake; then the client's handshake failures against
// servers that answer wrongly, each with ws's error message and the close code that follows.
const http = require('http');
const net = require('net');
const { requireWs } = require('./raw_client');
const { WebSocket, WebSocketServer } = requireWs();

// Each side's events in order; the interleaving of the two sides (the scheduler's) is not
// compared.
const log = [];
const serverLog = [];
const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: { serverNoContextTakeover: true, clientNoContextTakeover: true, threshold: 16 } }, () => {
  const port = wss.address().port;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/chat?x=1`, ['v2', 'v1']);
  log.push(`client readyState ${ws.readyState} url ${ws.url.replace(String(port), 'PORT')}`);
  ws.on('open', () => {
    log.push(`client open protocol=${ws.protocol} extensions=${ws.extensions}`);
    ws.ping('are you there');
    ws.send('hello');
    ws.send(Buffer.from([1, 2, 3]));
    ws.send('frag-', { fin: false });
    ws.send('ment', { fin: true });
    ws.send('z'.repeat(200));
  });
  ws.on('message', (data, isBinary) => {
    log.push(`client message ${isBinary} ${isBinary ? [...data].join(',') : data.toString().slice(0, 12)} (${data.length})`);
  });
  ws.on('pong', (data) => log.push(`client pong ${data}`));
  ws.on('ping', (data) => log.push(`client ping ${data}`));
  ws.on('close', (code, reason) => {
    log.push(`client close ${code} ${reason} readyState ${ws.readyState}`);
    wss.close(() => failures());
  });
});
wss.on('connection', (socket, req) => {
  serverLog.push(`server connection ${req.url} protocol=${socket.protocol}`);
  let n = 0;
  socket.on('message', (data, isBinary) => {
    serverLog.push(`server message ${isBinary} ${data.length}`);
    socket.send(data, { binary: isBinary });
    if (++n === 4) {
      socket.ping('from server');
      socket.close(4000, 'done');
    }
  });
  socket.on('close', (code, reason) => serverLog.push(`server close ${code} ${reason}`));
});

// Servers that answer a handshake wrongly, one per case.
const cases = [
  ['refused', null],
  ['404', (req, socket) => socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n')],
  ['no upgrade', (req, socket) => socket.end('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\n\r\n')],
  ['bad accept', (req, socket) => socket.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: nope\r\n\r\n')],
];

function accept(req) {
  return require('crypto').createHash('sha1').update(req.headers['sec-websocket-key'] + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
}
cases.push(['protocol not asked', (req, socket) => socket.end(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept(req)}\r\nSec-WebSocket-Protocol: v9\r\n\r\n`)]);
cases.push(['extension not asked', (req, socket) => socket.end(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept(req)}\r\nSec-WebSocket-Extensions: permessage-deflate\r\n\r\n`)]);

function failures(i = 0) {
  if (i === cases.length) {
    syntaxErrors();
    return;
  }
  const [name, respond] = cases[i];
  const server = http.createServer();
  server.on('upgrade', (req, socket) => respond(req, socket));
  server.listen(0, '127.0.0.1', () => {
    const port = server.address().port;
    if (!respond) server.close();
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { perMessageDeflate: name !== 'extension not asked' ? true : false });
    ws.on('open', () => log.push(`${name}: open`));
    ws.on('error', (err) => log.push(`${name}: error ${err.message.replace(/:\d+$/, ':PORT')} ${err.code || ''}`));
    ws.on('close', (code) => {
      log.push(`${name}: close ${code}`);
      server.close();
      failures(i + 1);
    });
  });
}

function syntaxErrors() {
  for (const [url, protocols] of [['not a url', undefined], ['ftp://x/', undefined], ['ws://x/#frag', undefined], ['ws://x/', ['a', 'a']], ['ws://x/', ['a b']]]) {
    try {
      new WebSocket(url, protocols);
      log.push(`${url}: no error`);
    } catch (err) {
      log.push(`${url}: ${err.name} ${err.message}`);
    }
  }
}

process.on('exit', () => console.log([...log, ...serverLog].join('\n')));
