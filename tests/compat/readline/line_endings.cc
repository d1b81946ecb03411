// Line endings: "\n", "\r\n", a lone "\r", "\r" at the end of one chunk and "\n" at the start
// of the next (one line end), empty lines, and a last line without a newline (emitted at the
// input's end, before 'close').
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;

std::string json(const std::string& s) { std::string o = "\""; for (char c : s) { if (c == '\r') o += "\\r"; else if (c == '\n') o += "\\n"; else o += c; } return o + "\""; }
int main() {
  std::vector<std::string> chunks = {"one\ntwo\r\nthree\rfour\r", "\nfive\n\n\r\nsix", " and more\r", "seven"};
  stream::Readable input({.read = [](stream::Readable&, size_t) {}});
  auto& rl = readline::createInterface({.input = &input});
  rl.on("line", [](const std::string& line) { std::printf("line %s\n", json(line).c_str()); });
  rl.on("close", [&rl] { std::printf("close %s\n", rl.closed ? "true" : "false"); });
  input.on("end", [] { std::printf("input end\n"); });
  size_t i = 0;
  UniqueFunction<void()> feed;
  feed = [&] { if (i < chunks.size()) { input.push(chunks[i++]); setImmediate([&feed] { feed(); }); } else input.push(nullptr); };
  feed();
  return run();
}
