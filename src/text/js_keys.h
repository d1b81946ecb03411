#pragma once
// JavaScript's order of an object's own string keys, for the C++ containers that stand for
// objects (querystring's ParsedQuery, Express's req.params): array indices first, in numeric
// order, then the other keys in insertion order.
#include <cstddef>
#include <string_view>

#include "text/ascii.h"

namespace nodecc::text::core {

// A key JavaScript treats as an array index: canonical decimal in [0, 2^32 - 2].
constexpr bool isArrayIndex(std::string_view k) {
  if (k.empty() || k.size() > 10 || (k.size() > 1 && k[0] == '0')) {
    return false;
  }
  for (char c : k) {
    if (!isDigit(c)) {
      return false;
    }
  }
  return k.size() < 10 || k <= "4294967294";
}

// Where a new key `name` goes among `entries` (each one's key given by keyOf(entry)).
template <class Entries, class KeyOf>
size_t propertyInsertPosition(const Entries& entries, std::string_view name, KeyOf keyOf) {
  if (!isArrayIndex(name)) {
    return entries.size();
  }
  // Two canonical indices compare numerically by length, then as text.
  auto less = [](std::string_view a, std::string_view b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  };
  size_t at = 0;
  while (at < entries.size() && isArrayIndex(keyOf(entries[at])) &&
         less(keyOf(entries[at]), name)) {
    ++at;
  }
  return at;
}

}  // namespace nodecc::text::core
