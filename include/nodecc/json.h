#pragma once
// nodecc::JSON: JavaScript's JSON object. JSON::parse turns text into a JSON::Value, a dynamic
// value with JavaScript's semantics (objects keep JavaScript's property order, numbers are
// doubles, a missing member reads as undefined); JSON::stringify writes the bytes V8 writes.
//
//   JSON::Value v = JSON::parse(R"({"user": {"name": "ada"}, "tags": ["x"]})");
//   std::string_view name = v["user"]["name"].asString();   // v.user.name
//   if (!v["missing"]) { ... }                               // undefined is falsy
//   v["tags"].push("y");                                     // v.tags.push('y')
//   v["count"] = 3;                                          // v.count = 3
//   res.end(JSON::stringify(v, nullptr, 2));                 // JSON.stringify(v, null, 2)
//
// Structs declare their fields once and get both directions (nodecc/detail/json_typed.h):
//   struct Point { double x; double y; };
//   NODECC_JSON(Point, x, y);
//   Point p = JSON::parse<Point>(text);     // TypeError naming the path on a mismatch
//   std::string s = JSON::stringify(p);     // {"x":1,"y":2}
//
// Values are C++ values: copying one copies the whole tree (JavaScript shares objects), and a
// reference into a Value is valid until the array or object holding it changes. A Value is not
// thread-safe: use each from one thread at a time, like the rest of the API. docs/json.md lists
// every difference from JavaScript.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "nodecc/detail/json_storage.h"
#include "nodecc/detail/json_traits.h"
#include "nodecc/error.h"

namespace nodecc::JSON {

class Value;
class ValueRef;
class Member;
namespace detail {
class Parser;
struct ValueAccess;
// Asks the CPU for the block a Value refers to (its string, array or object), if any.
void prefetchBlock(const Value& v) noexcept;
}  // namespace detail

// How deep JSON::parse lets arrays and objects nest before it throws RangeError (V8 parses any
// depth but cannot stringify past about 4,170 levels; nodecc's parse, stringify, copies and
// destructors recurse, so the depth is bounded where the input enters). ParseOptions changes it.
inline constexpr std::size_t kMaxDepth = 4096;

// The types a Value can hold, named as in error messages and typeName().
enum class Type : std::uint8_t { Undefined, Null, Boolean, Number, String, Array, Object };

// A JavaScript array: a contiguous sequence of values with std::vector's interface (size,
// operator[], push_back, insert, erase, iterators...). JSON::Array{1, "a", nullptr} builds one;
// an empty array allocates nothing.
class Array {
 public:
  using value_type = Value;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = Value&;
  using const_reference = const Value&;
  using iterator = Value*;
  using const_iterator = const Value*;

  Array() noexcept = default;
  Array(std::initializer_list<Value> values);
  // n undefined elements (written as null), as JavaScript's new Array(n).
  explicit Array(std::size_t n);
  template <std::input_iterator It>
  Array(It first, It last) {
    for (; first != last; ++first) {
      emplace_back(*first);
    }
  }
  Array(const Array& other);
  Array(Array&& other) noexcept : rep_(std::exchange(other.rep_, nullptr)) {}
  Array& operator=(const Array& other);
  Array& operator=(Array&& other) noexcept;
  ~Array();

  std::size_t size() const noexcept { return rep_ ? rep_->size : 0; }
  bool empty() const noexcept { return size() == 0; }
  std::size_t capacity() const noexcept { return rep_ ? rep_->capacity : 0; }
  Value* data() noexcept;
  const Value* data() const noexcept;
  Value& operator[](std::size_t i) noexcept;
  const Value& operator[](std::size_t i) const noexcept;
  Value& front() noexcept;
  const Value& front() const noexcept;
  Value& back() noexcept;
  const Value& back() const noexcept;
  iterator begin() noexcept;
  iterator end() noexcept;
  const_iterator begin() const noexcept;
  const_iterator end() const noexcept;

  void reserve(std::size_t n);
  void resize(std::size_t n);  // new elements are undefined
  void clear() noexcept;
  void push_back(Value v);
  template <class... Args>
  Value& emplace_back(Args&&... args);
  void pop_back() noexcept;
  iterator insert(const_iterator pos, Value v);
  iterator erase(const_iterator pos);
  iterator erase(const_iterator first, const_iterator last);

