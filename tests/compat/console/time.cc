// console.time / timeLog / timeEnd: the line each prints (durations masked: they vary), and
// the warnings for unknown and repeated labels (printed to stderr, not compared).
#include <nodecc/nodecc.h>

#include <regex>
using namespace nodecc;
using util::Object;

int main() {
  std::string captured;
  auto sink = [&captured](std::string_view chunk) { captured += chunk; };
  Console c({.stdout = sink});
  auto busy = [](int ms) { auto end = process::hrtime.bigint() + uint64_t(ms) * 1000000; while (process::hrtime.bigint() < end); };

  c.time();
  c.time("task");
  busy(2);
  c.timeLog("task", "checkpoint", Object{{"step", 1}});
  c.timeLog();
  c.timeEnd("task");
  c.timeEnd();
  c.timeEnd("task");
  c.timeLog("never started");
  c.time("again");
  c.time("again");
  c.timeEnd("again");
  console.log(std::regex_replace(captured, std::regex(R"(\d+(\.\d+)?(ms|s))"), "N$2"));
  return nodecc::run();
}
