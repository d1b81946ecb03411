#pragma once
// Result<T>: a value or a negative errno. The core layers return it, never throw and never
// build strings; the API layer turns an error into nodecc::Error exactly once.
#include <cerrno>
#include <utility>

namespace nodecc::os::core {

// A negative errno, tagged so that Result<int> can tell an error from a value.
struct Errno {
  int code;  // always < 0
};

inline Errno lastErrno() {
  return Errno{-errno};
}

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Errno e) : error_(e.code) {}            // NOLINT

  bool ok() const { return error_ == 0; }
  explicit operator bool() const { return ok(); }
  int error() const { return error_; }  // negative errno, 0 when ok
  T& value() { return value_; }
  const T& value() const { return value_; }
  T& operator*() { return value_; }
  T* operator->() { return &value_; }

 private:
  T value_{};
  int error_ = 0;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Errno e) : error_(e.code) {}  // NOLINT
  bool ok() const { return error_ == 0; }
  explicit operator bool() const { return ok(); }
  int error() const { return error_; }

 private:
  int error_ = 0;
};

}  // namespace nodecc::os::core
