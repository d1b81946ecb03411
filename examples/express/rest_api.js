// A REST API: JSON bodies, params, nested routers, error middleware.
// Run: PORT=3000 node rest_api.js; then curl -X POST localhost:3000/api/users -H 'Content-Type: application/json' -d '{"name":"ada"}'
const express = require('express');

const users = new Map();
let nextId = 1;

const app = express();
app.set('env', 'production');
app.use(express.json({ limit: '1kb' }));

const api = express.Router();
const userRouter = express.Router();
const notes = express.Router({ mergeParams: true });

function httpError(status, message) { const e = new Error(message); e.status = status; return e; }

userRouter.param('id', (req, res, next, id) => {
  const user = users.get(Number(id));
  if (!user) return next(httpError(404, 'no user ' + id));
  req.user = user;
  next();
});
userRouter.get('/', (req, res) => { res.json([...users.values()]); });
userRouter.post('/', (req, res, next) => {
  if (typeof req.body.name !== 'string' || req.body.name === '') return next(httpError(422, 'name is required'));
  const user = { id: nextId++, name: req.body.name, notes: [] };
  users.set(user.id, user);
  res.status(201).location('/api/users/' + user.id).json(user);
});
userRouter.get('/:id', (req, res) => { res.json(req.user); });
userRouter.patch('/:id', (req, res) => {
  if (typeof req.body.name === 'string') req.user.name = req.body.name;
  res.json(req.user);
});
userRouter.delete('/:id', (req, res) => { users.delete(req.user.id); res.sendStatus(204); });

notes.get('/', (req, res) => { res.json({ user: Number(req.params.id), notes: users.get(Number(req.params.id))?.notes ?? [] }); });
notes.post('/', (req, res, next) => {
  const user = users.get(Number(req.params.id));
  if (!user) return next(httpError(404, 'no user ' + req.params.id));
  user.notes.push(String(req.body.text));
  res.status(201).json({ user: user.id, count: user.notes.length });
});
userRouter.use('/:id/notes', notes);

api.use('/users', userRouter);
api.get('/health', (req, res) => { res.json({ ok: true, users: users.size }); });
app.use('/api', api);

app.use((req, res) => { res.status(404).json({ error: 'not found', path: req.originalUrl }); });
app.use((err, req, res, next) => {
  const status = err.status || 500;
  res.status(status).json({ error: status < 500 ? err.message : 'internal error', type: err.type || null });
});

app.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => console.log('listening'));
