#pragma once
// The machinery behind util::inspect (see nodecc/util.h for the contract): how C++ values map
// to the JavaScript values Node's inspect prints, and the context that Inspect<T>
// specialisations use to print their own types with Node's layout. The layout itself (line
// breaking, array grouping, depth, circular references) is Node's lib/internal/util/inspect.js,
// implemented once in src/api/util/; the templates here only describe values to it.
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "nodecc/buffer.h"
#include "nodecc/error.h"
#include "nodecc/function.h"

namespace nodecc {

// JavaScript's `undefined`, for printing and formatting: console.log(undefined) prints
// "undefined". std::nullopt and std::monostate print the same; nullptr prints "null".
struct Undefined {
  friend bool operator==(Undefined, Undefined) { return true; }
};
inline constexpr Undefined undefined{};

// A JavaScript BigInt within int64_t: prints as "42n". Plain C++ integers print as numbers.
struct BigInt {
  int64_t value = 0;
  friend bool operator==(BigInt a, BigInt b) { return a.value == b.value; }
};

namespace util {

// util.inspect's `compact`: false, true, or a number (3 by default): how many inner levels
// may share a line.
class Compact {
 public:
  constexpr Compact(bool on) : always_(on), level_(0) {}  // NOLINT: as Node's boolean form
  constexpr Compact(int level) : level_(level) {}         // NOLINT: as Node's number form
  constexpr bool always() const { return always_; }
  constexpr int level() const { return level_; }

 private:
  bool always_ = false;
  int level_ = 3;
};

// util.inspect's options, with Node's names and defaults. Numbers are doubles so that
// INFINITY means what Infinity (or null) means in Node.
struct InspectOptions {
  bool showHidden = false;         // also list non-enumerable properties ([length], [stack]...)
  double depth = 2;                // levels of nesting printed; deeper objects print as [Object]
  bool colors = false;             // ANSI colours, Node's inspect.styles
  bool customInspect = true;       // call inspectCustom hooks
  double maxArrayLength = 100;     // elements of arrays, Sets and Maps printed
  double maxStringLength = 10000;  // characters of a string printed
  double breakLength = 80;         // the line length objects are broken at
  Compact compact = 3;
  bool sorted = false;            // sort object keys and Set/Map entries
  bool numericSeparator = false;  // 1_000_000
};

class InspectContext;
class InspectEntries;
class Inspectable;
class Object;

// The customisation point for a whole type: specialise util::Inspect<T> with
//   static std::string inspect(InspectContext& ctx, const T& value, int recurseTimes);
// building the result from ctx's primitives (ctx.string, ctx.number...) and composites
// (ctx.object, ctx.array, ctx.map, ctx.set), so the output follows Node's layout. A type of
// your own can instead define inspectCustom (see nodecc/util.h), as Node's
// [util.inspect.custom].
template <class T, class Enable = void>
struct Inspect;

namespace detail {

// An object's identity for circular-reference detection: its address and its type (a struct
// and its first member share an address).
struct Identity {
  const void* address = nullptr;
  const void* type = nullptr;
  friend bool operator==(const Identity&, const Identity&) = default;
};
template <class T>
inline constexpr char kTypeTag = 0;
template <class T>
Identity identityOf(const T& v) {
  return Identity{static_cast<const void*>(std::addressof(v)), &kTypeTag<T>};
}

enum class Shape : unsigned char { kArray, kObject, kMap, kSet, kError };

// What the core needs to know about a composite value before its entries are printed.
struct Frame {
  Shape shape = Shape::kObject;
  Identity id;
  std::string_view constructor = "Object";  // the class name; "Array", "Map", "Set" for those
  size_t size = 0;                          // Map(n) / Set(n) / the array's length
  bool empty = false;  // nothing to list: prints "{}", "[]", "Map(0) {}" at any depth
  std::string base;    // text before the braces (an Error's "[Error: message]")
};

template <class T>
std::string formatValue(InspectContext& ctx, const T& value, int recurseTimes);

// JSON.stringify of a value (nodecc/detail/util_format.h): appends it, false for undefined.
template <class T>
bool toJson(std::string& out, const T& value);

// Whether a value is a JavaScript primitive rather than an object.
template <class T>
bool isPrimitiveValue(const T& value);

template <class T>
inline constexpr bool kNumericJs =
    std::is_arithmetic_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>;

}  // namespace detail

// Node's inspect context (`ctx`), handed to Inspect<T> specialisations: the options, the
// current indentation and depth, the objects being printed. Loop-thread or any thread: one
// context belongs to one util::inspect call.
class InspectContext {
 public:
  explicit InspectContext(const InspectOptions& options);
  const InspectOptions& options() const { return options_; }

