// Ending a socket badly, one connection after another: destroy(err) emits 'error' then
// 'close' (true); destroy() emits only 'close' (false); write() after end() calls back with
// ERR_STREAM_WRITE_AFTER_END and destroys the socket with it; write() after destroy() calls back
// with ERR_STREAM_DESTROYED; resetAndDestroy() makes the peer read ECONNRESET.
const net = require('net');

const steps = [
  (socket) => socket.destroy(new Error('boom')),
  (socket) => socket.destroy(),
  (socket) => {
    socket.end();
    const ok = socket.write('late', (err) => console.log(`  write callback ${err.code}: ${err.message}`));
    console.log(`  write after end returned ${ok}`);
  },
  (socket) => {
    socket.destroy();
    const ok = socket.write('late', (err) => console.log(`  write callback ${err.code}: ${err.message}`));
    console.log(`  write after destroy returned ${ok} destroyed ${socket.destroyed}`);
  },
];

const server = net.createServer((socket) => {
  socket.on('data', () => {
    console.log('  server resets');
    socket.resetAndDestroy();
  });
});

function run(i) {
  if (i === steps.length) {
    console.log('reset by the server');
    const client = net.connect(server.address().port, '127.0.0.1', () => client.write('x'));
    client.on('error', (err) => {
      console.log(`  client error ${err.code} ${err.errno} ${err.syscall}: ${err.message}`);
    });
    client.on('close', (hadError) => {
      console.log(`  client close ${hadError}`);
      server.close();
    });
    return;
  }
  console.log(`step ${i}`);
  const client = net.connect(server.address().port, '127.0.0.1', () => steps[i](client));
  client.on('error', (err) => console.log(`  error ${err.message} destroyed ${client.destroyed}`));
  client.on('close', (hadError) => {
    console.log(`  close ${hadError}`);
    run(i + 1);
  });
}

server.listen(0, '127.0.0.1', () => run(0));
