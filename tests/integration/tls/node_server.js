// Node's https server for tls_client_driver.cc (nodecc's client against Node's server): the
// same answer line as tls_test_server.cc.
//   node node_server.js --cert F --key F [--ca F --request-cert]
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
const dash = (s) => s || '-';
const server = https.createServer(o, (req, res) => {
  const s = req.socket;
  const peer = s.getPeerCertificate();
  res.setHeader('Content-Type', 'text/plain');
  res.end(`hello ${req.url} ${s.getProtocol()} ${dash(s.alpnProtocol)} ${dash(s.servername)} ` +
          `${s.authorized} ${dash(peer && peer.subject && peer.subject.CN)}\n`);
});
server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
