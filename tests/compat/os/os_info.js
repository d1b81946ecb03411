// What os reports that is the same for Node and nodecc on one machine: names, uname, memory
// size, users, the loopback interface, tmpdir's and homedir's rules, the constants; for what
// moves (free memory, load, uptime, CPU times) only its shape.
const os = require('os');

console.log('hostname', JSON.stringify(os.hostname()));
console.log('EOL', JSON.stringify(os.EOL), 'devNull', os.devNull);
console.log('platform', os.platform(), 'arch', os.arch(), 'endianness', os.endianness());
console.log('type', os.type(), 'release', os.release(), 'machine', os.machine());
console.log('version', JSON.stringify(os.version()));
console.log('totalmem', os.totalmem());
const free = os.freemem();
console.log('freemem', free > 0 && free <= os.totalmem());
console.log('availableParallelism', os.availableParallelism());

const cpus = os.cpus();
console.log('cpus', cpus.length);
for (const cpu of cpus) {
  console.log(' ', JSON.stringify(cpu.model), typeof cpu.speed, Object.keys(cpu.times).join(','), cpu.times.user + cpu.times.idle > 0);
}

const load = os.loadavg();
console.log('loadavg', load.length, load.every((x) => x >= 0));
const up = os.uptime();
console.log('uptime', up > 0);

const lo = os.networkInterfaces().lo || [];
console.log('lo', lo.length);
for (const a of lo) {
  console.log(' ', a.address, a.netmask, a.family, a.mac, a.internal, a.cidr, a.scopeid === undefined ? 'no scopeid' : a.scopeid);
}
console.log('no such interface', os.networkInterfaces()['nodecc-none'] === undefined);

const user = os.userInfo();
console.log('userInfo', user.uid, user.gid, user.username, user.homedir, user.shell);

const saved = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP, HOME: process.env.HOME };
delete process.env.TMPDIR; delete process.env.TMP; delete process.env.TEMP;
console.log('tmpdir none', os.tmpdir());
process.env.TEMP = '/temp/';
console.log('tmpdir TEMP', os.tmpdir());
process.env.TMP = '/tmp2//';
console.log('tmpdir TMP', os.tmpdir());
process.env.TMPDIR = '/';
console.log('tmpdir TMPDIR /', os.tmpdir());
process.env.TMPDIR = '';
console.log('tmpdir TMPDIR empty', os.tmpdir());
process.env.TMPDIR = '/var/tmp/';
console.log('tmpdir TMPDIR', os.tmpdir());
process.env.HOME = '/home/someone';
console.log('homedir HOME', os.homedir());
delete process.env.HOME;
console.log('homedir passwd', os.homedir());
for (const [k, v] of Object.entries(saved)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }

console.log('signals', Object.keys(os.constants.signals).length, os.constants.signals.SIGINT, os.constants.signals.SIGTERM, os.constants.signals.SIGKILL);
console.log('errno', Object.keys(os.constants.errno).length, os.constants.errno.ENOENT, os.constants.errno.EADDRINUSE);
console.log('priority', JSON.stringify(os.constants.priority));
console.log('dlopen', os.constants.dlopen.RTLD_NOW);
console.log('getPriority', os.getPriority(), os.getPriority(0));
