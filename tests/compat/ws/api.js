// The server side's API: the options check, send/ping/pong/close and their errors, fragments
// sent with {fin: false}, terminate(), wss.clients, wss.close() on a server given in `server`
// (which keeps serving ordinary requests) and its 'close', handleUpgrade from a user's 'upgrade'
// listener with noServer. Steps run one after the other; each prints the server's lines, then
// its clients' lines.
const http = require('http');
const { requireWs, frame, closePayload, connect, request, upgrade } = require('./raw_client');
const { WebSocketServer } = requireWs();

let serverLog = [];
let clientLog = [];
function flush(title) {
  console.log(`-- ${title}`);
  for (const line of serverLog) console.log(`server: ${line}`);
  for (const line of clientLog) console.log(`client: ${line}`);
  serverLog = [];
  clientLog = [];
}

// A function that calls fn on its n-th call: a step ends when all its parts have ended.
function after(n, fn) {
  return () => {
    if (--n === 0) fn();
  };
}

function attempt(what, fn) {
  try {
    fn();
    serverLog.push(`${what}: no error`);
  } catch (err) {
    serverLog.push(`${what}: ${err.name} ${err.message}`);
  }
}

// The options: exactly one of port, server and noServer.
function options() {
  for (const [name, opts] of [['{}', {}], ['port and noServer', { port: 0, noServer: true }]]) {
    try {
      new WebSocketServer(opts);
      console.log(`${name}: no error`);
    } catch (err) {
      console.log(`${name}: ${err.name} ${err.message}`);
    }
  }
  const noServer = new WebSocketServer({ noServer: true });
  try {
    noServer.address();
  } catch (err) {
    console.log(`noServer address(): ${err.name} ${err.message}`);
  }
  noServer.close(() => {
    console.log('noServer closed');
    socketApi();
  });
}

// send/ping/pong/close on one connection, then terminate() on a second. Each part ends when the
// client's socket and the server's WebSocket have both closed.
function socketApi() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  let connections = 0;
  let settle = () => {};
  wss.on('connection', (ws) => {
    connections++;
    serverLog.push(`connection ${connections} clients=${wss.clients.size} has=${wss.clients.has(ws)}`);
    ws.on('close', (code, reason) => {
      serverLog.push(`close ${code} ${JSON.stringify(reason.toString())} readyState=${ws.readyState} bufferedAmount=${ws.bufferedAmount} clients=${wss.clients.size}`);
      settle();
    });
    if (connections === 1) {
      ws.send('ab', { fin: false });
      ws.send('cd', { fin: false });
      ws.send('ef', (err) => serverLog.push(`send ef callback ${err}`));
      ws.send(Buffer.from([1, 2]), { fin: false });
      ws.send(Buffer.from([3]));
      ws.send('as binary', { binary: true });
      ws.send(Buffer.from('as text'), { binary: false });
      ws.ping('p1');
      ws.pong('p2');
      ws.ping();
      attempt('ping of 126 bytes', () => ws.ping('x'.repeat(126)));
      attempt('pong of 126 bytes', () => ws.pong('x'.repeat(126)));
      attempt('close(1005)', () => ws.close(1005));
      attempt('close(999)', () => ws.close(999));
      attempt('close(1004)', () => ws.close(1004));
      attempt('close(5000)', () => ws.close(5000));
      attempt('close(1000, 124 bytes)', () => ws.close(1000, 'r'.repeat(124)));
      serverLog.push(`readyState after the refused closes ${ws.readyState}`);
      attempt('close(4000, "server done")', () => ws.close(4000, 'server done'));
      serverLog.push(`readyState after close ${ws.readyState}`);
      attempt('close(999) while closing', () => ws.close(999));
      attempt('ping of 126 bytes while closing', () => ws.ping('x'.repeat(126), (err) => serverLog.push(`ping callback ${err.message}`)));
      ws.send('late', (err) => serverLog.push(`send callback ${err.message}`));
      ws.pong('late', (err) => serverLog.push(`pong callback ${err.message}`));
    } else {
      ws.send('sent before terminate');
      ws.terminate();
      serverLog.push(`readyState after terminate ${ws.readyState}`);
      attempt('send after terminate', () => ws.send('x', (err) => serverLog.push(`send callback ${err.message}`)));
    }
  });
  wss.on('listening', () => {
    const port = wss.address().port;
    settle = after(2, () => {
      flush('send, ping, pong, close');
      settle = after(2, () => {
        flush('terminate');
        wss.close(() => {
          console.log('wss closed');
          givenServer();
        });
      });
      connect(port, upgrade('/'), clientLog, () => {}, () => settle());
    });
    connect(port, upgrade('/'), clientLog, () => {}, () => settle(), true);
  });
}

