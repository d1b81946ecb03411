// util.inspect of Errors (nodecc's have no stack: Node prints such an error as [Error: msg])
// and Buffers (<Buffer ..>, 50 bytes at most).
#include <nodecc/nodecc.h>
using namespace nodecc;
using util::Object;

int main() {
  Error plain("boom");
  console.log(plain);
  console.log(std::vector{plain}, Object{{"e", plain}}, Object{{"a", Object{{"b", Object{{"c", Object{{"plain", plain}}}}}}}});
  Error empty("");
  console.log(empty, TypeError("", "bad type"), RangeError("", "out"));
  Error sys;
  try { fs::readFileSync("does-not-exist.txt"); } catch (const Error& e) { sys = e; }
  console.log(sys);
  console.log(Object{{"err", sys}});
  console.log(util::inspect(sys, {.showHidden = true}));
  console.log(util::inspect(plain, {.showHidden = true}));
  console.log(util::inspect(Object{{"a", Object{{"b", Object{{"c", Object{{"sys", sys}}}}}}}}));
  console.log(util::inspect(Object{{"a", Object{{"b", Object{{"sys", sys}}}}}}, {.depth = 1}));
  Error multi("first line\nsecond line");
  console.log(Object{{"nested", Object{{"multi", multi}}}});
  console.log(util::format("%s|%j", plain, sys));
  console.log(Buffer::from("hello"), Buffer::alloc(0), std::vector{Buffer::from(std::vector<uint8_t>{0, 255, 16})});
  console.log(Buffer::from("hello world, this is a long buffer with more than fifty bytes in it"));
  console.log(Buffer::alloc(51), Object{{"a", Object{{"b", Object{{"c", Object{{"d", Buffer::from("deep")}}}}}}}});
  console.log(util::format("%s|%j|%o", Buffer::from("hi"), Buffer::from("hi"), Buffer::from("hi")));
  // err.cause: shown as [cause] after the own keys, never in JSON.
  Error caused("outer");
  caused.cause = std::make_shared<const Error>(TypeError("", "inner"));
  console.log(caused);
  console.log(std::vector{caused}, Object{{"deep", Object{{"deeper", Object{{"caused", caused}}}}}});
  Error withFields("with fields");
  withFields.cause = std::make_shared<const Error>(sys);
  Error chain("chain");
  chain.cause = std::make_shared<const Error>(caused);
  console.log(withFields.toString(), chain);
  console.log(util::format("%j", caused));
}
