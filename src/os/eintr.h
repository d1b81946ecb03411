#pragma once
// A syscall that a signal interrupted before it did anything is simply made again.
#include <cerrno>

namespace nodecc::os::core {

// Calls f() until it succeeds (a non-negative result) or fails with something other than
// EINTR; returns that result, errno set as f left it. Not for close(2): on Linux the fd is
// gone even when close reports EINTR.
template <class F>
auto retryEintr(F f) {
  for (;;) {
    auto r = f();
    if (r >= 0 || errno != EINTR) {
      return r;
    }
  }
}

}  // namespace nodecc::os::core
