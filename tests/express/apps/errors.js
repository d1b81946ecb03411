// Errors through an API: JSON error middleware with status, expose and headers; errors passed
// on to finalhandler (production pages); async rejections; body parser errors as JSON.
const express = require('express');
const createError = require('http-errors');
const app = express();
app.set('env', 'production');

const api = express.Router();
api.use(express.json({ limit: 64 }));
api.get('/teapot', (req, res, next) => { next(createError(418, 'short and stout')); });
api.get('/hidden', (req, res, next) => { next(createError(503, 'database down')); });
api.get('/throw', (req, res) => { throw new TypeError('bad type'); });
api.get('/async', async (req, res) => { await new Promise((r) => setTimeout(r, 2)); throw createError(409, 'conflict found'); });
api.get('/limited', (req, res, next) => { const e = createError(429, 'slow down'); e.headers = { 'Retry-After': '30' }; next(e); });
api.post('/items', (req, res) => { res.status(201).json({ got: req.body }); });
api.get('/pass', (req, res, next) => { next(createError(422, 'to the final handler')); });
api.use((err, req, res, next) => {
  if (req.path === '/pass') return next(err);
  const status = err.status || 500;
  if (err.headers) res.set(err.headers);
  res.status(status).json({ error: err.expose ? err.message : 'Internal Server Error', status: status, type: err.type || null });
});
app.use('/api', api);
app.get('/final/:code', (req, res, next) => { next(createError(Number(req.params.code))); });
app.get('/sendstatus/:code', (req, res) => { res.sendStatus(Number(req.params.code)); });

app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
