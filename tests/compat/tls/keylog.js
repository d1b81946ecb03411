// 'keylog' on both sides of a TLS 1.3 and a TLS 1.2 connection: the labels in order, and that
// each line has the NSS key log shape ("LABEL <client random, 64 hex> <secret, hex>\n"), that
// one connection's lines share one client random and that both sides log the same secrets.
const tls = require('tls');
const fs = require('fs');

const key = fs.readFileSync('key.pem', 'utf8');
const cert = fs.readFileSync('cert.pem', 'utf8');
const out = [];
let serverLines = [];

const server = tls.createServer({ key, cert }, (socket) => {
  socket.on('data', () => socket.end('bye'));
});
server.on('keylog', (line, socket) => serverLines.push(line.toString()));

function isHex(s) {
  if (s.length === 0) return false;
  for (const c of s) if (!'0123456789abcdef'.includes(c)) return false;
  return true;
}

function summary(name, lines) {
  const labels = [];
  const randoms = new Set();
  let shaped = true;
  for (const line of lines) {
    const parts = line.split(' ');
    if (parts.length !== 3 || !line.endsWith('\n') || parts[1].length !== 64 || !isHex(parts[1]) || !isHex(parts[2].slice(0, -1))) shaped = false;
    labels.push(parts[0]);
    randoms.add(parts[1]);
  }
  out.push(`${name} ${lines.length} lines shaped ${shaped} randoms ${randoms.size}: ${labels.join(' ')}`);
}

function run(maxVersion, next) {
  const clientLines = [];
  serverLines = [];
  const client = tls.connect({ port: server.address().port, host: '127.0.0.1', servername: 'localhost', ca: [cert], maxVersion }, () => {
    client.write('hi');
  });
  client.on('keylog', (line) => clientLines.push(line.toString()));
  client.on('data', () => {});
  client.on('close', () => {
    summary(`${maxVersion} client`, clientLines);
    summary(`${maxVersion} server`, serverLines);
    out.push(`${maxVersion} same secrets ${[...clientLines].sort().join('') === [...serverLines].sort().join('')}`);
    next();
  });
}

server.listen(0, '127.0.0.1', () => {
  run('TLSv1.3', () => run('TLSv1.2', () => server.close()));
});

process.on('exit', () => {
  for (const line of out) console.log(line);
});
