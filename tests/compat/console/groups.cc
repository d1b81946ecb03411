// console.group / groupCollapsed / groupEnd: the indentation of every following line, multi-
// line output included, on both streams.
#include <nodecc/nodecc.h>
using namespace nodecc;
using util::Object;

int main() {
  console.group("Group A");
  console.log("inside A");
  console.error("error inside A\nsecond line");
  console.group();
  console.info(Object{{"a", 1}, {"b", std::vector{1, 2}}, {"c", "a long enough string to need more than one line when nested in here"}});
  console.groupCollapsed("collapsed %s", "C");
  console.warn(std::vector{"x", "y"});
  console.groupEnd();
  console.groupEnd();
  console.log("back in A");
  console.groupEnd();
  console.groupEnd();
  console.log("out of every group");
  std::string captured;
  auto sink = [&captured](std::string_view chunk) { captured += chunk; };
  Console custom({.stdout = sink, .groupIndentation = 4});
  custom.group("custom");
  custom.log("four spaces");
  custom.groupEnd();
  custom.log("done");
  console.log(util::format("%j", captured));
}
