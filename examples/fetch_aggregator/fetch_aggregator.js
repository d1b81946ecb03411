// Merges two upstream JSON services into one answer: GET /summary calls USERS/users and
// ORDERS/orders at once (Promise.all) and joins them; an upstream failure answers 502.
// PORT=3000 node fetch_aggregator.js http://127.0.0.1:4001 http://127.0.0.1:4002
const http = require('http');

const [usersUrl, ordersUrl] = process.argv.slice(2);
const port = Number(process.env.PORT ?? 3000);

async function getJson(url) {
  const res = await fetch(url);
  if (!res.ok) {
    throw new Error(`${url} answered ${res.status}`);
  }
  return JSON.parse(await res.text());
}

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body, null, 2));
}

const server = http.createServer(async (req, res) => {
  if (req.method !== 'GET' || req.url !== '/summary') {
    send(res, 404, { error: 'Not found' });
    return;
  }
  try {
    const [users, orders] = await Promise.all([getJson(`${usersUrl}/users`), getJson(`${ordersUrl}/orders`)]);
    const summary = users.map((user) => {
      const mine = orders.filter((order) => order.userId === user.id);
      const total = mine.reduce((sum, order) => sum + order.amount, 0);
      return { id: user.id, name: user.name, orders: mine.length, total };
    });
    send(res, 200, { users: summary, orders: orders.length });
    console.log(`summary: ${users.length} users, ${orders.length} orders`);
  } catch (err) {
    send(res, 502, { error: 'Bad Gateway', detail: err.message });
    console.log(`upstream failed: ${err.message}`);
  }
});

server.listen(port, '127.0.0.1', () => {
  console.log(`fetch_aggregator listening on http://127.0.0.1:${server.address().port}/`);
});
