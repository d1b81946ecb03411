#pragma once
// nodecc::Error: Node's Error with its system-error fields. The core layers report failures as
// negative errno values; the API layer builds an Error from them exactly once (fromErrno), with
// Node's code, errno, syscall, path and message:
//   ENOENT: no such file or directory, open 'a.txt'
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace nodecc {

class Error : public std::exception {
 public:
  Error() = default;
  explicit Error(std::string message) : message(std::move(message)) {}
  Error(std::string code, std::string message)
      : message(std::move(message)), code(std::move(code)) {}

  // A system error from a negative (or positive) errno, as libuv/Node build it.
  static Error fromErrno(int err, std::string_view syscall, std::string_view path = {},
                         std::string_view dest = {});

  const char* what() const noexcept override { return message.c_str(); }
  // "Error: message" or "Error [CODE]: message" for non-system errors, as Node's String(err).
  std::string toString() const;

  std::string name = "Error";  // "Error", "TypeError", "RangeError", "AbortError"...
  std::string message;
  std::string code;     // "ENOENT", "ERR_INVALID_ARG_TYPE"...; empty when none
  int errnum = 0;       // Node's err.errno (negative); C++ reserves the name errno
  std::string syscall;  // system errors only
  std::string path;
  std::string dest;
  // Socket errors (net): the address and port of the failed listen/connect, as Node's
  // err.address and err.port; empty / 0 otherwise.
  std::string address;
  int port = 0;
  // err.cause (Node's `new Error(message, {cause})`): the error this one reports, as fetch's
  // "fetch failed" carries the connect error and an AbortError the signal's reason; null when
  // none. Shared, so copying an Error stays cheap.
  std::shared_ptr<const Error> cause;
};

class TypeError : public Error {
 public:
  TypeError(std::string code, std::string message) : Error(std::move(code), std::move(message)) {
    name = "TypeError";
  }
};

class RangeError : public Error {
 public:
  RangeError(std::string code, std::string message) : Error(std::move(code), std::move(message)) {
    name = "RangeError";
  }
};

// JavaScript's SyntaxError: what JSON.parse throws for malformed text. No code, as in V8.
class SyntaxError : public Error {
 public:
  explicit SyntaxError(std::string message) : Error(std::move(message)) { name = "SyntaxError"; }
};

// The reason behind an exception_ptr as an Error: an Error as it is, a std::exception's what()
// as the message, anything else as "Unknown error".
Error toError(const std::exception_ptr& e);

// The errno name ("ENOENT") and libuv's message for an errno value of either sign.
std::string_view errnoName(int err);
std::string_view errnoMessage(int err);

}  // namespace nodecc
