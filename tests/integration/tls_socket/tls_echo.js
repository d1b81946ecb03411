// A tls echo server, or the clients that talk to it, for test_tls_socket.py (tls_echo.cc is
// its nodecc twin).
//   node tls_echo.js server KEY CERT   -> prints "port <main> <quiet>", then each connection's
//        events as it closes. The server answers in upper case; the quiet one takes the client
//        that refuses the certificate (when a server hears of that refusal depends on timing).
//   node tls_echo.js client PORT QUIET_PORT CERT -> connects one after the other (1) without
//        trusting the self-signed certificate (rejectUnauthorized false) with ALPN, (2) to the
//        quiet server, refusing it, (3) resuming the session of (1), (4) trusting it (ca) over
//        TLS 1.2; prints each connection's events.
const tls = require('tls');
const fs = require('fs');

const dash = (v) => (v ? `${v}` : '-');
let lastSession = null;

function connect(name, options, next) {
  const log = [];
  const client = tls.connect(options, () => {
    const c = client.getCipher();
    const peer = client.getPeerCertificate();
    log.push(`secureConnect ${client.authorized} ${dash(client.authorizationError)}`);
    log.push(`${client.getProtocol()} ${c.name} ${c.standardName} ${c.version} ${dash(client.alpnProtocol)} ${dash(client.servername)} ${client.isSessionReused()}`);
    log.push(peer.subject ? `peer ${peer.subject.CN} ${peer.issuer.CN} [${peer.subjectaltname}] ${peer.valid_to}` : 'no peer');
    client.write('hello');
  });
  client.on('session', (session) => { lastSession = session; });
  client.on('data', (chunk) => {
    log.push(`data ${chunk.toString()}`);
    client.end();
  });
  client.on('end', () => log.push('end'));
  client.on('error', (err) => log.push(`error ${err.code} ${err.message}`));
  client.on('close', (hadError) => {
    log.push(`close ${hadError}`);
    console.log(`${name}: ${log.join(', ')}`);
    next();
  });
}


function serve(keyFile, certFile) {
  const key = fs.readFileSync(keyFile, 'utf8');
  const cert = fs.readFileSync(certFile, 'utf8');
  let count = 0;

  const server = tls.createServer({ key, cert, ALPNProtocols: ['echo/1', 'http/1.1'] }, (socket) => {
    const n = count++;
    const log = [`secureConnection ${socket.getProtocol()} ${socket.getCipher().name} ${dash(socket.alpnProtocol)} ${dash(socket.servername)} ${socket.authorized} ${socket.isSessionReused()}`];
    socket.on('data', (chunk) => {
      log.push(`data ${chunk.toString()}`);
      socket.write(chunk.toString().toUpperCase());
    });
    socket.on('end', () => log.push('end'));
    socket.on('close', (hadError) => {
      log.push(`close ${hadError}`);
      console.log(`conn ${n}: ${log.join(', ')}`);
    });
  });
  const quiet = tls.createServer({ key, cert }, (socket) => socket.on('error', () => {}));
  server.listen(0, '127.0.0.1', () => {
    quiet.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port} ${quiet.address().port}`));
  });
}

function connectAll(port, quietPort, certFile) {
  const cert = fs.readFileSync(certFile, 'utf8');
  const base = { port, host: '127.0.0.1', servername: 'localhost' };
  connect('selfsigned', { ...base, rejectUnauthorized: false, ALPNProtocols: ['echo/1'] }, () => {
    const first = lastSession;
    connect('rejected', { ...base, port: quietPort }, () => {
      connect('resumed', { ...base, rejectUnauthorized: false, session: first }, () => {
        connect('tls12', { ...base, ca: [cert], maxVersion: 'TLSv1.2' }, () => {});
      });
    });
  });
}

const argv = process.argv;
if (argv[2] === 'server') serve(argv[3], argv[4]);
else if (argv[2] === 'client') connectAll(Number(argv[3]), Number(argv[4]), argv[5]);
else {
  console.error('usage: tls_echo.js server KEY CERT | client PORT QUIET_PORT CERT');
  process.exitCode = 2;
}
process.on('SIGTERM', () => process.exit(0));
