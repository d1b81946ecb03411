#pragma once
// util.inspect.colors and util.inspect.styles: the ANSI codes Node colours inspected values
// with, and the named colours styleText takes. Internal to the util and console layers.
#include <string>
#include <string_view>

namespace nodecc::util::detail {

// inspect.styles' keys.
enum class Style : unsigned char {
  kSpecial,
  kNumber,
  kBigInt,
  kBoolean,
  kUndefined,
  kNull,
  kString,
  kSymbol,
  kDate,
  kRegExp,
  kModule,
  kName
};

struct ColorCodes {
  int open;
  int close;
};
// inspect.colors[name], or {0, 0} with found == false for an unknown name.
bool lookupColor(std::string_view name, ColorCodes& codes);

// Node's stylizeWithColor when `colors`, stylizeNoColor otherwise.
std::string stylize(std::string_view text, Style style, bool colors);

}  // namespace nodecc::util::detail
