// The client side of the server pairs (raw_client.h is its twin): a raw TCP socket that writes
// hand-made frames (masked, as a client must, or not, to test the server's checks) and decodes
// what the server sends back into lines: the HTTP response head (its Date line dropped), the
// body of a refusal, then frame by frame. The WebSocket client's own pairs (client, wss,
// express) take only requireWs from here.
'use strict';
const net = require('net');
const path = require('path');

// npm's ws 8.23.0 (scripts/install-deps.sh runs npm ci in tests/integration/ws). Without it the
// oracle cannot run: the pair exits 77, which run_pair.py reports as SKIP.
function requireWs() {
  try {
    return require(path.join(__dirname, '../../integration/ws/node_modules/ws'));
  } catch (err) {
    console.log('SKIP: npm ws missing in tests/integration/ws/node_modules (run scripts/install-deps.sh)');
    process.exit(77);
  }
}

const MASK = [0x37, 0xfa, 0x21, 0x3d];

// One frame as a client writes it. payload: a string (UTF-8) or an array of bytes. opts: fin
// (default true), rsv1, rsv2, mask (default true).
function frame(opcode, payload, opts = {}) {
  const data = Buffer.from(payload);
  const masked = opts.mask !== false;
  const head = [(opts.fin === false ? 0 : 0x80) | (opts.rsv1 ? 0x40 : 0) | (opts.rsv2 ? 0x20 : 0) | opcode];
  const maskBit = masked ? 0x80 : 0;
  if (data.length < 126) {
    head.push(maskBit | data.length);
  } else if (data.length < 65536) {
    head.push(maskBit | 126, data.length >> 8, data.length & 0xff);
  } else {
    head.push(maskBit | 127, 0, 0, 0, 0, (data.length >>> 24) & 0xff, (data.length >> 16) & 0xff,
              (data.length >> 8) & 0xff, data.length & 0xff);
  }
  if (masked) head.push(...MASK);
  const out = Buffer.alloc(head.length + data.length);
  for (let i = 0; i < head.length; i++) out[i] = head[i];
  for (let i = 0; i < data.length; i++) out[head.length + i] = masked ? data[i] ^ MASK[i % 4] : data[i];
  return out;
}

// A close frame's payload: the code (big-endian), then the reason's bytes.
function closePayload(code, reason = '') {
  return [code >> 8, code & 0xff, ...Buffer.from(reason)];
}

// A payload as a line: JSON text (hex when binary) when short, else its bytes summed.
function describe(payload, binary) {
  if (payload.length > 40) {
    let sum = 0;
    for (const b of payload) sum = (sum + b) % 65536;
    return `sum=${sum}`;
  }
  return binary ? `hex=${payload.toString('hex')}` : JSON.stringify(payload.toString());
}

// Decodes the server's bytes into `log`. onOpen runs once a 101 head has arrived, onCloseFrame(code)
// after a close frame has been logged.
class Reader {
  constructor(log, onOpen, onCloseFrame) {
    this.log = log;
    this.onOpen = onOpen;
    this.onCloseFrame = onCloseFrame;
    this.buf = Buffer.alloc(0);
    this.mode = 'head';
  }

