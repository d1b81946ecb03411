#pragma once
// What the sync and callback forms of crypto's random functions share: the checks, and the one
// function through which random bytes arrive.
#include <cstddef>
#include <cstdint>
#include <utility>

namespace nodecc::crypto::detail {

// Node's kMaxPossibleLength for randomBytes/randomFill sizes (2^31 - 1).
inline constexpr int64_t kMaxRandomSize = 0x7fffffff;

// Fills out[0..size) from os::core::getRandom; throws Node's system error if the kernel fails.
void fillRandom(uint8_t* out, size_t size);
// randomBytes's size check: ERR_OUT_OF_RANGE outside [0, 2^31-1].
void checkRandomSize(int64_t size);
// randomFill's offset/size checks over `length` bytes: {offset, count} to fill.
std::pair<size_t, size_t> randomFillRange(size_t length, int64_t offset, int64_t size);
// randomInt's checks: the range max - min. `minGiven` picks Node's "max - min" or "max".
int64_t checkRandomIntRange(int64_t min, int64_t max, bool minGiven);
// A uniform draw in [min, min + range) from this thread's cache.
int64_t drawRandomInt(int64_t min, int64_t range);

}  // namespace nodecc::crypto::detail
