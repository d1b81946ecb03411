// Event order and connection management, for connections.py: every request prints its events
// ('end', 'aborted', 'close' of req; 'finish', 'close' of res) with headersSent/writableEnded/
// writableFinished at each, and control routes call closeIdleConnections() and
// closeAllConnections(). connections.cc is its line-for-line twin.
const http = require('http');
const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]) || 8080;
const host = args.includes('--host') ? args[args.indexOf('--host') + 1] : '127.0.0.1';

function state(res) {
  return `${res.headersSent}/${res.writableEnded}/${res.writableFinished}`;
}

let held = null;

const server = http.createServer((req, res) => {
  const name = `${req.method} ${req.url}`;
  console.log(`${name}: request ${state(res)}`);
  req.on('end', () => console.log(`${name}: req end ${state(res)}`));
  req.on('aborted', () => console.log(`${name}: req aborted ${state(res)}`));
  req.on('close', () => console.log(`${name}: req close ${state(res)}`));
  res.on('finish', () => console.log(`${name}: res finish ${state(res)}`));
  res.on('close', () => console.log(`${name}: res close ${state(res)}`));

  if (req.url === '/simple') {
    res.end('simple');
    console.log(`${name}: after end ${state(res)}`);
  } else if (req.url === '/read') {
    let size = 0;
    req.on('data', (chunk) => { size += chunk.length; });
    req.on('end', () => { res.end(`read ${size}`); });
  } else if (req.url === '/write') {
    res.write('part');
    console.log(`${name}: after write ${state(res)}`);
    setTimeout(() => {
      res.end('rest');
      console.log(`${name}: after end ${state(res)}`);
    }, 20);
  } else if (req.url === '/big') {
    res.end('x'.repeat(4 << 20));
  } else if (req.url === '/paused') {
    req.pause();
    res.end('paused');
  } else if (req.url === '/hold') {
    held = res;
    res.on('close', () => { if (held === res) held = null; });
  } else if (req.url === '/release') {
    if (held) {
      held.end('released');
      held = null;
    }
    res.end('release');
  } else if (req.url === '/end-destroy') {
    res.end('bye');
    req.socket.destroy();
  } else if (req.url === '/close-idle') {
    server.closeIdleConnections();
    res.end('closed idle');
  } else if (req.url === '/close-all') {
    res.end('closing all');
    server.closeAllConnections();
  } else {
    res.end('other');
  }
});

server.listen(port, host, () => {
  console.log(`listening on http://${host}:${port}/`);
});
