// for await over process.stdin: totals only (how the bytes are cut into chunks differs
// between runtimes and runs), then the stream's state after the loop.
#include <nodecc/nodecc.h>

using namespace nodecc;

Promise<> main2() {
  long bytes = 0, chunks = 0, lines = 0, sum = 0;
  for (auto it = process::stdin().iterate(); auto chunk = co_await it.next();) {
    chunks++;
    bytes += long(chunk->length());
    for (uint8_t b : chunk->view()) { sum = (sum + b) % 65521; if (b == 10) lines++; }
  }
  console.log("bytes", bytes, "lines", lines, "sum", sum, "several chunks", chunks > 1);
  console.log("ended", process::stdin().readableEnded());
}
int main() { main2().then([] { console.log("main resolved"); }); return run(); }
