// Intervals of equal delay share one list, so they alternate in the order they were set; each
// re-arms from the moment its callback started. clearInterval from inside its own callback
// stops it for good.
let a = 0;
let b = 0;
const ia = setInterval(() => {
  a++;
  console.log(`a ${a}`);
  if (a === 3) {
    clearInterval(ia);
    console.log('a cleared');
  }
}, 10);
const ib = setInterval((label) => {
  b++;
  console.log(`${label} ${b}`);
  if (b === 5) clearInterval(ib);
}, 10, 'b');
process.on('exit', (code) => console.log(`exit ${code} a=${a} b=${b}`));
