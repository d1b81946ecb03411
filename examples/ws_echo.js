// The WebSocket echo server: every message comes back as it came (text as text, binary as
// binary), with permessage-deflate for clients that offer it (--deflate), --max-fragments N
// frames per message. Needs `ws` (npm).
const { WebSocketServer } = require('ws');

const argv = process.argv;
const arg = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const port = Number(arg('--port', 8080));
const host = arg('--host', '127.0.0.1');
const deflate = argv.includes('--deflate');
const maxFragments = Number(arg('--max-fragments', 16 * 1024));

// --key K --cert C: wss:// (an https server whose upgrade requests the WebSocket server takes).
const key = arg('--key', '');
const cert = arg('--cert', '');
const announce = () => console.log(`listening on ${key ? 'wss' : 'ws'}://${host}:${port}/`);
let wss;
if (key) {
  const fs = require('fs');
  const server = require('https').createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => {
    res.writeHead(426);
    res.end('Upgrade Required');
  });
  wss = new WebSocketServer({ server, perMessageDeflate: deflate, maxFragments });
  server.listen(port, host, announce);
} else {
  wss = new WebSocketServer({ port, host, perMessageDeflate: deflate, maxFragments }, announce);
}
wss.on('connection', (socket) => {
  // A peer that breaks the protocol is closed with ws's code; without an 'error' listener that
  // error would be uncaught (and end the process).
  socket.on('error', () => {});
  socket.on('message', (data, isBinary) => {
    socket.send(data, { binary: isBinary });
  });
});
