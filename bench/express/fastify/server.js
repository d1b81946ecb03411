// bench/express's Fastify 5 peer, one scenario per MODE: "hello" (GET / -> reply.send("Hello
// World")), "json" (GET /users/:id -> reply.send of the same object as server.cc), "routes"
// (ROUTES routes /r0/:id ... /r<ROUTES-1>/:id, each under PREFIX when it is set, the request
// goes to the last one). No response
// schema: the object goes through JSON.stringify, as in the Express app it stands beside.
// Fastify sends Content-Type and Content-Length (text/plain for the string where Express says
// text/html), no X-Powered-By and no ETag.
const fastify = require('fastify')();
const mode = process.env.MODE || 'hello';
const port = Number(process.env.PORT);
const user = (id) => ({ id, name: 'Ada Lovelace', active: true, score: 42 });
const json = (req, reply) => { reply.send(user(req.params.id)); };
if (mode === 'hello') {
  fastify.get('/', (req, reply) => { reply.send('Hello World'); });
} else if (mode === 'json') {
  fastify.get('/users/:id', json);
} else {
  const routes = Number(process.env.ROUTES || 10);
  for (let i = 0; i < routes; i++) {
    fastify.get((process.env.PREFIX || '') + '/r' + i + '/:id', json);
  }
}
fastify.listen({ port, host: '127.0.0.1' }, (err) => {
  if (err) {
    throw err;
  }
  console.log('listening');
});
