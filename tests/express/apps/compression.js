// compression 1.8 as the oracle: negotiation (q-values, *, identity;q=0, br before gzip),
// Vary, the threshold (Content-Length, end()'s body, a bytes string), the filter, no-transform,
// HEAD, 204, 304, Range through express.static, existing Content-Encoding, streamed writes,
// writeHead's fields, res.flush(), enforceEncoding and brotli params.
const express = require('express');
const compression = require('compression');
const app = express();
app.set('env', 'production');

const big = Array.from({ length: 120 }, (_, i) => `<p>paragraph ${i} of a page worth compressing</p>`).join('\n');
const c = compression();
const noFilter = (req, res) => { if (req.headers['x-no-compression']) return false; return compression.filter(req, res); };

app.get('/html', c, (req, res) => { res.send(big); });
app.get('/small', c, (req, res) => { res.send('small body'); });
app.get('/json', c, (req, res) => { res.json({ items: Array.from({ length: 80 }, (_, i) => ({ id: i, name: 'item ' + i })) }); });
app.get('/png', c, (req, res) => { res.type('png').send(Buffer.from(big)); });
app.get('/octet', c, (req, res) => { res.send(Buffer.from(big)); });
app.get('/svg', c, (req, res) => { res.type('image/svg+xml').send(big); });
app.get('/vendor-json', c, (req, res) => { res.type('application/vnd.example+json').send(big); });
app.get('/unknown-type', c, (req, res) => { res.type('application/x-nodecc-unknown').send(big); });
app.get('/no-type', c, (req, res) => { res.removeHeader('Content-Type'); res.write(big); res.end(); });
app.get('/no-transform', c, (req, res) => { res.set('Cache-Control', 'public, no-transform'); res.send(big); });
app.get('/no-transform-upper', c, (req, res) => { res.set('Cache-Control', 'NO-TRANSFORM ,max-age=1'); res.send(big); });
app.get('/transform-ok', c, (req, res) => { res.set('Cache-Control', 'no-transformer'); res.send(big); });
app.get('/encoded', c, (req, res) => { res.set('Content-Encoding', 'x-custom'); res.send(big); });
app.get('/identity', c, (req, res) => { res.set('Content-Encoding', 'identity'); res.send(big); });
app.get('/vary', c, (req, res) => { res.vary('Origin'); res.send(big); });
app.get('/vary-star', c, (req, res) => { res.set('Vary', '*'); res.send(big); });
app.get('/vary-has', c, (req, res) => { res.set('Vary', 'accept-encoding'); res.send(big); });
app.get('/nocontent', c, (req, res) => { res.status(204).send(); });
app.get('/etag', c, (req, res) => { res.set('ETag', '"fixed"'); res.send(big); });
app.get('/created', c, (req, res) => { res.status(201).send(big); });
app.get('/notfound', c, (req, res) => { res.status(404).send(big); });
app.get('/stream', c, (req, res) => {
  res.setHeader('Content-Type', 'text/plain');
  for (let i = 0; i < 50; i++) res.write(`chunk ${i} of a streamed response\n`);
  res.end('the end\n');
});
app.get('/stream-small', c, (req, res) => { res.setHeader('Content-Type', 'text/plain'); res.write('tiny'); res.end(); });
app.get('/end-small', c, (req, res) => { res.setHeader('Content-Type', 'text/plain'); res.end('tiny'); });
app.get('/end-big', c, (req, res) => { res.setHeader('Content-Type', 'text/plain'); res.end(big); });
app.get('/end-empty', c, (req, res) => { res.setHeader('Content-Type', 'text/plain'); res.end(); });
app.get('/length-small', c, (req, res) => { res.setHeader('Content-Type', 'text/plain'); res.setHeader('Content-Length', '10'); res.end('0123456789'); });
app.get('/write-head', c, (req, res) => { res.writeHead(200, { 'Content-Type': 'text/html', 'X-Head': 'yes' }); res.end(big); });
app.get('/write-head-status', c, (req, res) => { res.writeHead(202, 'Taken', { 'Content-Type': 'text/css' }); res.write(big); res.end(); });
app.get('/flush', c, (req, res) => {
  res.setHeader('Content-Type', 'text/event-stream');
  res.write('data: one\n\n'); res.flush();
  res.write('data: two\n\n'); res.flush();
  res.end();
});
app.get('/flush-after', c, (req, res) => { res.setHeader('Content-Type', 'text/plain'); res.write(big); res.end(); res.flush(); });
app.get('/write-after-end', c, (req, res) => { res.setHeader('Content-Type', 'text/plain'); res.write(big); res.end(); res.write('more'); });

const t2k = compression({ threshold: '2kb' });
app.get('/t2k/under', t2k, (req, res) => { res.send('y'.repeat(2047)); });
app.get('/t2k/over', t2k, (req, res) => { res.send('y'.repeat(2048)); });
const t0 = compression({ threshold: 0 });
app.get('/t0', t0, (req, res) => { res.send('z'); });
app.get('/t0/empty', t0, (req, res) => { res.send(''); });
const tbad = compression({ threshold: 'lots' });
app.get('/tbad', tbad, (req, res) => { res.send('w'.repeat(1023)); });
const tnum = compression({ threshold: 100 });
app.get('/tnum', tnum, (req, res) => { res.send('v'.repeat(100)); });
const filtered = compression({ filter: noFilter });
app.get('/filter', filtered, (req, res) => { res.send(big); });
const all = compression({ filter: () => true });
app.get('/filter-all', all, (req, res) => { res.type('png').send(Buffer.from(big)); });
const enforce = compression({ enforceEncoding: 'gzip' });
app.get('/enforce', enforce, (req, res) => { res.send(big); });
const enforceBad = compression({ enforceEncoding: 'zstd' });
app.get('/enforce-bad', enforceBad, (req, res) => { res.send(big); });
const tuned = compression({ level: 9, memLevel: 9, windowBits: 12, chunkSize: 1024, brotli: { params: { [require('zlib').constants.BROTLI_PARAM_QUALITY]: 11 } } });
app.get('/tuned', tuned, (req, res) => { res.send(big + big + big); });
const synced = compression({ flush: require('zlib').constants.Z_SYNC_FLUSH });
app.get('/synced', synced, (req, res) => { res.setHeader('Content-Type', 'text/plain'); res.write(big); res.write(big); res.end(); });

app.use('/files', c, express.static('public'));

app.listen(Number(process.env.PORT), '127.0.0.1', () => { console.log('listening'); });
