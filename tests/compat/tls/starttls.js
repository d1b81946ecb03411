// A STARTTLS exchange: a plain net server answers "STARTTLS\n" with "GO\n" and wraps the
// accepted socket (new TLSSocket(socket, {isServer: true, secureContext})); the client, a
// net.connect socket, writes STARTTLS, reads GO, then tls.connect({socket, ca, servername}).
// Data goes both ways, the client ends. Each side's events are printed in order (the server's,
// then the client's: which side closes first is timing), with the plain sockets' own ('close'
// just before the TLS socket's; no 'data' or 'end' after the wrap).
const tls = require('tls');
const net = require('net');
const fs = require('fs');

const key = fs.readFileSync('key.pem', 'utf8');
const cert = fs.readFileSync('cert.pem', 'utf8');
const secureContext = tls.createSecureContext({ key, cert });
const serverLines = [];
const clientLines = [];
let done = 0;
function finish() {
  if (++done === 2) console.log([...serverLines, ...clientLines].join('\n'));
}

const server = net.createServer((plain) => {
  plain.on('end', () => serverLines.push('server plain end'));
  plain.on('close', (hadError) => serverLines.push(`server plain close ${hadError}`));
  plain.once('data', (chunk) => {
    serverLines.push(`server plain data ${JSON.stringify(chunk.toString())}`);
    plain.on('data', () => serverLines.push('server plain data after wrap'));
    plain.write('GO\n');
    const socket = new tls.TLSSocket(plain, { isServer: true, secureContext });
    socket.on('secure', () => {
      serverLines.push(`server secure ${socket.getProtocol()} ${socket.authorized} ${socket.servername} ${socket.encrypted}`);
    });
    socket.on('data', (data) => {
      serverLines.push(`server data ${data}`);
      socket.write(`echo ${data}`);
    });
    socket.on('end', () => {
      serverLines.push('server end');
      socket.end('bye');
    });
    socket.on('error', (err) => serverLines.push(`server error ${err.code}`));
    socket.on('close', (hadError) => {
      serverLines.push(`server close ${hadError} ${plain.destroyed}`);
      server.close(() => {
        serverLines.push('server closed');
        finish();
      });
    });
  });
});

server.listen(0, '127.0.0.1', () => {
  const plain = net.connect(server.address().port, '127.0.0.1', () => {
    clientLines.push('client plain connect');
    plain.write('STARTTLS\n');
  });
  plain.on('close', (hadError) => clientLines.push(`client plain close ${hadError}`));
  plain.once('data', (chunk) => {
    clientLines.push(`client plain data ${JSON.stringify(chunk.toString())}`);
    const socket = tls.connect({ socket: plain, ca: [cert], servername: 'localhost' }, () => {
      clientLines.push(`client secureConnect ${socket.authorized} ${socket.getProtocol()} ${socket.remotePort === server.address().port}`);
      socket.write('hello');
    });
    socket.on('connect', () => clientLines.push('client connect'));
    socket.on('data', (data) => {
      clientLines.push(`client data ${data}`);
      if (`${data}` === 'echo hello') socket.end();
    });
    socket.on('end', () => clientLines.push('client end'));
    socket.on('error', (err) => clientLines.push(`client error ${err.code}`));
    socket.on('close', (hadError) => {
      clientLines.push(`client close ${hadError} ${plain.destroyed}`);
      finish();
    });
  });
});
