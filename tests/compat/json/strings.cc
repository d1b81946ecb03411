// Strings: JSON.stringify's escapes (the short ones, \u00XX for other controls, lone
// surrogates as \udXXX, everything else as it is) and JSON.parse's escapes and surrogate pairs.
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  const std::vector<std::string> strings = {"plain", "quote \" backslash \\ slash /", "controls \b\f\n\r\t \x01 \x1f \x7f", "unicode é 中 😀 \u2028\u2029", "", std::string(40, 'a'), "ünïcödé that is longer than fourteen bytes"};
  for (const std::string& s : strings) {
    std::printf("%s\n", JSON::stringify(s).c_str());
  }
  const std::vector<std::string> texts = {"\"\\ud800\"", "\"\\udfff\\ud83d\"", "\"\\ud83d\\ude00\"", "\"\\ud83d\\u0041\"", "\"\\u00e9\\u4e2d\"", "\"\\/\\b\\f\\n\\r\\t\"", "\"\\u0041\\u0062\"", "{\"\\u0031\":1,\"0\":2,\"b\":3,\"\\u0061\":4}", "[\"\\\"quoted\\\"\", \"tab\\there\"]"};
  for (const std::string& t : texts) {
    std::printf("%s -> %s\n", t.c_str(), JSON::stringify(JSON::parse(t)).c_str());
  }
  std::printf("%s\n", JSON::stringify(JSON::Object{{"key \"with\" quotes", 1}, {"new\nline", 2}, {"é", 3}}).c_str());
  return nodecc::run();
}
