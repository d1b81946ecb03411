// Echo over TCP: the client sends "hello" and ends after the answer; the server answers in upper
// case. Each side's events are logged in order and printed at exit, so the interleaving of the
// two sides (which depends on the scheduler) is not compared, only each side's own order.
const net = require('net');

const serverLog = [];
const clientLog = [];

const server = net.createServer((socket) => {
  serverLog.push(`connection ${socket.remoteAddress} ${socket.remoteFamily} ${socket.localPort === server.address().port}`);
  socket.on('data', (chunk) => {
    serverLog.push(`data ${chunk.toString()}`);
    socket.write(chunk.toString().toUpperCase());
  });
  socket.on('end', () => serverLog.push(`end ${socket.readyState}`));
  socket.on('close', (hadError) => {
    serverLog.push(`close ${hadError} read ${socket.bytesRead} written ${socket.bytesWritten}`);
    server.close(() => serverLog.push('server close callback'));
  });
});
server.on('close', () => serverLog.push('server close event'));

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${address.address} ${address.family} ${address.port > 0}`);
  const client = net.connect(address.port, '127.0.0.1', () => {
    clientLog.push(`connect ${client.remotePort === address.port} ${client.readyState}`);
    client.write('hello');
  });
  clientLog.push(`connecting ${client.connecting} ${client.readyState}`);
  client.on('data', (chunk) => {
    clientLog.push(`data ${chunk.toString()}`);
    client.end();
    clientLog.push(`after end ${client.readyState}`);
  });
  client.on('end', () => clientLog.push(`end ${client.readyState}`));
  client.on('close', (hadError) => {
    clientLog.push(`close ${hadError} read ${client.bytesRead} written ${client.bytesWritten} ${client.destroyed}`);
  });
});

process.on('exit', () => {
  console.log(`server: ${serverLog.join(', ')}`);
  console.log(`client: ${clientLog.join(', ')}`);
});
