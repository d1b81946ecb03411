// The Node peer of the WebSocket interop test, on npm's ws (8.23.0, installed in
// tests/integration/ws/node_modules by scripts/install-deps.sh; exit 77 when it is not there).
//
//   node peer.js client PLAIN_URL DEFLATE_URL   the cases against nodecc's echo server; one
//                                               "ok   ..." or "FAIL ..." line per check
//   node peer.js server                         an echo server on 127.0.0.1 (see serve below);
//                                               prints "port N", then "conn {json}" per closed
//                                               connection
'use strict';
const path = require('path');

let WebSocket;
try {
  WebSocket = require(path.join(__dirname, '..', 'node_modules', 'ws'));
} catch (err) {
  console.log('ws is not installed in tests/integration/ws/node_modules (scripts/install-deps.sh)');
  process.exit(77);
}
const wsVersion = require(path.join(__dirname, '..', 'node_modules', 'ws', 'package.json')).version;

const MiB = 1 << 20;
// A compressed 1 MiB message must take less than this on the wire (each way).
const COMPRESSED_MAX = 64 * 1024;
const STEP_TIMEOUT = 10000;
const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
let failures = 0;

function check(cond, what) {
  console.log((cond ? 'ok   ' : 'FAIL ') + 'node ' + what);
  if (!cond) failures++;
}

function open(url, options) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['chat.v1', 'chat.v2'], { maxPayload: 16 * MiB, ...options });
    ws.on('upgrade', (res) => { ws.extensionsHeader = res.headers['sec-websocket-extensions']; });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    // Every received message is queued for next().
    ws.queue = [];
    ws.waiting = null;
    ws.on('message', (data, isBinary) => {
      ws.queue.push({ data, isBinary });
      if (ws.waiting) ws.waiting();
    });
  });
}

function next(ws) {
  return new Promise((resolve, reject) => {
    const take = () => {
      ws.waiting = null;
      clearTimeout(timer);
      resolve(ws.queue.shift());
    };
    const timer = setTimeout(() => reject(new Error('no echo in time')), STEP_TIMEOUT);
    if (ws.queue.length) take();
    else ws.waiting = take;
  });
}

// Sends a message (or its fragments, with fin: false but the last) and checks that the echo
// is the same, of the same type.
async function echo(ws, message, isBinary, what, fragments) {
  const parts = fragments || [message];
  parts.forEach((part, i) => ws.send(part, { binary: isBinary, fin: i === parts.length - 1 }));
  const got = await next(ws);
  const expected = Buffer.from(message);
  check(got.isBinary === isBinary && Buffer.from(got.data).equals(expected),
    `client: ${what} echoed (${expected.length} bytes)`);
}

function closed(ws) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve([0, 'no close in time']), STEP_TIMEOUT);
    ws.once('close', (code, reason) => { clearTimeout(timer); resolve([code, reason.toString()]); });
  });
}