  friend bool operator==(const Array& a, const Array& b) noexcept;

 private:
  friend class ArrayBuilder;
  void grow(std::size_t minCapacity);
  detail::ArrayRep* rep_ = nullptr;
};

// A JavaScript object: members in JavaScript's property order (keys that are array indices,
// "0" to "4294967294" without leading zeros, first in ascending numeric order, then the others
// in insertion order), each key once. Setting an existing key replaces its value in place.
// Lookups compare keys one by one up to 64 members and use a hash index beyond. Keys up to 31
// bytes are stored in the member itself.
class Object {
 public:
  using value_type = Member;
  using iterator = Member*;
  using const_iterator = const Member*;

  Object() noexcept = default;
  // JSON::Object{{"a", 1}, {"b", "x"}}: a later duplicate replaces an earlier one, as in a
  // JavaScript object literal.
  Object(std::initializer_list<Member> members);
  Object(const Object& other);
  Object(Object&& other) noexcept : rep_(std::exchange(other.rep_, nullptr)) {}
  Object& operator=(const Object& other);
  Object& operator=(Object&& other) noexcept;
  ~Object();

  // The member's value, inserting an undefined member first when the key is missing (as
  // std::map does; stringify leaves undefined members out, as JavaScript does).
  Value& operator[](std::string_view key);
  // The member's value, or undefined when missing; never inserts.
  const Value& operator[](std::string_view key) const noexcept;
  // The value of `key`, or nullptr.
  Value* find(std::string_view key) noexcept;
  const Value* find(std::string_view key) const noexcept;
  bool contains(std::string_view key) const noexcept { return find(key) != nullptr; }
  // Sets `key`: in place when present, at its place in JavaScript's order when new.
  Value& set(std::string_view key, Value value);
  // `delete obj[key]`: true when a member was removed.
  bool erase(std::string_view key);

  std::size_t size() const noexcept { return rep_ ? rep_->size : 0; }
  bool empty() const noexcept { return size() == 0; }
  void clear() noexcept;
  void reserve(std::size_t n);
  iterator begin() noexcept;
  iterator end() noexcept;
  const_iterator begin() const noexcept;
  const_iterator end() const noexcept;

  // Deep equality: the same keys (in any order) with equal values.
  friend bool operator==(const Object& a, const Object& b) noexcept;

 private:
  friend class ObjectBuilder;
  std::size_t indexOf(std::string_view key) const noexcept;
  Member& insertNew(std::string_view key, Value&& value);
  void grow(std::size_t minCapacity);
  void rebuildIndex();
  detail::ObjectRep* rep_ = nullptr;
};

namespace detail {
template <class T>
concept Arithmetic = std::is_arithmetic_v<T> && !std::same_as<T, bool> && !std::same_as<T, char> &&
                     !std::same_as<T, wchar_t> && !std::same_as<T, char8_t> &&
                     !std::same_as<T, char16_t> && !std::same_as<T, char32_t>;
}  // namespace detail

// A JSON value: undefined, null, a boolean, a number (double), a string (UTF-8), an Array or an
// Object. Default-constructed it is undefined, as a JavaScript variable. 16 bytes; strings up
// to 14 bytes are stored inline. A moved-from Value is undefined.
class Value {
 public:
  Value() noexcept { setWords(0, header(Tag::kUndefined)); }
  Value(std::nullptr_t) noexcept { setWords(0, header(Tag::kNull)); }     // NOLINT: null
  Value(bool b) noexcept { setWords(b ? 1 : 0, header(Tag::kBoolean)); }  // NOLINT
  template <detail::Arithmetic T>
  Value(T n) noexcept {  // NOLINT
    std::uint64_t bits;
    double d = static_cast<double>(n);
    std::memcpy(&bits, &d, sizeof bits);
    setWords(bits, header(Tag::kNumber));
  }
  Value(std::string_view s) { setString(s); }                  // NOLINT
  Value(const char* s) : Value(std::string_view(s)) {}         // NOLINT
  Value(const std::string& s) : Value(std::string_view(s)) {}  // NOLINT
  Value(Array a) noexcept {                                    // NOLINT
    new (bytes_) Array(std::move(a));
    setWord1(header(Tag::kArray));
  }
  Value(Object o) noexcept {  // NOLINT
    new (bytes_) Object(std::move(o));
    setWord1(header(Tag::kObject));
  }
  // Any type with a JSON form (a NODECC_JSON struct, std::vector<T>, std::optional<T>...).
  template <detail::Convertible T>
  Value(const T& v) : Value(detail::toValue(v, {})) {}  // NOLINT
  // A char or a pointer would otherwise silently become a boolean.
  Value(char) = delete;
  template <class T>
  requires(!std::same_as<std::remove_cv_t<T>, char>) Value(T*)
  = delete;

