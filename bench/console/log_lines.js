// console.log of a formatted line, N times: the console benchmark's Node side (run.py).
const n = process.argv.length > 2 ? Number(process.argv[2]) : 1000000;
for (let i = 0; i < n; i++) {
  console.log('%s %d', 'req', 42);
}
