// util.inspect's primitives (numbers, strings...), Errors and Buffers, and the colours, after
// Node's lib/internal/util/inspect.js (formatPrimitive, formatNumber, formatError) and
// lib/buffer.js (Buffer.prototype[inspect.custom]).
#include <cmath>
#include <string>

#include "api/util/inspect_style.h"
#include "api/util/js_text.h"
#include "nodecc/util.h"

namespace nodecc::util {

namespace detail {

namespace {

struct NamedColor {
  std::string_view name;
  ColorCodes codes;
};

// util.inspect.colors, aliases included.
constexpr NamedColor kColors[] = {
    {"reset", {0, 0}},
    {"bold", {1, 22}},
    {"dim", {2, 22}},
    {"faint", {2, 22}},
    {"italic", {3, 23}},
    {"underline", {4, 24}},
    {"blink", {5, 25}},
    {"inverse", {7, 27}},
    {"swapColors", {7, 27}},
    {"swapcolors", {7, 27}},
    {"hidden", {8, 28}},
    {"conceal", {8, 28}},
    {"strikethrough", {9, 29}},
    {"strikeThrough", {9, 29}},
    {"crossedout", {9, 29}},
    {"crossedOut", {9, 29}},
    {"doubleunderline", {21, 24}},
    {"doubleUnderline", {21, 24}},
    {"black", {30, 39}},
    {"red", {31, 39}},
    {"green", {32, 39}},
    {"yellow", {33, 39}},
    {"blue", {34, 39}},
    {"magenta", {35, 39}},
    {"cyan", {36, 39}},
    {"white", {37, 39}},
    {"bgBlack", {40, 49}},
    {"bgRed", {41, 49}},
    {"bgGreen", {42, 49}},
    {"bgYellow", {43, 49}},
    {"bgBlue", {44, 49}},
    {"bgMagenta", {45, 49}},
    {"bgCyan", {46, 49}},
    {"bgWhite", {47, 49}},
    {"framed", {51, 54}},
    {"overlined", {53, 55}},
    {"gray", {90, 39}},
    {"grey", {90, 39}},
    {"blackBright", {90, 39}},
    {"redBright", {91, 39}},
    {"greenBright", {92, 39}},
    {"yellowBright", {93, 39}},
    {"blueBright", {94, 39}},
    {"magentaBright", {95, 39}},
    {"cyanBright", {96, 39}},
    {"whiteBright", {97, 39}},
    {"bgGray", {100, 49}},
    {"bgGrey", {100, 49}},
    {"bgBlackBright", {100, 49}},
    {"bgRedBright", {101, 49}},
    {"bgGreenBright", {102, 49}},
    {"bgYellowBright", {103, 49}},
    {"bgBlueBright", {104, 49}},
    {"bgMagentaBright", {105, 49}},
    {"bgCyanBright", {106, 49}},
    {"bgWhiteBright", {107, 49}},
};

// inspect.styles: the colour of each style ('name' has none).
constexpr ColorCodes kStyleColors[] = {
    {36, 39},  // special: cyan
    {33, 39},  // number: yellow
    {33, 39},  // bigint: yellow
    {33, 39},  // boolean: yellow
    {90, 39},  // undefined: grey
    {1, 22},   // null: bold
    {32, 39},  // string: green
    {32, 39},  // symbol: green
    {35, 39},  // date: magenta
    {31, 39},  // regexp: red
    {4, 24},   // module: underline
    {0, 0},    // name: not styled
};

std::string addNumericSeparator(std::string_view s) {
  std::string result;
  size_t i = s.size();
  size_t start = !s.empty() && s[0] == '-' ? 1 : 0;
  for (; i >= start + 4; i -= 3) {
    result.insert(0, s.substr(i - 3, 3));
    result.insert(0, 1, '_');
  }
  if (i == s.size()) {
    return std::string(s);
  }
  return std::string(s.substr(0, i)) + result;
}

std::string addNumericSeparatorEnd(std::string_view s) {
  std::string result;
  size_t i = 0;
  for (; i + 3 < s.size(); i += 3) {
    result.append(s.substr(i, 3));
    result += '_';
  }
  if (i == 0) {
    return std::string(s);
  }
  result.append(s.substr(i));
  return result;
}

// Node 20's formatNumber with numericSeparator, quirks included (1e-7 prints "1e-.1e-_7").
std::string withSeparators(double v) {
  double integer = std::trunc(v);
  if (integer == v) {
    std::string s = jsNumber(integer);
    if (!std::isfinite(v) || s.find('e') != std::string::npos) {
      return s;
    }
    return addNumericSeparator(s);
  }
  if (std::isnan(v)) {
    return "NaN";
  }
  std::string s = jsNumber(v);
  size_t dot = s.find('.');
  // JavaScript's slice(0, -1) when there is no dot: all but the last character.
  std::string_view whole = dot == std::string::npos ? std::string_view(s).substr(0, s.size() - 1)
                                                    : std::string_view(s).substr(0, dot);
  std::string_view fraction =
      dot == std::string::npos ? std::string_view(s) : std::string_view(s).substr(dot + 1);
  return addNumericSeparator(whole) + "." + addNumericSeparatorEnd(fraction);
}

}  // namespace

bool lookupColor(std::string_view name, ColorCodes& codes) {
  for (const NamedColor& c : kColors) {
    if (c.name == name) {
      codes = c.codes;
      return true;
    }
  }
  return false;
}

std::string stylize(std::string_view text, Style style, bool colors) {
  ColorCodes c = kStyleColors[int(style)];
  if (!colors || (c.open == 0 && c.close == 0)) {
    return std::string(text);
  }
  std::string out = "\x1b[" + std::to_string(c.open) + "m";
  out.append(text);
  out += "\x1b[" + std::to_string(c.close) + "m";
  return out;
}

}  // namespace detail

using detail::Style;
using detail::stylize;

InspectContext::InspectContext(const InspectOptions& options) : options_(options) {}

std::string InspectContext::number(double v) {
  std::string s;
  if (options_.numericSeparator) {
    s = detail::withSeparators(v);
  } else if (v == 0 && std::signbit(v)) {
    s = "-0";
  } else {
    detail::appendJsNumber(s, v);
  }
  return stylize(s, Style::kNumber, options_.colors);
}

std::string InspectContext::floatNumber(float v) {
  if (options_.numericSeparator) {
    return number(double(v));
  }
  std::string s;
  if (v == 0 && std::signbit(v)) {
    s = "-0";
  } else {
    detail::appendJsFloat(s, v);
  }
  return stylize(s, Style::kNumber, options_.colors);
}

std::string InspectContext::integer(int64_t v) {
  std::string s = std::to_string(v);
  if (options_.numericSeparator) {
    s = detail::addNumericSeparator(s);
  }
  return stylize(s, Style::kNumber, options_.colors);
}

std::string InspectContext::integer(uint64_t v) {
  std::string s = std::to_string(v);
  if (options_.numericSeparator) {
    s = detail::addNumericSeparator(s);
  }
  return stylize(s, Style::kNumber, options_.colors);
}

std::string InspectContext::bigint(int64_t v) {
  std::string s = std::to_string(v);
  if (options_.numericSeparator) {
    s = detail::addNumericSeparator(s);
  }
  s += 'n';
  return stylize(s, Style::kBigInt, options_.colors);
}

std::string InspectContext::boolean(bool v) {
  return stylize(v ? "true" : "false", Style::kBoolean, options_.colors);
}

std::string InspectContext::null() {
  return stylize("null", Style::kNull, options_.colors);
}

std::string InspectContext::undefined() {
  return stylize("undefined", Style::kUndefined, options_.colors);
}

std::string InspectContext::special(std::string_view text) {
  return stylize(text, Style::kSpecial, options_.colors);
}

std::string InspectContext::custom(std::string_view text) {
  std::string out;
  for (char c : text) {
    out += c;
    if (c == '\n') {
      out.append(size_t(indentation), ' ');
    }
  }
  return out;
}

// Node's formatPrimitive for strings: cut at maxStringLength, split into one quoted piece per
// line when longer than the line allows (not with compact: true).
std::string InspectContext::string(std::string_view value) {
  // Strings are counted in UTF-16 code units, as JavaScript's length counts them.
  constexpr size_t kMinLineLength = 16;
  std::string trailer;
  size_t length = detail::jsLength(value);
  if (double(length) > options_.maxStringLength) {
    size_t keep = options_.maxStringLength < 0 ? 0 : size_t(options_.maxStringLength);
    size_t remaining = length - keep;
    value = detail::jsPrefix(value, keep);
    length = keep;
    trailer = "... " + std::to_string(remaining) + " more character" + (remaining > 1 ? "s" : "");
  }
  std::string out;
  if (!options_.compact.always() && length > kMinLineLength &&
      double(length) > options_.breakLength - indentation - 4) {
    std::string joiner = " +\n" + std::string(size_t(indentation + 2), ' ');
    size_t start = 0;
    while (start < value.size()) {
      size_t nl = value.find('\n', start);
      size_t end = nl == std::string_view::npos ? value.size() : nl + 1;
      if (start != 0) {
        out += joiner;
      }
      std::string piece;
      detail::appendQuoted(piece, value.substr(start, end - start));
      out += stylize(piece, Style::kString, options_.colors);
      start = end;
    }
  } else {
    std::string quoted;
    detail::appendQuoted(quoted, value);
    out = stylize(quoted, Style::kString, options_.colors);
  }
  out += trailer;
  return out;
}

// Buffer.prototype[inspect.custom]: at most 50 bytes (buffer.INSPECT_MAX_BYTES) in hex.
std::string InspectContext::buffer(const Buffer& b) {
  constexpr size_t kInspectMaxBytes = 50;
  static constexpr char kHex[] = "0123456789abcdef";
  size_t shown = b.size() < kInspectMaxBytes ? b.size() : kInspectMaxBytes;
  std::string out = "<Buffer ";
  for (size_t i = 0; i < shown; ++i) {
    if (i) {
      out += ' ';
    }
    out += kHex[b[i] >> 4];
    out += kHex[b[i] & 15];
  }
  if (b.size() > kInspectMaxBytes) {
    size_t remaining = b.size() - kInspectMaxBytes;
    out += " ... " + std::to_string(remaining) + " more byte" + (remaining > 1 ? "s" : "");
  }
  out += '>';
  return out;
}

// Node's formatError for an error whose stack holds no frames (a nodecc Error has no stack):
// "[Error: message]", then its fields as properties.
std::string InspectContext::error(const Error& e, int recurseTimes) {
  std::string stack = e.toString();
  std::string base = "[" + stack + "]";
  if (indentation != 0) {
    base = custom(base);
  }
  bool hidden = options_.showHidden;
  bool hasKeys = hidden || e.errnum != 0 || !e.code.empty() || !e.syscall.empty() ||
                 !e.path.empty() || !e.dest.empty() || !e.address.empty() || e.port != 0 ||
                 e.cause != nullptr;
  if (!hasKeys) {
    return base;
  }
  detail::Frame f{detail::Shape::kError, detail::identityOf(e), e.name, 0, false, base};
  auto fill = [&](InspectEntries& out) {
    if (hidden) {
      out.property("stack", stack, true);
      if (!e.message.empty()) {
        out.property("message", e.message, true);
      }
    }
    if (e.errnum != 0) {
      out.property("errno", e.errnum);
    }
    if (!e.code.empty()) {
      out.property("code", e.code);
    }
    if (!e.syscall.empty()) {
      out.property("syscall", e.syscall);
    }
    if (!e.path.empty()) {
      out.property("path", e.path);
    }
    if (!e.dest.empty()) {
      out.property("dest", e.dest);
    }
    if (!e.address.empty()) {
      out.property("address", e.address);
    }
    if (e.port != 0) {
      out.property("port", e.port);
    }
    if (e.cause) {
      // Not enumerable, yet shown, after the own keys (formatError's keys.push('cause')).
      out.property("cause", *e.cause, true);
    }
  };
  return composite(std::move(f), recurseTimes, fill);
}

}  // namespace nodecc::util