  Value(const Value& other);
  Value(Value&& other) noexcept;
  Value& operator=(const Value& other);
  Value& operator=(Value&& other) noexcept;
  ~Value() {
    if (tag() >= Tag::kLongString) {
      destroy();
    }
  }

  Type type() const noexcept;
  // "undefined", "null", "boolean", "number", "string", "array" or "object".
  std::string_view typeName() const noexcept;
  bool isUndefined() const noexcept { return tag() == Tag::kUndefined; }
  bool isNull() const noexcept { return tag() == Tag::kNull; }
  // null or undefined: what `v == null` tests in JavaScript.
  bool isNullish() const noexcept { return tag() <= Tag::kNull; }
  bool isBoolean() const noexcept { return tag() == Tag::kBoolean; }
  bool isNumber() const noexcept { return tag() == Tag::kNumber; }
  bool isString() const noexcept { return tag() == Tag::kShortString || tag() == Tag::kLongString; }
  bool isArray() const noexcept { return tag() == Tag::kArray; }
  bool isObject() const noexcept { return tag() == Tag::kObject; }

  // Typed access: the value, or TypeError "Expected a string, got a number" (the actual type
  // named) when it holds another type. The string view is valid while this value is unchanged.
  bool asBool() const;
  double asNumber() const;
  std::string_view asString() const;
  const Array& asArray() const;
  Array& asArray();
  const Object& asObject() const;
  Object& asObject();
  // The value converted to T (a struct declared with NODECC_JSON, int, std::string,
  // std::vector<T>...): TypeError or RangeError naming the path of a mismatch ("points[3].x").
  template <class T>
  T as() const;

  // JavaScript truthiness: false for undefined, null, false, 0, -0, NaN and "", true otherwise
  // (an empty array or object is truthy).
  explicit operator bool() const noexcept;

  // v[key]: on an object the member's value; undefined when the key is missing or v is not an
  // object (JavaScript would throw on undefined.key; chains like v["a"]["b"] never throw).
  const Value& operator[](std::string_view key) const noexcept;
  const Value& operator[](const char* key) const noexcept { return (*this)[std::string_view(key)]; }
  // v[i]: the element of an array, undefined past its end or when v is not an array (on an
  // object, the member named by the number).
  template <std::integral I>
  const Value& operator[](I index) const noexcept {
    return elementAt(toIndex(index));
  }
  // On a non-const Value, a ValueRef: it reads as the const forms above (never inserts), and
  // assigning through it sets the member or element, as JavaScript's v.key = x / v[i] = x.
  ValueRef operator[](std::string_view key) noexcept;
  ValueRef operator[](const char* key) noexcept;
  template <std::integral I>
  ValueRef operator[](I index) noexcept;

  // Whether an object has the key (JavaScript's Object.hasOwn(v, key)).
  bool has(std::string_view key) const noexcept;
  // The number of elements of an array or members of an object; 0 for other types.
  std::size_t size() const noexcept;
  // arr.push(v): appends to an array; TypeError when this is not an array.
  void push(Value v);
  // delete v[key]: removes an object's member; false when absent or not an object.
  bool erase(std::string_view key);

  // Deep equality: same type and equal contents; numbers compare as doubles (0 == -0, NaN is
  // not equal to itself), objects by keys and values whatever their order.
  friend bool operator==(const Value& a, const Value& b) noexcept;

