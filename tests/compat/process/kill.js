// process.kill: Node's errors, signal 0, and a signal sent to the process itself.
const log = (...a) => console.log(a.join(' '));
try { process.kill(2147483647); } catch (e) { log(e.name, e.message, e.code, e.errno, e.syscall); }
try { process.kill(2147483647, 'SIGKILL'); } catch (e) { log(e.message, e.code); }
try { process.kill(process.pid, 'SIGFOO'); } catch (e) { log(e.name, e.message, e.code); }
log('exists', process.kill(process.pid, 0));
process.on('SIGUSR2', (sig) => { log('got', sig); process.exit(0); });
log('sent', process.kill(process.pid, 'SIGUSR2'));
setTimeout(() => log('no signal'), 5000);
