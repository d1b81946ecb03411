// JSON.parse's SyntaxError messages, as V8 words them in Node 20: the fixed templates with a
// position (in UTF-16 code units), and "Unexpected token" with the text around it.
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  const std::vector<std::string> inputs = {"", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{\"a\":1,\"b\" 2}", "{\"a\":1,\"b\"}", "[1 2]", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\u12g4\"", "\"\\", "nul", "tru", "nulL", "-", "-a", "01", "-01", "1.", "1e", "1e+", "NaN", "undefined", "Infinity", "[object Object]", "{\"a\":1}x", "[1]]", "\u00a0", "\"\x01\"", "\"a\nb\"", "😀", "\"é😀\" x", "[1,\"" + std::string(30, 'x') + "\" y]", "{\"" + std::string(40, 'k') + "\": z}", "{'a':1}", "\"\\é\"", "\"\\中\""};
  for (const std::string& input : inputs) {
    try {
      JSON::parse(input);
      std::printf("ok\n");
    } catch (const Error& e) {
      std::printf("%s: %s\n", e.name.c_str(), e.message.c_str());
    }
  }
  return nodecc::run();
}
