#pragma once
// Signals through signalfd, and per-thread signal masks.
#include <signal.h>

#include "os/result.h"

namespace nodecc::os::core {

// Blocks every blockable signal in the calling thread, so that worker threads never receive
// a signal meant for a loop's signalfd.
void blockAllSignalsInThisThread();
// Blocks or unblocks one signal in the calling thread.
void setSignalBlocked(int signo, bool blocked);
// Creates (fd < 0) or updates a non-blocking signalfd watching `mask`.
Result<int> signalFdSet(int fd, const sigset_t& mask);
// Reads one pending signal number; 0 when none is pending.
int signalFdRead(int fd);
// Restores the default action for `signo`, unblocks it and raises it (ends the process the way
// an unhandled signal would).
[[noreturn]] void raiseDefault(int signo);
// Ignores SIGPIPE process-wide, as Node does at start: a write to a closed pipe or socket
// fails with EPIPE instead of ending the process.
void ignoreBrokenPipeSignal();
// kill(2): sends `signo` (0 only checks that the process exists) to `pid`; -errno on failure.
Result<void> sendSignal(int pid, int signo);

}  // namespace nodecc::os::core
