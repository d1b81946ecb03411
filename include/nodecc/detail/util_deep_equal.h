#pragma once
// util::isDeepStrictEqual's machinery: two C++ values compared as the JavaScript values they
// print as (nodecc/util.h), with Node's deep strict rules.
#include <cmath>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "nodecc/detail/util_inspect.h"

namespace nodecc::util::detail {

template <class T>
inline constexpr bool kNumberKind = kNumericJs<T> || std::is_enum_v<T>;
template <class T>
inline constexpr bool kStringKind = StringLike<T> || std::is_same_v<T, char>;
template <class T>
inline constexpr bool kUndefinedKind =
    std::is_same_v<T, std::nullopt_t> || std::is_same_v<T, Undefined> ||
    std::is_same_v<T, std::monostate>;
template <class T>
inline constexpr bool kArrayKind = RangeLike<T> || TupleLike<T>;
// Holders that stand for what they hold (or for undefined / null when empty).
template <class T>
inline constexpr bool kHolder = IsOptional<T>::value || IsVariant<T>::value ||
                                IsSmartPointer<T>::value || IsReferenceWrapper<T>::value;

template <class T>
bool isUndefinedValue(const T& v) {
  if constexpr (kUndefinedKind<T>) {
    return true;
  } else if constexpr (IsOptional<T>::value) {
    return !v || isUndefinedValue(*v);
  } else if constexpr (IsVariant<T>::value) {
    return std::visit([](const auto& x) { return isUndefinedValue(x); }, v);
  } else if constexpr (IsReferenceWrapper<T>::value) {
    return isUndefinedValue(v.get());
  } else {
    return false;
  }
}

template <class T>
bool isNullValue(const T& v) {
  if constexpr (std::is_same_v<T, std::nullptr_t>) {
    return true;
  } else if constexpr (std::is_same_v<T, const char*> || std::is_same_v<T, char*>) {
    return v == nullptr;
  } else if constexpr (IsSmartPointer<T>::value) {
    return !v;
  } else if constexpr (IsOptional<T>::value) {
    return v && isNullValue(*v);
  } else if constexpr (IsVariant<T>::value) {
    return std::visit([](const auto& x) { return isNullValue(x); }, v);
  } else if constexpr (IsReferenceWrapper<T>::value) {
    return isNullValue(v.get());
  } else {
    return false;
  }
}

template <class T>
std::string_view stringOf(const T& v) {
  if constexpr (std::is_same_v<T, char>) {
    return std::string_view(&v, 1);
  } else {
    return std::string_view(v);
  }
}

// Object.is for numbers: NaN is NaN, 0 is not -0; integers compare exactly.
template <class A, class B>
bool numberEqual(A a, B b) {
  if constexpr (std::is_enum_v<A>) {
    return numberEqual(std::underlying_type_t<A>(a), b);
  } else if constexpr (std::is_enum_v<B>) {
    return numberEqual(a, std::underlying_type_t<B>(b));
  } else if constexpr (std::is_integral_v<A> && std::is_integral_v<B>) {
    return std::cmp_equal(a, b);
  } else {
    double x = double(a);
    double y = double(b);
    if (std::isnan(x) || std::isnan(y)) {
      return std::isnan(x) && std::isnan(y);
    }
    return x == y && std::signbit(x) == std::signbit(y);
  }
}

bool errorEqual(const Error& a, const Error& b);

template <class A, class B>
bool deepEqual(const A& a, const B& b);

template <class A, class B>
bool arrayEqual(const A& a, const B& b) {
  if constexpr (RangeLike<A> && RangeLike<B>) {
    if (rangeSize(a) != rangeSize(b)) {
      return false;
    }
    auto j = std::begin(b);
    for (auto i = std::begin(a); i != std::end(a); ++i, ++j) {
      if (!deepEqual(*i, *j)) {
        return false;
      }
    }
    return true;
  } else if constexpr (TupleLike<A> && TupleLike<B>) {
    if constexpr (std::tuple_size_v<A> != std::tuple_size_v<B>) {
      return false;
    } else {
      return [&]<size_t... I>(std::index_sequence<I...>) {
        return (deepEqual(std::get<I>(a), std::get<I>(b)) && ...);
      }
      (std::make_index_sequence<std::tuple_size_v<A>>());
    }
  } else {
    return false;
  }
}

template <class A, class B>
bool mapEqual(const A& a, const B& b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (const auto& [key, value] : a) {
    bool found = false;
    if constexpr (std::is_same_v<A, B>) {
      auto it = b.find(key);
      found = it != b.end() && deepEqual(value, it->second);
    } else {
      for (const auto& [otherKey, otherValue] : b) {
        if (deepEqual(key, otherKey) && deepEqual(value, otherValue)) {
          found = true;
          break;
        }
      }
    }
    if (!found) {
      return false;
    }
  }
  return true;
}

template <class A, class B>
bool setEqual(const A& a, const B& b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (const auto& x : a) {
    bool found = false;
    if constexpr (std::is_same_v<A, B>) {
      found = b.find(x) != b.end();
    } else {
      for (const auto& y : b) {
        if (deepEqual(x, y)) {
          found = true;
          break;
        }
      }
    }
    if (!found) {
      return false;
    }
  }
  return true;
}

template <class A, class B>
bool deepEqual(const A& a, const B& b) {
  if constexpr (kHolder<A>) {
    if constexpr (IsOptional<A>::value) {
      return a ? deepEqual(*a, b) : isUndefinedValue(b);
    } else if constexpr (IsVariant<A>::value) {
      return std::visit([&](const auto& x) { return deepEqual(x, b); }, a);
    } else if constexpr (IsSmartPointer<A>::value) {
      return a ? deepEqual(*a, b) : isNullValue(b);
    } else {
      return deepEqual(a.get(), b);
    }
  } else if constexpr (kHolder<B>) {
    return deepEqual(b, a);
  } else if constexpr (kNumberKind<A> && kNumberKind<B>) {
    return numberEqual(a, b);
  } else if constexpr (std::is_same_v<A, bool> && std::is_same_v<B, bool>) {
    return a == b;
  } else if constexpr ((std::is_same_v<A, const char*> || std::is_same_v<A, char*>) ||
                       (std::is_same_v<B, const char*> || std::is_same_v<B, char*>)) {
    if (isNullValue(a) || isNullValue(b)) {
      return isNullValue(a) && isNullValue(b);
    }
    if constexpr (kStringKind<A> && kStringKind<B>) {
      return stringOf(a) == stringOf(b);
    } else {
      return false;
    }
  } else if constexpr (kStringKind<A> && kStringKind<B>) {
    return stringOf(a) == stringOf(b);
  } else if constexpr (std::is_same_v<A, std::nullptr_t> || std::is_same_v<B, std::nullptr_t>) {
    return isNullValue(a) && isNullValue(b);
  } else if constexpr (kUndefinedKind<A> || kUndefinedKind<B>) {
    return isUndefinedValue(a) && isUndefinedValue(b);
  } else if constexpr (std::is_same_v<A, BigInt> && std::is_same_v<B, BigInt>) {
    return a.value == b.value;
  } else if constexpr (std::is_same_v<A, Buffer> && std::is_same_v<B, Buffer>) {
    return a.equals(b);
  } else if constexpr (std::is_base_of_v<Error, A> && std::is_base_of_v<Error, B>) {
    return errorEqual(a, b);
  } else if constexpr (MapLike<A> && MapLike<B>) {
    return mapEqual(a, b);
  } else if constexpr (SetLike<A> && SetLike<B>) {
    return setEqual(a, b);
  } else if constexpr (kArrayKind<A> && kArrayKind<B>) {
    return arrayEqual(a, b);
  } else if constexpr (std::is_same_v<A, B> && std::equality_comparable<A>) {
    return a == b;
  } else {
    return false;
  }
}

}  // namespace nodecc::util::detail
