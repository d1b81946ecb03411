// EADDRINUSE: a second server listening on the first one's port gets an 'error' event whose
// fields name the call and the address; the first server is unaffected and still serves.
const net = require('net');

const first = net.createServer((socket) => socket.end('still serving'));
first.listen(0, '127.0.0.1', () => {
  const port = first.address().port;
  const second = net.createServer();
  second.on('listening', () => console.log('second listening (unexpected)'));
  second.on('error', (err) => {
    console.log(`error code ${err.code}`);
    console.log(`errno ${err.errno}`);
    console.log(`syscall ${err.syscall}`);
    console.log(`address ${err.address}`);
    console.log(`port matches ${err.port === port}`);
    console.log(`message ${err.message.replace(String(port), 'PORT')}`);
    console.log(`second listening ${second.listening}`);
    const client = net.connect(port, '127.0.0.1');
    client.on('data', (chunk) => console.log(`first answers: ${chunk.toString()}`));
    client.on('close', () => first.close(() => console.log('first closed')));
  });
  second.listen(port, '127.0.0.1');
  console.log(`listen called, listening ${second.listening}`);
});
