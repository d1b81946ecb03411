// The oracle of tls_client_driver.cc: the same arguments, the same lines.
const https = require('https');
const fs = require('fs');

const argv = process.argv;
const url = argv[2];
function arg(name, fallback = '') {
  const i = argv.indexOf(name, 3);
  return i > 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
}
const flag = (name) => argv.indexOf(name, 3) > 0;
const firstLine = (s) => s.split('\n')[0];

async function viaFetch() {
  try {
    const res = await fetch(url);
    const body = await res.text();
    console.log(`status ${res.status} ${firstLine(body)}`);
  } catch (e) {
    const c = e.cause || e;
    console.log(`error ${c.code} ${c.message}`);
  }
}

async function viaRequest(o, count) {
  let resumed = 0;
  for (let i = 0; i < count; ++i) {
    await new Promise((resolve) => {
      const req = https.get(url, o, (res) => {
        if (res.socket.isSessionReused()) ++resumed;
        let body = '';
        res.on('data', (chunk) => { body += chunk; });
        res.on('end', () => console.log(`status ${res.statusCode} ${firstLine(body)}`));
        res.on('close', resolve);
      });
      req.on('error', (e) => {
        console.log(`error ${e.code} ${e.message}`);
        resolve();
      });
    });
    if (count > 1) https.globalAgent.destroy();
  }
  if (count > 1) console.log(`resumed ${resumed}`);
}

const o = {};
if (arg('--ca')) o.ca = [fs.readFileSync(arg('--ca'), 'utf8')];
if (arg('--cert')) {
  o.cert = [fs.readFileSync(arg('--cert'), 'utf8')];
  o.key = [fs.readFileSync(arg('--key'), 'utf8')];
}
o.rejectUnauthorized = !flag('--insecure');
if (arg('--servername')) o.servername = arg('--servername');
const count = Number(arg('--count', '1'));
(flag('--fetch') ? viaFetch() : viaRequest(o, count)).then(() => https.globalAgent.destroy());
