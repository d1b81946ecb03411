#pragma once
// The typed path of nodecc/json.h: C++ values to JSON::Value (toValue), JSON::Value to C++
// values (fromValue, with errors naming the path of a mismatch), and C++ values written
// straight to text (write, no Value built). Recognised: bool, integers, floating point,
// std::string (and string_view / const char* when writing), nullptr, Value, Array, Object,
// std::vector, std::array, std::optional (empty reads from and writes as undefined: a member is
// left out, an element is null), std::map<std::string, T>, structs declared with NODECC_JSON,
// types with a toJSON member (written as what it returns) and types with a static
// fromJSON(const Value&) (read through it). Included by json.h; not a header of its own.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "nodecc/detail/json_traits.h"
#include "nodecc/detail/json_writer.h"

namespace nodecc::JSON::detail {

// Where a value sits in the document, for error messages ("points[3].x"); a chain of frames on
// the stack of the conversion, rendered only when it fails.
struct Path {
  const Path* parent = nullptr;
  std::string_view key;
  std::size_t index = 0;
  bool isIndex = false;
};

[[noreturn]] void throwTypeMismatch(const Path* path, std::string_view expected, const Value& got);
[[noreturn]] void throwNotInteger(const Path* path, const Value& got);
[[noreturn]] void throwOutOfRange(const Path* path, const Value& got, long double min,
                                  long double max);
[[noreturn]] void throwArrayLength(const Path* path, std::size_t expected, std::size_t got);
// Writes an already built Value, Array or Object (stringify.cc).
void writeValue(Writer& w, const Value& v);
void writeValue(Writer& w, const Array& a);
void writeValue(Writer& w, const Object& o);
// Whether `key` is an array index ("0" to "4294967294", no leading zero), and its value.
bool isArrayIndex(std::string_view key, std::uint32_t* index = nullptr) noexcept;
std::string indexKey(std::size_t index);

template <class T>
constexpr bool kIsBuiltin =
    std::same_as<T, bool> || std::is_arithmetic_v<T> || std::same_as<T, std::string> ||
    std::same_as<T, std::string_view> || std::same_as<T, const char*> || std::same_as<T, char*> ||
    std::same_as<T, std::nullptr_t> || std::same_as<T, Value> || std::same_as<T, Array> ||
    std::same_as<T, Object>;

template <class T>
decltype(auto) callToJSON(const T& v, std::string_view key) {
  if constexpr (HasToJSONKey<T>) {
    return v.toJSON(key);
  } else {
    return v.toJSON();
  }
}

// ---- C++ -> Value

// `useToJSON` is false for what a toJSON returned: JavaScript calls toJSON once per property.
template <class T>
Value convertOut(const T& v, std::string_view key, bool useToJSON) {
  if constexpr (HasToJSON<T> && !HasFields<T>) {
    if (useToJSON) {
      return convertOut(callToJSON(v, key), key, false);
    }
    // What a toJSON returned has a toJSON too, which JavaScript does not call again: an object
    // whose only property is a method, written {}.
    return Object();
  } else if constexpr (HasToJSON<T>) {
    if (useToJSON) {
      return convertOut(callToJSON(v, key), key, false);
    }
  }
  if constexpr (HasToJSON<T> && !HasFields<T>) {
    // handled above
  } else if constexpr (std::same_as<T, Value>) {
    return v;
  } else if constexpr (kIsBuiltin<T>) {
    return Value(v);
  } else if constexpr (IsOptional<T>::value) {
    return v ? convertOut(*v, key, true) : Value();
  } else if constexpr (IsVector<T>::value || IsStdArray<T>::value) {
    Array a;
    a.reserve(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      if constexpr (HasToJSONKey<typename T::value_type>) {
        a.push_back(convertOut(v[i], indexKey(i), true));
      } else {
        a.push_back(convertOut(v[i], {}, true));
      }
    }
    return a;
  } else if constexpr (IsStringMap<T>::value) {
    Object o;
    for (const auto& [k, e] : v) {
      Value x = convertOut(e, k, true);
      if (!x.isUndefined()) {
        o.set(k, std::move(x));
      }
    }
    return o;
  } else if constexpr (HasFields<T>) {
    Object o;
    std::apply(
        [&](const auto&... f) {
          (
              [&] {
                Value x = convertOut(v.*(f.member), f.name, true);
                if (!x.isUndefined()) {
                  o.set(f.name, std::move(x));
                }
              }(),
              ...);
        },
        nodeccJsonFields(static_cast<const T*>(nullptr)));
    return o;
  } else {
    static_assert(HasFields<T>, "no JSON form for this type: declare its fields with NODECC_JSON");
    return {};
  }
}

template <class T>
Value toValue(const T& v, std::string_view key) {
  return convertOut(v, key, true);
}

// ---- Value -> C++

template <class T>
concept HasFromJSON = requires(const Value& v) {
  { T::fromJSON(v) } -> std::convertible_to<T>;
};

template <class I>
void convertInteger(const Value& v, I& out, const Path* path) {
  if (!v.isNumber()) {
    throwTypeMismatch(path, "an integer", v);
  }
  double d = v.asNumber();
  if (!std::isfinite(d) || d != std::trunc(d)) {
    throwNotInteger(path, v);
  }
  constexpr long double lo = static_cast<long double>(std::numeric_limits<I>::min());
  constexpr long double hi = static_cast<long double>(std::numeric_limits<I>::max());
  if (static_cast<long double>(d) < lo || static_cast<long double>(d) > hi) {
    throwOutOfRange(path, v, lo, hi);
  }
  out = static_cast<I>(d);
}

// Src is `Value` (arrays and objects are moved out) or `const Value`.
template <class Src, class T>
void convertIn(Src& v, T& out, const Path* path) {
  if constexpr (HasFromJSON<T>) {
    out = T::fromJSON(v);
  } else if constexpr (std::same_as<T, Value>) {
    if constexpr (std::is_const_v<Src>) {
      out = v;
    } else {
      out = std::move(v);
    }
  } else if constexpr (std::same_as<T, bool>) {
    if (!v.isBoolean()) {
      throwTypeMismatch(path, "a boolean", v);
    }
    out = v.asBool();
  } else if constexpr (std::is_integral_v<T>) {
    convertInteger(v, out, path);
  } else if constexpr (std::is_floating_point_v<T>) {
    if (!v.isNumber()) {
      throwTypeMismatch(path, "a number", v);
    }
    out = static_cast<T>(v.asNumber());
  } else if constexpr (std::same_as<T, std::string>) {
    if (!v.isString()) {
      throwTypeMismatch(path, "a string", v);
    }
    out.assign(v.asString());
  } else if constexpr (std::same_as<T, std::nullptr_t>) {
    if (!v.isNull()) {
      throwTypeMismatch(path, "null", v);
    }
  } else if constexpr (std::same_as<T, Array> || std::same_as<T, Object>) {
    if (std::same_as<T, Array> ? !v.isArray() : !v.isObject()) {
      throwTypeMismatch(path, std::same_as<T, Array> ? "an array" : "an object", v);
    }
    if constexpr (std::same_as<T, Array>) {
      out = std::move(v.asArray());  // a copy when Src is const
    } else {
      out = std::move(v.asObject());
    }
  } else if constexpr (IsOptional<T>::value) {
    if (v.isNullish()) {
      out.reset();
    } else {
      convertIn(v, out.emplace(), path);
    }
  } else if constexpr (IsVector<T>::value || IsStdArray<T>::value) {
    if (!v.isArray()) {
      throwTypeMismatch(path, "an array", v);
    }
    auto& a = v.asArray();
    if constexpr (IsStdArray<T>::value) {
      if (a.size() != out.size()) {
        throwArrayLength(path, out.size(), a.size());
      }
    } else {
      out.clear();
      out.reserve(a.size());
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
      Path here{path, {}, i, true};
      if constexpr (IsStdArray<T>::value) {
        convertIn(a[i], out[i], &here);
      } else {
        typename T::value_type e{};
        convertIn(a[i], e, &here);
        out.push_back(std::move(e));
      }
    }
  } else if constexpr (IsStringMap<T>::value) {
    if (!v.isObject()) {
      throwTypeMismatch(path, "an object", v);
    }
    out.clear();
    for (auto& [k, e] : v.asObject()) {
      Path here{path, k};
      typename T::mapped_type m{};
      convertIn(e, m, &here);
      out.insert_or_assign(std::string(k), std::move(m));
    }
  } else if constexpr (HasFields<T>) {
    if (!v.isObject()) {
      throwTypeMismatch(path, "an object", v);
    }
    auto& o = v.asObject();
    std::apply(
        [&](const auto&... f) {
          (
              [&] {
                Path here{path, f.name};
                if (auto* member = o.find(f.name)) {
                  convertIn(*member, out.*(f.member), &here);
                } else {
                  convertIn(undefined(), out.*(f.member), &here);
                }
              }(),
              ...);
        },
        nodeccJsonFields(static_cast<const T*>(nullptr)));
  } else {
    static_assert(HasFields<T>,
                  "no JSON form for this type: declare its fields with NODECC_JSON, or give it "
                  "a static fromJSON(const JSON::Value&)");
  }
}

// ---- C++ -> text

template <class T>
bool isOmitted(const T& v) noexcept {
  if constexpr (std::same_as<T, Value>) {
    return v.isUndefined();
  } else if constexpr (IsOptional<T>::value) {
    return !v.has_value() || isOmitted(*v);
  } else {
    return false;
  }
}

template <class T>
void writeTyped(Writer& w, const T& v);

template <class T>
void writeMember(Writer& w, std::string_view key, const T& v) {
  if constexpr (HasToJSON<T>) {
    writeMember(w, key, Value(convertOut(callToJSON(v, key), key, false)));
  } else if (!isOmitted(v)) {
    w.key(key);
    writeTyped(w, v);
  }
}

template <class T>
void writeElement(Writer& w, std::size_t index, const T& v) {
  if constexpr (HasToJSON<T>) {
    if constexpr (HasToJSONKey<T>) {
      writeElement(w, index, convertOut(callToJSON(v, indexKey(index)), {}, false));
    } else {
      writeElement(w, index, convertOut(callToJSON(v, {}), {}, false));
    }
  } else {
    w.element();
    if (isOmitted(v)) {
      w.null();
    } else {
      writeTyped(w, v);
    }
  }
}

template <class T>
void writeTyped(Writer& w, const T& v) {
  if constexpr (HasToJSON<T>) {
    writeTyped(w, convertOut(callToJSON(v, {}), {}, false));
  } else if constexpr (std::same_as<T, Value> || std::same_as<T, Array> ||
                       std::same_as<T, Object>) {
    writeValue(w, v);
  } else if constexpr (std::same_as<T, bool>) {
    w.boolean(v);
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    w.integer(v);
  } else if constexpr (std::is_integral_v<T>) {
    w.unsignedInteger(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    w.number(static_cast<double>(v));
  } else if constexpr (std::same_as<T, std::string> || std::same_as<T, std::string_view> ||
                       std::same_as<T, const char*> || std::same_as<T, char*>) {
    w.string(v);
  } else if constexpr (std::same_as<T, std::nullptr_t>) {
    w.null();
  } else if constexpr (IsOptional<T>::value) {
    if (v) {
      writeTyped(w, *v);
    } else {
      w.null();
    }
  } else if constexpr (IsVector<T>::value || IsStdArray<T>::value) {
    w.openArray();
    for (std::size_t i = 0; i < v.size(); ++i) {
      writeElement(w, i, v[i]);
    }
    w.closeArray();
  } else if constexpr (IsStringMap<T>::value) {
    // JavaScript's property order: array-index keys first, in numeric order.
    w.openObject();
    std::vector<std::pair<std::uint32_t, const typename T::value_type*>> indices;
    for (const auto& entry : v) {
      std::uint32_t index;
      if (isArrayIndex(entry.first, &index)) {
        indices.emplace_back(index, &entry);
      }
    }
    std::sort(indices.begin(), indices.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [index, entry] : indices) {
      writeMember(w, entry->first, entry->second);
    }
    for (const auto& [k, e] : v) {
      if (indices.empty() || !isArrayIndex(k)) {
        writeMember(w, k, e);
      }
    }
    w.closeObject();
  } else if constexpr (HasFields<T>) {
    w.openObject();
    std::apply([&](const auto&... f) { (writeMember(w, f.name, v.*(f.member)), ...); },
               nodeccJsonFields(static_cast<const T*>(nullptr)));
    w.closeObject();
  } else {
    static_assert(HasFields<T>, "no JSON form for this type: declare its fields with NODECC_JSON");
  }
}

}  // namespace nodecc::JSON::detail

namespace nodecc::JSON {

template <class T>
T Value::as() const {
  T out{};
  detail::convertIn(*this, out, nullptr);
  return out;
}

template <class T>
T parse(std::string_view text, const ParseOptions& options) {
  Value v = parse(text, options);
  T out{};
  detail::convertIn(v, out, nullptr);  // the parsed arrays and objects are moved, not copied
  return out;
}

template <class T>
requires(!std::same_as<std::remove_cvref_t<T>, Value> && detail::Convertible<T>) std::string
    stringify(const T& value, const Replacer& replacer, const Space& space) {
  if (replacer.function() || replacer.isKeyList()) {
    return stringify(detail::toValue(value, {}), replacer, space);
  }
  detail::Writer w(space.gap());
  if constexpr (detail::HasToJSON<T>) {
    Value root = detail::convertOut(detail::callToJSON(value, {}), {}, false);
    if (root.isUndefined()) {
      return {};
    }
    detail::writeValue(w, root);
  } else {
    if (detail::isOmitted(value)) {
      return {};
    }
    detail::writeTyped(w, value);
  }
  return w.take();
}

}  // namespace nodecc::JSON
