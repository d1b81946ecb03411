// A tls server's socket whose 'error' no one listens to: destroyed with an error after its
// handshake, the server goes on (Node's keeps a listener of its own on each socket it accepts)
// and the socket's 'close' says hadError; the next client is served.
const tls = require('tls');
const fs = require('fs');

const key = fs.readFileSync('key.pem', 'utf8');
const cert = fs.readFileSync('cert.pem', 'utf8');
const serverLines = [];
const clientLines = [];

const server = tls.createServer({ key, cert }, (socket) => {
  socket.on('data', (chunk) => {
    if (chunk.toString() === 'boom') {
      socket.destroy(new Error('boom'));
    } else {
      socket.end('ok');
    }
  });
  socket.on('close', (hadError) => serverLines.push(`server close ${hadError}`));
});

function client(name, data, next) {
  const c = tls.connect({ port: server.address().port, host: '127.0.0.1', rejectUnauthorized: false }, () => c.write(data));
  c.on('data', (chunk) => clientLines.push(`${name} data ${chunk}`));
  c.on('error', (err) => clientLines.push(`${name} error ${err.code}`));
  c.on('close', () => {
    clientLines.push(`${name} close`);
    next();
  });
}

server.listen(0, '127.0.0.1', () => {
  client('first', 'boom', () => client('second', 'hi', () => server.close()));
});

process.on('exit', () => {
  for (const line of clientLines) console.log(line);
  for (const line of serverLines) console.log(line);
});
