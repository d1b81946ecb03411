// zlib_tool.js: Node's side of test_interop.py, zlib_tool.cc's twin.
//   node zlib_tool.js MODE [LEVEL] < in > out
//   node zlib_tool.js batch JOBS       each line of JOBS: "MODE LEVEL|- IN OUT"
// A failure writes "String(err) code errno" (to stdout, or as OUT) and, alone, exits 1.
const fs = require('fs');
const zlib = require('zlib');

function convert(mode, level, input) {
  const o = level === undefined ? {} : { level };
  const b = level === undefined ? {} : { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level } };
  try {
    const fn = zlib[mode + 'Sync'];
    if (!fn) return [false, `unknown mode ${mode}\n`];
    const compressing = ['gzip', 'deflate', 'deflateRaw'].includes(mode);
    const options = mode === 'brotliCompress' ? b : compressing ? o : {};
    return [true, fn(input, options)];
  } catch (e) {
    return [false, `${String(e)} ${e.code} ${e.errno === undefined ? 0 : e.errno}\n`];
  }
}

const [mode, arg] = process.argv.slice(2);
if (mode === 'batch') {
  for (const line of fs.readFileSync(arg, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const [m, level, input, output] = line.split(' ');
    const [, result] = convert(m, level === '-' ? undefined : Number(level), fs.readFileSync(input));
    fs.writeFileSync(output, result);
  }
} else {
  const [ok, result] = convert(mode, arg === undefined ? undefined : Number(arg), fs.readFileSync(0));
  process.stdout.write(result);
  if (!ok) process.exitCode = 1;
}
