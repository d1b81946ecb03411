// Responses: send (strings, Buffers, ETag and 304), set/append/type/vary/links/location,
// redirect, format, attachment, cookies (signed too), sendStatus.
const express = require('express');
const cookieParser = require('cookie-parser');
const app = express();
app.set('env', 'production');
app.use(cookieParser('s3cret'));

app.get('/text', (req, res) => { res.send('hello world'); });
app.get('/empty', (req, res) => { res.send(''); });
app.get('/nothing', (req, res) => { res.send(); });
app.get('/buffer', (req, res) => { res.send(Buffer.from('raw bytes')); });
app.get('/typed', (req, res) => { res.type('json'); res.send('{"a":1}'); });
app.get('/typed-ext', (req, res) => { res.type('.png'); res.send(Buffer.from('png')); });
app.get('/typed-full', (req, res) => { res.type('text/plain; charset=latin1'); res.send('plain'); });
app.get('/set-ct', (req, res) => { res.set('Content-Type', 'text/css'); res.send('a{}'); });
app.get('/big', (req, res) => { res.send('x'.repeat(5000)); });
app.get('/created', (req, res) => { res.status(201).send('made'); });
app.get('/nocontent', (req, res) => { res.status(204).send('ignored'); });
app.get('/reset', (req, res) => { res.status(205).send('ignored'); });
app.get('/etag-set', (req, res) => { res.set('ETag', '"custom"'); res.send('custom etag'); });
app.get('/headers', (req, res) => {
  res.set('X-One', '1');
  res.append('X-Many', 'a');
  res.append('X-Many', 'b');
  res.append('Link', '<http://a>; rel="a"');
  res.links({ next: 'http://n', last: 'http://l' });
  res.vary('Accept').vary('accept').vary('Origin, User-Agent');
  res.location('/some where/ü');
  res.send('headers ' + res.get('X-One'));
});
app.get('/redirect', (req, res) => { res.redirect('/target?a=b&c=<d>'); });
app.get('/redirect301', (req, res) => { res.redirect(301, 'http://example.com/x y'); });
app.get('/format', (req, res) => {
  res.format({
    'text/plain': () => { res.send('plain text'); },
    html: () => { res.send('<b>html</b>'); },
    json: () => { res.send('{"json":true}'); },
  });
});
app.get('/format-default', (req, res) => {
  res.format({ text: () => { res.send('t'); }, default: () => { res.status(406).send('none'); } });
});
app.get('/attachment', (req, res) => { res.attachment('report final.pdf'); res.send('pdf'); });
app.get('/attachment-utf8', (req, res) => { res.attachment('dir/report "q" 100%41.txt'); res.send('cv'); });
app.get('/attachment-none', (req, res) => { res.attachment(); res.send('x'); });
app.get('/cookie', (req, res) => {
  res.cookie('plain', 'v a;l');
  res.cookie('opts', '1', { path: '/admin', domain: 'example.com', httpOnly: true, secure: true, sameSite: 'lax' });
  res.cookie('signed', 'secret value', { signed: true });
  res.clearCookie('old');
  res.send('cookies');
});
app.get('/read-cookies', (req, res) => {
  const c = Object.entries(req.cookies).map(([k, v]) => k + '=' + v).join(';');
  const s = Object.entries(req.signedCookies).map(([k, v]) => k + '=' + v).join(';');
  res.send('cookies[' + c + '] signed[' + s + ']');
});
app.get('/accepts', (req, res) => {
  res.send([req.accepts(['json', 'html', 'text/plain']), req.accepts('image/png'),
    req.acceptsEncodings(['gzip', 'br', 'identity']), req.acceptsCharsets(['utf-8', 'iso-8859-1']),
    req.acceptsLanguages(['en', 'fr-FR', 'de'])].join(' '));
});
app.get('/is', (req, res) => { res.send(String(req.is(['json', 'text/*'])) + ' ' + String(req.is('html'))); });
app.post('/is', (req, res) => { req.resume(); req.on('end', () => res.send(String(req.is(['json', 'text/*', '+xml'])) + ' ' + String(req.is('urlencoded')))); });
app.get('/req-info', (req, res) => {
  res.send([req.protocol, req.secure, req.ip, req.ips.join(','), req.hostname, req.host,
    req.subdomains.join('.'), req.xhr, req.get('referrer'), req.path].join('|'));
});
app.get('/fresh', (req, res) => { res.set('Last-Modified', 'Wed, 21 Oct 2015 07:28:00 GMT'); res.send(String(req.fresh) + String(req.stale)); });
app.get('/status-bad', (req, res) => { res.status(1000); });

app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
