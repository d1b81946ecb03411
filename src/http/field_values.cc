#include "http/field_values.h"

namespace nodecc::http::core {

bool parseContentLength(std::string_view value, uint64_t* out) {
  if (value.empty()) {
    return false;
  }
  uint64_t n = 0;
  for (char c : value) {
    if (c < '0' || c > '9') {
      return false;
    }
    const auto digit = static_cast<uint64_t>(c - '0');
    if (n > (UINT64_MAX - digit) / 10) {
      return false;
    }
    n = n * 10 + digit;
  }
  *out = n;
  return true;
}

}  // namespace nodecc::http::core
