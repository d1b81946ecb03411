#pragma once
// eventfd: the wakeup primitive behind each loop's cross-thread queue.
#include "os/result.h"

namespace nodecc::os::core {

// A non-blocking, close-on-exec eventfd.
Result<int> eventFdOpen();
// Adds 1 to the counter; safe from any thread. EAGAIN (counter saturated) counts as success.
void eventFdSignal(int fd);
// Reads and resets the counter; returns false when it was already zero.
bool eventFdDrain(int fd);

}  // namespace nodecc::os::core
