// libFuzzer target for JSON.parse / JSON.stringify (src/api/json), compiled with its files
// alone. The input is the JSON text. Besides "no crash, no leak, no UB, no exception other than
// SyntaxError and RangeError", it checks properties that hold in Node:
//   - stringify(parse(t)) parses again and stringifies to the same bytes (compact and
//     indented); a copy of the value equals it and stringifies the same;
//   - nesting is bounded: the first byte picks a small maxDepth for some inputs, and a
//     RangeError happens only for input nested deeper than it;
//   - a SyntaxError's message is one of V8's forms.
// Depth: kMaxDepth is 4096, so recursion (parse, copy, compare, stringify, destroy) stays
// within a few MB of stack even under ASan.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "nodecc/json.h"

namespace JSON = nodecc::JSON;

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

bool v8Message(const std::string& m) {
  for (std::string_view prefix :
       {"Unexpected end of JSON input", "Unexpected token '", "Unexpected number in JSON",
        "Unexpected string in JSON", "Unexpected non-whitespace character after JSON",
        "Expected property name or '}'", "Expected ',' or ']'", "Expected ',' or '}'",
        "Expected ':' after property name", "Expected double-quoted property name",
        "Unterminated string", "Bad control character", "Bad Unicode escape",
        "Bad escaped character", "No number after minus sign", "Exponent part is missing",
        "Unterminated fractional number", "\""}) {
    if (m.compare(0, prefix.size(), prefix) == 0) {
      return true;
    }
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  JSON::ParseOptions options;
  if (size > 0 && data[0] == ' ') {
    options.maxDepth = 16;  // inputs starting with a space exercise a small limit
  }
  JSON::Value v;
  try {
    v = JSON::parse(text, options);
  } catch (const nodecc::SyntaxError& e) {
    check(v8Message(e.message), "a SyntaxError message is one of V8's");
    return 0;
  } catch (const nodecc::RangeError& e) {
    check(e.message.find("Nesting deeper than") == 0, "RangeError only for depth");
    return 0;
  }
  const std::string compact = JSON::stringify(v);
  check(!compact.empty(), "a parsed value stringifies");
  // (Not again == v: 1e400 parses to Infinity, which stringify writes as null.)
  const JSON::Value again = JSON::parse(compact, options);
  check(JSON::stringify(again) == compact, "stringify is stable through a round trip");
  const std::string indented = JSON::stringify(v, nullptr, 2);
  check(JSON::stringify(JSON::parse(indented, options)) == compact, "indented round trip");
  JSON::Value copy = v;
  check(copy == v, "a copy equals its original");
  check(JSON::stringify(copy) == compact, "a copy stringifies the same");
  return 0;
}
