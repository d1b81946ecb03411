// The same HTTP client program for Node.js and nodecc (client.cc), run against server.js by
// run_client_pair.py: each step prints the response (status, headers sorted without date,
// body, trailers) and the events of the exchange in order.
const http = require('http');
const port = Number(process.env.SERVER_PORT);
const closedPort = Number(process.env.CLOSED_PORT);
const base = `http://127.0.0.1:${port}`;
const agent = new http.Agent({ keepAlive: true });

function sortedLines(obj) {
  return Object.keys(obj).filter((n) => n !== 'date').sort().map((n) => `  ${n}: ${obj[n]}`);
}

function exchange(name, path, options, send) {
  return new Promise((resolve) => {
    const events = [];
    const req = http.request(base + path, { agent, ...options }, (res) => {
      events.push('response');
      console.log(`${name}: ${res.statusCode} ${res.statusMessage} HTTP/${res.httpVersion}`);
      for (const line of sortedLines(res.headers)) console.log(line);
      let body = '';
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => {
        events.push('end');
        console.log(`  body ${JSON.stringify(body)}`);
        for (const line of sortedLines(res.trailers)) console.log(`  trailer${line}`);
      });
      res.on('aborted', () => events.push('aborted'));
      res.on('error', (err) => events.push(`res error ${err.code} ${err.message}`));
      res.on('close', () => events.push('res close'));
    });
    req.on('socket', () => events.push(req.reusedSocket ? 'socket (reused)' : 'socket'));
    req.on('finish', () => events.push('finish'));
    req.on('continue', () => events.push('continue'));
    req.on('information', (info) => events.push(`information ${info.statusCode} ${info.headers.link}`));
    req.on('timeout', () => { events.push('timeout'); req.destroy(); });
    req.on('error', (err) => events.push(`error ${err.code} ${err.message}`));
    req.on('close', () => {
      events.push('close');
      setTimeout(() => { console.log(`  events ${events.join(', ')}`); resolve(); }, 50);
    });
    send(req);
  });
}

function thrown(name, f) {
  try {
    f();
    console.log(`${name}: no error`);
  } catch (err) {
    console.log(`${name}: ${err.code} ${err.message}`);
  }
}

async function main() {
  await exchange('json', '/json', {}, (req) => req.end());
  await exchange('json again', '/json', {}, (req) => req.end());
  await exchange('chunked', '/chunked', {}, (req) => req.end());
  await exchange('head', '/json', { method: 'HEAD' }, (req) => req.end());
  await exchange('post', '/echo?x=1', { method: 'POST', headers: { 'X-A': '1' } }, (req) => req.end('hello'));
  await exchange('put chunks', '/echo', { method: 'PUT' }, (req) => { req.write('ab'); req.end('c'); });
  await exchange('headers', '/echo', { method: 'POST' }, (req) => {
    req.setHeader('X-One', '1');
    req.setHeader('X-Two', ['2a', '2b']);
    req.setHeader('x-one', 'uno');
    req.removeHeader('X-Gone');
    console.log(`headers: ${req.getHeader('x-one')} ${[].concat(req.getHeader('X-TWO')).join(', ')} ${req.hasHeader('x-gone')} ${req.getHeaderNames().join(',')}`);
    req.end();
  });
  await exchange('204', '/status?code=204', {}, (req) => req.end());
  await exchange('304', '/status?code=304', {}, (req) => req.end());
  await exchange('404', '/status?code=404&message=Nope', {}, (req) => req.end());
  await exchange('hints', '/hints', {}, (req) => req.end());
  await exchange('continue', '/continue', { method: 'PUT', headers: { Expect: '100-continue' } }, (req) => {
    req.on('continue', () => req.end('the body'));
  });
  await exchange('hangup', '/hangup', {}, (req) => req.end());
  await exchange('cut', '/cut', {}, (req) => req.end());
  await exchange('timeout', '/slow', { timeout: 100 }, (req) => req.end());
  const controller = new AbortController();
  await exchange('abort', '/slow', { signal: controller.signal }, (req) => {
    req.end();
    setTimeout(() => controller.abort(), 50);
  });
  await exchange('refused', '/', { port: closedPort }, (req) => req.end());
  await exchange('not found', '/', { hostname: 'nonexistent.invalid', port: 80 }, (req) => req.end());
  thrown('https', () => http.request('https://127.0.0.1/'));
  thrown('path', () => http.request(base + '/', { path: '/a b' }));
  thrown('header', () => http.request(base + '/', { headers: { 'Bad Name': 'x' } }));
  agent.destroy();
}

main();
