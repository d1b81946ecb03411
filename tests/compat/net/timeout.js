// socket.setTimeout(ms): 'timeout' after ms without activity; the socket stays open (the
// program decides). Activity (data) restarts the count; setTimeout(0) turns it off. The client
// writes at 30 ms, while the server's 100 ms timeout is pending, so that timeout comes 100 ms
// after the write. The client's own 40 ms timeout is turned off by setTimeout(0) and never
// fires, though the client idles for longer.
const net = require('net');

const start = Date.now();
const elapsed = () => Date.now() - start;

const server = net.createServer((socket) => {
  socket.setTimeout(100, () => {
    console.log(`server timeout callback, destroyed ${socket.destroyed}, after data ${elapsed() >= 125}`);
  });
  socket.on('timeout', () => {
    console.log('server timeout event');
    socket.end('closing idle socket');
  });
  socket.on('data', (chunk) => console.log(`server data ${chunk.toString()}`));
  socket.on('close', () => {
    console.log('server socket close');
    server.close();
  });
});

server.listen(0, '127.0.0.1', () => {
  const client = net.connect(server.address().port, '127.0.0.1');
  client.setTimeout(40);
  client.on('timeout', () => {
    console.log('client timeout (unexpected)');
  });
  client.setTimeout(0);
  setTimeout(() => client.write('ping'), 30);
  client.on('data', (chunk) => console.log(`client data ${chunk.toString()}`));
  client.on('end', () => console.log('client end'));
  client.on('close', (hadError) => console.log(`client close ${hadError}`));
});
