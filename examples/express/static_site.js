// A static site: express.static with caching, a page by sendFile, a download route, a 404 page.
// Run: PORT=3000 node static_site.js; then open http://localhost:3000/
const express = require('express');
const path = require('path');

const site = path.join(__dirname, 'site');
const app = express();
app.set('env', 'production');

app.use(express.static(site, { maxAge: 600000 }));
app.get('/about', (req, res) => { res.sendFile('docs/index.html', { root: site }); });
app.get('/download/:name', (req, res, next) => {
  if (req.params.name !== 'guide') return next();
  res.download(path.join(site, 'docs', 'guide.md'), 'nodecc-guide.md', (err) => {
    if (err && !res.headersSent) res.status(err.status || 500).send('download failed');
  });
});
app.use((req, res) => { res.status(404).type('html').send('<h1>Not found</h1><p>' + req.path + '</p>'); });

app.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => console.log('listening'));
