// Settings and the less common verbs: x-powered-by off, enable/disable/enabled/disabled,
// app.locals, put/options/head handlers, 'query parser' false and 'etag' strong in mounted
// sub-apps, long and many-keyed query strings (querystring's maxKeys 1000; a target over 8 KiB is
// nodecc's 414, docs/node-to-nodecc.md), __proto__ in a query.
const express = require('express');
const app = express();
app.set('env', 'production');
app.disable('x-powered-by');
app.enable('feature a');
app.set('feature b', 'on');
app.locals.title = 'Settings test';

function queryJson(req) { return JSON.stringify(req.query); }

app.get('/settings', (req, res) => {
  res.json({ poweredBy: app.enabled('x-powered-by'), a: app.enabled('feature a'), aDisabled: app.disabled('feature a'),
             b: app.get('feature b'), c: app.disabled('feature c'), env: app.get('env'), etag: app.get('etag'),
             offset: app.get('subdomain offset'), title: req.app.locals.title });
});
app.put('/items/:id', (req, res) => { res.status(201).json({ put: req.params.id }); });
app.options('/items/:id', (req, res) => { res.set('Allow', 'GET, PUT').sendStatus(204); });
app.head('/probe', (req, res) => { res.set('X-Probe', 'head').end(); });
app.get('/probe', (req, res) => { res.set('X-Probe', 'get').send('probe body'); });
app.get('/q', (req, res) => { res.type('application/json').send(`{"keys":${Object.keys(req.query).length},"query":${queryJson(req)}}`); });
app.get('/count', (req, res) => { const keys = Object.keys(req.query); res.send(`keys ${keys.length} last ${keys[keys.length - 1]}`); });

const noQuery = express();
noQuery.set('query parser', false);
noQuery.get('/q', (req, res) => { res.send(`query ${JSON.stringify(req.query)} url ${req.url}`); });
app.use('/noquery', noQuery);

const strong = express();
strong.set('etag', 'strong');
strong.get('/text', (req, res) => { res.send('a strong etag'); });
app.use('/strong', strong);

app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
