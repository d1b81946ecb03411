// A plain net server that wraps every accepted socket at once (new TLSSocket(socket,
// {isServer: true, secureContext, ALPNProtocols, requestCert})) and ordinary tls.connect
// clients: ALPN chosen from the socket's list, a client whose list does not meet it, one
// without ALPN, and a client certificate verified (requestCert, the context's ca) or missing
// (requestCert, rejectUnauthorized false). As Node's, such a socket outside a tls.Server leaves
// `authorized` false. The server's lines, then the clients'.
const tls = require('tls');
const net = require('net');
const fs = require('fs');

const key = fs.readFileSync('key.pem', 'utf8');
const cert = fs.readFileSync('cert.pem', 'utf8');
const secureContext = tls.createSecureContext({ key, cert, ca: [cert] });
const dash = (v) => (v ? `${v}` : '-');
const serverLines = [];
const clientLines = [];

const server = net.createServer((plain) => {
  const socket = new tls.TLSSocket(plain, {
    isServer: true, secureContext, ALPNProtocols: ['x-proto', 'http/1.1'], requestCert: true, rejectUnauthorized: false,
  });
  socket.on('secure', () => {
    serverLines.push(`server secure ${dash(socket.alpnProtocol)} ${socket.authorized} ${dash(socket.authorizationError)} ${dash(socket.getPeerCertificate().subject?.CN)}`);
  });
  socket.on('data', (data) => socket.end(`got ${data}`));
  socket.on('error', (err) => serverLines.push(`server error ${err.code}`));
});

function client(name, options, next) {
  const socket = tls.connect({ port: server.address().port, host: '127.0.0.1', servername: 'localhost', ca: [cert], ...options }, () => {
    clientLines.push(`${name} secureConnect ${dash(socket.alpnProtocol)} ${socket.authorized}`);
    socket.write(name);
  });
  socket.on('data', (data) => clientLines.push(`${name} data ${data}`));
  socket.on('error', (err) => clientLines.push(`${name} error ${err.code}`));
  socket.on('close', (hadError) => {
    clientLines.push(`${name} close ${hadError}`);
    setTimeout(next, 20);
  });
}

server.listen(0, '127.0.0.1', () => {
  client('http1', { ALPNProtocols: ['http/1.1'], key, cert }, () => {
    client('x-proto', { ALPNProtocols: ['h2', 'x-proto'], key, cert }, () => {
      client('no-alpn', {}, () => {
        client('h2-only', { ALPNProtocols: ['h2'] }, () => {
          server.close(() => console.log([...serverLines, ...clientLines].join('\n')));
        });
      });
    });
  });
});