 private:
  friend class ValueRef;
  friend class ArrayBuilder;
  friend class detail::Parser;
  friend void detail::prefetchBlock(const Value& v) noexcept;
  friend struct detail::ValueAccess;
  // kLongString and above own memory.
  enum class Tag : std::uint8_t {
    kUndefined,
    kNull,
    kBoolean,
    kNumber,
    kShortString,
    kLongString,
    kArray,
    kObject
  };
  static constexpr std::size_t kShortMax = 14;
  // shortLength(): the length of a short string, and kPlain when it needs no escaping in JSON
  // (known when it came from JSON text without escapes), which lets stringify copy it as is.
  static constexpr std::uint8_t kLengthMask = 0x0F;
  static constexpr std::uint8_t kPlain = 0x40;

  template <std::integral I>
  static std::size_t toIndex(I index) noexcept {
    return index < 0 ? ~std::size_t{0} : static_cast<std::size_t>(index);
  }
  const Value& elementAt(std::size_t index) const noexcept;
  void setString(std::string_view s);
  void destroy() noexcept;
  [[noreturn]] void throwType(Type expected) const;

  // The 16 bytes, as two little-endian words: the payload in the first (the boolean, the
  // number, the StringRep*, or the Array or Object object, one pointer each; a short string
  // fills it and 6 bytes of the second), and in the second's top bytes the short-string length
  // (with kPlain) and the tag. Values are built and moved a word at a time: a 16-byte load of a
  // value written byte by byte stalls on store forwarding (measured: 30% of parseObject's
  // samples on citm_catalog.json before). Moves are relocations (memcpy of the two words, the
  // source left undefined), as boost::json relocates its values: what a Value holds, pointers
  // and bytes, does not refer to the Value's own address.
  static constexpr std::uint64_t header(Tag t, std::uint8_t shortLength = 0) noexcept {
    return static_cast<std::uint64_t>(t) << 56 | static_cast<std::uint64_t>(shortLength) << 48;
  }
  Tag tag() const noexcept { return static_cast<Tag>(bytes_[15]); }
  std::uint8_t shortLength() const noexcept { return bytes_[14]; }
  void setWords(std::uint64_t w0, std::uint64_t w1) noexcept {
    std::memcpy(bytes_, &w0, 8);
    std::memcpy(bytes_ + 8, &w1, 8);
  }
  void setWord1(std::uint64_t w1) noexcept { std::memcpy(bytes_ + 8, &w1, 8); }
  std::uint64_t word0() const noexcept {
    std::uint64_t w;
    std::memcpy(&w, bytes_, 8);
    return w;
  }
  std::uint64_t word1() const noexcept {
    std::uint64_t w;
    std::memcpy(&w, bytes_ + 8, 8);
    return w;
  }
  double number() const noexcept {
    double d;
    std::memcpy(&d, bytes_, sizeof d);
    return d;
  }
  detail::StringRep* longString() const noexcept {
    detail::StringRep* rep;
    std::memcpy(&rep, bytes_, sizeof rep);
    return rep;
  }
  Array& array() noexcept { return *std::launder(reinterpret_cast<Array*>(bytes_)); }
  const Array& array() const noexcept {
    return *std::launder(reinterpret_cast<const Array*>(bytes_));
  }
  Object& object() noexcept { return *std::launder(reinterpret_cast<Object*>(bytes_)); }
  const Object& object() const noexcept {
    return *std::launder(reinterpret_cast<const Object*>(bytes_));
  }

  alignas(8) unsigned char bytes_[16];
};

// One member of an Object: a key and a value. Structured bindings give the key (a
// std::string_view: keys are read-only, they are what the object is indexed by) and the value:
// `for (auto& [key, value] : v.asObject())`.
class Member {
 public:
  Member(detail::Key key, Value value) noexcept : key_(std::move(key)), value_(std::move(value)) {}
  Member(std::string_view key, Value value) : key_(key), value_(std::move(value)) {}
  Member(const char* key, Value value) : key_(key), value_(std::move(value)) {}
  Member(const std::string& key, Value value) : key_(key), value_(std::move(value)) {}

