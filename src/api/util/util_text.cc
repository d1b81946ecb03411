// The small util functions over text: styleText, stripVTControlCharacters, getSystemErrorName,
// toUSVString; and isDeepStrictEqual's Error comparison.
#include <string>

#include "api/util/inspect_style.h"
#include "api/util/js_text.h"
#include "nodecc/util.h"

namespace nodecc::util {

namespace {

[[noreturn]] void throwBadFormat(std::string_view format) {
  static constexpr std::string_view kNames[] = {
      "reset",           "bold",         "dim",
      "italic",          "underline",    "blink",
      "inverse",         "hidden",       "strikethrough",
      "doubleunderline", "black",        "red",
      "green",           "yellow",       "blue",
      "magenta",         "cyan",         "white",
      "bgBlack",         "bgRed",        "bgGreen",
      "bgYellow",        "bgBlue",       "bgMagenta",
      "bgCyan",          "bgWhite",      "framed",
      "overlined",       "gray",         "redBright",
      "greenBright",     "yellowBright", "blueBright",
      "magentaBright",   "cyanBright",   "whiteBright",
      "bgGray",          "bgRedBright",  "bgGreenBright",
      "bgYellowBright",  "bgBlueBright", "bgMagentaBright",
      "bgCyanBright",    "bgWhiteBright"};
  std::string list;
  for (std::string_view n : kNames) {
    list += list.empty() ? "'" : ", '";
    list += n;
    list += "'";
  }
  throw TypeError("ERR_INVALID_ARG_VALUE", "The argument 'format' must be one of: " + list +
                                               ". Received '" + std::string(format) + "'");
}

}  // namespace

std::string stripVTControlCharacters(std::string_view str) {
  return detail::stripAnsi(str);
}

std::string styleText(const std::vector<std::string_view>& formats, std::string_view text) {
  std::string left;
  std::string right;
  for (std::string_view f : formats) {
    detail::ColorCodes codes{};
    if (!detail::lookupColor(f, codes)) {
      throwBadFormat(f);
    }
    left += "\x1b[" + std::to_string(codes.open) + "m";
    right.insert(0, "\x1b[" + std::to_string(codes.close) + "m");
  }
  return left + std::string(text) + right;
}

std::string styleText(std::string_view format, std::string_view text) {
  return styleText(std::vector<std::string_view>{format}, text);
}

std::string getSystemErrorName(int err) {
  return std::string(errnoName(err));
}

std::string toUSVString(std::string_view str) {
  std::string out;
  out.reserve(str.size());
  size_t i = 0;
  while (i < str.size()) {
    detail::Utf8Char c = detail::decodeUtf8(str, i);
    if (c.length == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(str.substr(i, c.length));
      i += c.length;
    }
  }
  return out;
}

namespace detail {

bool errorEqual(const Error& a, const Error& b) {
  return a.name == b.name && a.message == b.message && a.code == b.code && a.errnum == b.errnum &&
         a.syscall == b.syscall && a.path == b.path && a.dest == b.dest && a.address == b.address &&
         a.port == b.port;
}

}  // namespace detail
}  // namespace nodecc::util
