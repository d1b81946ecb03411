// A file-backed key-value store over HTTP: PUT/GET/DELETE /kv/:key, GET /kv for the keys.
// The store is DIR/store.json, read at start and rewritten after each change. A value larger
// than MAX_VALUE bytes (default 1 MiB) is refused with 413 as soon as its upload passes the
// limit, while the client is still sending.
// PORT=3000 node kv_server.js DIR
const http = require('http');
const fs = require('fs');
const path = require('path');

const dir = process.argv[2];
const port = Number(process.env.PORT ?? 3000);
const maxValue = Number(process.env.MAX_VALUE ?? 1024 * 1024);
const file = path.join(dir, 'store.json');

// The store as an object without a prototype: keys such as __proto__ or toString are keys.
async function load() {
  try {
    return Object.assign(Object.create(null), JSON.parse(await fs.promises.readFile(file, 'utf8')));
  } catch (err) {
    if (err.code === 'ENOENT') return Object.create(null);
    throw err;
  }
}

// Writes a temporary file and renames it over the store: a crash never leaves half a file.
async function save(store) {
  const tmp = `${file}.tmp`;
  await fs.promises.writeFile(tmp, JSON.stringify(store, null, 2) + '\n');
  await fs.promises.rename(tmp, file);
}

// The body as text, or null once it passes maxValue (leaving the loop destroys the request:
// the rest of the upload is dropped as it arrives).
async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > maxValue) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function main() {
  await fs.promises.mkdir(dir, { recursive: true });
  const store = await load();
  console.log(`loaded ${Object.keys(store).length} keys from ${path.basename(file)}`);

  const server = http.createServer(async (req, res) => {
    const match = /^\/kv\/([\w.-]+)$/.exec(req.url);
    const key = match ? match[1] : '';
    if (req.url === '/kv' && req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(Object.keys(store)));
    } else if (!match) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found\n');
    } else if (req.method === 'PUT') {
      const value = await readBody(req);
      if (value === null) {
        res.writeHead(413, { 'Content-Type': 'text/plain', Connection: 'close' });
        res.end(`value larger than ${maxValue} bytes\n`);
        console.log(`${req.method} ${req.url} ${res.statusCode}`);
        return;
      }
      const created = !Object.hasOwn(store, key);
      store[key] = value;
      await save(store);
      res.writeHead(created ? 201 : 200, { 'Content-Type': 'text/plain' });
      res.end(created ? 'created\n' : 'updated\n');
    } else if (req.method === 'GET' && Object.hasOwn(store, key)) {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(store[key]) });
      res.end(store[key]);
    } else if (req.method === 'DELETE' && Object.hasOwn(store, key)) {
      delete store[key];
      await save(store);
      res.writeHead(204);
      res.end();
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end(`no key ${key}\n`);
    }
    console.log(`${req.method} ${req.url} ${res.statusCode}`);
  });

  server.listen(port, '127.0.0.1', () => {
    console.log(`kv_server listening on http://127.0.0.1:${server.address().port}/`);
  });
  process.on('SIGTERM', () => {
    server.close(() => console.log('kv_server stopped'));
    server.closeIdleConnections();
  });
}

main();
