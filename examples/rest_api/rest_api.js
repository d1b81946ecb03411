// A JSON REST API over an in-memory store: GET/POST /items, GET/PUT/DELETE /items/:id.
// PORT=3000 node rest_api.js
const http = require('http');

const port = Number(process.env.PORT ?? 3000);
const items = new Map();
let nextId = 1;

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(text);
  return status;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => resolve(body));
    req.on('error', (err) => reject(err));
  });
}

// An answer other than 200, thrown by the route.
class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

// The request's JSON object, or an answer of 400 (thrown as an HttpError).
async function readItem(req) {
  const text = await readBody(req);
  let body;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, err.message);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Expected a JSON object');
  }
  return body;
}

async function route(req, res) {
  const match = /^\/items\/(\d+)$/.exec(req.url);
  const id = match ? Number(match[1]) : 0;
  if (req.url === '/items' && req.method === 'GET') {
    return send(res, 200, [...items.values()]);
  }
  if (req.url === '/items' && req.method === 'POST') {
    const body = await readItem(req);
    const item = { id: nextId++, ...body };
    items.set(item.id, item);
    return send(res, 201, item);
  }
  if (!match || !items.has(id)) {
    return send(res, 404, { error: `Cannot ${req.method} ${req.url}` });
  }
  if (req.method === 'GET') {
    return send(res, 200, items.get(id));
  }
  if (req.method === 'PUT') {
    const body = await readItem(req);
    const item = { ...body, id };
    items.set(id, item);
    return send(res, 200, item);
  }
  if (req.method === 'DELETE') {
    items.delete(id);
    res.writeHead(204);
    res.end();
    return 204;
  }
  return send(res, 405, { error: `Cannot ${req.method} ${req.url}` });
}

const server = http.createServer(async (req, res) => {
  let status;
  try {
    status = await route(req, res);
  } catch (err) {
    status = send(res, err.status ?? 500, { error: err.message });
  }
  console.log(`${req.method} ${req.url} ${status}`);
});

server.listen(port, '127.0.0.1', () => {
  console.log(`rest_api listening on http://127.0.0.1:${server.address().port}/`);
});
