// The http server features the examples do not reach, one route each, for replay.py
// (features.txt). Four servers on consecutive ports from --port: "main" (the routes, and
// 'checkContinue', 'checkExpectation' and 'clientError' listeners), "limited"
// (maxRequestsPerSocket = 2, an async handler, and a 'checkContinue' listener), "plain" (no listener but 'request': the default answers)
// and "options" (createServer options: maxHeaderSize = 2048, requireHostHeader = false).
// features.cc is its line-for-line twin.
const http = require('http');
const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]) || 8080;
const host = args.includes('--host') ? args[args.indexOf('--host') + 1] : '127.0.0.1';

function state(res) {
  return `${res.headersSent}/${res.writableEnded}/${res.writableFinished}`;
}

function handler(req, res) {
  const path = req.url;
  if (path === '/echo-body' || path === '/continue') {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => { res.end('got ' + body); });
  } else if (path === '/trailers') {
    res.setHeader('Content-Type', 'text/plain');
    res.setHeader('Trailer', 'X-Checksum, X-Count');
    try {
      res.writeHead(200);  // throws when the response cannot be chunked (HEAD, HTTP/1.0)
    } catch (err) {
      res.removeHeader('Trailer');
      res.end('error ' + err.code);
      return;
    }
    res.write('abc');
    res.addTrailers({ 'X-Checksum': 'c0ffee', 'X-Count': '3' });
    res.end('def');
  } else if (path === '/trailers-unchunked') {
    res.addTrailers({ 'X-Dropped': 'yes' });
    res.end('no trailer header, so Content-Length and no trailers');
  } else if (path === '/flush') {
    res.setHeader('X-Flushed', 'yes');
    const before = res.headersSent;
    res.flushHeaders();
    const after = res.headersSent;
    res.end(`before=${before} after=${after}`);
  } else if (path === '/state') {
    const steps = [state(res)];
    res.setHeader('X-State', '1');
    steps.push(state(res));
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    steps.push(state(res));
    res.write('a');
    steps.push(state(res));
    res.end(' ' + steps.join(' '));
  } else if (path === '/status-message') {
    res.statusCode = 299;
    res.statusMessage = 'Custom Thing';
    res.end('custom');
  } else if (path === '/status-unknown') {
    res.statusCode = 299;
    res.end('unknown');
  } else if (path === '/write-head-message') {
    res.writeHead(201, 'Made It', { 'X-A': '1' });
    res.end();
  } else if (path === '/write-head-pairs') {
    res.setHeader('X-Set', 'first');
    res.setHeader('X-Dup', 'old');
    res.writeHead(200, ['X-Dup', '1', 'X-Dup', '2', 'X-New', 'n']);
    res.end('pairs');
  } else if (path === '/write-head-object') {
    res.setHeader('X-Order', 'old');
    res.setHeader('X-Keep', 'k');
    res.writeHead(200, { 'x-order': 'new' });
    res.end('object');
  } else if (path === '/set-header') {
    res.setHeader('A', '1');
    res.setHeader('B', '2');
    res.setHeader('a', '3');
    res.setHeader('Set-Cookie', ['x=1', 'y=2']);
    res.setHeader('X-Num', 42);
    res.end('set');
  } else if (path === '/header-api') {
    res.setHeader('Content-Type', 'text/plain');
    res.setHeader('X-Multi', ['a', 'b']);
    res.setHeader('X-Gone', 'g');
    res.removeHeader('x-gone');
    const lines = [];
    lines.push('names=' + res.getHeaderNames().join(','));
    lines.push(`has=${res.hasHeader('content-type')},${res.hasHeader('X-GONE')},${res.hasHeader('X-MULTI')}`);
    lines.push('x-multi=' + [].concat(res.getHeader('x-multi')).join(', '));
    lines.push('missing=' + (res.getHeader('x-none') === undefined ? 'none' : 'some'));
    for (const [name, value] of Object.entries(res.getHeaders())) {
      lines.push(`${name}=${[].concat(value).join(', ')}`);
    }
    res.end(lines.join('\n'));
  } else if (path === '/cookie-list') {
    res.setHeader('Cookie', ['a=1', 'b=2']);
    res.setHeader('X-One', ['only']);
    res.end('cookies');
  } else if (path === '/remove-content-length') {
    res.setHeader('Content-Length', '5');
    res.removeHeader('Content-Length');
    res.end('hello');
  } else if (path === '/remove-connection') {
    res.removeHeader('Connection');
    res.end('hello');
  } else if (path === '/remove-transfer-encoding') {
    res.removeHeader('Transfer-Encoding');
    res.write('hel');
    res.end('lo');
  } else if (path === '/remove-date') {
    res.removeHeader('Date');
    res.end(`sendDate=${res.sendDate}`);
  } else if (path === '/bad-status-message') {
    res.statusMessage = 'Bad\r\nX-Injected: 1';
    try {
      res.writeHead(200);
    } catch (err) {
      res.statusMessage = 'Fine';
      res.end('error ' + err.code);
    }
  } else if (path === '/req-headers') {
    const lines = [];
    for (const [name, value] of Object.entries(req.headers)) {
      lines.push(`${name}: ${Array.isArray(value) ? value.join(' | ') : value}`);
    }
    res.end(lines.join('\n'));
  } else if (path === '/distinct') {
    const lines = [];
    for (const name of ['x-a', 'set-cookie', 'cookie', 'host', 'user-agent', 'x-missing']) {
      const values = req.headersDistinct[name];
      lines.push(`${name}: ${values ? values.join(' | ') : '-'}`);
    }
    res.end(lines.join('\n'));
  } else if (path === '/raw') {
    res.end(req.rawHeaders.join(' | '));
  } else if (path === '/trailers-in') {
    const before = Object.keys(req.trailers).length;
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      const lines = [`body=${body} before=${before}`];
      for (const [name, value] of Object.entries(req.trailers)) {
        lines.push(`${name}: ${value}`);
      }
      lines.push('raw=' + req.rawTrailers.join(' | '));
      res.end(lines.join('\n'));
    });
  } else {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('no route ' + path);
  }
}

const main = http.createServer(handler);
main.on('checkContinue', (req, res) => {
  if (req.url === '/continue-reject') {
    res.writeHead(417, { 'X-Reason': 'too big' });
    res.end('rejected');
    return;
  }
  res.writeContinue();
  main.emit('request', req, res);
});
main.on('checkExpectation', (req, res) => {
  res.writeHead(402, { 'X-Expect': req.headers.expect });
  res.end('unmet ' + req.headers.expect);
});
main.on('clientError', (err, socket) => {
  socket.end(`HTTP/1.1 400 Bad Request\r\nX-Client-Error: ${err.code}\r\nContent-Length: 4\r\n\r\nmine`);
});

const limited = http.createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  res.end('ok ' + req.url + (body ? ' ' + body : ''));
});
limited.on('checkContinue', (req, res) => {
  res.writeContinue();
  limited.emit('request', req, res);
});
limited.maxRequestsPerSocket = 2;

const plain = http.createServer((req, res) => {
  res.end('plain ' + req.url);
});

const options = http.createServer({ maxHeaderSize: 2048, requireHostHeader: false }, (req, res) => {
  res.end(`options ${req.url} host=${req.headers.host === undefined ? '-' : req.headers.host}`);
});

const servers = [['main', main], ['limited', limited], ['plain', plain], ['options', options]];
servers.forEach(([name, server], i) => {
  server.listen(port + i, host, () => {
    console.log(`${name} listening on http://${host}:${port + i}/`);
  });
});
