// for await (const line of rl) over a file read with fs.createReadStream: every line (CRLF
// and a missing final newline included), then the loop ends at 'close'; the file is removed.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;

Promise<> main2() {
  std::string dir = fs::mkdtempSync("/tmp/nodecc-readline-");
  std::string file = dir + "/lines.txt";
  std::string text;
  for (int i = 0; i < 2000; i++) { text += "line "; text += std::to_string(i); text += (i % 3 == 0 ? "\r\n" : "\n"); }
  fs::writeFileSync(file, text + "no newline at the end");
  auto& rl = readline::createInterface({.input = &fs::createReadStream(file, {.highWaterMark = 1000})});
  int count = 0, crs = 0;
  std::string last;
  rl.on("close", [] { std::printf("close event\n"); });
  for (auto it = rl.iterate(); auto line = co_await it.next();) {
    count++;
    last = *line;
    if (line->find('\r') != std::string::npos) crs++;
  }
  std::printf("lines %d last \"%s\" with \\r %d\n", count, last.c_str(), crs);
  fs::rmSync(dir, {.recursive = true});
}
int main() { main2().then([] { std::printf("done\n"); }); return run(); }
