// The server's idle timeouts: req.setTimeout, res.setTimeout, socket.setTimeout and
// server.setTimeout set the socket's timeout; when it expires 'timeout' goes to the request
// (only while its body is still arriving), the response and the server, and with no listener
// among them the socket is destroyed ('timeout' -> 'close'). What a raw client reads is printed
// after each case, with the events of each request in order.
const http = require('http');
const net = require('net');

const logs = new Map();
const log = (url, what) => {
  if (!logs.has(url)) logs.set(url, []);
  logs.get(url).push(what);
};

const server = http.createServer((req, res) => {
  const url = req.url;
  req.on('aborted', () => log(url, 'req aborted'));
  req.on('close', () => log(url, 'req close'));
  res.on('finish', () => log(url, 'res finish'));
  res.on('close', () => log(url, 'res close'));
  if (url === '/upload') {
    // The body stops arriving: the request is told.
    req.setTimeout(40, (socket) => {
      log(url, `req timeout ${socket === req.socket} complete ${req.complete}`);
      req.setTimeout(0);
      res.end('late');
    });
  } else if (url === '/get') {
    // A complete request is not told: nobody listens, the socket is destroyed.
    req.setTimeout(40, () => log(url, 'req timeout (unexpected)'));
  } else if (url === '/res') {
    res.setTimeout(40, (socket) => {
      log(url, `res timeout ${socket === req.socket}`);
      res.end('late');
    });
  } else if (url === '/res-nocb') {
    console.log(`returns this: ${res.setTimeout(40) === res}`);
  } else if (url === '/socket') {
    // The socket's own listener does not count: the socket is destroyed, then it runs.
    req.socket.setTimeout(40, () => log(url, `socket timeout, destroyed ${req.socket.destroyed}`));
  } else if (url === '/server') {
    // server.setTimeout applies to connections accepted after it.
  } else if (url === '/active') {
    // Activity restarts the count: a chunk every 25 ms keeps a 40 ms timeout from firing.
    res.setTimeout(40, () => log(url, 'res timeout'));
    let n = 0;
    const tick = setInterval(() => {
      res.write(`chunk ${n}\n`);
      if (++n === 4) {
        clearInterval(tick);
        res.end();
      }
    }, 25);
  } else {
    res.end(`ok ${url}`);
  }
});
console.log(`server.timeout ${server.timeout}`);

function run(name, payload, { rest = '' } = {}) {
  return new Promise((resolve) => {
    logs.clear();
    const client = net.connect(server.address().port, '127.0.0.1');
    let got = '';
    let error = '';
    client.on('data', (d) => {
      got += d;
      if (rest && got.includes('late')) {
        client.write(rest);  // the rest of the body, once answered
        rest = '';
      }
    });
    client.on('error', (err) => { error = ` error ${err.code}`; });
    client.on('close', () => {
      setTimeout(() => {
        const shown = got.replace(/Date: [^\r]*\r\n/g, '');
        console.log(`== ${name}: client read ${JSON.stringify(shown)}${error}`);
        for (const [url, events] of logs) console.log(`${url}: ${events.join(', ')}`);
        resolve();
      }, 30);
    });
    client.write(payload);
  });
}

const get = (path) => `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;

server.listen(0, '127.0.0.1', async () => {
  await run('req.setTimeout, body arriving',
            'POST /upload HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 10\r\n\r\nabc',
            { rest: 'defghij' });
  await run('req.setTimeout, complete request', get('/get'));
  await run('res.setTimeout with a callback', get('/res'));
  await run('res.setTimeout without a listener', get('/res-nocb'));
  await run('socket.setTimeout', get('/socket'));
  await run('activity restarts the count', get('/active'));
  console.log(`setTimeout returns this: ${server.setTimeout(40, (socket) => {
    console.log(`server timeout, destroyed ${socket.destroyed}`);
    socket.destroy();
  }) === server}, server.timeout ${server.timeout}`);
  await run('server.setTimeout', get('/server'));
  server.close();
});
