#include "recorder/config.h"

#include <cstdint>

#include "text/ascii.h"

namespace nodecc::recorder::core {

namespace {

bool parseSize(std::string_view s, size_t* out) {
  if (s.empty()) {
    return false;
  }
  uint64_t v = 0;
  size_t i = 0;
  for (; i < s.size() && text::core::isDigit(s[i]); ++i) {
    if (v > (uint64_t(1) << 40)) {
      return false;
    }
    v = v * 10 + uint64_t(s[i] - '0');
  }
  if (i == 0) {
    return false;
  }
  std::string_view unit = s.substr(i);
  if (unit == "K" || unit == "k") {
    v <<= 10;
  } else if (unit == "M" || unit == "m") {
    v <<= 20;
  } else if (unit == "G" || unit == "g") {
    v <<= 30;
  } else if (!unit.empty()) {
    return false;
  }
  *out = size_t(v);
  return true;
}

}  // namespace

bool parseRecordConfig(std::string_view spec, RecordConfig* out, std::string* error) {
  RecordConfig c;
  if (spec.empty() || spec == "off") {
    *out = c;
    return true;
  }
  const size_t colon = spec.find(':');
  const std::string_view mode = spec.substr(0, colon);
  if (colon == std::string_view::npos) {
    *error = "expected off, ring:SIZE or file:PATH";
    return false;
  }
  std::string_view rest = spec.substr(colon + 1);
  const size_t comma = rest.find(',');
  const std::string_view first = rest.substr(0, comma);
  std::string_view options = comma == std::string_view::npos ? "" : rest.substr(comma + 1);
  if (mode == "ring") {
    c.mode = RecordConfig::Mode::kRing;
    if (!parseSize(first, &c.ringBytes) || c.ringBytes < kMinRingBytes) {
      *error = "ring size must be a number of bytes (K, M, G suffixes) of at least 64K";
      return false;
    }
  } else if (mode == "file") {
    c.mode = RecordConfig::Mode::kFile;
    c.path = std::string(first);
    if (c.path.empty()) {
      *error = "file: needs a path";
      return false;
    }
  } else {
    *error = "unknown mode '" + std::string(mode) + "' (off, ring, file)";
    return false;
  }
  while (!options.empty()) {
    const size_t next = options.find(',');
    const std::string_view opt = options.substr(0, next);
    options = next == std::string_view::npos ? "" : options.substr(next + 1);
    if (opt == "writes") {
      c.writes = true;
    } else if (opt.substr(0, 5) == "path=" && c.mode == RecordConfig::Mode::kRing) {
      c.path = std::string(opt.substr(5));
    } else if (opt.substr(0, 7) == "rotate=" && c.mode == RecordConfig::Mode::kFile) {
      if (!parseSize(opt.substr(7), &c.rotateBytes) || c.rotateBytes < kMinRotateBytes) {
        *error = "rotate must be a size of at least 64K";
        return false;
      }
    } else {
      *error = "unknown option '" + std::string(opt) + "'";
      return false;
    }
  }
  *out = c;
  return true;
}

}  // namespace nodecc::recorder::core