  // Any inspectable value nested in the one being printed (Node's formatValue).
  template <class T>
  std::string value(const T& v, int recurseTimes) {
    return detail::formatValue(*this, v, recurseTimes);
  }

  // Primitives, as Node prints them (with colours when asked).
  std::string number(double v);
  std::string integer(int64_t v);
  std::string integer(uint64_t v);
  std::string floatNumber(float v);
  std::string bigint(int64_t v);
  std::string string(std::string_view utf8);
  std::string boolean(bool v);
  std::string null();
  std::string undefined();
  // Text in Node's 'special' style ([Function], [Circular *1]...).
  std::string special(std::string_view text);
  // A string returned by an inspectCustom hook: printed as is, continuation lines indented.
  std::string custom(std::string_view text);

  std::string buffer(const Buffer& b);
  std::string error(const Error& e, int recurseTimes);

  // Composites: `fill(InspectEntries&)` adds the entries; it is not called when the value is
  // beyond `depth`, empty, or already being printed (a cycle).
  template <class T, class F>
  std::string array(const T& identity, size_t length, int recurseTimes, F&& fill) {
    detail::Frame f{detail::Shape::kArray,
                    detail::identityOf(identity),
                    "Array",
                    length,
                    length == 0 && !options_.showHidden,
                    {}};
    return composite(std::move(f), recurseTimes, fill);
  }
  template <class T, class F>
  std::string object(const T& identity, std::string_view constructor, bool empty, int recurseTimes,
                     F&& fill) {
    detail::Frame f{
        detail::Shape::kObject, detail::identityOf(identity), constructor, 0, empty, {}};
    return composite(std::move(f), recurseTimes, fill);
  }
  template <class T, class F>
  std::string map(const T& identity, size_t size, int recurseTimes, F&& fill) {
    detail::Frame f{detail::Shape::kMap, detail::identityOf(identity), "Map", size, size == 0, {}};
    return composite(std::move(f), recurseTimes, fill);
  }
  template <class T, class F>
  std::string set(const T& identity, size_t size, int recurseTimes, F&& fill) {
    detail::Frame f{detail::Shape::kSet, detail::identityOf(identity), "Set", size, size == 0, {}};
    return composite(std::move(f), recurseTimes, fill);
  }

  // How many entries of an array, Set or Map are printed (maxArrayLength).
  size_t entryLimit() const;

  // The core (src/api/util/inspect_context.cc). enter() returns false with `out` set when the
  // entries are not to be printed; otherwise it marks the value as being printed.
  bool enter(const detail::Frame& f, int recurseTimes, std::string& out);
  std::string leave(const detail::Frame& f, InspectEntries& entries, int recurseTimes);
  void abandon(const detail::Frame& f, int indentation);

  int indentation = 0;  // Node's ctx.indentationLvl

  // Makes the next composite printed take `id` (the object whose inspectCustom hook returned
  // it) as its identity; any value printed first clears it.
  void standIn(detail::Identity id) { stand_in_ = id; }
  void clearStandIn() { stand_in_ = {}; }

 private:
  friend class InspectEntries;
  template <class F>
  std::string composite(detail::Frame f, int recurseTimes, F& fill);

  InspectOptions options_;
  int currentDepth_ = 0;
  std::vector<detail::Identity> seen_;
  std::vector<detail::Identity> circular_;  // index + 1 is the reference number
  std::vector<size_t> budget_;              // output length per indentation level
  detail::Identity stand_in_;
};

// The entries of a composite being printed (Node's `output` array).
class InspectEntries {
 public:
  InspectEntries(InspectContext& ctx, detail::Shape shape, int recurseTimes)
      : ctx_(ctx), shape_(shape), recurseTimes_(recurseTimes) {}

