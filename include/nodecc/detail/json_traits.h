#pragma once
// What the typed path of nodecc/json.h recognises: fields declared with NODECC_JSON (or by a
// nodeccJsonFields function of one's own), toJSON members, and the standard containers. The
// conversions themselves are in json_typed.h.
#include <array>
#include <concepts>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

namespace nodecc::JSON {

class Value;

// One field of a struct: its JSON key and its member pointer. NODECC_JSON(Point, x, y) makes
//   inline auto nodeccJsonFields(const Point*) {
//     return std::make_tuple(JSON::field("x", &Point::x), JSON::field("y", &Point::y));
//   }
// in the struct's namespace; write that function by hand to give a field another key.
template <class C, class M>
struct Field {
  std::string_view name;
  M C::*member;
};
template <class C, class M>
constexpr Field<C, M> field(std::string_view name, M C::*member) noexcept {
  return {name, member};
}

namespace detail {

// Found by argument-dependent lookup in the type's namespace; this declaration only makes the
// unqualified call below a valid name in any namespace.
void nodeccJsonFields() = delete;

template <class T>
concept HasFields = requires {
  nodeccJsonFields(static_cast<const T*>(nullptr));
};
// A toJSON member, as JavaScript's: called with the key the value is written under ("" for the
// root, the index for an element), or without arguments; what it returns is written instead.
template <class T>
concept HasToJSONKey = requires(const T& t, std::string_view key) {
  t.toJSON(key);
};
template <class T>
concept HasToJSON = HasToJSONKey<T> || requires(const T& t) {
  t.toJSON();
};

template <class T>
struct IsVector : std::false_type {};
template <class T, class A>
struct IsVector<std::vector<T, A>> : std::true_type {};
template <class T>
struct IsStdArray : std::false_type {};
template <class T, std::size_t N>
struct IsStdArray<std::array<T, N>> : std::true_type {};
template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};
template <class T>
struct IsStringMap : std::false_type {};
template <class T, class C, class A>
struct IsStringMap<std::map<std::string, T, C, A>> : std::true_type {};

// Types that reach a Value through toValue() below (the built-in ones have constructors).
template <class T>
concept Convertible = HasFields<T> || HasToJSON<T> || IsVector<T>::value || IsStdArray<T>::value ||
    IsOptional<T>::value || IsStringMap<T>::value;

template <class T>
Value toValue(const T& v, std::string_view key);

}  // namespace detail
}  // namespace nodecc::JSON

// NODECC_JSON(Type, field...);  declares the fields JSON::parse<Type> reads and
// JSON::stringify writes, in that order, each under its own name. Use it in Type's namespace
// (argument-dependent lookup finds it there), after the struct, with a semicolon.
#define NODECC_JSON(Type, ...)                                                            \
  [[maybe_unused]] inline auto nodeccJsonFields(const Type*) {                            \
    return std::make_tuple(NODECC_JSON_FOR_EACH_(NODECC_JSON_FIELD_, Type, __VA_ARGS__)); \
  }                                                                                       \
  static_assert(true)

#define NODECC_JSON_FIELD_(Type, name) ::nodecc::JSON::field(#name, &Type::name)

// NODECC_JSON_FOR_EACH_(M, T, a, b, c) expands to M(T, a), M(T, b), M(T, c): the C++20
// __VA_OPT__ recursion; 4^4 rescans allow up to 256 fields.
#define NODECC_JSON_PARENS_ ()
#define NODECC_JSON_EXPAND_(...) \
  NODECC_JSON_EXPAND4_(          \
      NODECC_JSON_EXPAND4_(NODECC_JSON_EXPAND4_(NODECC_JSON_EXPAND4_(__VA_ARGS__))))
#define NODECC_JSON_EXPAND4_(...) \
  NODECC_JSON_EXPAND3_(           \
      NODECC_JSON_EXPAND3_(NODECC_JSON_EXPAND3_(NODECC_JSON_EXPAND3_(__VA_ARGS__))))
#define NODECC_JSON_EXPAND3_(...) \
  NODECC_JSON_EXPAND2_(           \
      NODECC_JSON_EXPAND2_(NODECC_JSON_EXPAND2_(NODECC_JSON_EXPAND2_(__VA_ARGS__))))
#define NODECC_JSON_EXPAND2_(...) \
  NODECC_JSON_EXPAND1_(           \
      NODECC_JSON_EXPAND1_(NODECC_JSON_EXPAND1_(NODECC_JSON_EXPAND1_(__VA_ARGS__))))
#define NODECC_JSON_EXPAND1_(...) __VA_ARGS__
#define NODECC_JSON_FOR_EACH_(macro, T, ...) \
  __VA_OPT__(NODECC_JSON_EXPAND_(NODECC_JSON_FOR_EACH_HELPER_(macro, T, __VA_ARGS__)))
#define NODECC_JSON_FOR_EACH_HELPER_(macro, T, a1, ...) \
  macro(T, a1) __VA_OPT__(, NODECC_JSON_FOR_EACH_AGAIN_ NODECC_JSON_PARENS_(macro, T, __VA_ARGS__))
#define NODECC_JSON_FOR_EACH_AGAIN_() NODECC_JSON_FOR_EACH_HELPER_
