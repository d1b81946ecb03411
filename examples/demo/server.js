// The demo site: a page and its stylesheet, /echo?value=, /api/time (JSON), POST /api/upload;
// with --https-port N over https too, with a self-signed certificate made at first start.
const http = require('http');
const https = require('https');
const os = require('os');
const { execFileSync } = require('child_process');
const fs = require('fs');
const url = require('url');
const path = require('path');
const crypto = require('crypto');
const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]) || 8080;
const host = args.includes('--host') ? args[args.indexOf('--host') + 1] : '127.0.0.1';
const httpsPort = args.includes('--https-port') ? Number(args[args.indexOf('--https-port') + 1]) : null;
const root = path.join(__dirname, 'public');
const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8' };

// The certificate of --https-port: self-signed for localhost, made by the openssl command at
// first start and kept in $XDG_DATA_HOME/nodecc-demo (~/.local/share/nodecc-demo) for later
// starts, so that a browser or curl told once to trust it keeps trusting it (README.md).
function demoCertificate() {
  const data = process.env.XDG_DATA_HOME;
  const dir = path.join(data ? data : path.join(os.homedir(), '.local', 'share'), 'nodecc-demo');
  const cert = path.join(dir, 'localhost-cert.pem');
  const key = path.join(dir, 'localhost-key.pem');
  if (!fs.existsSync(cert) || !fs.existsSync(key)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '825',
                             '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
                             '-addext', 'basicConstraints=critical,CA:FALSE', '-addext', 'extendedKeyUsage=serverAuth',
                             '-keyout', key + '.tmp', '-out', cert + '.tmp'], { stdio: 'ignore' });
    fs.chmodSync(key + '.tmp', 0o600);
    fs.renameSync(key + '.tmp', key);
    fs.renameSync(cert + '.tmp', cert);  // last: the certificate's presence says the pair is whole
    console.log(`made a self-signed certificate for localhost: ${cert}`);
  }
  return [cert, key];
}

function sendFile(res, name) {
  fs.readFile(path.join(root, name), (err, data) => {
    if (err) { res.writeHead(404, { 'Content-Type': 'text/plain' }); res.end('not found\n'); return; }
    res.setHeader('Content-Type', types[path.extname(name)]);
    res.end(data);
  });
}

const app = (req, res) => {
  const u = url.parse(req.url, true);
  if (req.method === 'GET' && u.pathname === '/') {
    sendFile(res, 'index.html');
  } else if (req.method === 'GET' && u.pathname === '/style.css') {
    sendFile(res, 'style.css');
  } else if (req.method === 'GET' && u.pathname === '/echo') {
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(u.query.value ? u.query.value : 'no value specified');
  } else if (req.method === 'GET' && u.pathname === '/api/time') {
    const now = Date.now();
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ now: now, iso: new Date(now).toISOString() }));
  } else if (req.method === 'POST' && u.pathname === '/api/upload') {
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    req.on('data', (chunk) => { bytes += chunk.length; hash.update(chunk); });
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ bytes: bytes, sha256: hash.digest('hex') }));
    });
  } else {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found\n');
  }
};
const server = http.createServer(app);
server.listen(port, host, () => {
  console.log(`nodecc demo on http://${host}:${port}/  (Ctrl-C stops it)`);
});
let secure = null;
if (httpsPort !== null) {
  const [cert, key] = demoCertificate();
  secure = https.createServer({ cert: fs.readFileSync(cert, 'utf8'), key: fs.readFileSync(key, 'utf8') }, app);
  secure.listen(httpsPort, host, () => {
    console.log(`nodecc demo on https://${host}:${secure.address().port}/  (certificate: ${cert})`);
  });
}
process.on('SIGINT', () => {
  console.log('stopping');
  let open = secure ? 2 : 1;
  const closed = () => { if (--open === 0) process.exit(0); };
  server.close(closed);
  if (secure) secure.close(closed);
});
