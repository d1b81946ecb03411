#pragma once
// The promise forms of nodecc's callback APIs (fs.promises, crypto's, zlib's), made as
// util.promisify makes them: begin(callback) starts the operation; the callback's error rejects
// and its value resolves; an exception thrown while starting (a bad argument) rejects too, as
// a throw inside a Promise executor does.
#include <exception>
#include <type_traits>
#include <utility>

#include "nodecc/error.h"
#include "nodecc/function.h"
#include "nodecc/promise.h"

namespace nodecc::detail {

// The exception an Error reported through a callback becomes: the C++ type of its name, so
// that `catch (const RangeError&)` sees what Node's `instanceof RangeError` would.
inline std::exception_ptr exceptionFrom(const Error& e) {
  auto as = [&e](auto typed) {
    static_cast<Error&>(typed) = e;
    return std::make_exception_ptr(std::move(typed));
  };
  if (e.name == "RangeError") {
    return as(RangeError(e.code, e.message));
  }
  if (e.name == "TypeError") {
    return as(TypeError(e.code, e.message));
  }
  return std::make_exception_ptr(e);
}

template <class T, class Begin>
Promise<T> promisify(Begin begin) {
  auto p = Promise<T>::withResolvers();
  try {
    if constexpr (std::is_void_v<T>) {
      begin(UniqueFunction<void(Error*)>([r = p.resolve](Error* err) {
        if (err) {
          r.reject(exceptionFrom(*err));
        } else {
          r();
        }
      }));
    } else {
      begin(UniqueFunction<void(Error*, T)>([r = p.resolve](Error* err, T value) {
        if (err) {
          r.reject(exceptionFrom(*err));
        } else {
          r(std::move(value));
        }
      }));
    }
  } catch (...) {
    p.resolve.reject(std::current_exception());
  }
  return p.promise;
}

}  // namespace nodecc::detail
