#pragma once
// The machinery behind util::format (see nodecc/util.h): each argument is passed to the one
// non-template formatter (src/api/util/format.cc) as a pointer and a table of what the
// formatter may ask of it (its primitive value, its inspection, String(value),
// JSON.stringify(value)), one table per argument type.
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "nodecc/detail/util_inspect.h"

namespace nodecc::util {

// Text JSON.stringify emits as it is (JavaScript's JSON.rawJSON): what a toJSON hook returns
// when it already has the JSON.
struct RawJSON {
  std::string text;
};

namespace detail {

// A value as JavaScript's typeof sees it, for the %s %d %i %f conversions.
struct Primitive {
  enum Kind : unsigned char {
    kObject,
    kString,
    kNumber,
    kInt,
    kUint,
    kBigInt,
    kBool,
    kNull,
    kUndefined
  };
  Kind kind = kObject;
  double number = 0;
  int64_t i = 0;   // kInt, kBigInt
  uint64_t u = 0;  // kUint
  bool b = false;
  std::string_view string;
};

struct FormatOps {
  Primitive (*primitive)(const void*);
  std::string (*inspect)(const void*, const InspectOptions&);
  // String(value) for a type with its own toString() member, else nullptr (as a JavaScript
  // class with its own toString prints through it under %s).
  std::string (*toString)(const void*);
  // JSON.stringify: appends the JSON and returns true, or returns false for undefined.
  bool (*json)(const void*, std::string& out);
};

struct FormatArg {
  const void* value;
  const FormatOps* ops;
};

// util.formatWithOptions over erased arguments; `options` null means util.format.
void appendFormatted(std::string& out, const InspectOptions* options, const FormatArg* args,
                     size_t count);

// JSON pieces (src/api/util/format.cc).
void appendJsonString(std::string& out, std::string_view utf8);
void appendJsonNumber(std::string& out, double v);
void appendErrorJson(std::string& out, const Error& e);
[[noreturn]] void throwBigIntJson();

template <class T>
std::string inspectValue(const T& value, const InspectOptions& options) {
  InspectContext ctx(options);
  return formatValue(ctx, value, 0);
}

void toJSON() = delete;
template <class T>
concept HasToJson = requires(const T& v) {
  toJSON(v);
};
template <class T>
concept HasToString = requires(const T& v) {
  { v.toString() } -> std::convertible_to<std::string>;
}
&&!std::is_base_of_v<Error, T>;

template <class T>
Primitive primitiveOf(const T& v) {
  Primitive p;
  if constexpr (std::is_same_v<T, bool>) {
    p.kind = Primitive::kBool;
    p.b = v;
  } else if constexpr (std::is_same_v<T, char>) {
    p.kind = Primitive::kString;
    p.string = std::string_view(&v, 1);
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    p.kind = Primitive::kInt;
    p.i = int64_t(v);
  } else if constexpr (std::is_integral_v<T>) {
    p.kind = Primitive::kUint;
    p.u = uint64_t(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    p.kind = Primitive::kNumber;
    p.number = double(v);
  } else if constexpr (std::is_enum_v<T>) {
    return primitiveOf(std::underlying_type_t<T>(v));
  } else if constexpr (std::is_same_v<T, std::nullptr_t>) {
    p.kind = Primitive::kNull;
  } else if constexpr (std::is_same_v<T, std::nullopt_t> || std::is_same_v<T, Undefined> ||
                       std::is_same_v<T, std::monostate>) {
    p.kind = Primitive::kUndefined;
  } else if constexpr (std::is_same_v<T, BigInt>) {
    p.kind = Primitive::kBigInt;
    p.i = v.value;
  } else if constexpr (std::is_same_v<T, const char*> || std::is_same_v<T, char*>) {
    p.kind = v ? Primitive::kString : Primitive::kNull;
    p.string = v ? std::string_view(v) : std::string_view();
  } else if constexpr (StringLike<T>) {
    p.kind = Primitive::kString;
    p.string = std::string_view(v);
  } else if constexpr (IsOptional<T>::value) {
    if (v) {
      return primitiveOf(*v);
    }
    p.kind = Primitive::kUndefined;
  } else if constexpr (IsVariant<T>::value) {
    return std::visit([](const auto& x) { return primitiveOf(x); }, v);
  } else if constexpr (IsReferenceWrapper<T>::value) {
    return primitiveOf(v.get());
  }
  return p;
}

template <class T>
bool toJson(std::string& out, const T& v) {
  if constexpr (std::is_same_v<T, RawJSON>) {
    out += v.text;
  } else if constexpr (HasToJson<T>) {
    return toJson(out, toJSON(v));
  } else if constexpr (std::is_same_v<T, bool>) {
    out += v ? "true" : "false";
  } else if constexpr (std::is_same_v<T, char>) {
    appendJsonString(out, std::string_view(&v, 1));
  } else if constexpr (std::is_integral_v<T>) {
    out += std::to_string(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    appendJsonNumber(out, double(v));
  } else if constexpr (std::is_enum_v<T>) {
    return toJson(out, std::underlying_type_t<T>(v));
  } else if constexpr (std::is_same_v<T, std::nullptr_t>) {
    out += "null";
  } else if constexpr (std::is_same_v<T, std::nullopt_t> || std::is_same_v<T, Undefined> ||
                       std::is_same_v<T, std::monostate> || IsFunction<T>::value) {
    return false;
  } else if constexpr (std::is_same_v<T, BigInt>) {
    throwBigIntJson();
  } else if constexpr (std::is_same_v<T, const char*> || std::is_same_v<T, char*>) {
    if (v) {
      appendJsonString(out, v);
    } else {
      out += "null";
    }
  } else if constexpr (StringLike<T>) {
    appendJsonString(out, std::string_view(v));
  } else if constexpr (std::is_same_v<T, Buffer>) {
    out += "{\"type\":\"Buffer\",\"data\":[";
    for (size_t i = 0; i < v.size(); ++i) {
      if (i) {
        out += ',';
      }
      out += std::to_string(unsigned(v[i]));
    }
    out += "]}";
  } else if constexpr (std::is_base_of_v<Error, T>) {
    appendErrorJson(out, v);
  } else if constexpr (IsOptional<T>::value) {
    return v ? toJson(out, *v) : false;
  } else if constexpr (IsVariant<T>::value) {
    return std::visit([&](const auto& x) { return toJson(out, x); }, v);
  } else if constexpr (IsSmartPointer<T>::value) {
    if (!v) {
      out += "null";
      return true;
    }
    return toJson(out, *v);
  } else if constexpr (IsReferenceWrapper<T>::value) {
    return toJson(out, v.get());
  } else if constexpr (std::is_same_v<T, Inspectable>) {
    return v.json(out);
  } else if constexpr (std::is_same_v<T, Object>) {
    out += '{';
    bool first = true;
    for (const auto& [key, value] : v.properties()) {
      size_t mark = out.size();
      if (!first) {
        out += ',';
      }
      appendJsonString(out, key);
      out += ':';
      if (value.json(out)) {
        first = false;
      } else {
        out.resize(mark);  // undefined-valued properties are left out
      }
    }
    out += '}';
  } else if constexpr (RangeLike<T>) {
    out += '[';
    bool first = true;
    for (const auto& x : v) {
      if (!first) {
        out += ',';
      }
      first = false;
      bool defined;
      if constexpr (requires { typename T::value_type; }) {
        defined = toJson(out, static_cast<const typename T::value_type&>(x));
      } else {
        defined = toJson(out, x);
      }
      if (!defined) {
        out += "null";  // as JSON.stringify([undefined])
      }
    }
    out += ']';
  } else if constexpr (TupleLike<T>) {
    out += '[';
    bool first = true;
    std::apply(
        [&](const auto&... x) {
          ((out += first ? "" : ",", first = false, toJson(out, x) ? void() : void(out += "null")),
           ...);
        },
        v);
    out += ']';
  } else {
    // A Map, a Set, or an object whose properties C++ cannot list: JSON.stringify gives {}.
    out += "{}";
  }
  return true;
}

template <class T>
constexpr std::string (*toStringOp())(const void*) {
  if constexpr (HasToString<T>) {
    return [](const void* p) -> std::string { return static_cast<const T*>(p)->toString(); };
  } else {
    return nullptr;
  }
}

template <class T>
inline constexpr FormatOps kFormatOps = {
    [](const void* p) { return primitiveOf(*static_cast<const T*>(p)); },
    [](const void* p, const InspectOptions& o) {
      return inspectValue(*static_cast<const T*>(p), o);
    },
    toStringOp<T>(),
    [](const void* p, std::string& out) { return toJson(out, *static_cast<const T*>(p)); },
};

// A string literal's characters, pointed to directly (one table for every literal length).
inline constexpr FormatOps kLiteralOps = {
    [](const void* p) { return primitiveOf(static_cast<const char*>(p)); },
    [](const void* p, const InspectOptions& o) {
      return inspectValue(std::string_view(static_cast<const char*>(p)), o);
    },
    nullptr,
    [](const void* p, std::string& out) {
      appendJsonString(out, static_cast<const char*>(p));
      return true;
    },
};

template <class A>
FormatArg formatArg(const A& a) {
  if constexpr (std::is_array_v<A> &&
                std::is_same_v<std::remove_cv_t<std::remove_extent_t<A>>, char>) {
    return FormatArg{a, &kLiteralOps};
  } else {
    return FormatArg{&a, &kFormatOps<A>};
  }
}

}  // namespace detail
}  // namespace nodecc::util
