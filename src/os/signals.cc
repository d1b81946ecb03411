#include "os/signals.h"

#include <pthread.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cstdlib>

#include "os/eintr.h"

namespace nodecc::os::core {

void blockAllSignalsInThisThread() {
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, nullptr);
}

void setSignalBlocked(int signo, bool blocked) {
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, signo);
  pthread_sigmask(blocked ? SIG_BLOCK : SIG_UNBLOCK, &one, nullptr);
}

Result<int> signalFdSet(int fd, const sigset_t& mask) {
  int r = signalfd(fd, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
  if (r < 0) {
    return lastErrno();
  }
  return r;
}

int signalFdRead(int fd) {
  signalfd_siginfo info;
  ssize_t n = retryEintr([&] { return ::read(fd, &info, sizeof info); });
  return n == sizeof info ? int(info.ssi_signo) : 0;
}

void raiseDefault(int signo) {
  signal(signo, SIG_DFL);
  setSignalBlocked(signo, false);
  raise(signo);
  std::_Exit(128 + signo);
}

void ignoreBrokenPipeSignal() {
  signal(SIGPIPE, SIG_IGN);
}

Result<void> sendSignal(int pid, int signo) {
  if (::kill(pid, signo) != 0) {
    return lastErrno();
  }
  return {};
}

}  // namespace nodecc::os::core
