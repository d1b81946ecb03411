// The oracle for compat.url: for each case of inputs.txt prints one JSON line with what Node's
// url, URL, URLSearchParams and querystring make of it. url_oracle.cc prints the same lines
// from nodecc; run_pair.py compares the two outputs.
//
// inputs.txt: one case per line, fields separated by TAB; '#' starts a comment line.
//   INPUT [BASE]                          parse INPUT (against BASE) every way
//   @set HREF PROP VALUE                  new URL(HREF), then u[PROP] = VALUE
//   @params HREF OP [NAME [VALUE]]        new URL(HREF).searchParams.OP(NAME, VALUE)
// Escapes inside a field: \t \n \r \\ \xHH and \u{H...} (a code point), \E (nothing: an empty
// field). Cases listed in exceptions.txt print {"excepted": LINE} instead.
'use strict';
const fs = require('fs');
const url = require('url');
const querystring = require('querystring');

function unescapeField(s) {
  return s.replace(/\\(t|n|r|\\|E|x([0-9A-Fa-f]{2})|u\{([0-9A-Fa-f]+)\})/g, (m, e, x, u) => {
    if (e === 't') return '\t';
    if (e === 'n') return '\n';
    if (e === 'r') return '\r';
    if (e === '\\') return '\\';
    if (e === 'E') return '';
    if (x !== undefined) return String.fromCodePoint(parseInt(x, 16));
    return String.fromCodePoint(parseInt(u, 16));
  });
}

function readCases(file) {
  return fs.readFileSync(file, 'utf8').split('\n')
    .filter((l) => l.length > 0 && !l.startsWith('#'));
}

function errorOf(e) {
  return { error: e.code || e.name };
}

function legacyFields(u) {
  return {
    protocol: u.protocol, slashes: u.slashes, auth: u.auth, host: u.host, port: u.port,
    hostname: u.hostname, hash: u.hash, search: u.search, query: u.query,
    pathname: u.pathname, path: u.path, href: u.href,
  };
}

function whatwgFields(u) {
  return {
    href: u.href, origin: u.origin, protocol: u.protocol, username: u.username,
    password: u.password, host: u.host, hostname: u.hostname, port: u.port,
    pathname: u.pathname, search: u.search, hash: u.hash,
    searchParams: u.searchParams.toString(),
  };
}

function attempt(f) {
  try {
    return f();
  } catch (e) {
    return errorOf(e);
  }
}

// The query part of an input: after the first '?' up to '#', else the whole input.
function queryPart(input) {
  const q = input.indexOf('?');
  if (q === -1) return input;
  const h = input.indexOf('#', q);
  return h === -1 ? input.slice(q + 1) : input.slice(q + 1, h);
}

function parseCase(input, base) {
  const out = { input };
  if (base !== undefined) out.base = base;
  out.legacy = attempt(() => {
    const r = legacyFields(url.parse(input, true));
    r.rawQuery = url.parse(input).query;
    r.slashesHref = url.parse(input, false, true).href;
    return r;
  });
  if (base !== undefined) out.resolve = attempt(() => url.resolve(base, input));
  out.canParse = base === undefined ? URL.canParse(input) : URL.canParse(input, base);
  out.whatwg = attempt(() => {
    const u = new URL(input, base);
    const r = whatwgFields(u);
    r.format = url.format(u, { fragment: false, search: false, auth: false, unicode: true });
    return r;
  });
  const qs = queryPart(input);
  const p = new URLSearchParams(qs);
  out.params = { entries: [...p], size: p.size, str: p.toString() };
  const first = p.size > 0 ? [...p.keys()][0] : 'none';
  out.params.lookup = [first, p.get(first), p.getAll(first), p.has(first),
    p.get('no such name'), p.getAll('no such name'), p.has('no such name')];
  p.sort();
  out.params.sorted = p.toString();
  const parsed = querystring.parse(qs);
  out.qs = {
    parse: parsed,
    stringify: querystring.stringify(parsed),
    escape: querystring.escape(input),
    unescape: querystring.unescape(input),
  };
  out.domain = { ascii: url.domainToASCII(input), unicode: url.domainToUnicode(input) };
  return out;
}

function setCase(href, prop, value) {
  const out = { set: [href, prop, value] };
  out.result = attempt(() => {
    const u = new URL(href);
    u[prop] = value;
    return whatwgFields(u);
  });
  return out;
}

function paramsCase(href, op, name, value) {
  const out = { params: [href, op, name === undefined ? null : name,
    value === undefined ? null : value] };
  out.result = attempt(() => {
    const u = new URL(href);
    const p = u.searchParams;
    if (op === 'append' || op === 'set') p[op](name, value);
    else if (op === 'delete') (value === undefined ? p.delete(name) : p.delete(name, value));
    else if (op === 'sort') p.sort();
    else if (op === 'search') u.search = name;
    return { href: u.href, search: u.search, params: p.toString(), size: p.size };
  });
  return out;
}

const dir = process.argv[2] || __dirname;
const excepted = new Set(readCases(`${dir}/exceptions.txt`));
const lines = readCases(`${dir}/inputs.txt`);
let count = 0;
for (const line of lines) {
  count++;
  let out;
  if (excepted.has(line)) {
    out = { excepted: line };
  } else {
    const f = line.split('\t').map(unescapeField);
    if (f[0] === '@set') out = setCase(f[1], f[2], f[3]);
    else if (f[0] === '@params') out = paramsCase(f[1], f[2], f[3], f[4]);
    else out = parseCase(f[0], f[1]);
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
process.stdout.write(JSON.stringify({ summary: { cases: count, excepted: excepted.size } }) + '\n');
