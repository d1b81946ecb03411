#pragma once
// The Range header (RFC 9110 §14.1.2, §14.2) for byte ranges of a representation of known
// length: parsing, satisfiability, and coalescing against abuse. Pure, allocation-free.
//
// Limits (documented in docs/static.md): a header with more than kMaxRangeSpecs range-specs is
// ignored (the whole representation is sent, 200), as RFC 9110 allows; satisfiable ranges are
// sorted and merged when they overlap or lie within kCoalesceGap bytes of each other, so
// overlapping or many tiny ranges cannot multiply the response (the CVE-2011-3192 class).
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace nodecc::staticfiles::core {

inline constexpr size_t kMaxRangeSpecs = 64;
// About the per-part overhead of multipart/byteranges (boundary, Content-Type, Content-Range).
inline constexpr uint64_t kCoalesceGap = 80;

struct ByteRange {
  uint64_t first = 0;
  uint64_t last = 0;  // inclusive
  uint64_t length() const { return last - first + 1; }
};

struct RangeSet {
  ByteRange ranges[kMaxRangeSpecs];
  size_t count = 0;
};

enum class RangeOutcome : uint8_t {
  kIgnore,         // no usable Range: send the whole representation (200)
  kSatisfiable,    // out->ranges[0..count): 206 (multipart when count > 1)
  kUnsatisfiable,  // 416 with Content-Range: bytes */size
};

// Parses `header` for a representation of `size` bytes. Syntax errors, units other than
// "bytes", an int-range whose last-pos precedes its first-pos, too many range-specs and a
// zero-length representation all give kIgnore.
RangeOutcome parseRange(std::string_view header, uint64_t size, RangeSet* out);

}  // namespace nodecc::staticfiles::core
