#include "nodecc/error.h"

#include "api/system_error.h"
#include "os/errno_table.h"

namespace nodecc {

Error Error::fromErrno(int err, std::string_view syscall, std::string_view path,
                       std::string_view dest) {
  Error e;
  e.errnum = err < 0 ? err : -err;
  e.code = std::string(os::core::errnoName(err));
  e.syscall = std::string(syscall);
  e.path = std::string(path);
  e.dest = std::string(dest);
  // libuv's format, which Node prints: "ENOENT: no such file or directory, open 'a.txt'".
  e.message = e.code + ": " + std::string(os::core::errnoMessage(err)) + ", " + e.syscall;
  if (!path.empty()) {
    e.message += " '" + e.path + "'";
  }
  if (!dest.empty()) {
    e.message += " -> '" + e.dest + "'";
  }
  return e;
}

namespace detail {

Error errnoException(int err, std::string_view syscall) {
  Error e = Error::fromErrno(err, syscall);
  e.message = std::string(syscall) + " " + e.code;
  return e;
}

}  // namespace detail

std::string Error::toString() const {
  if (!code.empty() && errnum == 0) {
    return name + " [" + code + "]: " + message;
  }
  return message.empty() ? name : name + ": " + message;
}

Error toError(const std::exception_ptr& e) {
  if (!e) {
    return Error("Unknown error");
  }
  try {
    std::rethrow_exception(e);
  } catch (const Error& err) {
    return err;
  } catch (const std::exception& ex) {
    return Error(ex.what());
  } catch (...) {
    return Error("Unknown error");
  }
}

std::string_view errnoName(int err) {
  return os::core::errnoName(err);
}
std::string_view errnoMessage(int err) {
  return os::core::errnoMessage(err);
}

}  // namespace nodecc
