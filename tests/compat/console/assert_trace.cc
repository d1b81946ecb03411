// console.assert, console.count / countReset and console.trace (nodecc prints no stack
// frames: the pair prints the first line of what each writes).
#include <nodecc/nodecc.h>
using namespace nodecc;
using util::Object;

int main() {
  console.assert_(true, "never printed");
  console.assert_(false, "failed %s", "formatted", 42);
  console.assert_(false);
  console.assert_(false, Object{{"an", "object"}});
  console.assert_(false, std::vector{1, 2}, "rest");
  console.assert_(0 == 1, 3.5);
  console.count();
  console.count("x");
  console.count();
  console.countReset();
  console.count();
  console.count("x");
  console.countReset("x");
  console.count("x");
  std::string captured;
  auto sink = [&captured](std::string_view chunk) { captured += chunk; };
  Console traced({.stdout = sink, .stderr = sink});
  traced.trace("trace %s", "message", Object{{"at", 1}});
  traced.trace();
  size_t start = 0;
  while (start <= captured.size()) {
    size_t nl = captured.find('\n', start);
    std::string line = captured.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    if (!line.starts_with("    at ")) console.log(util::format("%j", line));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
}
