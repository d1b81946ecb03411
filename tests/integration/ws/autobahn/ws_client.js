// The npm ws package as an Autobahn client, the reference run.py's client mode is proven against
// (and the twin of nodecc's ws-autobahn-client): asks the fuzzing server how many cases it has
// (/getCaseCount), runs each one (/runCase?case=i&agent=A), echoing every message back as it
// came, then has the server write its reports (/updateReports?agent=A).
//   node ws_client.js [--agent A] [--text-as-binary] ws://127.0.0.1:N
// permessage-deflate is offered (ws's client default), so the compression cases negotiate it;
// maxFragments 0 lifts ws's limit of 16,384 fragments a message, as ws_echo_server.js says.
// --text-as-binary echoes text messages as binary ones: a deliberately broken client, for the
// test of run.py itself (test_runner.py).
const WebSocket = require('ws');

const argv = process.argv;
const base = argv.find((a) => a.startsWith('ws://'));
const i = argv.indexOf('--agent');
const agent = i > 0 ? argv[i + 1] : 'ws';
const textAsBinary = argv.includes('--text-as-binary');

// Opens url, calls onMessage for each message, resolves when the connection has closed.
function connect(url, onMessage) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: true, maxFragments: 0 });
    ws.on('message', (data, isBinary) => onMessage(ws, data, isBinary));
    ws.on('error', () => {});  // a close follows every error
    ws.on('close', resolve);
  });
}

async function main() {
  let count = 0;
  await connect(`${base}/getCaseCount`, (ws, data) => {
    count = Number(data.toString());
  });
  console.log(`${count} cases`);
  for (let n = 1; n <= count; n++) {
    await connect(`${base}/runCase?case=${n}&agent=${encodeURIComponent(agent)}`,
                  (ws, data, isBinary) => ws.send(data, { binary: isBinary || textAsBinary }));
  }
  await connect(`${base}/updateReports?agent=${encodeURIComponent(agent)}`, () => {});
  console.log('reports updated');
}

main();
