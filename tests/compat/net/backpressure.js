// Write backpressure: the server pauses its socket, so the kernel buffers fill and the client's
// writes queue up. The client writes 64 KiB chunks until write() returns false, then waits for
// 'drain' before writing more; after 4 rounds it ends. The server resumes after a while and
// counts what arrived. write() returns true while the kernel takes the bytes at once (no queue),
// false once bytes wait in the socket's own queue past highWaterMark (16 KiB); each false is
// followed by exactly one 'drain'. How many writes fit in the kernel buffers depends on the
// machine, so counts are compared with each other, never printed.
const net = require('net');

const chunk = Buffer.alloc(64 * 1024, 'x');
const rounds = 4;
let writes = 0;
const expected = () => writes * chunk.length + 5;

const server = net.createServer((socket) => {
  socket.pause();
  let received = 0;
  socket.on('data', (data) => { received += data.length; });
  socket.on('end', () => {
    console.log(`server end received ${received === expected()}`);
    socket.end();
  });
  socket.on('close', () => server.close());
  setTimeout(() => {
    console.log('server resume');
    socket.resume();
  }, 100);
});

server.listen(0, '127.0.0.1', () => {
  const client = net.connect(server.address().port, '127.0.0.1');
  let round = 0;
  let drains = 0;
  let callbacks = 0;
  let lastCallback = 0;
  function writeUntilFull() {
    round++;
    for (;;) {
      writes++;
      const id = writes;
      const ok = client.write(chunk, (err) => {
        if (err || id !== lastCallback + 1) console.log(`callback out of order ${id}`);
        lastCallback = id;
        callbacks++;
      });
      if (!ok) break;
    }
    console.log(`round ${round}: write returned false, queued past hwm ${client.writableLength >= client.writableHighWaterMark}`);
  }
  client.on('connect', () => {
    const ok = client.write('small');
    console.log(`small write ${ok} hwm ${client.writableHighWaterMark}`);
    writeUntilFull();
  });
  client.on('drain', () => {
    drains++;
    console.log(`drain ${drains} queued ${client.writableLength}`);
    if (round < rounds) {
      writeUntilFull();
    } else {
      client.end();
    }
  });
  client.on('close', (hadError) => {
    console.log(`client close ${hadError} drains ${drains} callbacks ${callbacks === writes} written ${client.bytesWritten === writes * chunk.length + 5}`);
  });
});
