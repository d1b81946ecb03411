// The opening handshake: raw requests, one connection each, against a WebSocketServer on a port
// of its own (path /chat, permessage-deflate, a verifyClient that refuses x-deny), then again
// against a second one with 'wsClientError' (which answers the refusals itself) and 'headers'
// listeners and a handleProtocols that picks b when offered and else none. Each case prints the server's events, then what the client read. A 101 is followed
// by a message and a close frame from the client, which the server echoes and answers.
const { requireWs, frame, closePayload, connect, request, upgrade, KEY, CaseLog } = require('./raw_client');
const { WebSocketServer } = requireWs();

// nodecc's PerMessageDeflateOptions.serverNoContextTakeover and clientNoContextTakeover default
// to true (ws's to false): set here so that both servers make the same answer. The other
// defaults are ws's.
const options = {
  path: '/chat',
  perMessageDeflate: { serverNoContextTakeover: true, clientNoContextTakeover: true },
  verifyClient: (info) => {
    current.server.push(`verifyClient origin=${info.origin || ''} secure=${info.secure} ${info.req.url}`);
    return !info.req.headers['x-deny'];
  },
};

// "Hello" compressed without context (RFC 7692 §7.2.3.1).
const HELLO_DEFLATED = [0xf2, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00];

const cases = [
  ['plain GET', request('GET', '/chat', ['Host: x', 'Connection: close'])],
  ['valid upgrade', upgrade('/chat', ['Origin: http://example.com'])],
  ['valid upgrade with a query', upgrade('/chat?room=1')],
  ['POST', request('POST', '/chat', ['Host: x', 'Upgrade: websocket', 'Connection: Upgrade',
                                     `Sec-WebSocket-Key: ${KEY}`, 'Sec-WebSocket-Version: 13'])],
  ['Upgrade: foo', request('GET', '/chat', ['Host: x', 'Upgrade: foo', 'Connection: Upgrade',
                                            `Sec-WebSocket-Key: ${KEY}`, 'Sec-WebSocket-Version: 13'])],
  ['Upgrade: WebSocket (any case)', request('GET', '/chat', ['Host: x', 'Upgrade: WebSocket', 'Connection: Upgrade',
                                                             `Sec-WebSocket-Key: ${KEY}`, 'Sec-WebSocket-Version: 13'])],
  ['missing key', request('GET', '/chat', ['Host: x', 'Upgrade: websocket', 'Connection: Upgrade',
                                           'Sec-WebSocket-Version: 13'])],
  ['bad key', request('GET', '/chat', ['Host: x', 'Upgrade: websocket', 'Connection: Upgrade',
                                       'Sec-WebSocket-Key: abc', 'Sec-WebSocket-Version: 13'])],
  ['version 12', request('GET', '/chat', ['Host: x', 'Upgrade: websocket', 'Connection: Upgrade',
                                          `Sec-WebSocket-Key: ${KEY}`, 'Sec-WebSocket-Version: 12'])],
  ['version 8', request('GET', '/chat', ['Host: x', 'Upgrade: websocket', 'Connection: Upgrade',
                                         `Sec-WebSocket-Key: ${KEY}`, 'Sec-WebSocket-Version: 8',
                                         'Origin: http://ignored', 'Sec-WebSocket-Origin: http://old.example'])],
  ['wrong path', upgrade('/other')],
  ['protocols a, b', upgrade('/chat', ['Sec-WebSocket-Protocol: a, b'])],
  ['protocols c, b', upgrade('/chat', ['Sec-WebSocket-Protocol: c, b'])],
  ['bad protocol header', upgrade('/chat', ['Sec-WebSocket-Protocol: a,,b'])],
  ['duplicate protocols', upgrade('/chat', ['Sec-WebSocket-Protocol: a, a'])],
  ['deflate offer', upgrade('/chat', ['Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits'])],
  ['deflate offers, the first refused', upgrade('/chat', ['Sec-WebSocket-Extensions: permessage-deflate; server_max_window_bits=7, permessage-deflate'])],
  ['unknown extension only', upgrade('/chat', ['Sec-WebSocket-Extensions: x-foo'])],
  ['bad extensions header', upgrade('/chat', ['Sec-WebSocket-Extensions: permessage-deflate; =1'])],
  ['server_max_window_bits=7', upgrade('/chat', ['Sec-WebSocket-Extensions: permessage-deflate; server_max_window_bits=7'])],
  ['unknown deflate parameter', upgrade('/chat', ['Sec-WebSocket-Extensions: permessage-deflate; foo'])],
  ['x-deny', upgrade('/chat', ['X-Deny: 1'])],
];

const current = new CaseLog();

function runServer(title, listeners, next) {
  const extra = listeners ? {
    handleProtocols: (protocols, req) => {
      current.server.push(`handleProtocols ${protocols.size} has b ${protocols.has('b')} (${req.url})`);
      return protocols.has('b') ? 'b' : false;
    },
  } : {};
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', ...options, ...extra });
  if (listeners) {
    wss.on('wsClientError', (err, socket, req) => {
      current.server.push(`wsClientError ${err.message} (${req.method} ${req.url})`);
      socket.end(`HTTP/1.1 400 Bad Request\r\nX-Error: ${err.message}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    });
    wss.on('headers', (headers, req) => {
      current.server.push(`headers ${headers.length} (${req.url})`);
      headers.push('X-Extra: 1');
    });
  }
  wss.on('connection', (ws, req) => {
    current.pending++;
    current.server.push(`connection ${req.url} protocol=${JSON.stringify(ws.protocol)} extensions=${JSON.stringify(ws.extensions)}`);
    ws.on('message', (data, isBinary) => {
      current.server.push(`message ${isBinary} ${JSON.stringify(data.toString())}`);
      ws.send(data, { binary: isBinary });
    });
    ws.on('close', (code, reason) => {
      current.server.push(`close ${code} ${JSON.stringify(reason.toString())}`);
      current.settle();
    });
  });
  wss.on('listening', () => {
    console.log(`== ${title}`);
    const port = wss.address().port;
    let i = 0;
    const step = () => {
      if (i === cases.length) {
        wss.close(() => {
          console.log(`${title} closed`);
          next();
        });
        return;
      }
      const [name, text] = cases[i++];
      current.start(name, step);
      connect(port, text, current.client, (socket) => {
        const deflate = name === 'deflate offer';
        socket.write(Buffer.concat([
          frame(1, deflate ? HELLO_DEFLATED : 'hello', { rsv1: deflate }),
          frame(8, closePayload(1000, 'done')),
        ]));
      }, current.settle);
    };
    step();
  });
}

runServer('server', false, () => runServer('server with wsClientError and headers', true, () => {}));
