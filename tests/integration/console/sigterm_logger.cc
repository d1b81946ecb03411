// Logs a line to stdout, then READY to stderr, then idles until a signal ends it.
// With --printf it logs through stdio's buffer instead (the control case: that line is lost).
#include <nodecc/nodecc.h>

#include <cstdio>
#include <cstring>
using namespace nodecc;

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--printf") == 0) {
    std::printf("line one %d of %s\n", 1, "the log");
    std::printf("{ request: 'GET /', status: 200 }\n");
  } else {
    console.log("line one %d of %s", 1, "the log");
    console.log(util::Object{{"request", "GET /"}, {"status", 200}});
  }
  console.error("READY");
  setInterval([] {}, 1000);
  return nodecc::run();
}
