// The small util functions: styleText, stripVTControlCharacters, getSystemErrorName,
// toUSVString, debuglog, deprecate, and isDeepStrictEqual's Error comparison.
#include <mutex>
#include <set>
#include <string>

#include "api/util/inspect_style.h"
#include "api/util/js_text.h"
#include "nodecc/process.h"
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

namespace {

// NODE_DEBUG's sections: comma-separated, * matching anything, case-insensitive.
bool sectionMatches(std::string_view pattern, std::string_view section) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c + 32) : c; };
  if (pattern.empty()) {
    return section.empty();
  }
  if (pattern[0] == '*') {
    for (size_t i = 0; i <= section.size(); ++i) {
      if (sectionMatches(pattern.substr(1), section.substr(i))) {
        return true;
      }
    }
    return false;
  }
  return !section.empty() && lower(pattern[0]) == lower(section[0]) &&
         sectionMatches(pattern.substr(1), section.substr(1));
}

}  // namespace

DebugLogger::DebugLogger(std::string section) : section_(std::move(section)) {}

bool DebugLogger::enabled() {
  if (state_ < 0) {
    state_ = 0;
    std::string debug = process::env["NODE_DEBUG"];
    size_t start = 0;
    while (start <= debug.size()) {
      size_t comma = debug.find(',', start);
      size_t end = comma == std::string::npos ? debug.size() : comma;
      std::string_view item = std::string_view(debug).substr(start, end - start);
      while (!item.empty() && item.front() == ' ') {
        item.remove_prefix(1);
      }
      while (!item.empty() && item.back() == ' ') {
        item.remove_suffix(1);
      }
      if (!item.empty() && sectionMatches(item, section_)) {
        state_ = 1;
        break;
      }
      start = end + 1;
    }
  }
  return state_ == 1;
}

void DebugLogger::write(const std::string& message) {
  std::string upper = section_;
  for (char& c : upper) {
    if (c >= 'a' && c <= 'z') {
      c = char(c - 32);
    }
  }
  process::stderr.write(upper + " " + std::to_string(process::pid()) + ": " + message + "\n");
}

namespace detail {

void emitDeprecation(const std::string& message, const std::string& code) {
  // Node warns once per code for the whole process.
  static std::mutex mutex;
  static std::set<std::string> warned;
  if (!code.empty()) {
    std::lock_guard lock(mutex);
    if (!warned.insert(code).second) {
      return;
    }
  }
  process::emitWarning(message, "DeprecationWarning", code);
}

bool errorEqual(const Error& a, const Error& b) {
  return a.name == b.name && a.message == b.message && a.code == b.code && a.errnum == b.errnum &&
         a.syscall == b.syscall && a.path == b.path && a.dest == b.dest && a.address == b.address &&
         a.port == b.port;
}

}  // namespace detail
}  // namespace nodecc::util
