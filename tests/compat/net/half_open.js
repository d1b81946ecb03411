// Half-open: with allowHalfOpen the server still writes after the client's FIN, and the client
// reads those bytes before its own 'end'. A second server without allowHalfOpen ends its side
// by itself after 'end'. Each connection's events are printed at exit, in order.
const net = require('net');

const logs = { halfServer: [], halfClient: [], plainServer: [], plainClient: [] };

function connectTo(server, name, then) {
  const client = net.connect(server.address().port, '127.0.0.1', () => {
    client.write(`request from ${name}`);
    client.end();
    logs[name].push(`ended ${client.readyState}`);
  });
  let received = '';
  client.on('data', (chunk) => { received += chunk.toString(); });
  client.on('end', () => logs[name].push(`end received "${received}"`));
  client.on('close', (hadError) => {
    logs[name].push(`close ${hadError}`);
    then();
  });
}

const half = net.createServer({ allowHalfOpen: true }, (socket) => {
  let request = '';
  socket.on('data', (chunk) => { request += chunk.toString(); });
  socket.on('end', () => {
    logs.halfServer.push(`end "${request}" ${socket.readyState}`);
    socket.write('part 1;');
    setTimeout(() => {
      const ok = socket.write('part 2;');
      logs.halfServer.push(`late write ${ok} ${socket.readyState}`);
      socket.end('done');
    }, 20);
  });
  socket.on('close', (hadError) => {
    logs.halfServer.push(`close ${hadError} read ${socket.bytesRead} written ${socket.bytesWritten}`);
    half.close();
  });
});

const plain = net.createServer((socket) => {
  let request = '';
  socket.on('data', (chunk) => { request += chunk.toString(); });
  socket.on('end', () => logs.plainServer.push(`end "${request}" ${socket.readyState}`));
  socket.on('close', (hadError) => {
    logs.plainServer.push(`close ${hadError} ${socket.readyState}`);
    plain.close();
  });
});

half.listen(0, '127.0.0.1', () => {
  connectTo(half, 'halfClient', () => {
    plain.listen(0, '127.0.0.1', () => connectTo(plain, 'plainClient', () => {}));
  });
});

process.on('exit', () => {
  for (const name of Object.keys(logs)) {
    console.log(`${name}: ${logs[name].join(', ')}`);
  }
});
