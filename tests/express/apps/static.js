// express.static, res.sendFile and res.download over public/: headers, ranges, conditional
// requests, dotfiles, index, redirects, fallthrough, errors.
const express = require('express');
const path = require('path');
const app = express();
app.set('env', 'production');
const root = path.join(__dirname, 'public');

app.use(express.static('public'));
app.use('/cached', express.static('public', { maxAge: 3600000, immutable: true }));
app.use('/dots', express.static('public', { dotfiles: 'allow' }));
app.use('/deny', express.static('public', { dotfiles: 'deny' }));
app.use('/strict', express.static('public', { fallthrough: false }));
app.use('/noredirect', express.static('public', { redirect: false }));
app.use('/noindex', express.static('public', { index: false }));
app.use('/plain', express.static('public', { etag: false, lastModified: false, acceptRanges: false, cacheControl: false }));
app.use('/headers', express.static('public', { setHeaders: (res, file) => { res.setHeader('X-File', path.basename(file)); } }));

app.get('/file/:name', (req, res) => { res.sendFile(req.params.name, { root: root }); });
app.get('/abs', (req, res) => { res.sendFile(path.join(root, 'hello.txt')); });
app.get('/rel', (req, res) => { res.sendFile('public/hello.txt'); });
app.get('/dir', (req, res) => { res.sendFile(path.join(root, 'sub')); });
app.get('/options', (req, res) => { res.sendFile('hello.txt', { root: root, maxAge: 60000, headers: { 'X-Custom': 'yes', 'Cache-Control': 'no-cache' }, lastModified: false }); });
app.get('/cb/:name', (req, res) => {
  res.sendFile(req.params.name, { root: root }, (err) => {
    if (err) res.status(err.status || 500).send('callback ' + err.status + ' ' + err.code);
  });
});
app.get('/traverse', (req, res) => { res.sendFile('../static.js', { root: root }); });
app.get('/dotfile', (req, res) => { res.sendFile('.secret', { root: root }); });
app.get('/dotfile-allowed', (req, res) => { res.sendFile('.secret', { root: root, dotfiles: 'allow' }); });
app.get('/download', (req, res) => { res.download(path.join(root, 'hello.txt')); });
app.get('/download-as', (req, res) => { res.download(path.join(root, 'data.json'), 'report.json'); });
app.get('/download-missing', (req, res) => { res.download(path.join(root, 'nope.txt')); });
app.get('/download-root', (req, res) => { res.download('style.css', 'theme.css', { root: root, headers: { 'Content-Disposition': 'ignored', 'X-Extra': '1' } }); });

app.use((req, res) => { res.status(404).send('fell through to ' + req.method + ' ' + req.originalUrl); });
app.use((err, req, res, next) => { res.status(err.status || 500).send('error ' + (err.status || 500) + ' ' + (err.expose ? err.message : err.name)); });

app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
