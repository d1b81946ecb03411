// The server's 'upgrade' event: a client sends an ordinary request and, pipelined behind it in
// the same write, an upgrade request followed by the first bytes of the new protocol (an
// upper-casing echo). The server answers the first, then the socket changes hands: 'upgrade'
// gets the request, the socket and those first bytes. A server without 'upgrade' listeners
// answers the same request as an ordinary one.
const http = require('http');
const net = require('net');

const log = [];
const server = http.createServer((req, res) => {
  log.push(`request ${req.method} ${req.url}`);
  res.sendDate = false;
  res.end(`plain ${req.url}\n`);
});
server.on('upgrade', (req, socket, head) => {
  log.push(`upgrade ${req.method} ${req.url} ${req.headers.upgrade} ${req.headers.connection} head=${head.toString()}`);
  log.push(`same socket ${req.socket === socket}`);
  socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n');
  if (head.length > 0) socket.write(head.toString().toUpperCase());
  socket.on('data', (chunk) => socket.write(chunk.toString().toUpperCase()));
  socket.on('end', () => {
    log.push('upgraded end');
    socket.end();
  });
  socket.on('close', () => log.push('upgraded close'));
});

const plain = http.createServer((req, res) => {
  log.push(`plain request ${req.url} ${req.headers.upgrade}`);
  res.sendDate = false;
  res.end('no upgrade here\n');
});

function talk(port, text, onData, done) {
  const client = net.connect(port, '127.0.0.1', () => client.write(text));
  let received = '';
  client.on('data', (chunk) => {
    received += chunk.toString();
    onData(client, received);
  });
  client.on('close', () => done(received));
}

server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  let sentSecond = false;
  talk(port,
       'GET /first HTTP/1.1\r\nHost: x\r\n\r\n' +
           'GET /chat HTTP/1.1\r\nHost: x\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\nfirst',
       (client, received) => {
         if (!sentSecond && received.includes('FIRST')) {
           sentSecond = true;
           client.write('second');
         } else if (received.includes('SECOND')) {
           client.end();
         }
       },
       (received) => {
         log.push(`client got: ${JSON.stringify(received)}`);
         server.close();
         plain.listen(0, '127.0.0.1', () => {
           talk(plain.address().port,
                'GET /chat HTTP/1.1\r\nHost: x\r\nUpgrade: echo\r\nConnection: Upgrade, close\r\n\r\n',
                () => {},
                (got) => {
                  log.push(`plain client got: ${JSON.stringify(got)}`);
                  plain.close();
                });
         });
       });
});

process.on('exit', () => console.log(log.join('\n')));
