// tls.connect({socket}) over a socket still connecting (net.connect's, at once): the plain
// socket's 'connect', then the TLS socket's, then 'secureConnect'; and one whose connection is
// refused: the plain socket's 'error', then the TLS socket's, with the same code; and a TLS
// socket destroyed before its socket connected (both close; the plain socket first, and, not
// wrapped yet, it is gone after its own 'close' as any net socket).
const tls = require('tls');
const net = require('net');
const fs = require('fs');

const key = fs.readFileSync('key.pem', 'utf8');
const cert = fs.readFileSync('cert.pem', 'utf8');
const lines = [];

const server = tls.createServer({ key, cert }, (socket) => socket.end('hi'));

server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  const plain = net.connect(port, '127.0.0.1');
  plain.on('connect', () => lines.push('plain connect'));
  plain.on('close', (hadError) => lines.push(`plain close ${hadError}`));
  const socket = tls.connect({ socket: plain, ca: [cert], servername: 'localhost' }, () => {
    lines.push(`secureConnect ${socket.authorized}`);
  });
  socket.on('connect', () => lines.push('tls connect'));
  socket.on('data', (data) => lines.push(`data ${data}`));
  socket.on('close', (hadError) => {
    lines.push(`tls close ${hadError}`);
    server.close(() => {
      const refused = net.connect(port, '127.0.0.1');
      refused.on('error', (err) => lines.push(`refused plain error ${err.code}`));
      const secure = tls.connect({ socket: refused });
      secure.on('error', (err) => lines.push(`refused tls error ${err.code}`));
      secure.on('close', (hadError) => {
        lines.push(`refused tls close ${hadError}`);
        const early = net.connect(port, '127.0.0.1');
        early.on('error', () => {});
        early.on('close', (hadError) => lines.push(`early plain close ${hadError}`));
        const gone = tls.connect({ socket: early });
        gone.on('close', (hadError) => {
          lines.push(`early tls close ${hadError}`);
          setTimeout(() => console.log(lines.join('\n')), 20);
        });
        gone.destroy();
      });
    });
  });
});
