// for await over process.stdin: totals only (how the bytes are cut into chunks differs
// between runtimes and runs), then the stream's state after the loop.
async function main() {
  let bytes = 0, chunks = 0, lines = 0, sum = 0;
  for await (const chunk of process.stdin) {
    chunks++;
    bytes += chunk.length;
    for (const b of chunk) { sum = (sum + b) % 65521; if (b === 10) lines++; }
  }
  console.log('bytes', bytes, 'lines', lines, 'sum', sum, 'several chunks', chunks > 1);
  console.log('ended', process.stdin.readableEnded);
}
main().then(() => console.log('main resolved'));
