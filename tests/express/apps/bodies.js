// Body parsers (text, raw, urlencoded: types, limits, charsets, encodings) and trust proxy.
const express = require('express');
const app = express();
app.set('env', 'production');
app.set('trust proxy', 'loopback');

app.post('/text', express.text({ limit: 20 }), (req, res) => { res.send('text[' + req.body + '] ' + typeof req.body); });
app.post('/raw', express.raw({ type: 'application/*' }), (req, res) => { res.send('raw ' + (Buffer.isBuffer(req.body) ? req.body.length + ' ' + req.body.toString('hex') : typeof req.body)); });
app.post('/form', express.urlencoded({ parameterLimit: 3 }), (req, res) => {
  res.send('form ' + Object.entries(req.body || {}).map(([k, v]) => k + '=' + v).join('&'));
});
app.get('/proxy', (req, res) => { res.send([req.ip, req.ips.join(','), req.protocol, req.hostname, req.secure].join('|')); });
const hops = express();
hops.set('trust proxy', 1);
hops.get('/', (req, res) => { res.send('hops ' + [req.ip, req.ips.join(','), req.protocol, req.hostname].join('|')); });
app.use('/hops', hops);
const none = express();
none.set('trust proxy', false);
none.get('/', (req, res) => { res.send('none ' + [req.ip, req.ips.join(','), req.protocol, req.hostname].join('|')); });
app.use('/none', none);
app.use((err, req, res, next) => { res.status(err.status || 500).send(err.type + ': ' + err.message); });

app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
