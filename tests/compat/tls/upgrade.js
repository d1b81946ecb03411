// TLS over an http server's 'upgrade' socket: the request asks for "Upgrade: tls", the server
// answers 101 and wraps the socket (new TLSSocket(socket, {isServer: true, secureContext})); the
// client, a net.connect socket, reads the 101 and runs tls.connect({socket}) over it. Then a
// line each way. Each side's events, the server's then the client's.
const http = require('http');
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

const server = http.createServer((req, res) => res.end('plain'));
server.on('upgrade', (req, socket, head) => {
  serverLines.push(`server upgrade ${req.headers.upgrade} ${head.length}`);
  socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: tls\r\nConnection: Upgrade\r\n\r\n');
  const secure = new tls.TLSSocket(socket, { isServer: true, secureContext });
  secure.on('secure', () => serverLines.push(`server secure ${secure.getProtocol()} ${secure.servername}`));
  secure.on('data', (data) => {
    serverLines.push(`server data ${data}`);
    secure.end(`tls ${data}`);
  });
  secure.on('close', (hadError) => {
    serverLines.push(`server close ${hadError}`);
    server.close(finish);
  });
});

server.listen(0, '127.0.0.1', () => {
  const plain = net.connect(server.address().port, '127.0.0.1', () => {
    plain.write('GET /tls HTTP/1.1\r\nHost: localhost\r\nUpgrade: tls\r\nConnection: Upgrade\r\n\r\n');
  });
  plain.once('data', (chunk) => {
    clientLines.push(`client plain ${chunk.toString().split('\r\n')[0]}`);
    const socket = tls.connect({ socket: plain, ca: [cert], servername: 'localhost' }, () => {
      clientLines.push(`client secureConnect ${socket.authorized}`);
      socket.write('ping');
    });
    socket.on('data', (data) => clientLines.push(`client data ${data}`));
    socket.on('end', () => clientLines.push('client end'));
    socket.on('close', (hadError) => {
      clientLines.push(`client close ${hadError}`);
      finish();
    });
  });
});
