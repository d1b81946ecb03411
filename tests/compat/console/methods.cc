// console's printing methods: which stream each writes to (stderr is merged into stdout by the
// test, as 2>&1), util.format semantics, and one line per call.
#include <nodecc/nodecc.h>

#include <map>
using namespace nodecc;
using util::Object;

int main() {
  console.log("log %s %d", "req", 42, Object{{"extra", true}});
  console.info("info", std::vector{1, 2});
  console.debug("debug");
  console.warn("warn %o", "x");
  console.error("error", std::map<std::string, std::string>{{"k", "v"}});
  console.dirxml("dirxml", 1);
  console.log();
  console.log("");
  console.log("multi\nline", "value");
  console.error("%s|%j", "a", Object{{"b", 1}});
  console.dir(Object{{"a", Object{{"b", Object{{"c", Object{{"d", 1}}}}}}}});
  console.dir(Object{{"a", Object{{"b", Object{{"c", Object{{"d", 1}}}}}}}}, {.depth = 0});
  console.dir("string", {.colors = false});
  console.log("%c styled %c", "color: red", "font-weight: bold");
  console.log(nullptr, undefined, true, 1.5, -0.0, BigInt{10});
  console.log(std::vector{std::tuple("nested", std::vector{"arrays"})}, Object{{"deep", Object{{"er", Object{{"still", Object{{"hidden", 1}}}}}}}});
}
