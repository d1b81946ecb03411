#include "os/socket.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <unistd.h>

#include <cerrno>

namespace nodecc::os::core {

namespace {
Result<void> setInt(int fd, int level, int name, int value) {
  if (setsockopt(fd, level, name, &value, sizeof value) < 0) {
    return lastErrno();
  }
  return {};
}
}  // namespace

Result<int> tcpSocket(int family) {
  int fd = ::socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, IPPROTO_TCP);
  if (fd < 0) {
    return lastErrno();
  }
  return fd;
}

Result<void> bindSocket(int fd, const sockaddr* addr, socklen_t len) {
  if (::bind(fd, addr, len) < 0) {
    return lastErrno();
  }
  return {};
}

Result<void> listenSocket(int fd, int backlog) {
  if (::listen(fd, backlog) < 0) {
    return lastErrno();
  }
  return {};
}

Result<void> setReuseAddress(int fd, bool on) {
  return setInt(fd, SOL_SOCKET, SO_REUSEADDR, on);
}
Result<void> setReusePort(int fd, bool on) {
  return setInt(fd, SOL_SOCKET, SO_REUSEPORT, on);
}
Result<void> setIpv6Only(int fd, bool on) {
  return setInt(fd, IPPROTO_IPV6, IPV6_V6ONLY, on);
}
Result<void> setNoDelay(int fd, bool on) {
  return setInt(fd, IPPROTO_TCP, TCP_NODELAY, on);
}

Result<void> setKeepAlive(int fd, bool on, unsigned initialDelaySecs) {
  auto r = setInt(fd, SOL_SOCKET, SO_KEEPALIVE, on);
  if (!r || !on || initialDelaySecs == 0) {
    return r;
  }
  return setInt(fd, IPPROTO_TCP, TCP_KEEPIDLE, int(initialDelaySecs));
}

Result<void> setLingerZero(int fd) {
  linger l{1, 0};
  if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l) < 0) {
    return lastErrno();
  }
  return {};
}

Result<void> localAddress(int fd, sockaddr_storage* out, socklen_t* len) {
  *len = sizeof(sockaddr_storage);
  if (getsockname(fd, reinterpret_cast<sockaddr*>(out), len) < 0) {
    return lastErrno();
  }
  return {};
}

Result<void> peerAddress(int fd, sockaddr_storage* out, socklen_t* len) {
  *len = sizeof(sockaddr_storage);
  if (getpeername(fd, reinterpret_cast<sockaddr*>(out), len) < 0) {
    return lastErrno();
  }
  return {};
}

Result<void> shutdownWrite(int fd) {
  if (::shutdown(fd, SHUT_WR) < 0) {
    return lastErrno();
  }
  return {};
}

int pendingSocketError(int fd) {
  int err = 0;
  socklen_t len = sizeof err;
  if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0) {
    return -errno;
  }
  return -err;
}

Result<int> openReserveFd() {
  int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return lastErrno();
  }
  return fd;
}

}  // namespace nodecc::os::core