  // An array element.
  template <class T>
  void element(const T& v) {
    ctx_.indentation += 2;
    std::string s = detail::formatValue(ctx_, v, recurseTimes_);
    ctx_.indentation -= 2;
    if constexpr (std::is_same_v<T, Inspectable>) {
      numeric_ = numeric_ && v.numeric();
    } else {
      numeric_ = numeric_ && (detail::kNumericJs<T> || std::is_same_v<T, BigInt>);
    }
    push(std::move(s));
  }
  // A Set member.
  template <class T>
  void member(const T& v) {
    ctx_.indentation += 2;
    std::string s = detail::formatValue(ctx_, v, recurseTimes_);
    ctx_.indentation -= 2;
    push(std::move(s));
  }
  // A Map entry: key => value.
  template <class K, class V>
  void entry(const K& k, const V& v) {
    ctx_.indentation += 2;
    std::string s = detail::formatValue(ctx_, k, recurseTimes_);
    s += " => ";
    s += detail::formatValue(ctx_, v, recurseTimes_);
    ctx_.indentation -= 2;
    push(std::move(s));
  }
  // A property: key: value (the key quoted when it is not an identifier). `hidden` prints
  // it as [key], as Node prints non-enumerable properties.
  template <class T>
  void property(std::string_view key, const T& v, bool hidden = false) {
    int diff = propertyIndent();
    ctx_.indentation += diff;
    std::string s = detail::formatValue(ctx_, v, recurseTimes_);
    pushProperty(key, std::move(s), diff, hidden);  // with the indentation still raised
    ctx_.indentation -= diff;
  }
  // "... n more items" after the first entryLimit() entries.
  void remaining(size_t n);
  // An entry printed elsewhere.
  void push(std::string s) { output_.push_back(std::move(s)); }

  size_t limit() const { return ctx_.entryLimit(); }
  int recurseTimes() const { return recurseTimes_; }
  std::vector<std::string>& output() { return output_; }
  bool numeric() const { return numeric_; }
  size_t extraKeys() const { return extraKeys_; }

 private:
  int propertyIndent() const;
  void pushProperty(std::string_view key, std::string value, int diff, bool hidden);

  InspectContext& ctx_;
  detail::Shape shape_;
  int recurseTimes_;
  bool numeric_ = true;
  size_t extraKeys_ = 0;  // properties after an array's elements (Node's keys)
  std::vector<std::string> output_;
};

template <class F>
std::string InspectContext::composite(detail::Frame f, int recurseTimes, F& fill) {
  if (stand_in_.address != nullptr) {
    // The value an inspectCustom hook returned stands for the object it was called on: a
    // cycle back to that object is a cycle.
    f.id = stand_in_;
    stand_in_ = {};
  }
  std::string out;
  if (!enter(f, recurseTimes, out)) {
    return out;
  }
  int indentationBefore = indentation;
  InspectEntries entries(*this, f.shape, recurseTimes + 1);
  try {
    fill(entries);
  } catch (...) {
    abandon(f, indentationBefore);
    throw;
  }
  return leave(f, entries, recurseTimes + 1);
}

// Any value, copied and type-erased, that prints as the value it holds: the values of a
// util::Object, or anything an inspectCustom hook wants to return.
class Inspectable {
 public:
  template <class T>
  requires(!std::is_same_v<std::decay_t<T>, Inspectable>)
      Inspectable(T&& v)  // NOLINT: implicit, as any value converts
      : impl_(make(std::forward<T>(v))) {}

  std::string inspect(InspectContext& ctx, int recurseTimes) const {
    return impl_->inspect(ctx, recurseTimes);
  }
  bool numeric() const { return impl_->numeric(); }
  // JSON.stringify of the value: appends it, false for undefined.
  bool json(std::string& out) const { return impl_->json(out); }
  // Whether the value is a JavaScript primitive (not an object).
  bool primitive() const { return impl_->primitive(); }
  // The util::Object held, or nullptr.
  const Object* asObject() const { return impl_->asObject(); }
  // The string held, or nullptr (an inspectCustom hook returning one prints it as it is).
  const std::string* asString() const { return impl_->asString(); }

