// Verification over a wrapped socket: a STARTTLS server (plain net server, the accepted socket
// wrapped with new TLSSocket(socket, {isServer: true, secureContext})) and clients that wrap
// their net.connect socket with tls.connect({socket}): without `ca` (the self-signed
// certificate: DEPTH_ZERO_SELF_SIGNED_CERT), the same with rejectUnauthorized false, and a
// servername the certificate does not name. Each client's events are printed, and the
// server's 'secure' count.
const tls = require('tls');
const net = require('net');
const fs = require('fs');

const key = fs.readFileSync('key.pem', 'utf8');
const cert = fs.readFileSync('cert.pem', 'utf8');
const secureContext = tls.createSecureContext({ key, cert });
const dash = (v) => (v ? `${v}` : '-');
const lines = [];
let secured = 0;

const server = net.createServer((plain) => {
  plain.once('data', () => {
    plain.write('GO\n');
    const socket = new tls.TLSSocket(plain, { isServer: true, secureContext });
    socket.on('secure', () => secured++);
    socket.on('data', () => socket.end('ok'));
    socket.on('error', () => {});
  });
});

function starttls(name, options, next) {
  const plain = net.connect(server.address().port, '127.0.0.1', () => plain.write('STARTTLS\n'));
  plain.on('close', (hadError) => lines.push(`${name} plain close ${hadError}`));
  plain.once('data', () => {
    const socket = tls.connect({ socket: plain, ...options }, () => {
      lines.push(`${name} secureConnect ${socket.authorized} ${dash(socket.authorizationError)}`);
      socket.write('hi');
    });
    socket.on('data', (data) => lines.push(`${name} data ${data}`));
    socket.on('error', (err) => lines.push(`${name} error ${dash(err.code)} ${err.message}`));
    socket.on('close', (hadError) => {
      lines.push(`${name} close ${hadError} ${plain.destroyed}`);
      next();
    });
  });
}

server.listen(0, '127.0.0.1', () => {
  starttls('self-signed', { servername: 'localhost' }, () => {
    starttls('allowed', { servername: 'localhost', rejectUnauthorized: false }, () => {
      starttls('altname', { servername: 'other.test', ca: [cert] }, () => {
        lines.push(`server secure ${secured > 0}`);
        server.close(() => console.log(lines.join('\n')));
      });
    });
  });
});
