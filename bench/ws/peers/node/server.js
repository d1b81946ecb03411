// The Node.js peer of bench/ws: an echo server on Node's most used WebSocket library, ws 8
// (package.json pins it; `npm ci` here installs it, bench/ws/install-deps.sh does that). Text
// is echoed as text, binary as binary. With --deflate, perMessageDeflate takes ws's defaults
// (context takeover both ways, 15-bit windows, zlib level 6 on Node's thread pool) except the
// threshold: 0 instead of 1024, so that every reply is compressed, as the other peers do (at
// ws's default the 32-byte replies would go out uncompressed).
//
//   node server.js --port N [--deflate]
//
// Prints "listening" once the socket listens.
'use strict';
const { WebSocketServer } = require('ws');

const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]);
const deflate = args.includes('--deflate');

const wss = new WebSocketServer({
  host: '127.0.0.1',
  port,
  perMessageDeflate: deflate ? { threshold: 0 } : false,
});
wss.on('connection', (ws) => {
  ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
});
wss.on('listening', () => console.log('listening'));