// wss.close() on a WebSocketServer attached to an http server: the http server keeps serving
// ordinary requests (an upgrade request among them, once the listener is gone), and 'close' waits
// for the open connection.
function givenServer() {
  const server = http.createServer((req, res) => {
    serverLog.push(`request ${req.method} ${req.url}`);
    res.end(`plain ${req.url}`);
  });
  const wss = new WebSocketServer({ server });
  const done = after(2, () => {
    flush('wss.close() with a given server');
    server.close(() => {
      console.log('http server closed');
      noServer();
    });
  });
  wss.on('listening', () => serverLog.push('wss listening'));
  wss.on('close', () => serverLog.push(`wss close event clients=${wss.clients.size}`));
  wss.on('connection', (ws) => {
    serverLog.push(`connection clients=${wss.clients.size}`);
    ws.on('message', (data) => serverLog.push(`message ${data.toString()}`));
    ws.on('close', (code) => serverLog.push(`close ${code}`));
    wss.close((err) => {
      serverLog.push(`wss.close callback ${err}`);
      done();
    });
    serverLog.push(`after wss.close clients=${wss.clients.size} listeners=${server.listenerCount('upgrade')}`);
  });
  server.listen(0, '127.0.0.1', () => {
    const port = server.address().port;
    connect(port, upgrade('/first'), clientLog, (first) => {
      connect(port, request('GET', '/plain', ['Host: x', 'Connection: close']), clientLog, () => {}, () => {
        connect(port, upgrade('/second', ['Connection: close']), clientLog, () => {}, () => {
          first.write(Buffer.concat([frame(1, 'still open'), frame(8, closePayload(1000))]));
        });
      });
    }, done);
  });
}

// noServer: a user's 'upgrade' listener calls handleUpgrade; the bytes after the request head
// (a frame in the same write) reach the WebSocket. Once the WebSocketServer is closed,
// handleUpgrade answers 503.
function noServer() {
  const wss = new WebSocketServer({ noServer: true, path: '/ws' });
  const server = http.createServer((req, res) => res.end());
  const done = after(2, () => {
    flush('noServer and handleUpgrade');
    wss.close(() => {
      console.log('noServer wss closed');
      // handleUpgrade on a closed WebSocketServer: 503.
      connect(server.address().port, upgrade('/ws'), clientLog, () => {}, () => {
        flush('handleUpgrade after wss.close()');
        server.close(() => console.log('done'));
      });
    });
  });
  server.on('upgrade', (req, socket, head) => {
    serverLog.push(`upgrade ${req.url} shouldHandle=${wss.shouldHandle(req)} head=${head.length}`);
    if (!wss.shouldHandle(req)) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      wss.emit('connection', ws, req);
    });
  });
  wss.on('connection', (ws, req) => {
    serverLog.push(`connection ${req.url} clients=${wss.clients.size}`);
    ws.on('message', (data) => {
      serverLog.push(`message ${data.toString()}`);
      ws.close(1000, 'bye');
    });
    ws.on('close', (code) => {
      serverLog.push(`close ${code}`);
      done();
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const port = server.address().port;
    connect(port, upgrade('/other'), clientLog, () => {}, () => {
      connect(port, Buffer.concat([Buffer.from(upgrade('/ws?a=1')), frame(1, 'in the head')]), clientLog, () => {}, done, true);
    });
  });
}

options();
