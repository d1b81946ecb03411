// What goes wrong, in order: a client that never starts its handshake (handshakeTimeout: Node
// leaves the socket open after 'tlsClientError', nodecc closes it, so the listener destroys it
// for both), plain HTTP sent to the TLS port, a certificate for another name (refused, then
// allowed with rejectUnauthorized false), a checkServerIdentity that refuses and one that
// accepts, and a port nobody listens on. The server's 'tlsClientError's and each client's
// events are printed.
const tls = require('tls');
const net = require('net');
const fs = require('fs');

const key = fs.readFileSync('key.pem', 'utf8');
const cert = fs.readFileSync('cert.pem', 'utf8');
const dash = (v) => (v ? `${v}` : '-');
const lines = [];

const server = tls.createServer({ key, cert, handshakeTimeout: 300 }, (socket) => {
  socket.on('data', () => socket.end('ok'));
  socket.on('error', () => {});
});
// Only the first two are logged: when the server hears of a client that refused its
// certificate (before or after its handshake ended) depends on timing.
let logServer = true;
server.on('tlsClientError', (err, socket) => {
  if (logServer) lines.push(`server tlsClientError ${err.code} ${socket.encrypted}`);
  socket.destroy();
});

function silent(next) {
  const client = net.connect(server.address().port, '127.0.0.1');
  client.on('end', () => lines.push('silent end'));
  client.on('close', (hadError) => {
    lines.push(`silent close ${hadError}`);
    next();
  });
}

function plain(next) {
  const client = net.connect(server.address().port, '127.0.0.1', () => client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
  client.on('data', () => {});
  client.on('error', () => {});
  client.on('close', () => {
    lines.push('plain close');
    logServer = false;
    next();
  });
}

function secure(name, options, next) {
  const client = tls.connect({ port: server.address().port, host: '127.0.0.1', ca: [cert], ...options }, () => {
    lines.push(`${name} secureConnect ${client.authorized} ${dash(client.authorizationError)}`);
    client.write('hi');
  });
  client.on('data', (chunk) => lines.push(`${name} data ${chunk}`));
  client.on('error', (err) => lines.push(`${name} error ${dash(err.code)} ${err.message}`));
  client.on('close', (hadError) => {
    lines.push(`${name} close ${hadError}`);
    next();
  });
}

function refused(port, next) {
  const client = tls.connect({ port, host: '127.0.0.1' });
  client.on('error', (err) => lines.push(`refused error ${err.code} ${err.message === `connect ECONNREFUSED 127.0.0.1:${port}`}`));
  client.on('close', (hadError) => {
    lines.push(`refused close ${hadError}`);
    next();
  });
}

server.listen(0, '127.0.0.1', () => {
  silent(() => plain(() => {
    secure('altname', { servername: 'other.test' }, () => {
      secure('altname-allowed', { servername: 'other.test', rejectUnauthorized: false }, () => {
        secure('check-refuses', { servername: 'localhost', checkServerIdentity: (host, c) => {
          lines.push(`check ${host} ${c.subject.CN}`);
          return new Error('refused by the test');
        } }, () => {
          secure('check-accepts', { servername: 'localhost', checkServerIdentity: () => undefined }, () => {
            const port = server.address().port;
            server.close(() => refused(port, () => {}));
          });
        });
      });
    });
  }));
});

process.on('exit', () => {
  for (const line of lines) console.log(line);
});