  std::string_view key() const noexcept { return key_.view(); }
  Value& value() noexcept { return value_; }
  const Value& value() const noexcept { return value_; }

  template <std::size_t I>
  auto get() noexcept -> std::conditional_t<I == 0, std::string_view, Value&> {
    if constexpr (I == 0) {
      return key_.view();
    } else {
      return value_;
    }
  }
  template <std::size_t I>
  auto get() const noexcept -> std::conditional_t<I == 0, std::string_view, const Value&> {
    if constexpr (I == 0) {
      return key_.view();
    } else {
      return value_;
    }
  }

 private:
  friend class Object;
  friend class ObjectBuilder;
  friend struct detail::ValueAccess;
  detail::Key key_;
  Value value_;
};

// What operator[] of a non-const Value returns: a place, an object's key or an array's index.
// Reading it gives the value there (undefined when absent; nothing is inserted, nothing
// throws); assigning to it sets the member or element, inserted when new, and throws
// TypeError "Cannot set properties of undefined (setting 'b')" when the holder is not an
// object or array, as JavaScript does. It refers to its holder and key: use it within the
// expression (a `const Value&` to it, or a Value copy, keeps the value).
class ValueRef {
 public:
  operator const Value&() const noexcept { return get(); }  // NOLINT
  // The value at this place, or undefined.
  const Value& get() const noexcept;
  // The value at this place, inserted as undefined first when absent (TypeError when the
  // holder is not an object or array).
  Value& value();

  ValueRef& operator=(Value v);
  ValueRef& operator=(const ValueRef& other) { return *this = Value(other.get()); }

  Type type() const noexcept { return get().type(); }
  std::string_view typeName() const noexcept { return get().typeName(); }
  bool isUndefined() const noexcept { return get().isUndefined(); }
  bool isNull() const noexcept { return get().isNull(); }
  bool isNullish() const noexcept { return get().isNullish(); }
  bool isBoolean() const noexcept { return get().isBoolean(); }
  bool isNumber() const noexcept { return get().isNumber(); }
  bool isString() const noexcept { return get().isString(); }
  bool isArray() const noexcept { return get().isArray(); }
  bool isObject() const noexcept { return get().isObject(); }
  bool asBool() const { return get().asBool(); }
  double asNumber() const { return get().asNumber(); }
  std::string_view asString() const { return get().asString(); }
  // The mutable forms reach the existing value: TypeError when it has another type.
  Array& asArray() { return existing().asArray(); }
  Object& asObject() { return existing().asObject(); }
  template <class T>
  T as() const {
    return get().template as<T>();
  }
  explicit operator bool() const noexcept { return static_cast<bool>(get()); }

  ValueRef operator[](std::string_view key) noexcept;
  ValueRef operator[](const char* key) noexcept { return (*this)[std::string_view(key)]; }
  template <std::integral I>
  ValueRef operator[](I index) noexcept {
    return ValueRef(holderOfChild(), Value::toIndex(index));
  }
  bool has(std::string_view key) const noexcept { return get().has(key); }
  std::size_t size() const noexcept { return get().size(); }
  void push(Value v) { existing().push(std::move(v)); }
  bool erase(std::string_view key);

  friend bool operator==(const ValueRef& a, const Value& b) noexcept { return a.get() == b; }
  friend bool operator==(const ValueRef& a, const ValueRef& b) noexcept {
    return a.get() == b.get();
  }

 private:
  friend class Value;
  ValueRef(Value* holder, std::string_view key) noexcept : holder_(holder), key_(key) {}
  ValueRef(Value* holder, std::size_t index) noexcept
      : holder_(holder), index_(index), byIndex_(true) {}
  // The value here when it exists (the holder of a nested place), else nullptr.
  Value* holderOfChild() const noexcept;
  Value& existing() const;
  [[noreturn]] void throwNoHolder(bool setting) const;

