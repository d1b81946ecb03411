#pragma once
// Random bytes from the kernel (getrandom(2)): the one place where randomness enters nodecc, so
// that the flight recorder can record what it returned and replay it.
#include <cstddef>

#include "os/result.h"

namespace nodecc::os::core {

// Fills all `length` bytes at `out` from the kernel's CSPRNG (blocking only before the pool is
// first initialised at boot). Retries EINTR and short reads; returns `length` or -errno.
Result<size_t> getRandom(void* out, size_t length);

}  // namespace nodecc::os::core
