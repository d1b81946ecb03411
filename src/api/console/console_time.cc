// console.time / timeEnd / timeLog, with Node's formatTime.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "nodecc/console.h"

namespace nodecc {

namespace {

constexpr double kSecond = 1000;
constexpr double kMinute = 60 * kSecond;
constexpr double kHour = 60 * kMinute;

// Number.prototype.toFixed(3).
std::string toFixed3(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}

std::string pad2(const std::string& s) {
  return s.size() >= 2 ? s : std::string(2 - s.size(), '0') + s;
}

}  // namespace

namespace detail {

// Node's formatTime (lib/internal/console/constructor.js).
std::string formatConsoleTime(double ms) {
  double hours = 0;
  double minutes = 0;
  double seconds = 0;
  if (ms >= kSecond) {
    if (ms >= kMinute) {
      if (ms >= kHour) {
        hours = std::floor(ms / kHour);
        ms = std::fmod(ms, kHour);
      }
      minutes = std::floor(ms / kMinute);
      ms = std::fmod(ms, kMinute);
    }
    seconds = ms / kSecond;
  }
  if (hours != 0 || minutes != 0) {
    std::string fixed = toFixed3(seconds);
    size_t dot = fixed.find('.');
    std::string secs = fixed.substr(0, dot);
    std::string millis = fixed.substr(dot + 1);
    std::string res = hours != 0 ? util::detail::jsNumberString(hours) + ":" +
                                       pad2(util::detail::jsNumberString(minutes))
                                 : util::detail::jsNumberString(minutes);
    return res + ":" + pad2(secs) + "." + millis + " (" + (hours != 0 ? "h:m" : "") + "m:ss.mmm)";
  }
  if (seconds != 0) {
    return toFixed3(seconds) + "s";
  }
  return util::detail::jsNumberString(std::strtod(toFixed3(ms).c_str(), nullptr)) + "ms";
}

}  // namespace detail

void Console::time(std::string_view label) {
  for (const auto& [l, start] : times_) {
    if (l == label) {
      process::emitWarning("Label '" + std::string(label) + "' already exists for console.time()");
      return;
    }
  }
  times_.emplace_back(std::string(label), process::hrtime.bigint());
}

bool Console::elapsedFor(std::string_view label, const char* method, std::string& out) {
  for (const auto& [l, start] : times_) {
    if (l == label) {
      out = detail::formatConsoleTime(double(process::hrtime.bigint() - start) / 1e6);
      return true;
    }
  }
  process::emitWarning("No such label '" + std::string(label) + "' for console." + method + "()");
  return false;
}

void Console::timeEnd(std::string_view label) {
  std::string elapsed;
  if (!elapsedFor(label, "timeEnd", elapsed)) {
    return;
  }
  log("%s: %s", label, elapsed);
  for (auto it = times_.begin(); it != times_.end(); ++it) {
    if (it->first == label) {
      times_.erase(it);
      break;
    }
  }
}

}  // namespace nodecc
