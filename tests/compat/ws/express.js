// An Express app and a WebSocketServer sharing one server (ws's { server: app.listen(...) }):
// the app answers its routes, the WebSocket server takes the upgrades on /live.
const path = require('path');
const http = require('http');
const { requireWs } = require('./raw_client');
const { WebSocket, WebSocketServer } = requireWs();
let express;
try {
  express = require(path.join(__dirname, '../../express/node_modules/express'));
} catch (e) {
  console.log('SKIP: express is not installed in tests/express (make deps)');
  process.exit(77);
}

const log = [];
const app = express();
app.get('/status', (req, res) => res.json({ ok: true }));

const server = app.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  http.get(`http://127.0.0.1:${port}/status`, (res) => {
    let body = '';
    res.on('data', (chunk) => { body += chunk; });
    res.on('end', () => {
      log.push(`http ${res.statusCode} ${res.headers['content-type']} ${body}`);
      const ws = new WebSocket(`ws://127.0.0.1:${port}/live`);
      ws.on('message', (data) => {
        log.push(`client message ${data}`);
        ws.close(1000);
      });
      ws.on('close', (code) => {
        log.push(`client close ${code}`);
        server.close();
      });
    });
  });
});
const wss = new WebSocketServer({ server, path: '/live' });
wss.on('connection', (socket, req) => {
  log.push(`connection ${req.url}`);
  socket.send('welcome');
});

process.on('exit', () => console.log(log.join('\n')));
