#pragma once
// Node's SystemError for the os module's failures.
#include <string_view>

#include "nodecc/error.h"

namespace nodecc::os::detail {

// code "ERR_SYSTEM_ERROR", message "A system error occurred: SYSCALL returned ENAME (message)",
// errnum and syscall set, as Node builds it for a failed uv_os_* call.
Error systemError(int err, std::string_view syscall);

}  // namespace nodecc::os::detail
