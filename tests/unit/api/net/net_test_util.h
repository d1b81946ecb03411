#pragma once
// Helpers for the net module tests: a fixture that asserts the loop ends with nothing alive, a
// watchdog that turns a hang into a failure, and blocking-socket clients for other threads.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "unit/api/api_test_util.h"

namespace nodecc::test {

using NetTest = ApiTest;

// Fails the test and aborts the process when the loop is still running after `ms`: a hung
// socket test would otherwise sit until ctest's timeout. Unref'd, so it never keeps the loop
// alive; cleared when it goes out of scope (before the fixture checks that no timer is left).
class Watchdog {
 public:
  explicit Watchdog(uint64_t ms) {
    timer_ = setTimeout(
        [ms] {
          std::fprintf(stderr, "watchdog: the test still runs after %llu ms\n",
                       static_cast<unsigned long long>(ms));
          std::abort();
        },
        ms);
    timer_.unref();
  }
  ~Watchdog() { clearTimeout(timer_); }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  Timeout timer_;
};

// A blocking TCP connection to 127.0.0.1:port from any thread; -errno on failure.
inline int blockingConnect(uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    return -errno;
  }
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) < 0) {
    int err = -errno;
    ::close(fd);
    return err;
  }
  return fd;
}

// Reads until `want` bytes, EOF, an error or `timeoutMs` without progress. Returns what arrived;
// *status is 0 on EOF or when `want` bytes came, -errno on an error, -ETIMEDOUT on the timeout.
inline std::string blockingRead(int fd, size_t want, int timeoutMs, int* status) {
  std::string out;
  *status = 0;
  char buf[4096];
  while (out.size() < want) {
    pollfd p{fd, POLLIN, 0};
    int r = ::poll(&p, 1, timeoutMs);
    if (r == 0) {
      *status = -ETIMEDOUT;
      return out;
    }
    if (r < 0) {
      if (errno == EINTR) {
        continue;
      }
      *status = -errno;
      return out;
    }
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      *status = -errno;
      return out;
    }
    if (n == 0) {
      return out;
    }
    out.append(buf, size_t(n));
  }
  return out;
}

inline bool blockingWrite(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      return false;
    }
    data.remove_prefix(size_t(n));
  }
  return true;
}

// `size` bytes of a pattern whose period (251 * 251 bytes) is longer than any chunk, so a lost,
// repeated or reordered chunk shows as a mismatch.
inline std::string patternBytes(size_t size) {
  std::string s(size, '\0');
  for (size_t i = 0; i < size; ++i) {
    s[i] = char((i * 7 + i / 251) % 251);
  }
  return s;
}

}  // namespace nodecc::test
