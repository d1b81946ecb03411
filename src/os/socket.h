#pragma once
// Socket syscalls (TCP). Every function returns -errno on failure and never throws.
#include <sys/socket.h>

#include "os/result.h"

namespace nodecc::os::core {

// A non-blocking, close-on-exec TCP socket of `family` (AF_INET or AF_INET6).
Result<int> tcpSocket(int family);
Result<void> bindSocket(int fd, const sockaddr* addr, socklen_t len);
Result<void> listenSocket(int fd, int backlog);
Result<void> setReuseAddress(int fd, bool on);
Result<void> setReusePort(int fd, bool on);
Result<void> setIpv6Only(int fd, bool on);
Result<void> setNoDelay(int fd, bool on);
// SO_KEEPALIVE, and TCP_KEEPIDLE = initialDelaySecs when on and > 0.
Result<void> setKeepAlive(int fd, bool on, unsigned initialDelaySecs);
// SO_LINGER {1, 0}: the next close sends RST instead of FIN.
Result<void> setLingerZero(int fd);
Result<void> localAddress(int fd, sockaddr_storage* out, socklen_t* len);
Result<void> peerAddress(int fd, sockaddr_storage* out, socklen_t* len);
Result<void> shutdownWrite(int fd);
// The pending error of a socket (SO_ERROR) as -errno, 0 when none.
int pendingSocketError(int fd);
// An fd on /dev/null, kept in reserve so that accept can be drained when fds run out.
Result<int> openReserveFd();

}  // namespace nodecc::os::core
