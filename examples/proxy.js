// A reverse proxy: every request goes to one upstream server (http:// or https://, verified
// against the system's CAs and NODE_EXTRA_CA_CERTS), bodies streamed both ways with
// backpressure; hop-by-hop fields dropped, X-Forwarded-For added; 502 when the upstream
// fails, 504 when it does not answer in time.
const http = require('http');
const https = require('https');
const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]) || 8080;
const host = args.includes('--host') ? args[args.indexOf('--host') + 1] : '127.0.0.1';
const upstream = new URL(args.includes('--upstream') ? args[args.indexOf('--upstream') + 1] : 'http://127.0.0.1:8081');
const secure = upstream.protocol === 'https:';
const upstreamModule = secure ? https : http;
const upstreamHost = upstream.hostname;
const upstreamPort = upstream.port ? Number(upstream.port) : secure ? 443 : 80;
const timeout = Number(args[args.indexOf('--timeout') + 1]) || 30000;

// RFC 9110 §7.6.1: fields for this connection only, and any the Connection field names.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'proxy-authenticate', 'proxy-authorization'];

function isHopByHop(name, named) {
  const lower = name.toLowerCase();
  return HOP_BY_HOP.includes(lower) || named.includes(lower);
}

function forwardHeaders(rawHeaders) {
  const named = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].toLowerCase() === 'connection') {
      for (const token of rawHeaders[i + 1].split(',')) {
        const t = token.trim().toLowerCase();
        if (!isHopByHop(t, named)) named.push(t);  // "keep-alive", the usual one, already is
      }
    }
  }
  const out = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (isHopByHop(rawHeaders[i], named)) continue;
    out.push([rawHeaders[i], rawHeaders[i + 1]]);
  }
  return out;
}

// What one exchange knows: whether the upstream timed out, which side is already gone.
function fail(res, x, status, message) {
  if (x.resClosed) return;
  if (res.headersSent) { res.socket.destroy(); return; }  // cut short: never a short success
  res.writeHead(status, { 'Content-Type': 'text/plain', 'Connection': 'close' });
  res.end(message + '\n');
}

function main() {
  const agent = new upstreamModule.Agent({ keepAlive: true });
  http.createServer((req, res) => {
    const x = { timedOut: false, resClosed: false, upstreamClosed: false };
    const headers = forwardHeaders(req.rawHeaders);
    const forwardedFor = req.headers['x-forwarded-for'];
    const client = req.socket.remoteAddress;
    headers.push(['X-Forwarded-For', forwardedFor ? `${forwardedFor}, ${client}` : client]);
    const proxyReq = upstreamModule.request({ hostname: upstreamHost, port: upstreamPort, method: req.method, path: req.url, headers: headers.flat(), agent, timeout }, (proxyRes) => {
      res.writeHead(proxyRes.statusCode, proxyRes.statusMessage, forwardHeaders(proxyRes.rawHeaders).flat());
      proxyRes.on('data', (chunk) => {
        if (!res.write(chunk)) { proxyRes.pause(); res.once('drain', () => proxyRes.resume()); }
      });
      proxyRes.on('end', () => res.end());
      proxyRes.on('aborted', () => fail(res, x, 502, 'Bad Gateway'));
    });
    proxyReq.on('timeout', () => { x.timedOut = true; proxyReq.destroy(); });
    proxyReq.on('error', (err) => {
      if (!x.timedOut) console.error(`upstream error: ${err.code} ${err.message}`);
      fail(res, x, x.timedOut ? 504 : 502, x.timedOut ? 'Gateway Timeout' : `Bad Gateway: ${err.code}`);
    });
    proxyReq.on('close', () => { x.upstreamClosed = true; });
    req.on('data', (chunk) => {
      if (!proxyReq.write(chunk)) { req.pause(); proxyReq.once('drain', () => req.resume()); }
    });
    req.on('end', () => proxyReq.end());
    res.on('close', () => {
      x.resClosed = true;
      if (!res.writableFinished && !x.upstreamClosed) proxyReq.destroy();  // the client went away
    });
  }).listen(port, host, () => {
    console.log(`listening on http://${host}:${port}/`);
  });
}
main();
