#pragma once
// The second shape Node gives a system error. Error::fromErrno builds libuv's
// "ENOENT: no such file or directory, open 'a.txt'" (fs); Node's errnoException builds
// "read ECONNRESET", "write EPIPE", "kill ESRCH" (sockets, process.kill): code, errno and
// syscall set as in fromErrno.
#include <string_view>

#include "nodecc/error.h"

namespace nodecc::detail {

Error errnoException(int err, std::string_view syscall);

}  // namespace nodecc::detail