 private:
  struct Concept {
    virtual ~Concept() = default;
    virtual std::string inspect(InspectContext& ctx, int recurseTimes) const = 0;
    virtual bool numeric() const = 0;
    virtual bool json(std::string& out) const = 0;
    virtual bool primitive() const = 0;
    virtual const Object* asObject() const = 0;
    virtual const std::string* asString() const = 0;
  };
  template <class T>
  struct Model final : Concept {
    explicit Model(T v) : value(std::move(v)) {}
    std::string inspect(InspectContext& ctx, int recurseTimes) const override {
      return detail::formatValue(ctx, value, recurseTimes);
    }
    bool numeric() const override { return detail::kNumericJs<T>; }
    bool json(std::string& out) const override { return detail::toJson(out, value); }
    bool primitive() const override { return detail::isPrimitiveValue(value); }
    const Object* asObject() const override {
      if constexpr (std::is_same_v<T, Object>) {
        return &value;
      } else {
        return nullptr;
      }
    }
    const std::string* asString() const override {
      if constexpr (std::is_same_v<T, std::string>) {
        return &value;
      } else {
        return nullptr;
      }
    }
    T value;
  };
  template <class T>
  static std::shared_ptr<const Concept> make(T&& v) {
    using D = std::decay_t<T>;
    if constexpr (std::is_array_v<std::remove_reference_t<T>>) {
      // Kept as a string: the characters may not outlive the call.
      return std::make_shared<Model<std::string>>(std::string(v));
    } else if constexpr (std::is_same_v<D, const char*> || std::is_same_v<D, char*>) {
      if (v == nullptr) {
        return std::make_shared<Model<std::nullptr_t>>(nullptr);
      }
      return std::make_shared<Model<std::string>>(std::string(v));
    } else {
      return std::make_shared<Model<D>>(std::forward<T>(v));
    }
  }
  std::shared_ptr<const Concept> impl_;
};

// A JavaScript object with named properties, in order, and an optional class name:
// util::Object("Point", {{"x", 1}, {"y", 2}}) prints "Point { x: 1, y: 2 }";
// util::Object({{"a", 1}}) prints "{ a: 1 }".
class Object {
 public:
  using Property = std::pair<std::string, Inspectable>;
  Object() = default;
  Object(std::initializer_list<Property> props) : props_(props) {}
  Object(std::string constructor, std::initializer_list<Property> props)
      : constructor_(std::move(constructor)), props_(props) {}

  Object& set(std::string key, Inspectable value) {
    props_.emplace_back(std::move(key), std::move(value));
    return *this;
  }
  const std::string& constructorName() const { return constructor_; }
  const std::vector<Property>& properties() const { return props_; }

