// ECONNREFUSED: a server is started and closed to get a port nobody listens on; connecting to
// it emits 'error' (connect ECONNREFUSED 127.0.0.1:PORT) and then 'close' with hadError true.
const net = require('net');

const server = net.createServer();
server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  server.close(() => {
    const client = net.connect(port, '127.0.0.1', () => console.log('connected (unexpected)'));
    console.log(`connecting ${client.connecting}`);
    client.on('error', (err) => {
      console.log(`error code ${err.code}`);
      console.log(`errno ${err.errno}`);
      console.log(`syscall ${err.syscall}`);
      console.log(`address ${err.address}`);
      console.log(`port matches ${err.port === port}`);
      console.log(`message ${err.message.replace(String(port), 'PORT')}`);
      console.log(`destroyed ${client.destroyed} connecting ${client.connecting}`);
    });
    client.on('close', (hadError) => console.log(`close ${hadError} ${client.readyState}`));
  });
});
