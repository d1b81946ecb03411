#pragma once
// Values of the fields that frame and route a message (RFC 9110 / RFC 9112): Content-Length,
// Transfer-Encoding and the comma-separated lists they and Connection use. Pure functions.
#include <cstdint>
#include <string_view>

#include "text/ascii.h"

namespace nodecc::http::core {

// Field names are compared with text::core::equalsLower (lower-case literal, no CTLs).
using text::core::equalsLower;

inline bool isContentLength(std::string_view name) {
  return name.size() == 14 && equalsLower(name, "content-length");
}
inline bool isTransferEncoding(std::string_view name) {
  return name.size() == 17 && equalsLower(name, "transfer-encoding");
}

// Content-Length = 1*DIGIT, no sign, no list, no OWS (the caller trimmed it), fits 64 bits.
bool parseContentLength(std::string_view value, uint64_t* out);

// Calls f(element) for each non-empty element of a #rule list (RFC 9110 §5.6.1), OWS trimmed.
template <class F>
void forEachListElement(std::string_view value, F f) {
  while (!value.empty()) {
    const size_t comma = value.find(',');
    std::string_view element = value.substr(0, comma);
    while (!element.empty() && (element.front() == ' ' || element.front() == '\t')) {
      element.remove_prefix(1);
    }
    while (!element.empty() && (element.back() == ' ' || element.back() == '\t')) {
      element.remove_suffix(1);
    }
    if (!element.empty()) {
      f(element);
    }
    if (comma == std::string_view::npos) {
      break;
    }
    value.remove_prefix(comma + 1);
  }
}

}  // namespace nodecc::http::core
