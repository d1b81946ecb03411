// res.destroy([err]) and req.destroy([err]) in a server: the events each request and response
// see (in order, per request), what the server's 'clientError' gets, and what a raw client
// reads before the connection closes. The pipelined case: res.destroy() of a response waiting
// behind a slower one takes effect once the slower one has gone, so the client reads it first.
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
  req.on('error', (err) => log(url, `req error ${err.message}`));
  req.on('close', () => log(url, 'req close'));
  res.on('error', (err) => log(url, `res error ${err.message}`));
  res.on('finish', () => log(url, 'res finish'));
  res.on('close', () => log(url, 'res close'));
  if (url === '/res') {
    res.destroy();
    log(url, `destroyed ${res.destroyed} ${req.destroyed}`);
  } else if (url === '/res-err') {
    res.destroy(new Error('res boom'));
    log(url, `destroyed ${res.destroyed} ${req.destroyed}`);
  } else if (url === '/req') {
    req.destroy();
    log(url, `destroyed ${res.destroyed} ${req.destroyed}`);
  } else if (url === '/req-err') {
    req.destroy(new Error('req boom'));
    log(url, `destroyed ${res.destroyed} ${req.destroyed}`);
  } else if (url === '/upload') {
    req.once('data', (chunk) => {
      log(url, `data ${chunk.length}`);
      res.destroy();
    });
  } else if (url === '/slow') {
    setTimeout(() => res.end('slow'), 50);
  } else {
    res.end(`ok ${url}`);
  }
});
server.on('clientError', (err) => console.log(`clientError ${err.message}`));

function run(name, payload) {
  return new Promise((resolve) => {
    logs.clear();
    const client = net.connect(server.address().port, '127.0.0.1');
    let got = '';
    let error = '';
    client.on('data', (d) => { got += d; });
    client.on('error', (err) => { error = ` error ${err.code}`; });
    client.on('close', () => {
      setTimeout(() => {
        console.log(`== ${name}: client read ${JSON.stringify(got.replace(/Date: [^\r]*\r\n/g, ''))}${error}`);
        for (const [url, events] of logs) console.log(`${url}: ${events.join(', ')}`);
        resolve();
      }, 30);
    });
    client.write(payload);
  });
}

const get = (path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;

server.listen(0, '127.0.0.1', async () => {
  await run('res.destroy()', get('/res'));
  await run('res.destroy(err)', get('/res-err'));
  await run('req.destroy()', get('/req'));
  await run('req.destroy(err)', get('/req-err'));
  await run('res.destroy() mid-upload',
            'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n' + 'x'.repeat(1000));
  await run('pipelined: the response before goes out first', get('/slow') + get('/res'));
  await run('pipelined: answered before, destroyed after', get('/a') + get('/res'));
  server.close();
});
