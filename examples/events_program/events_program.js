// A job queue on an EventEmitter: 'job', 'done', 'error', 'idle' and 'close' events, once,
// removeListener and listenerCount, and a graceful shutdown on SIGINT: the jobs queued by then
// finish, the queue closes, and the process exits with 130 (128 + SIGINT).
// node events_program.js   (then Ctrl-C)
const { EventEmitter } = require('events');
const { setTimeout: sleep } = require('timers/promises');

class JobQueue extends EventEmitter {
  constructor() {
    super();
    this.jobs = [];
    this.busy = false;
    this.closing = false;
  }

  push(job) {
    if (this.closing) {
      this.emit('rejected', job);
      return false;
    }
    this.jobs.push(job);
    this.emit('job', job);
    this.run();
    return true;
  }

  // Runs the jobs one at a time; 'idle' when none is left, 'close' after close().
  async run() {
    if (this.busy) return;
    this.busy = true;
    while (this.jobs.length > 0) {
      const job = this.jobs.shift();
      try {
        const result = await work(job);
        this.emit('done', job, result);
      } catch (err) {
        this.emit('error', err, job);
      }
    }
    this.busy = false;
    this.emit('idle');
    if (this.closing) this.emit('close');
  }

  close() {
    this.closing = true;
    if (!this.busy) this.emit('close');
  }
}

async function work(job) {
  await sleep(job.ms);
  if (job.name.startsWith('bad')) {
    throw new Error(`cannot process ${job.name}`);
  }
  return job.name.toUpperCase();
}

const queue = new JobQueue();
let nextId = 1;
const add = (name, ms) => queue.push({ id: nextId++, name, ms });

const onJob = (job) => console.log(`queued #${job.id} ${job.name}`);
queue.on('job', onJob);
queue.on('done', (job, result) => console.log(`done #${job.id} -> ${result}`));
queue.on('error', (err, job) => console.log(`error #${job.id}: ${err.message}`));
queue.once('done', (job) => console.log(`first done: #${job.id}`));
queue.on('rejected', (job) => console.log(`rejected #${job.id} ${job.name}: queue closing`));
console.log('listeners: job=%d done=%d error=%d', queue.listenerCount('job'), queue.listenerCount('done'), queue.listenerCount('error'));

try {
  new EventEmitter().emit('error', new Error('nobody listens'));
} catch (err) {
  console.log(`unhandled 'error' event throws: ${err.message}`);
}

add('resize', 20);
add('bad-upload', 10);
add('thumbnail', 5);
queue.once('idle', () => {
  queue.removeListener('job', onJob);
  console.log('first batch idle; listeners: job=%d done=%d', queue.listenerCount('job'), queue.listenerCount('done'));
  const keepAlive = setInterval(() => {}, 1000);
  process.once('SIGINT', (signal) => {
    console.log(`${signal}: finishing queued jobs`);
    add('flush-cache', 15);
    add('bad-report', 5);
    queue.close();
    add('late', 1);
    queue.once('close', () => {
      console.log(`queue closed (${queue.jobs.length} left)`);
      clearInterval(keepAlive);
      process.exitCode = 130;
    });
  });
  console.log('READY (SIGINT to stop)');
});

process.on('exit', (code) => console.log(`exit ${code}`));