  Value* holder_;  // nullptr when this place's holder does not exist
  std::string_view key_;
  std::size_t index_ = 0;
  bool byIndex_ = false;
};

// The shared undefined value that missing members and elements read as.
const Value& undefined() noexcept;

struct ParseOptions {
  std::size_t maxDepth = kMaxDepth;
};

// JSON.parse(text): the value, or SyntaxError with V8's message ("Unexpected token '}', ..."
// and positions counted in UTF-16 code units, as in JavaScript). The text is UTF-8; invalid
// sequences read as U+FFFD, as when Node decodes a Buffer. Nesting deeper than maxDepth throws
// RangeError "Nesting deeper than 4096 levels in JSON at position N".
Value parse(std::string_view text, const ParseOptions& options = {});

// A reviver, JSON.parse's second argument: `Value(std::string_view key, Value value)`, called
// for every member and element after its children (the root last, with key ""; elements with
// their index); what it returns replaces the value, undefined removes the member (an array
// element becomes undefined, which stringify writes as null, as JavaScript's holes).
using Reviver = std::function<Value(std::string_view key, Value value)>;
Value parse(std::string_view text, const Reviver& reviver, const ParseOptions& options = {});

// JSON.parse into a C++ type (nodecc/detail/json_typed.h): parse, then convert, with TypeError
// or RangeError naming the path of a mismatch.
template <class T>
T parse(std::string_view text, const ParseOptions& options = {});

// JSON.stringify's replacer: nullptr, a function `Value(std::string_view key, Value value)`
// called for every value before it is written (the root with key "", array elements with their
// index; what it returns is written, undefined leaves a member out), or a list of keys: the
// members to write, in that order, at every level (arrays are written whole).
class Replacer {
 public:
  using Function = std::function<Value(std::string_view key, Value value)>;
  Replacer(std::nullptr_t = nullptr) noexcept {}  // NOLINT
  Replacer(std::vector<std::string> keys);        // NOLINT
  Replacer(std::initializer_list<std::string_view> keys);
  template <class F>
  requires(std::is_invocable_r_v<Value, F&, std::string_view, Value> &&
           !std::same_as<std::remove_cvref_t<F>, std::nullptr_t>) Replacer(F&& f)
      : function_(std::forward<F>(f)) {}  // NOLINT

  const Function& function() const noexcept { return function_; }
  bool isKeyList() const noexcept { return isKeyList_; }
  const std::vector<std::string>& keys() const noexcept { return keys_; }

 private:
  Function function_;
  std::vector<std::string> keys_;
  bool isKeyList_ = false;
};

// JSON.stringify's space: a number of spaces (clamped to 10; below 1 none) or a string (its
// first 10 UTF-16 code units) to indent each level with; none by default.
class Space {
 public:
  Space() = default;
  template <std::integral I>
  Space(I n) : Space(static_cast<double>(n)) {}                // NOLINT
  Space(double n);                                             // NOLINT
  Space(std::string_view s);                                   // NOLINT
  Space(const char* s) : Space(std::string_view(s)) {}         // NOLINT
  Space(const std::string& s) : Space(std::string_view(s)) {}  // NOLINT
  const std::string& gap() const noexcept { return gap_; }

 private:
  std::string gap_;
};

// JSON.stringify(value, replacer, space): V8's bytes (numbers as ECMAScript's Number::toString,
// NaN and Infinity as null, lone surrogates as \udXXX, undefined members left out and undefined
// elements as null). Where JavaScript returns undefined (an undefined root) this returns "".
// RangeError "Maximum call stack size exceeded" past kMaxDepth levels, as V8 past its stack.
std::string stringify(const Value& value, const Replacer& replacer = nullptr,
                      const Space& space = {});
// Any type with a JSON form, written directly (no Value built) unless a replacer is given.
template <class T>
requires(!std::same_as<std::remove_cvref_t<T>, Value> && detail::Convertible<T>) std::string
    stringify(const T& value, const Replacer& replacer = nullptr, const Space& space = {});

}  // namespace nodecc::JSON

template <>
struct std::tuple_size<nodecc::JSON::Member> : std::integral_constant<std::size_t, 2> {};
template <>
struct std::tuple_element<0, nodecc::JSON::Member> {
  using type = std::string_view;
};
template <>
struct std::tuple_element<1, nodecc::JSON::Member> {
  using type = nodecc::JSON::Value;
};

#include "nodecc/detail/json_typed.h"
#include "nodecc/detail/json_value_inl.h"
