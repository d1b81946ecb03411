// wss://: a WebSocketServer on an https server (the upgrade's socket keeps its TLS session) and
// clients over TLS: one trusting the test certificate, one not (Node's certificate error, then
// close 1006), and an ordinary https request to the same server.
const path = require('path');
const fs = require('fs');
const https = require('https');
const { requireWs } = require('./raw_client');
const { WebSocket, WebSocketServer } = requireWs();

const key = fs.readFileSync(path.join(__dirname, '../tls/key.pem')).toString();
const cert = fs.readFileSync(path.join(__dirname, '../tls/cert.pem')).toString();
const log = [];
const serverLog = [];
const server = https.createServer({ key, cert }, (req, res) => {
  res.writeHead(426, { 'Content-Type': 'text/plain' });
  res.end('Upgrade Required');
});
const wss = new WebSocketServer({ server });
wss.on('connection', (socket, req) => {
  serverLog.push(`server connection ${req.url}`);
  socket.on('message', (data, isBinary) => {
    serverLog.push(`server message ${data}`);
    socket.send(data, { binary: isBinary });
  });
  socket.on('close', (code, reason) => serverLog.push(`server close ${code} ${reason}`));
});

server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  const trusting = new WebSocket(`wss://localhost:${port}/secure`, { ca: [cert] });
  trusting.on('open', () => {
    log.push('trusting open');
    trusting.send('over tls');
  });
  trusting.on('message', (data) => {
    log.push(`trusting message ${data}`);
    trusting.close(1000, 'done');
  });
  trusting.on('close', (code, reason) => {
    log.push(`trusting close ${code} ${reason}`);
    const doubting = new WebSocket(`wss://127.0.0.1:${port}/`);
    doubting.on('open', () => log.push('doubting open'));
    doubting.on('error', (err) => log.push(`doubting error ${err.code} ${err.message}`));
    doubting.on('close', (code) => {
      log.push(`doubting close ${code}`);
      https.get({ host: '127.0.0.1', port, path: '/', ca: [cert], servername: 'localhost', headers: { host: 'localhost' } }, (res) => {
        let body = '';
        res.on('data', (chunk) => { body += chunk; });
        res.on('end', () => {
          log.push(`https ${res.statusCode} ${body}`);
          server.close();
        });
      });
    });
  });
});

process.on('exit', () => console.log([...log, ...serverLog].join('\n')));
