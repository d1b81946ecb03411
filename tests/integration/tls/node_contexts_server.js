// The twin of tls_contexts_server.cc under Node (test_contexts.py compares them): the same
// arguments, the same answers.
//   node node_contexts_server.js --kind https|tls --cert F --key F [--context NAME CERT KEY]...
//        [--secure-context NAME CERT KEY]... [--sni-callback NAME CERT KEY]
//        [--new-cert F --new-key F] [--bad-key F]
const fs = require('fs');
const https = require('https');
const tls = require('tls');

const argv = process.argv;
function arg(name) {
  const i = argv.indexOf(name);
  return i > 0 && i + 1 < argv.length ? argv[i + 1] : '';
}
function triples(flag) {
  const out = [];
  for (let i = 2; i + 3 < argv.length; i++) {
    if (argv[i] === flag) {
      out.push({ name: argv[i + 1], options: { cert: fs.readFileSync(argv[i + 2], 'utf8'), key: fs.readFileSync(argv[i + 3], 'utf8') } });
    }
  }
  return out;
}

function answer(server, what, servername) {
  if (what !== 'set' && what !== 'set-bad' && what !== 'set-garbage') {
    return `hello ${servername || '-'}`;
  }
  const o = {
    cert: fs.readFileSync(arg('--new-cert'), 'utf8'),
    key: what === 'set' ? fs.readFileSync(arg('--new-key'), 'utf8')
      : what === 'set-bad' ? fs.readFileSync(arg('--bad-key'), 'utf8') : 'nope',
  };
  try {
    server.setSecureContext(o);
    return 'set ok';
  } catch (e) {
    return `error ${e.code} ${e.message}`;
  }
}

function configure(server) {
  for (const n of triples('--context')) server.addContext(n.name, n.options);
  for (const n of triples('--secure-context')) server.addContext(n.name, tls.createSecureContext(n.options));
  server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
}

const o = {
  key: fs.readFileSync(arg('--key'), 'utf8'),
  cert: fs.readFileSync(arg('--cert'), 'utf8'),
};
const sni = triples('--sni-callback');
if (sni.length) {
  const chosen = tls.createSecureContext(sni[0].options);
  o.SNICallback = (servername, cb) => cb(null, servername === sni[0].name ? chosen : undefined);
}

try {
  if (arg('--kind') === 'tls') {
    const server = tls.createServer(o, (socket) => {
      socket.once('data', (chunk) => {
        const line = chunk.toString().split(/[\r\n]/)[0];
        socket.end(answer(server, line, socket.servername) + '\n');
      });
    });
    configure(server);
  } else {
    const server = https.createServer(o, (req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.end(answer(server, req.url.slice(1), req.socket.servername) + '\n');
    });
    configure(server);
  }
} catch (e) {
  console.log(`error ${e.code} ${e.message}`);
  process.exit(1);
}
