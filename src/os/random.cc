#include "os/random.h"

#include <sys/random.h>

#include "os/eintr.h"

namespace nodecc::os::core {

Result<size_t> getRandom(void* out, size_t length) {
  auto* p = static_cast<unsigned char*>(out);
  size_t done = 0;
  // getrandom returns at most 32 MiB - 1 per call; larger requests take several.
  while (done < length) {
    ssize_t n = retryEintr([&] { return ::getrandom(p + done, length - done, 0); });
    if (n < 0) {
      return lastErrno();
    }
    done += size_t(n);
  }
  return length;
}

}  // namespace nodecc::os::core
