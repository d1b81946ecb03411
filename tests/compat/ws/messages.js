// Messages both ways on one connection: the client sends text, binary, an empty message, a
// fragmented text message with a ping between its fragments, a 70 KB message (64-bit length), a
// ping with a payload, an unsolicited pong and a close frame 1000 "bye", all in one write. The
// server logs every event with its readyState and echoes each message; the client prints the
// frames it gets back (the autoPong pongs and the close reply among them) and who ended TCP.
// The server pauses the socket at first and resumes it 50 ms later: nothing is read meanwhile.
const { requireWs, frame, closePayload, describe, connect, upgrade } = require('./raw_client');
const { WebSocketServer } = requireWs();

const serverLog = [];
const clientLog = [];

let big = '';
for (let i = 0; i < 70 * 1024; i++) big += String.fromCharCode(97 + (i % 26));

const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
wss.on('connection', (ws, req) => {
  serverLog.push(`connection ${req.url} protocol=${ws.protocol} readyState=${ws.readyState}`);
  ws.on('message', (data, isBinary) => {
    serverLog.push(`message isBinary=${isBinary} length=${data.length} ${describe(data, isBinary)} readyState=${ws.readyState}`);
    ws.send(data, { binary: isBinary });
  });
  ws.on('ping', (data) => serverLog.push(`ping ${JSON.stringify(data.toString())} readyState=${ws.readyState}`));
  ws.on('pong', (data) => serverLog.push(`pong ${JSON.stringify(data.toString())} readyState=${ws.readyState}`));
  ws.on('error', (err) => serverLog.push(`error ${err.message}`));
  ws.on('close', (code, reason) => {
    serverLog.push(`close ${code} ${JSON.stringify(reason.toString())} readyState=${ws.readyState} bufferedAmount=${ws.bufferedAmount}`);
    wss.close(() => serverLog.push('wss closed'));
  });
  ws.pause();
  serverLog.push(`paused ${ws.isPaused}`);
  setTimeout(() => {
    ws.resume();
    serverLog.push(`resumed ${ws.isPaused}`);
  }, 50);
});

wss.on('listening', () => {
  connect(wss.address().port, upgrade('/room?x=1', ['Sec-WebSocket-Protocol: chat']), clientLog, (socket) => {
    socket.write(Buffer.concat([
      frame(1, 'hello'),
      frame(2, [1, 2, 3]),
      frame(1, ''),
      frame(1, 'frag', { fin: false }),
      frame(9, 'between'),
      frame(0, 'ment', { fin: false }),
      frame(0, 'ed'),
      frame(1, big),
      frame(9, 'ping-data'),
      frame(10, 'unsolicited'),
      frame(8, closePayload(1000, 'bye')),
    ]));
  }, () => clientLog.push('client done'));
});

process.on('exit', () => {
  for (const line of serverLog) console.log(`server: ${line}`);
  for (const line of clientLog) console.log(`client: ${line}`);
});