function randomBytes(n, seed) {
  const b = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

async function clientPlain(url) {
  const ws = await open(url, { perMessageDeflate: false });
  check(ws.protocol === 'chat.v1', `client: subprotocol chat.v1 chosen (${ws.protocol})`);
  check(ws.extensionsHeader === undefined, 'client: no extension without an offer');
  const big = randomBytes(MiB, 1);
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789 ';
  const bigText = Array.from(randomBytes(MiB, 2), (b) => alphabet[b % alphabet.length]).join('');
  await echo(ws, 'h\u00e9llo, nodecc \u2713 \u{1F30D}', false, 'text');
  await echo(ws, ALL_BYTES, true, 'binary of all 256 byte values');
  await echo(ws, '', false, 'empty text');
  await echo(ws, Buffer.alloc(0), true, 'empty binary');
  await echo(ws, big, true, '1 MiB binary');
  await echo(ws, bigText, false, '1 MiB text');
  await echo(ws, 'frag:one-two-three', false, 'text in 3 fragments', ['frag:one-', 'two-', 'three']);
  await echo(ws, ALL_BYTES, true, 'binary in 2 fragments',
    [ALL_BYTES.subarray(0, 100), ALL_BYTES.subarray(100)]);
  // Fragments in UTF-8's middle: the 4 bytes of U+1F30D split 2 and 2.
  const globe = Buffer.from('\u{1F30D}');
  await echo(ws, globe, false, 'text split inside a character', [globe.subarray(0, 2), globe.subarray(2)]);
  const pong = new Promise((resolve) => {
    const timer = setTimeout(() => resolve('none in time'), STEP_TIMEOUT);
    ws.once('pong', (data) => { clearTimeout(timer); resolve(data.toString()); });
  });
  ws.ping('node-ping');
  const got = await pong;
  check(got === 'node-ping', `client: ping answered by a pong with its payload (${got})`);
  const whenClosed = closed(ws);
  ws.close(4000, 'bye from node');
  const [code, reason] = await whenClosed;
  check(code === 4000 && reason === 'bye from node',
    `client: close 4000 'bye from node' answered with (${code}, '${reason}')`);
}

async function clientDeflate(url) {
  const ws = await open(url, {});
  const header = ws.extensionsHeader || '';
  const params = header.split(';').map((p) => p.trim());
  check(params[0] === 'permessage-deflate' && params.includes('server_no_context_takeover') &&
        params.includes('client_no_context_takeover'),
  `client: permessage-deflate negotiated: '${header}'`);
  await echo(ws, 'small', false, 'small text (under the threshold)');
  await echo(ws, '', false, 'empty text');
  const text = 'nodecc interop '.repeat(MiB / 15 + 1).slice(0, MiB);
  const binary = Buffer.concat(Array(MiB / 256).fill(ALL_BYTES));
  for (const [message, isBinary, what] of [[text, false, '1 MiB compressible text'],
    [binary, true, '1 MiB compressible binary']]) {
    const inBefore = ws._socket.bytesRead;
    const outBefore = ws._socket.bytesWritten;
    await echo(ws, message, isBinary, what);
    const sent = ws._socket.bytesWritten - outBefore;
    const received = ws._socket.bytesRead - inBefore;
    check(sent < COMPRESSED_MAX && received < COMPRESSED_MAX,
      `client: ${what} compressed both ways (${sent} bytes sent, ${received} received)`);
  }
  const part = 'frag:' + 'abc'.repeat(1000);
  await echo(ws, part.repeat(3), false, 'compressed text in 3 fragments', [part, part, part]);
  for (let i = 1; i <= 5; i++) {
    await echo(ws, `message ${i} ` + 'z'.repeat(4096), false, `compressed message ${i} of 5`);
  }
  const whenClosed = closed(ws);
  ws.close(1000, 'done');
  const [code] = await whenClosed;
  check(code === 1000, 'client: compressed connection closed with 1000');
}

async function client(plainUrl, deflateUrl) {
  console.log(`node ws ${wsVersion} (Node ${process.version})`);
  for (const [name, run, url] of [['plain', clientPlain, plainUrl], ['deflate', clientDeflate, deflateUrl]]) {
    try {
      await run(url);
    } catch (err) {
      check(false, `client: ${name} connection: ${err.message}`);
    }
  }
  process.exit(failures ? 1 : 0);
}

// The echo server: every message as it came (a text message starting with "frag:" in 3
// fragments); "ping-me" makes it ping the client with "server-ping" and answer "pong-ok:" and
// the pong's payload; "close-me" makes it close with 4001 "server closing". ws echoes the code
// and reason of a client's close. perMessageDeflate with ws's defaults (context takeover both
// ways, threshold 1024).
function serve() {
  const wss = new WebSocket.Server({
    host: '127.0.0.1', port: 0, perMessageDeflate: true, maxPayload: 16 * MiB,
    handleProtocols: (protocols) => (protocols.has('chat.v1') ? 'chat.v1' : false),
  }, () => console.log(`port ${wss.address().port}`));
  wss.on('connection', (ws, req) => {
    const socket = ws._socket;
    ws.on('error', () => {});
    ws.on('pong', (data) => ws.send('pong-ok:' + data.toString()));
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? null : data.toString();
      if (text === 'ping-me') {
        ws.ping('server-ping');
      } else if (text === 'close-me') {
        ws.close(4001, 'server closing');
      } else if (text !== null && text.startsWith('frag:')) {
        const third = Math.floor(data.length / 3);
        ws.send(data.subarray(0, third), { binary: false, fin: false });
        ws.send(data.subarray(third, 2 * third), { binary: false, fin: false });
        ws.send(data.subarray(2 * third), { binary: false, fin: true });
      } else {
        ws.send(data, { binary: isBinary });
      }
    });
    ws.on('close', (code, reason) => {
      console.log('conn ' + JSON.stringify({
        path: req.url, protocol: ws.protocol, offer: req.headers['sec-websocket-extensions'] || null,
        in: socket.bytesRead, out: socket.bytesWritten, close: code, reason: reason.toString(),
      }));
    });
  });
}

if (process.argv[2] === 'server') {
  serve();
} else if (process.argv[2] === 'client' && process.argv.length === 5) {
  client(process.argv[3], process.argv[4]);
} else {
  console.error('usage: node peer.js client PLAIN_URL DEFLATE_URL | server');
  process.exit(2);
}
