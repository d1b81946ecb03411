#pragma once
// nodecc::detail::Access: the one way from nodecc's implementation (src/) and its white-box
// tests to the internals of a public handle type. The handles keep impl() private and name
// Access their friend, so impl() is no part of the public API.
#include <utility>

namespace nodecc::detail {

struct Access {
  // The implementation object behind a public handle (a pointer or reference, as the handle
  // holds it).
  template <class T>
  static decltype(auto) impl(const T& handle) {
    return handle.impl();
  }
  // A public type made from its internals through its private constructor.
  template <class T, class... A>
  static T make(A&&... args) {
    return T(std::forward<A>(args)...);
  }
};

}  // namespace nodecc::detail
