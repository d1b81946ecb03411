// readline over process.stdin: CRLF, LF, a lone CR, an empty line and a last line without a
// newline (emitted at stdin's end, before 'close').
#include <nodecc/nodecc.h>

using namespace nodecc;

int main() {
  auto json = [](const std::string& s) { return JSON::stringify(s); };
  auto& rl = readline::createInterface({.input = &process::stdin()});
  int count = 0;
  rl.on("line", [&](const std::string& line) { count++; console.log("line", json(line)); });
  rl.on("close", [&] { console.log("close", count, "lines"); });
  process::stdin().on("end", [] { console.log("stdin end"); });
  return run();
}
