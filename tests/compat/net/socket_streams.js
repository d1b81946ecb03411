// net.Socket as a Duplex: an echo server that is socket.pipe(socket), a server that runs
// pipeline(socket, upper-case Transform, socket), a client reading with for await, and a
// pipeline whose peer resets the connection. One connection after another.
const net = require('net');
const stream = require('stream');

function upper() {
  return new stream.Transform({
    transform(chunk, enc, cb) { cb(null, chunk.toString().toUpperCase()); },
  });
}

const servers = {
  echo: net.createServer((socket) => {
    socket.pipe(socket);
  }),
  upper: net.createServer((socket) => {
    stream.pipeline(socket, upper(), socket, (err) => {
      console.log('upper pipeline', err ? err.code : 'ok');
    });
  }),
  reset: net.createServer((socket) => {
    let bytes = 0;
    const sink = new stream.Writable({ write(chunk, enc, cb) { bytes += chunk.length; cb(); } });
    stream.pipeline(socket, sink, (err) => {
      console.log('reset pipeline', err ? err.code : 'ok', bytes > 0);
    });
  }),
};

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

async function exchange(name, port, pieces) {
  const client = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => client.once('connect', resolve));
  for (const p of pieces) client.write(p);
  client.end();
  let text = '';
  for await (const chunk of client) text += chunk.toString();
  console.log(name, JSON.stringify(text), client.destroyed);
}

async function main() {
  const ports = {};
  for (const [name, server] of Object.entries(servers)) ports[name] = await listen(server);
  await exchange('echo', ports.echo, ['hello ', 'world']);
  await exchange('upper', ports.upper, ['abc ', 'def']);
  // A client that leaves its loop early: its socket is destroyed.
  const client = net.connect(ports.echo, '127.0.0.1');
  await new Promise((resolve) => client.once('connect', resolve));
  client.write('first');
  for await (const chunk of client) {
    console.log('early exit got', chunk.toString());
    break;
  }
  console.log('early exit destroyed', client.destroyed);
  // A peer that resets the connection mid-pipeline.
  const resetter = net.connect(ports.reset, '127.0.0.1');
  await new Promise((resolve) => resetter.once('connect', resolve));
  resetter.write('some bytes');
  await new Promise((resolve) => setTimeout(resolve, 100));
  resetter.resetAndDestroy();
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const server of Object.values(servers)) server.close();
  console.log('done');
}

main();
