// ticketKeys: two servers with the same keys resume each other's tickets, a server with its own
// (random) keys does not, and after setTicketKeys rotates them the old tickets no longer resume;
// over TLS 1.3 and TLS 1.2. getTicketKeys tells the keys; a key of the wrong size is refused.
const tls = require('tls');
const fs = require('fs');

const key = fs.readFileSync('key.pem', 'utf8');
const cert = fs.readFileSync('cert.pem', 'utf8');
const keys = Buffer.alloc(48);
for (let i = 0; i < 48; i++) keys[i] = (i * 7 + 1) % 256;
const rotated = Buffer.alloc(48, 9);
const lines = [];

const a = tls.createServer({ key, cert, ticketKeys: keys }, (socket) => socket.end('a'));
const b = tls.createServer({ key, cert, ticketKeys: keys }, (socket) => socket.end('b'));
const c = tls.createServer({ key, cert }, (socket) => socket.end('c'));

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

function round(maxVersion, next) {
  b.setTicketKeys(keys);
  connect(a, maxVersion, undefined, (reusedFirst, session) => {
    connect(b, maxVersion, session, (reusedB) => {
      connect(c, maxVersion, session, (reusedC) => {
        b.setTicketKeys(rotated);
        connect(b, maxVersion, session, (reusedRotated) => {
          lines.push(`${maxVersion} first ${reusedFirst} same keys ${reusedB} other keys ${reusedC} rotated ${reusedRotated}`);
          next();
        });
      });
    });
  });
}

a.listen(0, '127.0.0.1', () => b.listen(0, '127.0.0.1', () => c.listen(0, '127.0.0.1', () => {
  lines.push(`keys ${a.getTicketKeys().equals(keys)} ${c.getTicketKeys().length} ${c.getTicketKeys().equals(keys)}`);
  let threw = false;
  try {
    a.setTicketKeys(Buffer.alloc(10));
  } catch (e) {
    threw = true;
  }
  lines.push(`short keys refused ${threw}`);
  round('TLSv1.3', () => round('TLSv1.2', () => {
    a.close();
    b.close();
    c.close();
  }));
})));

process.on('exit', () => {
  for (const line of lines) console.log(line);
});
