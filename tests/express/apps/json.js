// JSON: res.json / res.jsonp / res.send(object) with the json settings, express.json() (strict,
// limits, types, charsets, reviver, gzip/deflate/br bodies, malformed JSON, __proto__ keys).
const express = require('express');
const app = express();
app.set('env', 'production');

app.get('/json/obj', (req, res) => { res.json({ id: Number(req.query.id || 1), name: 'ada', tags: ['x', 'y'], nested: { ok: true, none: null } }); });
app.get('/json/array', (req, res) => { res.json([1, 'two', 3.5, false, null]); });
app.get('/json/string', (req, res) => { res.json('text <b>&</b>'); });
app.get('/json/number', (req, res) => { res.json(42); });
app.get('/json/null', (req, res) => { res.json(null); });
app.get('/json/status', (req, res) => { res.status(201).json({ created: true }); });
app.get('/json/typed', (req, res) => { res.type('application/vnd.api+json').json({ data: [] }); });
app.get('/json/unicode', (req, res) => { res.json({ s: 'caf\u00e9 \u2603 \ud83d\ude00', ls: '\u2028' }); });
app.get('/send/obj', (req, res) => { res.send({ via: 'send' }); });
app.get('/send/num', (req, res) => { res.send(7); });
app.get('/send/null', (req, res) => { res.send(null); });
app.get('/jsonp', (req, res) => { res.jsonp({ user: 'tobi', ls: 'a\u2028b' }); });

const pretty = express();
pretty.set('json spaces', 2);
pretty.get('/', (req, res) => { res.json({ a: 1, b: [1, 2], c: {} }); });
app.use('/pretty', pretty);
const tabbed = express();
tabbed.set('json spaces', '\t');
tabbed.get('/', (req, res) => { res.json({ a: [{ b: 1 }] }); });
app.use('/tabbed', tabbed);
const escaped = express();
escaped.set('json escape', true);
escaped.get('/', (req, res) => { res.json({ html: '<script>&</script>' }); });
app.use('/escaped', escaped);
const replaced = express();
replaced.set('json replacer', (key, value) => (key === 'secret' ? undefined : value));
replaced.get('/', (req, res) => { res.json({ user: 'ada', secret: 'x', deep: { secret: 1, keep: 2 } }); });
app.use('/replaced', replaced);
const picked = express();
picked.set('json replacer', ['a', 'c']);
picked.get('/', (req, res) => { res.json({ a: 1, b: 2, c: { a: 3, d: 4 } }); });
app.use('/picked', picked);
const cbname = express();
cbname.set('jsonp callback name', 'cb');
cbname.get('/', (req, res) => { res.jsonp([1, 2]); });
app.use('/cbname', cbname);
const noetag = express();
noetag.set('etag', false);
noetag.get('/', (req, res) => { res.json({ e: 'none' }); });
app.use('/noetag', noetag);

app.post('/echo', express.json(), (req, res) => { res.json({ type: typeof req.body, body: req.body }); });
app.post('/loose', express.json({ strict: false }), (req, res) => { res.json({ type: typeof req.body, body: req.body }); });
app.post('/small', express.json({ limit: 16 }), (req, res) => { res.json(req.body); });
app.post('/vnd', express.json({ type: 'application/*+json' }), (req, res) => { res.json({ body: req.body === undefined ? 'undefined' : req.body }); });
app.post('/noinflate', express.json({ inflate: false }), (req, res) => { res.json(req.body); });
app.post('/revive', express.json({ reviver: (key, value) => (typeof value === 'number' ? value * 2 : value) }), (req, res) => { res.json(req.body); });
app.post('/proto', express.json(), (req, res) => { res.json({ keys: Object.keys(req.body), polluted: {}.polluted === undefined ? 'no' : 'yes', body: req.body }); });
app.post('/both', express.text(), express.json(), (req, res) => { res.json({ type: typeof req.body }); });

app.use((err, req, res, next) => { res.status(err.status || 500).json({ name: err.name, type: err.type === undefined ? 'undefined' : err.type, message: err.message, expose: err.expose }); });

app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
