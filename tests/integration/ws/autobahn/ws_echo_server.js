// The npm ws package's echo server, the reference run.py is proven against (and the twin of
// nodecc's example-ws-echo): every message back as it came, text as text and binary as binary,
// with permessage-deflate on so that Autobahn's compression cases (12.*, 13.*) negotiate it.
//   node ws_echo_server.js --port N [--text-as-binary]
// --text-as-binary echoes text messages as binary ones: a deliberately broken server, for the
// test of run.py itself (test_runner.py), which must see Autobahn's cases fail.
// Prints "listening on port N" once it listens on 127.0.0.1.
const { WebSocketServer } = require('ws');

const argv = process.argv;
const i = argv.indexOf('--port');
const port = i > 0 ? Number(argv[i + 1]) : 9001;
const textAsBinary = argv.includes('--text-as-binary');

// Autobahn's largest messages (9.*) are 16 MiB: ws's default maxPayload (100 MiB) holds them.
// maxFragments 0 lifts ws's limit of 16,384 fragments a message (ws 8.23's default, a defence
// against many tiny frames): 9.3.1, 9.3.2, 9.4.1 and 9.4.2 send 4 MiB in frames of 64 and 256
// bytes, and ws with its default closes them with 1008 (Too many message fragments).
const options = { host: '127.0.0.1', port, perMessageDeflate: true, maxFragments: 0 };
const wss = new WebSocketServer(options, () => {
  console.log(`listening on port ${wss.address().port}`);
});
wss.on('connection', (ws) => {
  ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary || textAsBinary }));
  // A protocol error closes the connection with its code; the error event only reports it.
  ws.on('error', () => {});
});
