#pragma once
// content-type 2.1's parse, the one reader of media types with parameters that Express 5's
// packages share: type-is (a body's type), body-parser (its charset) and negotiator (each
// element of an Accept* header, with the comma option). Lenient: it never fails, whatever the
// bytes.
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace nodecc::express::detail {

struct ContentType {
  std::string type;  // up to the first ';' (or ','), OWS trimmed, ASCII lower-cased
  // name=value and name="quoted\"value" pairs, names lower-cased; a name's first value wins, a
  // quoted value without its closing quote is dropped.
  std::vector<std::pair<std::string, std::string>> parameters;
  size_t index = 0;  // where parsing stopped: the end of the header, or the ',' (comma)
  // The parameter's value, or nullptr when absent.
  const std::string* parameter(std::string_view name) const;
};

// parse(header, {comma, start, parameters}): from `start`; with `comma`, one element of a list,
// ending at the first ',' outside a quoted value; without `parameters`, the type only.
ContentType parseContentType(std::string_view header, bool comma = false, size_t start = 0,
                             bool parameters = true);

}  // namespace nodecc::express::detail
