// Node's https server for tls_client_driver.cc (nodecc's client against Node's server): the
// same answer line as tls_test_server.cc.
//   node node_server.js --cert F --key F [--ca F --request-cert] [--passphrase P] [--ciphers L]
//                       [--min-version V] [--max-version V]
// As tls-test-server: "error <code> <message>" (exit 1) when createServer throws, and
// "tlsClientError <code>" on stderr.
const https = require('https');
const fs = require('fs');

const argv = process.argv;
function arg(name, fallback = '') {
  const i = argv.indexOf(name);
  return i > 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
}
const o = {
  key: fs.readFileSync(arg('--key')),
  cert: fs.readFileSync(arg('--cert')),
  ALPNProtocols: ['http/1.1'],
};
if (arg('--ca')) o.ca = fs.readFileSync(arg('--ca'));
if (argv.includes('--request-cert')) o.requestCert = true;
for (const [flag, name] of [['--passphrase', 'passphrase'], ['--ciphers', 'ciphers'],
  ['--min-version', 'minVersion'], ['--max-version', 'maxVersion']]) {
  if (arg(flag)) o[name] = arg(flag);
}
const dash = (s) => s || '-';
let server;
try {
  server = https.createServer(o, (req, res) => {
    const s = req.socket;
    const peer = s.getPeerCertificate();
    res.setHeader('Content-Type', 'text/plain');
    res.end(`hello ${req.url} ${s.getProtocol()} ${dash(s.alpnProtocol)} ${dash(s.servername)} ` +
            `${s.authorized} ${dash(peer && peer.subject && peer.subject.CN)}\n`);
  });
} catch (e) {
  console.log(`error ${e.code} ${e.message}`);
  process.exit(1);
}
server.on('tlsClientError', (err) => console.error(`tlsClientError ${err.code}`));
server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
