#pragma once
// The one errno table: names and messages (libuv's wording, which Node.js prints).
#include <string_view>

namespace nodecc::os::core {

// X(name, message)
#define NODECC_ERRNO_TABLE(X)                           \
  X(E2BIG, "argument list too long")                    \
  X(EACCES, "permission denied")                        \
  X(EADDRINUSE, "address already in use")               \
  X(EADDRNOTAVAIL, "address not available")             \
  X(EAFNOSUPPORT, "address family not supported")       \
  X(EAGAIN, "resource temporarily unavailable")         \
  X(EALREADY, "connection already in progress")         \
  X(EBADF, "bad file descriptor")                       \
  X(EBUSY, "resource busy or locked")                   \
  X(ECANCELED, "operation canceled")                    \
  X(ECONNABORTED, "software caused connection abort")   \
  X(ECONNREFUSED, "connection refused")                 \
  X(ECONNRESET, "connection reset by peer")             \
  X(EDESTADDRREQ, "destination address required")       \
  X(EEXIST, "file already exists")                      \
  X(EFAULT, "bad address in system call argument")      \
  X(EFBIG, "file too large")                            \
  X(EHOSTUNREACH, "host is unreachable")                \
  X(EINTR, "interrupted system call")                   \
  X(EINVAL, "invalid argument")                         \
  X(EIO, "i/o error")                                   \
  X(EISCONN, "socket is already connected")             \
  X(EISDIR, "illegal operation on a directory")         \
  X(ELOOP, "too many symbolic links encountered")       \
  X(EMFILE, "too many open files")                      \
  X(EMLINK, "too many links")                           \
  X(EMSGSIZE, "message too long")                       \
  X(ENAMETOOLONG, "name too long")                      \
  X(ENETDOWN, "network is down")                        \
  X(ENETUNREACH, "network is unreachable")              \
  X(ENFILE, "file table overflow")                      \
  X(ENOBUFS, "no buffer space available")               \
  X(ENODEV, "no such device")                           \
  X(ENOENT, "no such file or directory")                \
  X(ENOMEM, "not enough memory")                        \
  X(ENOSPC, "no space left on device")                  \
  X(ENOSYS, "function not implemented")                 \
  X(ENOTCONN, "socket is not connected")                \
  X(ENOTDIR, "not a directory")                         \
  X(ENOTEMPTY, "directory not empty")                   \
  X(ENOTSOCK, "socket operation on non-socket")         \
  X(ENOTSUP, "operation not supported on socket")       \
  X(EOVERFLOW, "value too large for defined data type") \
  X(EPERM, "operation not permitted")                   \
  X(EPIPE, "broken pipe")                               \
  X(EPROTO, "protocol error")                           \
  X(EPROTONOSUPPORT, "protocol not supported")          \
  X(EPROTOTYPE, "protocol wrong type for socket")       \
  X(ERANGE, "result too large")                         \
  X(EROFS, "read-only file system")                     \
  X(ESPIPE, "invalid seek")                             \
  X(ESRCH, "no such process")                           \
  X(ETIMEDOUT, "connection timed out")                  \
  X(ETXTBSY, "text file is busy")                       \
  X(EXDEV, "cross-device link not permitted")

// "ENOENT" for -ENOENT (or ENOENT); "UNKNOWN" when not in the table.
std::string_view errnoName(int err);
// "no such file or directory"; "unknown error" when not in the table.
std::string_view errnoMessage(int err);
// -ENOENT for "ENOENT"; 0 when unknown.
int errnoFromName(std::string_view name);

}  // namespace nodecc::os::core
