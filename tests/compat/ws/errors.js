// Protocol violations, one connection each: the server logs 'error' (name, message, code) and
// 'close'; the client prints the close frame it gets and whether the server ended TCP. Cases
// marked 'limited' go to a second server with maxPayload: 100 and maxFragments: 4, those marked
// 'deflate' to a third with permessage-deflate (both no-context-takeover options set as nodecc's defaults,
// see handshake.js) and maxPayload: 100.
const { requireWs, frame, closePayload, connect, upgrade, CaseLog } = require('./raw_client');
const { WebSocketServer } = requireWs();

const x = (n) => 'x'.repeat(n);
// "Hello" and 200 x compressed without context (deflate, the last 4 bytes of the flush dropped).
const HELLO_DEFLATED = [0xf2, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00];
const X200_DEFLATED = [0xaa, 0xa8, 0x18, 0x1e, 0x00, 0x00];

// [name, frames, server]; a function for frames writes them itself (socket, log). A frame
// header written by hand is a Buffer of its bytes.
const cases = [
  ['unmasked frame', [frame(1, 'hi', { mask: false })]],
  ['opcode 3', [frame(3, 'x')]],
  ['RSV1 without deflate', [frame(1, 'x', { rsv1: true })]],
  ['RSV2', [frame(1, 'x', { rsv2: true })]],
  ['control frame of 126 bytes', [frame(9, x(126))]],
  ['fragmented ping', [frame(9, 'x', { fin: false })]],
  ['continuation without start', [frame(0, 'x')]],
  ['text inside a fragmented message', [frame(1, 'a', { fin: false }), frame(1, 'b')]],
  ['invalid UTF-8 text', [frame(1, [0x61, 0xff, 0x62])]],
  ['invalid UTF-8 across fragments', [frame(1, [0x61, 0xff], { fin: false }), frame(0, 'b')]],
  // Not here: a bad first fragment whose last fragment comes later. ws reports it once the
  // message is whole, nodecc at once (Autobahn 6.4.x's fail-fast): docs/ws.md, Differences.
  ['invalid UTF-8 split inside a character', [frame(1, [0xe2, 0x82], { fin: false }), frame(0, [0x28])]],
  ['close payload of 1 byte', [frame(8, [3])]],
  ['close code 1004', [frame(8, closePayload(1004))]],
  ['close code 999', [frame(8, closePayload(999))]],
  ['close code 5000', [frame(8, closePayload(5000))]],
  ['close code 1005 on the wire', [frame(8, closePayload(1005))]],
  ['invalid UTF-8 close reason', [frame(8, [...closePayload(1000), 0xff])]],
  ['close 3000 with a reason (valid)', [frame(8, closePayload(3000, 'fine'))]],
  ['empty close frame (valid)', [frame(8, [])]],
  ['close reason of 123 bytes (valid)', [frame(8, closePayload(1001, x(123)))]],
  ['data after the close frame', [frame(8, closePayload(1000)), frame(1, 'after')]],
  ['FIN without a close frame', (socket) => socket.end()],
  ['UTF-8 character split across fragments (valid)', [frame(1, [0xc3], { fin: false }), frame(0, [0xa9]), frame(8, closePayload(1000))]],
  ['64-bit length over 2^53 - 1', [Buffer.from([0x81, 0xff, 0x00, 0x20, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4])]],
  // ws 8.23's maxPendingAutoPongs (60): the 61st ping whose pong has not been written yet
  // terminates the connection; the rest of the packet is still read.
  ['70 pings in one packet', [...Array.from({ length: 70 }, (_, i) => frame(9, String(i))), frame(8, closePayload(1000))]],
  ['message over maxPayload', [frame(1, x(101))], 'limited'],
  ['length over maxPayload, the payload not sent', [Buffer.from([0x81, 0xfe, 0x00, 0xc8, 1, 2, 3, 4])], 'limited'],
  ['message at maxPayload (valid)', [frame(1, x(100)), frame(8, closePayload(1000))], 'limited'],
  ['fragments over maxPayload', [frame(1, x(60), { fin: false }), frame(0, x(60))], 'limited'],
  ['too many fragments', [frame(1, 'a', { fin: false }), frame(0, 'b', { fin: false }), frame(0, 'c', { fin: false }),
                          frame(0, 'd', { fin: false }), frame(0, 'e')], 'limited'],
  ['four fragments (valid)', [frame(1, 'a', { fin: false }), frame(0, 'b', { fin: false }), frame(0, 'c', { fin: false }),
                              frame(0, 'd'), frame(8, closePayload(1000))], 'limited'],
  ['compressed message (valid)', [frame(1, HELLO_DEFLATED, { rsv1: true }), frame(8, closePayload(1000))], 'deflate'],
  ['compressed message over maxPayload once inflated', [frame(1, X200_DEFLATED, { rsv1: true })], 'deflate'],
  ['RSV1 on a continuation frame', [frame(1, 'a', { fin: false }), frame(0, 'b', { rsv1: true })], 'deflate'],
  ['RSV1 on a ping', [frame(9, 'x', { rsv1: true })], 'deflate'],
  ['invalid compressed data', [frame(1, [0xff, 0xff, 0xff], { rsv1: true })], 'deflate'],
  // Each connection's messages are inflated afresh: an earlier connection's error leaves nothing.
  ['compressed message after those errors (valid)', [frame(1, HELLO_DEFLATED, { rsv1: true }), frame(8, closePayload(1000))], 'deflate'],
];

const current = new CaseLog();

function onConnection(ws) {
  current.pending++;
  current.server.push(`connection readyState=${ws.readyState}`);
  ws.on('message', (data, isBinary) => current.server.push(`message ${isBinary} ${JSON.stringify(data.toString())}`));
  let pings = 0;
  ws.on('ping', () => pings++);
  ws.on('error', (err) => {
    current.server.push(`error ${err.name} ${JSON.stringify(err.message)} ${err.code} readyState=${ws.readyState}`);
  });
  ws.on('close', (code, reason) => {
    current.server.push(`close ${code} ${JSON.stringify(reason.toString())}${pings ? ` after ${pings} pings` : ''}`);
    current.settle();
  });
}

const plain = new WebSocketServer({ port: 0, host: '127.0.0.1' });
plain.on('connection', onConnection);
const limited = new WebSocketServer({ port: 0, host: '127.0.0.1', maxPayload: 100, maxFragments: 4 });
limited.on('connection', onConnection);
const deflate = new WebSocketServer({ port: 0, host: '127.0.0.1', maxPayload: 100,
                                      perMessageDeflate: { serverNoContextTakeover: true, clientNoContextTakeover: true } });
deflate.on('connection', onConnection);
const servers = { plain, limited, deflate };

let listening = 0;
let i = 0;
function step() {
  if (i === cases.length) {
    plain.close();
    limited.close();
    deflate.close();
    return;
  }
  const [name, frames, kind] = cases[i++];
  current.start(name, step);
  const server = servers[kind || 'plain'];
  const log = current.client;
  const extensions = kind === 'deflate' ? ['Sec-WebSocket-Extensions: permessage-deflate'] : [];
  connect(server.address().port, upgrade('/', extensions), current.client, (socket) => {
    if (typeof frames === 'function') {
      frames(socket, log);
    } else {
      socket.write(Buffer.concat(frames));
    }
  }, current.settle);
}

for (const server of [plain, limited, deflate]) {
  server.on('listening', () => {
    if (++listening === 3) step();
  });
}
