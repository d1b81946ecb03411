// pfx: a server whose key and certificate come from a PKCS#12 file (cert.p12, key.pem and
// cert.pem under the passphrase "nodecc"); a client that trusts cert.pem verifies it; a wrong
// passphrase is refused when the server is made.
const tls = require('tls');
const fs = require('fs');

const cert = fs.readFileSync('cert.pem', 'utf8');
const pfx = fs.readFileSync('cert.p12');
const lines = [];

let threw = false;
try {
  tls.createServer({ pfx, passphrase: 'wrong' });
} catch (e) {
  threw = true;
}
lines.push(`wrong passphrase refused ${threw}`);

const server = tls.createServer({ pfx, passphrase: 'nodecc' }, (socket) => socket.end('pfx'));
server.listen(0, '127.0.0.1', () => {
  const client = tls.connect({ port: server.address().port, host: '127.0.0.1', servername: 'localhost', ca: [cert] }, () => {
    const peer = client.getPeerCertificate();
    lines.push(`secureConnect ${client.authorized} ${peer.subject.CN} ${peer.subject.O}`);
  });
  client.on('data', (chunk) => lines.push(`data ${chunk.toString()}`));
  client.on('close', (hadError) => {
    lines.push(`close ${hadError}`);
    server.close();
  });
});

process.on('exit', () => {
  for (const line of lines) console.log(line);
});
