// Routing: path syntax, params, nested routers, next('route'), next('router'), app.param,
// error middleware, async handlers, 404/405-ish fallthrough, OPTIONS and HEAD.
const express = require('express');
const app = express();
app.set('env', 'production');

const show = (req) => Object.entries(req.params)
  .map(([k, v]) => k + '=' + (Array.isArray(v) ? '[' + v.join('|') + ']' : v)).join(' ');

app.get('/users/:id', (req, res) => { res.send('user ' + show(req)); });
app.get('/files/*path', (req, res) => { res.send('file ' + show(req)); });
app.get('/opt{/:name}', (req, res) => { res.send('opt ' + show(req)); });
app.get('/ext/:file{.:ext}', (req, res) => { res.send('ext ' + show(req)); });
app.get('/two/:a-:b', (req, res) => { res.send('two ' + show(req)); });
app.get('/esc/\\:literal', (req, res) => { res.send('escaped'); });
app.get('/quoted/:"with space"', (req, res) => { res.send('quoted ' + show(req)); });
app.get('/route', (req, res, next) => { if (req.query.skip) return next('route'); res.send('first'); },
  (req, res) => { res.send('never'); });
app.get('/route', (req, res) => { res.send('second'); });
app.all('/any', (req, res) => { res.send('any ' + req.method); });
app.route('/book').get((req, res) => { res.send('get book'); }).post((req, res) => { res.send('post book'); });

app.param('pid', (req, res, next, value) => {
  if (value === 'bad') return next(new Error('bad pid'));
  req.params.pid = 'P' + value;
  next();
});
app.get('/p/:pid', (req, res) => { res.send('pid ' + show(req)); });
app.get('/p/:pid/again', (req, res) => { res.send('again ' + show(req)); });

const api = express.Router({ mergeParams: true });
api.use((req, res, next) => { res.set('X-Api', req.baseUrl + '|' + req.url + '|' + req.originalUrl); next(); });
api.get('/', (req, res) => { res.send('api root ' + show(req)); });
api.get('/items/:item', (req, res) => { res.send('item ' + show(req) + ' base=' + req.baseUrl + ' path=' + req.path); });
api.get('/leave', (req, res, next) => next('router'));
const inner = express.Router();
inner.get('/deep', (req, res) => { res.send('deep ' + req.baseUrl + ' ' + req.originalUrl); });
api.use('/inner', inner);
app.use('/api/:version', api);
app.get('/api/:version/leave', (req, res) => { res.send('left router ' + show(req)); });

const strict = express.Router({ strict: true, caseSensitive: true });
strict.get('/exact/', (req, res) => { res.send('with slash'); });
strict.get('/exact', (req, res) => { res.send('without slash'); });
strict.get('/Case', (req, res) => { res.send('Case'); });
app.use('/strict', strict);

app.get('/throw', () => { throw new Error('thrown'); });
app.get('/async', async (req, res) => { await new Promise((r) => setTimeout(r, 5)); res.send('async done'); });
app.get('/async-fail', async () => { await new Promise((r) => setTimeout(r, 5)); throw new Error('async failure'); });
app.get('/status-err', (req, res, next) => { const e = new Error('teapot'); e.status = 418; next(e); });
app.get('/next-err', (req, res, next) => next(new Error('passed')));
app.get('/handled', (req, res, next) => next(new Error('to handler')));
app.use('/handled', (err, req, res, next) => { res.status(500).send('handled: ' + err.message); });
app.use('/recover', (req, res, next) => next(new Error('first')), (err, req, res, next) => next(),
  (req, res) => res.send('recovered'));
app.get('/headers-sent', (req, res, next) => { res.write('partial'); next(new Error('late')); });
app.get('/head-only', (req, res) => { res.set('X-Method', req.method); res.send('body for get'); });
app.get('/query', (req, res) => { res.send('q ' + JSON.stringify(req.query)); });
app.get('/sendstatus/:code', (req, res) => { res.sendStatus(Number(req.params.code)); });

const sub = express();
sub.get('/', (req, res) => { res.send('sub root ' + req.baseUrl + ' ' + sub.mountpath); });
sub.get('/hello', (req, res) => { res.send('sub hello ' + req.app.mountpath); });
app.use('/sub', sub);

// Literal prefixes several segments deep (the route index's trie), interleaved with
// middleware and params so that the order Express tries them is visible in the trail.
const trail = (name) => (req, res, next) => { res.locals.trail = (res.locals.trail || '') + name + ';'; next(); };
app.use('/deep', trail('use /deep'));
app.get('/deep/a/b/:x', trail('get /deep/a/b/:x'));
app.use('/deep/a', trail('use /deep/a'));
app.get('/deep/:any/b/c', trail('get /deep/:any/b/c'));
app.get(['/deep/a/b/c', '/other/z'], trail('get [/deep/a/b/c, /other/z]'));
app.get('/Deep/A/B/C/D/E', (req, res) => { res.send('six deep ' + res.locals.trail); });
app.all('/deep/a/b/c', (req, res) => { res.send('end ' + res.locals.trail + ' ' + show(req)); });
app.get('/deep/a/b/:x', (req, res) => { res.send('x ' + res.locals.trail + ' ' + show(req)); });
app.get('/deep/%61', (req, res) => { res.send('encoded literal ' + res.locals.trail); });

app.use((err, req, res, next) => {
  if (err.message === 'passed') return res.status(599).send('last resort: ' + err.message);
  next(err);
});

app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
