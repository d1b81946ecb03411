// process.argv's indices: the program is argv[0] and argv[1], the arguments start at argv[2]
// (run_pair.py passes the same arguments to both programs: see CMakeLists.txt).
const path = require('path');

console.log('length', process.argv.length);
console.log('argv[0] absolute', path.isAbsolute(process.argv[0]), process.argv[0] === process.execPath);
console.log('argv[1] absolute', path.isAbsolute(process.argv[1]));
console.log('argv[2]', JSON.stringify(process.argv[2]));
const args = process.argv.slice(2);
console.log('args', JSON.stringify(args));
const dir = args.indexOf('--dir') >= 0 ? args[args.indexOf('--dir') + 1] : '.';
console.log('dir', dir);
console.log('argv0 is a name', process.argv0.length > 0);
