#pragma once
// The determinism seam's switchboard in src/os: every clock read, random fill and socket call
// whose result depends on the outside world goes through one of these pointers. They point at
// the kernel (the `kernel` namespace below) unless the flight recorder (src/recorder) installs
// its own at start-up, to record what the kernel answered or to answer from a trace. The clock
// is called through the pointer directly (an indirect call costs what a direct call costs), so
// a program that does not record pays nothing for the seam.
//
// Thread: the pointers are written once, before main() (recorder's start-up), and read after.
#include <sys/socket.h>

#include <cstddef>
#include <cstdint>

#include "os/result.h"

namespace nodecc::os::core {

struct SeamHooks {
  uint64_t (*monotonicNs)();
  int64_t (*wallClockMs)();
  int64_t (*wallClockSeconds)();
  Result<size_t> (*getRandom)(void* out, size_t length);
  Result<void> (*bindSocket)(int fd, const sockaddr* addr, socklen_t len);
  Result<void> (*listenSocket)(int fd, int backlog);
  Result<void> (*localAddress)(int fd, sockaddr_storage* out, socklen_t* len);
  Result<void> (*peerAddress)(int fd, sockaddr_storage* out, socklen_t* len);
  Result<void> (*shutdownWrite)(int fd);
  int (*pendingSocketError)(int fd);
};

// The hooks in force. Starts as the kernel's.
extern SeamHooks seam;

// The kernel's answers, for the recorder to call through.
namespace kernel {
uint64_t monotonicNs();
int64_t wallClockMs();
int64_t wallClockSeconds();
Result<size_t> getRandom(void* out, size_t length);
Result<void> bindSocket(int fd, const sockaddr* addr, socklen_t len);
Result<void> listenSocket(int fd, int backlog);
Result<void> localAddress(int fd, sockaddr_storage* out, socklen_t* len);
Result<void> peerAddress(int fd, sockaddr_storage* out, socklen_t* len);
Result<void> shutdownWrite(int fd);
int pendingSocketError(int fd);
}  // namespace kernel

}  // namespace nodecc::os::core
