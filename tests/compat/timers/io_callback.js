// Inside an I/O callback (fs.readFile's, which completes in the poll phase) setImmediate always
// beats setTimeout(0): the check phase follows the poll phase before the loop wraps around to
// the timers. The order holds however long the read took. The second read starts from the
// timer so that its completion cannot race with it.
const fs = require('fs');

fs.readFile('io_callback.js', (err, data) => {
  console.log(`read ${err === null} ${data.length > 0}`);
  setTimeout(() => {
    console.log('io -> timeout 0');
    fs.readFile('missing-file.txt', (err2) => {
      console.log(`missing ${err2.code} ${err2.syscall}`);
      setTimeout(() => console.log('io 2 -> timeout 0'), 0);
      setImmediate(() => console.log('io 2 -> immediate'));
    });
  }, 0);
  setImmediate(() => {
    console.log('io -> immediate');
    process.nextTick(() => console.log('io -> immediate -> tick'));
  });
  process.nextTick(() => console.log('io -> tick'));
  Promise.resolve().then(() => console.log('io -> promise'));
});
console.log('main done');