  push(chunk) {
    this.buf = Buffer.concat([this.buf, chunk]);
    if (this.mode === 'head') {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end === -1) return;
      const lines = this.buf.subarray(0, end).toString('latin1').split('\r\n');
      for (const line of lines) {
        if (!line.toLowerCase().startsWith('date:')) this.log.push(`< ${line}`);
      }
      this.buf = this.buf.subarray(end + 4);
      this.mode = lines[0].startsWith('HTTP/1.1 101 ') ? 'frames' : 'body';
      if (this.mode === 'frames') this.onOpen();
    }
    if (this.mode === 'frames') this.frames();
  }

  frames() {
    for (;;) {
      if (this.buf.length < 2) return;
      const b0 = this.buf[0];
      const b1 = this.buf[1];
      let length = b1 & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.buf.length < 4) return;
        length = this.buf.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (this.buf.length < 10) return;
        length = this.buf.readUInt32BE(2) * 4294967296 + this.buf.readUInt32BE(6);
        offset = 10;
      }
      if (b1 & 0x80) offset += 4;  // a server must not mask: shown below, payload left masked
      if (this.buf.length < offset + length) return;
      const payload = this.buf.subarray(offset, offset + length);
      this.buf = this.buf.subarray(offset + length);
      const opcode = b0 & 0x0f;
      let line = `frame fin=${b0 >> 7} rsv=${(b0 >> 4) & 7} op=${opcode} len=${length}${b1 & 0x80 ? ' masked' : ''}`;
      if (opcode === 8 && length >= 2) {
        line += ` close ${payload.readUInt16BE(0)} ${describe(payload.subarray(2), false)}`;
      } else if (length > 0) {
        line += ` ${describe(payload, opcode === 2 || (b0 & 0x40) !== 0)}`;  // compressed: hex
      }
      this.log.push(line);
      if (opcode === 8) this.onCloseFrame(length >= 2 ? payload.readUInt16BE(0) : 1005);
    }
  }

  // At the socket's close: a refusal's body, bytes left undecoded.
  finish() {
    if (this.mode === 'body') {
      this.log.push(`body ${JSON.stringify(this.buf.toString('latin1'))}`);
    } else if (this.buf.length > 0) {
      this.log.push(`${this.buf.length} bytes left undecoded (${this.mode})`);
    }
  }
}

// Connects to the server at `port`, writes `request` and decodes the answer into `log`.
// onOpen(socket) once a 101 head has arrived; done() once the socket has closed. With
// replyClose, a close frame is answered with one of the same code (none for 1005), as a client
// completes the closing handshake. A client that hears nothing for 3 s gives up (ws's close
// timeout is 30 s: a side that waits for it is shown).
function connect(port, request, log, onOpen, done, replyClose = false) {
  const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
  const reader = new Reader(log, () => onOpen(socket), (code) => {
    if (replyClose) socket.write(frame(8, code === 1005 ? [] : closePayload(code)));
  });
  const timer = setTimeout(() => {
    log.push('client gave up after 3 s');
    socket.destroy();
  }, 3000);
  socket.on('data', (chunk) => reader.push(chunk));
  socket.on('end', () => log.push('server ended TCP'));
  socket.on('error', (err) => log.push(`socket error ${err.code}`));
  socket.on('close', () => {
    clearTimeout(timer);
    reader.finish();
    log.push('TCP closed');
    done();
  });
  return socket;
}

const KEY = 'dGhlIHNhbXBsZSBub25jZQ==';

// A raw HTTP request: the request line, the header lines, the empty line.
function request(method, url, lines) {
  return `${method} ${url} HTTP/1.1\r\n${lines.map((l) => `${l}\r\n`).join('')}\r\n`;
}

// A valid upgrade request for `url` with `extra` header lines.
function upgrade(url, extra = []) {
  return request('GET', url, ['Host: x', 'Upgrade: websocket', 'Connection: Upgrade',
                              `Sec-WebSocket-Key: ${KEY}`, 'Sec-WebSocket-Version: 13', ...extra]);
}

// One case at a time (the handshake and errors pairs): what the server and the client logged,
// printed once every side has settled: the client's socket closed and, if the server took the
// connection (pending++), its WebSocket too.
class CaseLog {
  constructor() {
    this.server = [];
    this.client = [];
    this.pending = 0;
    this.done = () => {};
    this.settle = this.settle.bind(this);  // handed around as a callback
  }

  start(name, next) {
    this.server = [];
    this.client = [];
    this.pending = 1;
    this.done = () => {
      console.log(`-- ${name}`);
      for (const line of this.server) console.log(`server: ${line}`);
      for (const line of this.client) console.log(`client: ${line}`);
      next();
    };
  }

  settle() {
    if (--this.pending === 0) this.done();
  }
}

module.exports = { requireWs, frame, closePayload, describe, connect, request, upgrade, KEY, CaseLog };
