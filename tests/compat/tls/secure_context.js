// setSecureContext and addContext: which ticket keys a server has after setSecureContext (the
// ones last given as an option, else new random ones; setTicketKeys' are dropped), whether a
// session from before resumes after it (TLS 1.3 and 1.2), and the errors both throw.
const tls = require('tls');
const fs = require('fs');

const key = fs.readFileSync('key.pem', 'utf8');
const cert = fs.readFileSync('cert.pem', 'utf8');
const keys = Buffer.alloc(48, 1);
const rotated = Buffer.alloc(48, 2);
const given = Buffer.alloc(48, 3);
const lines = [];

function errorOf(f) {
  try {
    f();
    return 'no error';
  } catch (e) {
    return `${e.code} ${e.message}`;
  }
}

const own = tls.createServer({ key, cert });
const before = own.getTicketKeys();
own.setSecureContext({ key, cert });
lines.push(`own keys kept ${own.getTicketKeys().equals(before)} length ${own.getTicketKeys().length}`);

const keyed = tls.createServer({ key, cert, ticketKeys: keys });
keyed.setTicketKeys(rotated);
keyed.setSecureContext({ key, cert });
lines.push(`option keys back ${keyed.getTicketKeys().equals(keys)} rotated kept ${keyed.getTicketKeys().equals(rotated)}`);
keyed.setSecureContext({ key, cert, ticketKeys: given });
lines.push(`new option keys ${keyed.getTicketKeys().equals(given)}`);
keyed.setSecureContext({ key, cert });
lines.push(`new option keys kept ${keyed.getTicketKeys().equals(given)}`);

lines.push(`bad key: ${errorOf(() => own.setSecureContext({ key: 'nope', cert }))}`);
lines.push(`bad cert: ${errorOf(() => own.setSecureContext({ key, cert: 'nope' }))}`);
lines.push(`short ticketKeys: ${errorOf(() => own.setSecureContext({ key, cert, ticketKeys: Buffer.alloc(10) }))}`);
lines.push(`empty name: ${errorOf(() => own.addContext('', { key, cert }))}`);
lines.push(`addContext bad key: ${errorOf(() => own.addContext('a.test', { key: 'nope', cert }))}`);
lines.push(`addContext: ${errorOf(() => own.addContext('a.test', { key, cert }))}`);
lines.push(`addContext a SecureContext: ${errorOf(() => own.addContext('b.test', tls.createSecureContext({ key, cert })))}`);

function connect(server, maxVersion, session, next) {
  let last = null;
  let reused = false;
  const client = tls.connect({ port: server.address().port, host: '127.0.0.1', servername: 'localhost', rejectUnauthorized: false, maxVersion, session }, () => {
    reused = client.isSessionReused();
  });
  client.on('session', (s) => { last = s; });
  client.on('data', () => {});
  client.on('close', () => next(reused, last));
}

// A session made before setSecureContext, offered after it.
function across(server, maxVersion, next) {
  server.setSecureContext({ key, cert });
  connect(server, maxVersion, undefined, (reusedFirst, session) => {
    server.setSecureContext({ key, cert });
    connect(server, maxVersion, session, (reusedAfter) => {
      next(`first ${reusedFirst} after setSecureContext ${reusedAfter}`);
    });
  });
}

const withKeys = tls.createServer({ key, cert, ticketKeys: keys }, (socket) => socket.end('k'));
const without = tls.createServer({ key, cert }, (socket) => socket.end('o'));
withKeys.listen(0, '127.0.0.1', () => without.listen(0, '127.0.0.1', () => {
  across(withKeys, 'TLSv1.3', (a) => across(without, 'TLSv1.3', (b) => across(withKeys, 'TLSv1.2', (c) => across(without, 'TLSv1.2', (d) => {
    lines.push(`TLSv1.3 ticketKeys option: ${a}`);
    lines.push(`TLSv1.3 own keys: ${b}`);
    lines.push(`TLSv1.2 ticketKeys option: ${c}`);
    lines.push(`TLSv1.2 own keys: ${d}`);
    withKeys.close();
    without.close();
  }))));
}));

process.on('exit', () => {
  for (const line of lines) console.log(line);
});
