// util.debuglog and util.deprecate: the util functions that print through process.
#include <mutex>
#include <set>
#include <string>

#include "nodecc/process.h"
#include "nodecc/util.h"
#include "text/wildcard.h"

namespace nodecc::util {

namespace {

// NODE_DEBUG's sections: comma-separated, * matching anything, case-insensitive.
bool sectionMatches(std::string_view pattern, std::string_view section) {
  return text::core::matchesWildcard(pattern, section, /*foldCase=*/true);
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

}  // namespace detail
}  // namespace nodecc::util
