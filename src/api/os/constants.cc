// os.constants: the tables of Node 20 on Linux, in its key order; the values come from the
// system headers, as Node's do.
#include <dlfcn.h>
#include <signal.h>

#include <cerrno>

#include "nodecc/os.h"

namespace nodecc::os::constants {

namespace {

constexpr Constant kSignals[] = {
    {"SIGHUP", SIGHUP},   {"SIGINT", SIGINT},     {"SIGQUIT", SIGQUIT},
    {"SIGILL", SIGILL},   {"SIGTRAP", SIGTRAP},   {"SIGABRT", SIGABRT},
    {"SIGIOT", SIGIOT},   {"SIGBUS", SIGBUS},     {"SIGFPE", SIGFPE},
    {"SIGKILL", SIGKILL}, {"SIGUSR1", SIGUSR1},   {"SIGSEGV", SIGSEGV},
    {"SIGUSR2", SIGUSR2}, {"SIGPIPE", SIGPIPE},   {"SIGALRM", SIGALRM},
    {"SIGTERM", SIGTERM}, {"SIGCHLD", SIGCHLD},   {"SIGSTKFLT", SIGSTKFLT},
    {"SIGCONT", SIGCONT}, {"SIGSTOP", SIGSTOP},   {"SIGTSTP", SIGTSTP},
    {"SIGTTIN", SIGTTIN}, {"SIGTTOU", SIGTTOU},   {"SIGURG", SIGURG},
    {"SIGXCPU", SIGXCPU}, {"SIGXFSZ", SIGXFSZ},   {"SIGVTALRM", SIGVTALRM},
    {"SIGPROF", SIGPROF}, {"SIGWINCH", SIGWINCH}, {"SIGIO", SIGIO},
    {"SIGPOLL", SIGPOLL}, {"SIGPWR", SIGPWR},     {"SIGSYS", SIGSYS},
};

constexpr Constant kErrno[] = {
    {"E2BIG", E2BIG},
    {"EACCES", EACCES},
    {"EADDRINUSE", EADDRINUSE},
    {"EADDRNOTAVAIL", EADDRNOTAVAIL},
    {"EAFNOSUPPORT", EAFNOSUPPORT},
    {"EAGAIN", EAGAIN},
    {"EALREADY", EALREADY},
    {"EBADF", EBADF},
    {"EBADMSG", EBADMSG},
    {"EBUSY", EBUSY},
    {"ECANCELED", ECANCELED},
    {"ECHILD", ECHILD},
    {"ECONNABORTED", ECONNABORTED},
    {"ECONNREFUSED", ECONNREFUSED},
    {"ECONNRESET", ECONNRESET},
    {"EDEADLK", EDEADLK},
    {"EDESTADDRREQ", EDESTADDRREQ},
    {"EDOM", EDOM},
    {"EDQUOT", EDQUOT},
    {"EEXIST", EEXIST},
    {"EFAULT", EFAULT},
    {"EFBIG", EFBIG},
    {"EHOSTUNREACH", EHOSTUNREACH},
    {"EIDRM", EIDRM},
    {"EILSEQ", EILSEQ},
    {"EINPROGRESS", EINPROGRESS},
    {"EINTR", EINTR},
    {"EINVAL", EINVAL},
    {"EIO", EIO},
    {"EISCONN", EISCONN},
    {"EISDIR", EISDIR},
    {"ELOOP", ELOOP},
    {"EMFILE", EMFILE},
    {"EMLINK", EMLINK},
    {"EMSGSIZE", EMSGSIZE},
    {"EMULTIHOP", EMULTIHOP},
    {"ENAMETOOLONG", ENAMETOOLONG},
    {"ENETDOWN", ENETDOWN},
    {"ENETRESET", ENETRESET},
    {"ENETUNREACH", ENETUNREACH},
    {"ENFILE", ENFILE},
    {"ENOBUFS", ENOBUFS},
    {"ENODATA", ENODATA},
    {"ENODEV", ENODEV},
    {"ENOENT", ENOENT},
    {"ENOEXEC", ENOEXEC},
    {"ENOLCK", ENOLCK},
    {"ENOLINK", ENOLINK},
    {"ENOMEM", ENOMEM},
    {"ENOMSG", ENOMSG},
    {"ENOPROTOOPT", ENOPROTOOPT},
    {"ENOSPC", ENOSPC},
    {"ENOSR", ENOSR},
    {"ENOSTR", ENOSTR},
    {"ENOSYS", ENOSYS},
    {"ENOTCONN", ENOTCONN},
    {"ENOTDIR", ENOTDIR},
    {"ENOTEMPTY", ENOTEMPTY},
    {"ENOTSOCK", ENOTSOCK},
    {"ENOTSUP", ENOTSUP},
    {"ENOTTY", ENOTTY},
    {"ENXIO", ENXIO},
    {"EOPNOTSUPP", EOPNOTSUPP},
    {"EOVERFLOW", EOVERFLOW},
    {"EPERM", EPERM},
    {"EPIPE", EPIPE},
    {"EPROTO", EPROTO},
    {"EPROTONOSUPPORT", EPROTONOSUPPORT},
    {"EPROTOTYPE", EPROTOTYPE},
    {"ERANGE", ERANGE},
    {"EROFS", EROFS},
    {"ESPIPE", ESPIPE},
    {"ESRCH", ESRCH},
    {"ESTALE", ESTALE},
    {"ETIME", ETIME},
    {"ETIMEDOUT", ETIMEDOUT},
    {"ETXTBSY", ETXTBSY},
    {"EWOULDBLOCK", EWOULDBLOCK},
    {"EXDEV", EXDEV},
};

// Node's names for nice values (libuv's UV_PRIORITY_*).
constexpr Constant kPriority[] = {
    {"PRIORITY_LOW", 19},          {"PRIORITY_BELOW_NORMAL", 10}, {"PRIORITY_NORMAL", 0},
    {"PRIORITY_ABOVE_NORMAL", -7}, {"PRIORITY_HIGH", -14},        {"PRIORITY_HIGHEST", -20},
};

constexpr Constant kDlopen[] = {
    {"RTLD_LAZY", RTLD_LAZY},   {"RTLD_NOW", RTLD_NOW},           {"RTLD_GLOBAL", RTLD_GLOBAL},
    {"RTLD_LOCAL", RTLD_LOCAL}, {"RTLD_DEEPBIND", RTLD_DEEPBIND},
};

}  // namespace

std::optional<int> ConstantTable::get(std::string_view name) const {
  for (const Constant& c : entries_) {
    if (c.name == name) {
      return c.value;
    }
  }
  return std::nullopt;
}

const ConstantTable signals{kSignals};
const ConstantTable errnum{kErrno};
const ConstantTable priority{kPriority};
const ConstantTable dlopen{kDlopen};

}  // namespace nodecc::os::constants
