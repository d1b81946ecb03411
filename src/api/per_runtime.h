#pragma once
// An object made once per runtime (each thread has its own loop and runtime) and owned by it:
// http.globalAgent, https.globalAgent and fetch's pool. A runtime made again on the thread (as
// tests do) gets a new one; the old one went with its runtime.
#include <utility>

#include "api/runtime.h"

namespace nodecc::detail {

// `make()` returns a new T*. Each call site (its own Make type) has its own object.
template <class T, class Make>
T& perRuntime(Make&& make) {
  thread_local T* object = nullptr;
  thread_local Runtime* owner = nullptr;
  Runtime& rt = Runtime::current();
  if (object == nullptr || owner != &rt) {
    object = std::forward<Make>(make)();
    owner = &rt;
    rt.adopt(object);
  }
  return *object;
}

}  // namespace nodecc::detail
