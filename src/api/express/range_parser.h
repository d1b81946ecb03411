#pragma once
// range-parser 1.3 (Express's send): a Range header against a file's size.
#include <cstdint>
#include <string_view>
#include <vector>

namespace nodecc::express::detail {

struct ByteRange {
  int64_t start;
  int64_t end;  // inclusive
};

// range-parser(size, str, {combine: true}): -1 unsatisfiable, -2 malformed, else 0 with the
// ranges appended to `out`.
int parseRange(int64_t size, std::string_view str, std::vector<ByteRange>& out);

}  // namespace nodecc::express::detail
