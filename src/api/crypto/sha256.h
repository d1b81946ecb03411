#pragma once
// The SHA-256 compression function (FIPS 180-4), for crypto::Hash. Two implementations of one
// contract: a portable one, and one on the x86 SHA extensions (SHA-NI), several times faster,
// chosen once at run time by CPUID. Both are exposed so that tests check each against the
// known vectors.
#include <cstddef>
#include <cstdint>

namespace nodecc::crypto::detail {

// H(0) of FIPS 180-4 §5.3.3.
inline constexpr uint32_t kSha256Initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

// Folds `blocks` 64-byte blocks at `data` into `state`.
using Sha256BlocksFn = void (*)(uint32_t state[8], const uint8_t* data, size_t blocks);

void sha256BlocksPortable(uint32_t state[8], const uint8_t* data, size_t blocks);
// The SHA-NI version, or null when this CPU (or build target) lacks the instructions.
Sha256BlocksFn sha256BlocksShaNi();
// The fastest available.
Sha256BlocksFn sha256Blocks();

}  // namespace nodecc::crypto::detail
