// The ws_frame corpus through the `ws` package (its Receiver, extension.js,
// permessage-deflate.js, subprotocol.js), printed as nodecc_events.cc prints it.
//   node tests/fuzz/ws_oracle/ws_events.js <ws package dir> <corpus dir>
// (the ws package dir: node_modules/ws of an `npm install ws@8`).
'use strict';
const fs = require('fs');
const path = require('path');

const [wsDir, corpus] = process.argv.slice(2);
const lib = (name) => require(path.resolve(wsDir, 'lib', name));
const Receiver = lib('receiver.js');
const PerMessageDeflate = lib('permessage-deflate.js');
const { parse } = lib('extension.js');
const subprotocol = lib('subprotocol.js');
const { kStatusCode } = lib('constants.js');

const hex = (b) => Buffer.from(b).toString('hex');

function frames(flags, wire) {
  const isServer = !(flags & 1);
  const maxPayload = flags & 16 ? 64 * 1024 : 4 << 20;
  const maxFragments = flags & 16 ? 8 : 16 * 1024;
  const extensions = {};
  if (flags & 2) {
    const pmd = new PerMessageDeflate({ isServer, maxPayload });
    pmd.params = {
      server_no_context_takeover: !!(flags & 4),
      client_no_context_takeover: !!(flags & 8)
    };
    extensions['permessage-deflate'] = pmd;
  }
  const r = new Receiver({
    isServer, extensions, maxPayload, maxFragments, skipUTF8Validation: !!(flags & 32)
  });
  let s = '';
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve('F' + s);
      }
    };
    r.on('message', (d, binary) => { s += (binary ? 'B' : 'T') + hex(d) + '|'; });
    r.on('ping', (d) => { s += 'i' + hex(d) + '|'; });
    r.on('pong', (d) => { s += 'o' + hex(d) + '|'; });
    r.on('conclude', (code, reason) => { s += 'c' + code + ' ' + hex(reason) + '|'; });
    r.on('error', (e) => {
      s += 'e' + e[kStatusCode] + ' ' + e.message + ' ' + e.code + '|';
      finish();
    });
    // Inflating is asynchronous: wait for the write to be processed.
    r.write(wire, () => setTimeout(finish, 20));
    setTimeout(finish, 500);
  });
}

function headers(h) {
  const show = (p) =>
    `${p.server_no_context_takeover ? 1 : 0}${p.client_no_context_takeover ? 1 : 0}/` +
    `${typeof p.server_max_window_bits === 'number' ? p.server_max_window_bits : 15}/` +
    `${typeof p.client_max_window_bits === 'number' ? p.client_max_window_bits : 15}`;
  const variants = [
    {},
    { serverNoContextTakeover: true, clientNoContextTakeover: true,
      serverMaxWindowBits: 10, clientMaxWindowBits: 11 },
    { serverMaxWindowBits: false, clientMaxWindowBits: false,
      serverNoContextTakeover: false, clientNoContextTakeover: false }
  ];
  let line = '';
  for (const opts of variants) {
    let server;
    try {
      const offers = parse(h);
      if (!offers['permessage-deflate']) {
        server = 'none';
      } else {
        const p = new PerMessageDeflate({ ...opts, isServer: true });
        p.accept(offers['permessage-deflate']);
        server = show(p.params);
      }
    } catch (e) {
      server = 'ERR';
    }
    let client;
    try {
      const ex = parse(h);
      const names = Object.keys(ex);
      if (names.length !== 1 || names[0] !== 'permessage-deflate') throw new Error();
      const p = new PerMessageDeflate(opts);
      p.accept(ex['permessage-deflate']);
      client = show(p.params);
    } catch (e) {
      client = 'ERR';
    }
    line += server + ' ' + client + ' ';
  }
  try {
    line += 'P';
    for (const p of subprotocol.parse(h)) line += ',' + p;
  } catch (e) {
    line = line.slice(0, -1) + 'p';
  }
  return 'H' + line;
}

(async () => {
  for (const name of fs.readdirSync(corpus)) {
    const input = fs.readFileSync(path.join(corpus, name));
    if (input.length < 2) continue;
    const flags = input[0];
    const cuts = input[1] % 8;
    if (input.length < 2 + 2 * cuts) continue;
    const wire = input.subarray(2 + 2 * cuts);
    const line = flags & 0x80 ? headers(wire.toString('latin1')) : await frames(flags, wire);
    process.stdout.write(name + '\t' + line + '\n');
  }
})();
