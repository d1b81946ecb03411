// JSON::Value: copies, typed access, JavaScript truthiness, lookups and equality; ValueRef.
#include <charconv>
#include <cmath>
#include <cstring>
#include <string>

#include "api/json/number.h"
#include "nodecc/json.h"

namespace nodecc::JSON {

namespace {

std::string_view article(Type t) noexcept {
  switch (t) {
    case Type::Undefined:
      return "undefined";
    case Type::Null:
      return "null";
    case Type::Boolean:
      return "a boolean";
    case Type::Number:
      return "a number";
    case Type::String:
      return "a string";
    case Type::Array:
      return "an array";
    case Type::Object:
      return "an object";
  }
  return "undefined";
}

// String(v) for a primitive, as JavaScript's messages quote it.
std::string primitiveText(const Value& v) {
  switch (v.type()) {
    case Type::Boolean:
      return v.asBool() ? "true" : "false";
    case Type::Number:
      return detail::numberToString(v.asNumber());
    case Type::String:
      return std::string(v.asString());
    default:
      return std::string(v.typeName());
  }
}

}  // namespace

const Value& undefined() noexcept {
  static const Value kUndefined;
  return kUndefined;
}

Value::Value(const Value& other) {
  switch (other.tag()) {
    case Tag::kLongString: {
      detail::StringRep* rep = detail::StringRep::make(other.longString()->view());
      setWords(reinterpret_cast<std::uintptr_t>(rep), other.word1());
      break;
    }
    case Tag::kArray:
      new (bytes_) Array(other.array());
      setWord1(other.word1());
      break;
    case Tag::kObject:
      new (bytes_) Object(other.object());
      setWord1(other.word1());
      break;
    default:
      setWords(other.word0(), other.word1());
      break;
  }
}

void Value::setString(std::string_view s) {
  if (s.size() <= kShortMax) {
    unsigned char chars[16] = {};
    std::memcpy(chars, s.data(), s.size());
    std::uint64_t w0;
    std::uint64_t w1;
    std::memcpy(&w0, chars, 8);
    std::memcpy(&w1, chars + 8, 8);
    setWords(w0, (w1 & 0x0000FFFFFFFFFFFFULL) |
                     header(Tag::kShortString, static_cast<std::uint8_t>(s.size())));
  } else {
    detail::StringRep* rep = detail::StringRep::make(s);
    setWords(reinterpret_cast<std::uintptr_t>(rep), header(Tag::kLongString));
  }
}

void Value::destroy() noexcept {
  switch (tag()) {
    case Tag::kLongString:
      detail::StringRep::release(longString());
      break;
    case Tag::kArray:
      array().~Array();
      break;
    case Tag::kObject:
      object().~Object();
      break;
    default:
      break;
  }
  setWord1(header(Tag::kUndefined));
}

std::string_view Value::typeName() const noexcept {
  switch (type()) {
    case Type::Undefined:
      return "undefined";
    case Type::Null:
      return "null";
    case Type::Boolean:
      return "boolean";
    case Type::Number:
      return "number";
    case Type::String:
      return "string";
    case Type::Array:
      return "array";
    case Type::Object:
      return "object";
  }
  return "undefined";
}

void Value::throwType(Type expected) const {
  throw TypeError(
      "", "Expected " + std::string(article(expected)) + ", got " + std::string(article(type())));
}

bool Value::asBool() const {
  if (tag() != Tag::kBoolean) {
    throwType(Type::Boolean);
  }
  return bytes_[0] != 0;
}
double Value::asNumber() const {
  if (tag() != Tag::kNumber) {
    throwType(Type::Number);
  }
  return number();
}
std::string_view Value::asString() const {
  if (tag() == Tag::kShortString) {
    return {reinterpret_cast<const char*>(bytes_),
            static_cast<std::size_t>(shortLength() & kLengthMask)};
  }
  if (tag() != Tag::kLongString) {
    throwType(Type::String);
  }
  return longString()->view();
}
const Array& Value::asArray() const {
  if (tag() != Tag::kArray) {
    throwType(Type::Array);
  }
  return array();
}
Array& Value::asArray() {
  if (tag() != Tag::kArray) {
    throwType(Type::Array);
  }
  return array();
}
const Object& Value::asObject() const {
  if (tag() != Tag::kObject) {
    throwType(Type::Object);
  }
  return object();
}
Object& Value::asObject() {
  if (tag() != Tag::kObject) {
    throwType(Type::Object);
  }
  return object();
}

Value::operator bool() const noexcept {
  switch (tag()) {
    case Tag::kUndefined:
    case Tag::kNull:
      return false;
    case Tag::kBoolean:
      return bytes_[0] != 0;
    case Tag::kNumber:
      return number() != 0 && !std::isnan(number());
    case Tag::kShortString:
      return (shortLength() & kLengthMask) != 0;
    case Tag::kLongString:
    case Tag::kArray:
    case Tag::kObject:
      return true;
  }
  return false;
}

const Value& Value::operator[](std::string_view key) const noexcept {
  if (tag() == Tag::kObject) {
    const Value* v = object().find(key);
    return v ? *v : undefined();
  }
  std::uint32_t index;
  if (tag() == Tag::kArray && detail::isArrayIndex(key, &index)) {
    return elementAt(index);
  }
  return undefined();
}

const Value& Value::elementAt(std::size_t index) const noexcept {
  if (tag() == Tag::kArray) {
    return index < array().size() ? array()[index] : undefined();
  }
  if (tag() == Tag::kObject && index != ~std::size_t{0}) {
    return object()[detail::indexKey(index)];
  }
  return undefined();
}

bool Value::has(std::string_view key) const noexcept {
  return tag() == Tag::kObject && object().contains(key);
}

std::size_t Value::size() const noexcept {
  if (tag() == Tag::kArray) {
    return array().size();
  }
  return tag() == Tag::kObject ? object().size() : 0;
}

void Value::push(Value v) {
  asArray().push_back(std::move(v));
}

bool Value::erase(std::string_view key) {
  return tag() == Tag::kObject && object().erase(key);
}

bool operator==(const Value& a, const Value& b) noexcept {
  Type type = a.type();
  if (type != b.type()) {
    return false;
  }
  switch (type) {
    case Type::Undefined:
    case Type::Null:
      return true;
    case Type::Boolean:
      return a.asBool() == b.asBool();
    case Type::Number:
      return a.number() == b.number();
    case Type::String:
      return a.asString() == b.asString();
    case Type::Array:
      return a.array() == b.array();
    case Type::Object:
      return a.object() == b.object();
  }
  return false;
}

// ---- ValueRef

Value* ValueRef::holderOfChild() const noexcept {
  if (!holder_) {
    return nullptr;
  }
  if (holder_->isObject()) {
    return byIndex_ ? holder_->object().find(detail::indexKey(index_))
                    : holder_->object().find(key_);
  }
  if (holder_->isArray()) {
    std::uint32_t index32 = 0;
    std::size_t index = index_;
    if (!byIndex_) {
      if (!detail::isArrayIndex(key_, &index32)) {
        return nullptr;
      }
      index = index32;
    }
    return index < holder_->array().size() ? &holder_->array()[index] : nullptr;
  }
  return nullptr;
}

const Value& ValueRef::get() const noexcept {
  const Value* v = holderOfChild();
  return v ? *v : undefined();
}

ValueRef ValueRef::operator[](std::string_view key) noexcept {
  return ValueRef(holderOfChild(), key);
}

Value& ValueRef::existing() const {
  if (Value* v = holderOfChild()) {
    return *v;
  }
  throwNoHolder(false);
}

void ValueRef::throwNoHolder(bool setting) const {
  std::string key = byIndex_ ? detail::indexKey(index_) : std::string(key_);
  if (!setting) {
    // Reading an absent place for a mutable use: what the use expected is unknown here, so the
    // message is JavaScript's for a property read on undefined.
    throw TypeError("", "Cannot read properties of undefined (reading '" + key + "')");
  }
  if (!holder_ || holder_->isNullish()) {
    std::string_view what = holder_ ? holder_->typeName() : "undefined";
    throw TypeError("",
                    "Cannot set properties of " + std::string(what) + " (setting '" + key + "')");
  }
  throw TypeError("", "Cannot create property '" + key + "' on " +
                          std::string(holder_->typeName()) + " '" + primitiveText(*holder_) + "'");
}

Value& ValueRef::value() {
  if (Value* v = holderOfChild()) {
    return *v;
  }
  if (holder_ && holder_->isObject()) {
    return byIndex_ ? holder_->object()[detail::indexKey(index_)] : holder_->object()[key_];
  }
  if (holder_ && holder_->isArray()) {
    std::uint32_t index32 = 0;
    std::size_t index = index_;
    if (byIndex_ || detail::isArrayIndex(key_, &index32)) {
      index = byIndex_ ? index_ : index32;
      if (index >= holder_->array().size()) {
        holder_->array().resize(index + 1);
      }
      return holder_->array()[index];
    }
    // arr["name"] = x adds a property JSON does not carry; nodecc has nowhere to keep it.
    throw TypeError("", "Cannot create property '" + std::string(key_) + "' on an array");
  }
  throwNoHolder(true);
}

ValueRef& ValueRef::operator=(Value v) {
  value() = std::move(v);
  return *this;
}

bool ValueRef::erase(std::string_view key) {
  Value* v = holderOfChild();
  return v && v->erase(key);
}

}  // namespace nodecc::JSON