 private:
  std::string constructor_ = "Object";
  std::vector<Property> props_;
};

namespace detail {

// The inspectCustom hook, found by argument-dependent lookup.
void inspectCustom() = delete;
template <class T>
concept HasCustom3 = requires(const T& v, double depth, const InspectOptions& o) {
  inspectCustom(v, depth, o);
};
template <class T>
concept HasCustom1 = requires(const T& v) {
  inspectCustom(v);
};
template <class T>
concept HasInspectTrait = requires(InspectContext& ctx, const T& v, int r) {
  { Inspect<T>::inspect(ctx, v, r) } -> std::convertible_to<std::string>;
};

template <class T>
concept StringLike =
    std::is_convertible_v<const T&, std::string_view> && !std::is_same_v<T, std::nullptr_t>;
template <class T>
concept MapLike = requires(const T& m) {
  typename T::key_type;
  typename T::mapped_type;
  m.begin();
  m.end();
  m.size();
};
template <class T>
concept SetLike = requires(const T& s) {
  typename T::key_type;
  s.begin();
  s.end();
  s.size();
}
&&!MapLike<T>;
template <class T>
concept RangeLike = requires(const T& r) {
  std::begin(r);
  std::end(r);
}
&&!StringLike<T> && !MapLike<T> && !SetLike<T>;
template <class T>
concept TupleLike = requires {
  std::tuple_size<T>::value;
}
&&!RangeLike<T>;

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};
template <class T>
struct IsVariant : std::false_type {};
template <class... T>
struct IsVariant<std::variant<T...>> : std::true_type {};
template <class T>
struct IsSmartPointer : std::false_type {};
template <class T>
struct IsSmartPointer<std::shared_ptr<T>> : std::true_type {};
template <class T, class D>
struct IsSmartPointer<std::unique_ptr<T, D>> : std::true_type {};
template <class T>
struct IsFunction : std::false_type {};
template <class S>
struct IsFunction<std::function<S>> : std::true_type {};
template <class S>
struct IsFunction<UniqueFunction<S>> : std::true_type {};
template <class T>
struct IsReferenceWrapper : std::false_type {};
template <class T>
struct IsReferenceWrapper<std::reference_wrapper<T>> : std::true_type {};

template <class T>
bool isPrimitiveValue(const T& v) {
  if constexpr (IsOptional<T>::value) {
    return !v || isPrimitiveValue(*v);
  } else if constexpr (IsVariant<T>::value) {
    return std::visit([](const auto& x) { return isPrimitiveValue(x); }, v);
  } else if constexpr (IsSmartPointer<T>::value) {
    return !v || isPrimitiveValue(*v);
  } else if constexpr (IsReferenceWrapper<T>::value) {
    return isPrimitiveValue(v.get());
  } else if constexpr (std::is_same_v<T, Inspectable>) {
    return v.primitive();
  } else {
    return std::is_arithmetic_v<T> || std::is_enum_v<T> || StringLike<T> ||
           std::is_same_v<T, std::nullptr_t> || std::is_same_v<T, std::nullopt_t> ||
           std::is_same_v<T, Undefined> || std::is_same_v<T, std::monostate> ||
           std::is_same_v<T, BigInt> || std::is_same_v<T, const char*>;
  }
}

template <class R>
size_t rangeSize(const R& r) {
  if constexpr (requires { r.size(); }) {
    return size_t(r.size());
  } else {
    return size_t(std::distance(std::begin(r), std::end(r)));
  }
}

template <class T>
std::string formatBuiltin(InspectContext& ctx, const T& v, int recurseTimes) {
  if constexpr (std::is_same_v<T, bool>) {
    return ctx.boolean(v);
  } else if constexpr (std::is_same_v<T, char>) {
    return ctx.string(std::string_view(&v, 1));
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    return ctx.integer(int64_t(v));
  } else if constexpr (std::is_integral_v<T>) {
    return ctx.integer(uint64_t(v));
  } else if constexpr (std::is_same_v<T, float>) {
    return ctx.floatNumber(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    return ctx.number(double(v));
  } else if constexpr (std::is_enum_v<T>) {
    return formatBuiltin(ctx, std::underlying_type_t<T>(v), recurseTimes);
  } else if constexpr (std::is_same_v<T, std::nullptr_t>) {
    return ctx.null();
  } else if constexpr (std::is_same_v<T, std::nullopt_t> || std::is_same_v<T, Undefined> ||
                       std::is_same_v<T, std::monostate>) {
    return ctx.undefined();
  } else if constexpr (std::is_same_v<T, BigInt>) {
    return ctx.bigint(v.value);
  } else if constexpr (std::is_same_v<T, const char*> || std::is_same_v<T, char*>) {
    return v ? ctx.string(v) : ctx.null();
  } else if constexpr (StringLike<T>) {
    return ctx.string(std::string_view(v));
  } else if constexpr (std::is_same_v<T, Buffer>) {
    return ctx.buffer(v);
  } else if constexpr (std::is_base_of_v<Error, T>) {
    return ctx.error(v, recurseTimes);
  } else if constexpr (std::is_base_of_v<std::exception, T>) {
    return ctx.error(toError(std::make_exception_ptr(v)), recurseTimes);
  } else if constexpr (std::is_same_v<T, std::exception_ptr>) {
    return v ? ctx.error(toError(v), recurseTimes) : ctx.null();
  } else if constexpr (IsOptional<T>::value) {
    return v ? formatValue(ctx, *v, recurseTimes) : ctx.undefined();
  } else if constexpr (IsVariant<T>::value) {
    return std::visit([&](const auto& x) { return formatValue(ctx, x, recurseTimes); }, v);
  } else if constexpr (IsSmartPointer<T>::value) {
    return v ? formatValue(ctx, *v, recurseTimes) : ctx.null();
  } else if constexpr (IsReferenceWrapper<T>::value) {
    return formatValue(ctx, v.get(), recurseTimes);
  } else if constexpr (IsFunction<T>::value) {
    return ctx.special("[Function (anonymous)]");
  } else if constexpr (std::is_same_v<T, Inspectable>) {
    return v.inspect(ctx, recurseTimes);
  } else if constexpr (std::is_same_v<T, Object>) {
    return ctx.object(v, v.constructorName(), v.properties().empty(), recurseTimes,
                      [&](InspectEntries& out) {
                        for (const auto& [key, value] : v.properties()) {
                          out.property(key, value);
                        }
                      });
  } else if constexpr (MapLike<T>) {
    return ctx.map(v, v.size(), recurseTimes, [&](InspectEntries& out) {
      size_t n = 0;
      size_t limit = out.limit();
      for (const auto& [key, value] : v) {
        if (n == limit) {
          break;
        }
        out.entry(key, value);
        ++n;
      }
      out.remaining(size_t(v.size()) - n);
    });
  } else if constexpr (SetLike<T>) {
    return ctx.set(v, v.size(), recurseTimes, [&](InspectEntries& out) {
      size_t n = 0;
      size_t limit = out.limit();
      for (const auto& x : v) {
        if (n == limit) {
          break;
        }
        out.member(x);
        ++n;
      }
      out.remaining(size_t(v.size()) - n);
    });
  } else if constexpr (RangeLike<T>) {
    size_t length = rangeSize(v);
    return ctx.array(v, length, recurseTimes, [&](InspectEntries& out) {
      size_t n = 0;
      size_t limit = out.limit();
      for (const auto& x : v) {
        if (n == limit) {
          break;
        }
        if constexpr (requires { typename T::value_type; }) {
          // A proxy element (std::vector<bool>'s) prints as the value it stands for.
          out.element(static_cast<const typename T::value_type&>(x));
        } else {
          out.element(x);
        }
        ++n;
      }
      out.remaining(length - n);
      if (ctx.options().showHidden) {
        out.property("length", length, true);
      }
    });
  } else if constexpr (TupleLike<T>) {
    constexpr size_t length = std::tuple_size_v<T>;
    return ctx.array(v, length, recurseTimes, [&](InspectEntries& out) {
      size_t n = 0;
      size_t limit = out.limit();
      std::apply([&](const auto&... x) { ((n < limit ? (out.element(x), ++n) : n), ...); }, v);
      out.remaining(length - n);
      if (ctx.options().showHidden) {
        out.property("length", length, true);
      }
    });
  } else if constexpr (requires {
                         { v.toString() } -> std::convertible_to<std::string>;
                       }) {
    // A class known only by its toString(): printed as that text (no quotes).
    return ctx.custom(std::string(v.toString()));
  } else {
    static_assert(sizeof(T) == 0,
                  "nodecc::util::inspect cannot print this type: give it an inspectCustom "
                  "function or specialise nodecc::util::Inspect (see nodecc/util.h)");
    return {};
  }
}

template <class T>
inline constexpr bool kHasBuiltin =
    std::is_arithmetic_v<T> || std::is_enum_v<T> || StringLike<T> || MapLike<T> || SetLike<T> ||
    RangeLike<T> || TupleLike<T> || IsOptional<T>::value || IsVariant<T>::value ||
    IsSmartPointer<T>::value || IsFunction<T>::value || IsReferenceWrapper<T>::value ||
    std::is_base_of_v<std::exception, T> || std::is_same_v<T, std::exception_ptr> ||
    std::is_same_v<T, Buffer> || std::is_same_v<T, std::nullptr_t> ||
    std::is_same_v<T, std::nullopt_t> || std::is_same_v<T, Undefined> ||
    std::is_same_v<T, std::monostate> || std::is_same_v<T, BigInt> ||
    std::is_same_v<T, Inspectable> || std::is_same_v<T, Object> || requires(const T& v) {
  { v.toString() } -> std::convertible_to<std::string>;
};

template <class T, class R>
std::string formatCustomResult(InspectContext& ctx, const T& value, const R& r, int recurseTimes) {
  if constexpr (StringLike<R>) {
    return ctx.custom(std::string_view(r));
  } else if constexpr (IsVariant<R>::value) {
    return std::visit(
        [&](const auto& x) { return formatCustomResult(ctx, value, x, recurseTimes); }, r);
  } else {
    if constexpr (std::is_same_v<R, Inspectable>) {
      if (const std::string* s = r.asString()) {
        return ctx.custom(*s);
      }
    }
    ctx.standIn(identityOf(value));
    std::string out = formatValue(ctx, r, recurseTimes);
    ctx.clearStandIn();
    return out;
  }
}

template <class T>
std::string formatValue(InspectContext& ctx, const T& value, int recurseTimes) {
  constexpr bool kHasOther = HasInspectTrait<T> || kHasBuiltin<T>;
  if constexpr (HasCustom3<T> || HasCustom1<T>) {
    // customInspect: false cannot turn off the only way a C++ type can be printed.
    if (ctx.options().customInspect || !kHasOther) {
      if constexpr (HasCustom3<T>) {
        return formatCustomResult(
            ctx, value, inspectCustom(value, ctx.options().depth - recurseTimes, ctx.options()),
            recurseTimes);
      } else {
        return formatCustomResult(ctx, value, inspectCustom(value), recurseTimes);
      }
    }
  }
  if constexpr (HasInspectTrait<T>) {
    return Inspect<T>::inspect(ctx, value, recurseTimes);
  } else if constexpr (kHasOther || !(HasCustom3<T> || HasCustom1<T>)) {
    return formatBuiltin(ctx, value, recurseTimes);
  } else {
    return {};  // unreachable: the hook above always returns
  }
}

}  // namespace detail
}  // namespace util
}  // namespace nodecc
