#pragma once
// Entity tags (RFC 9110 §8.8.3) in nginx's form, "<hex mtime>-<hex size>", and the two
// comparison functions the conditional headers use, over a list that may hold several tags.
#include <cstdint>
#include <string_view>

namespace nodecc::staticfiles::core {

// Longest tag formatEntityTag writes: two quotes, a dash, two 16-digit hex numbers.
inline constexpr size_t kMaxEntityTagLength = 35;

// Writes "\"<hex mtime>-<hex size>\"" (quotes included) to out, returns its length.
size_t formatEntityTag(int64_t mtimeSec, uint64_t size, char* out);

// Whether the If-None-Match / If-Match field value `list` ("*" or #entity-tag) matches the
// tag `etag` (quotes included; "W/" first for a weak one). Weak comparison ignores W/ on both
// sides (If-None-Match); strong comparison lets a W/ tag, listed or current, match nothing
// (If-Match). A malformed element ends the scan (what came before it still counts).
bool entityTagListMatches(std::string_view list, std::string_view etag, bool weak);

}  // namespace nodecc::staticfiles::core
