// process.stdout.write and process.stderr.write: return values, callbacks (after the current
// operation, in order), partial lines, and what a pipe is (not a terminal). stderr is merged.
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  console.log("isTTY", process::stdout.isTTY, process::stderr.isTTY);
  console.log("write returns", process::stdout.write("partial "));
  process::stdout.write("line\n");
  process::stderr.write("to stderr\n");
  process::stdout.write("with callback\n", [](Error* err) { console.log("callback 1", err ? util::inspect(*err) : "null"); });
  process::stderr.write("stderr with callback\n", [](Error* err) { console.log("callback 2", err ? util::inspect(*err) : "null"); });
  process::nextTick([] { console.log("nextTick"); });
  Promise<>::resolve().then([] { console.log("microtask"); });
  process::stdout.write("");
  process::stdout.write("héllo 日本 😀\n");
  console.log("sync end");
  return nodecc::run();
}
