// A program that reads process.stdin (a pipe) line by line and prints each line numbered and
// uppercased, then the totals; an interval ticks while it reads, so that its trace interleaves
// stdin's reads with timers. test_stdin_replay.py records it and replays the trace.
#include <nodecc/nodecc.h>

#include <cctype>

using namespace nodecc;

int main() {
  auto& rl = readline::createInterface({.input = &process::stdin()});
  int lines = 0;
  int ticks = 0;
  size_t bytes = 0;
  process::stdin().on("data", [&](const Buffer& chunk) { bytes += chunk.length(); });
  Timeout ticker = setInterval([&] { ticks++; }, 10);
  rl.on("line", [&](const std::string& line) {
    std::string upper = line;
    for (char& c : upper) {
      c = char(std::toupper(static_cast<unsigned char>(c)));
    }
    console.log(++lines, upper);
  });
  rl.on("close", [&] {
    clearInterval(ticker);
    console.log("lines", lines, "bytes", bytes, "ticks", ticks);
  });
  return run();
}
