// server.close(): stops accepting at once (a new connect is refused), calls back and emits
// 'close' only after the last connection has closed. Closing a server that is not listening
// calls back with ERR_SERVER_NOT_RUNNING, and still emits 'close' (the callback is a 'close'
// listener, added after the ones already there).
const net = require('net');

const idle = net.createServer();
idle.on('close', () => console.log('idle close event'));
idle.close((err) => {
  console.log(`idle close callback ${err.code} ${err.name}: ${err.message}`);
});
console.log('idle close called');

let serverSocket = null;
const server = net.createServer((socket) => {
  serverSocket = socket;
  server.getConnections((err, count) => {
    console.log(`connection, count ${count}`);
    server.close((err2) => console.log(`close callback ${err2 ? err2.code : 'no error'}`));
    console.log(`close called, listening ${server.listening}`);
    const late = net.connect(port, '127.0.0.1');
    late.on('error', (err3) => {
      console.log(`late connect ${err3.code}`);
      server.getConnections((err4, count2) => {
        console.log(`still open, count ${count2}`);
        socket.end('bye');
      });
    });
  });
  socket.on('close', () => console.log('server socket close'));
});
let closeEvents = 0;
server.on('close', () => {
  closeEvents++;
  console.log(`close event ${closeEvents}`);
  if (closeEvents === 1) {
    server.close((err) => console.log(`second close ${err.code}`));
  }
});

let port = 0;
server.listen(0, '127.0.0.1', () => {
  port = server.address().port;
  const client = net.connect(port, '127.0.0.1');
  client.on('data', (chunk) => console.log(`client data ${chunk.toString()}`));
  client.on('end', () => console.log('client end'));
});
