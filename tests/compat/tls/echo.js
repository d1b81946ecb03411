// TLS echo: a server answers in upper case; clients connect one after the other: (1) to the
// self-signed server with rejectUnauthorized false and ALPN, (2) with the default
// rejectUnauthorized (the certificate is refused), (3) resuming the session of (1) (a resumed
// session keeps the verification result of the first: rejectUnauthorized false again), (4)
// trusting the certificate (ca), capped at TLS 1.2, (5) ending with data before the handshake
// is done (the data and the end wait for it). Each connection's events are logged in order and
// printed at exit, so only each side's own order is compared.
const tls = require('tls');
const fs = require('fs');

const key = fs.readFileSync('key.pem', 'utf8');
const cert = fs.readFileSync('cert.pem', 'utf8');
const dash = (v) => (v ? `${v}` : '-');
const serverLogs = [];
const clientLogs = [];
let lastSession = null;
let sessions = 0;

const server = tls.createServer({ key, cert, ALPNProtocols: ['echo/1', 'http/1.1'] }, (socket) => {
  const log = [];
  serverLogs.push(log);
  log.push(`secureConnection ${socket.getProtocol()} ${dash(socket.alpnProtocol)} ${dash(socket.servername)} ${socket.authorized} ${socket.encrypted} ${socket.isSessionReused()}`);
  socket.on('data', (chunk) => {
    log.push(`data ${chunk.toString()}`);
    socket.write(chunk.toString().toUpperCase());
  });
  socket.on('end', () => log.push('end'));
  socket.on('close', (hadError) => log.push(`close ${hadError}`));
});
server.on('tlsClientError', (err) => serverLogs.push([`tlsClientError ${err.code}`]));
// The server the refusing client (2) talks to: its side is not compared (when it hears of the
// refusal depends on timing).
const quiet = tls.createServer({ key, cert }, (socket) => socket.on('error', () => {}));

function connect(name, options, next) {
  const log = [];
  clientLogs.push(`${name}: ${log.length}`);
  const index = clientLogs.length - 1;
  const client = tls.connect(options, () => {
    const c = client.getCipher();
    const peer = client.getPeerCertificate();
    log.push(`secureConnect ${client.authorized} ${dash(client.authorizationError)} ${client.encrypted}`);
    log.push(`protocol ${client.getProtocol()} cipher ${c.name} ${c.standardName} ${c.version}`);
    log.push(`alpn ${dash(client.alpnProtocol)} servername ${dash(client.servername)} reused ${client.isSessionReused()}`);
    // A resumed session has no certificate chain on the client: Node's object is empty then.
    if (peer.subject) {
      log.push(`peer ${peer.subject.CN} ${peer.subject.O} ${peer.issuer.CN} [${peer.subjectaltname}]`);
      log.push(`valid ${peer.valid_from} ${peer.valid_to} ${peer.fingerprint256.length}`);
    } else {
      log.push('no peer certificate');
    }
    client.write('hello');
  });
  client.on('connect', () => log.push('connect'));
  client.on('session', (session) => {
    sessions++;
    lastSession = session;
  });
  client.on('data', (chunk) => {
    log.push(`data ${chunk.toString()}`);
    client.end();
  });
  client.on('end', () => log.push('end'));
  client.on('error', (err) => log.push(`error ${err.code} ${err.message}`));
  client.on('close', (hadError) => {
    log.push(`close ${hadError}`);
    clientLogs[index] = `${name}: ${log.join(', ')}`;
    next();
  });
}

function early(port, next) {
  const log = [];
  const client = tls.connect({ port, host: '127.0.0.1', servername: 'localhost', ca: [cert] });
  client.end('early');
  client.on('secureConnect', () => log.push(`secureConnect ${client.authorized}`));
  client.on('data', (chunk) => log.push(`data ${chunk.toString()}`));
  client.on('end', () => log.push('end'));
  client.on('close', (hadError) => {
    log.push(`close ${hadError}`);
    clientLogs.push(`early: ${log.join(', ')}`);
    next();
  });
}

server.listen(0, '127.0.0.1', () => {
  quiet.listen(0, '127.0.0.1', () => {
    const port = server.address().port;
    connect('selfsigned', { port, host: '127.0.0.1', servername: 'localhost', rejectUnauthorized: false, ALPNProtocols: ['echo/1'] }, () => {
      const first = lastSession;
      clientLogs.push(`sessions ${sessions > 0} ${first !== null && first.length > 0}`);
      connect('rejected', { port: quiet.address().port, host: '127.0.0.1', servername: 'localhost' }, () => {
        connect('resumed', { port, host: '127.0.0.1', servername: 'localhost', rejectUnauthorized: false, session: first }, () => {
          connect('tls12', { port, host: '127.0.0.1', servername: 'localhost', ca: [cert], maxVersion: 'TLSv1.2' }, () => {
            early(port, () => {
              server.close();
              quiet.close();
            });
          });
        });
      });
    });
  });
});

process.on('exit', () => {
  for (const line of clientLogs) console.log(`client ${line}`);
  serverLogs.forEach((log, i) => console.log(`server ${i}: ${log.join(', ')}`));
});
