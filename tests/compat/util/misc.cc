// util.styleText, stripVTControlCharacters, getSystemErrorName, toUSVString, types, and
// debuglog when NODE_DEBUG does not name the section.
#include <nodecc/nodecc.h>

#include <map>
#include <set>
using namespace nodecc;

int main() {
  console.log(util::format("%j", util::styleText({"bold", "red"}, "x")));
  console.log(util::format("%j", util::styleText({"bgBlue", "italic", "underline"}, "y")));
  try { util::styleText({"nope"}, "x"); } catch (const Error& e) { console.log(e.name, e.code, e.message.substr(0, 60)); }
  console.log(util::format("%j", util::stripVTControlCharacters("\x1b[31mred\x1b[39m \x1b]8;;http://x\x07link\x1b]8;;\x07 \x1b[1;2Hplain")));
  console.log(util::getSystemErrorName(-2), util::getSystemErrorName(-13), util::getSystemErrorName(-104));
  console.log(util::types::isMap(std::map<int, int>()), util::types::isSet(std::set<int>()), util::types::isMap(std::vector<int>()));
  console.log(util::types::isNativeError(Error("x")), util::types::isPromise(Promise<>::resolve()), util::types::isUint8Array(Buffer::alloc(1)));
  auto debug = util::debuglog("nodecc-test-section");
  debug("never printed %d", 1);
  console.log("debuglog enabled:", debug.enabled());
}
