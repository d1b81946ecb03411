// JSON::Value: copies, typed access, JavaScript truthiness, lookups and equality; ValueRef.
#include <charconv>
#include <cmath>
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
      return v.asString();
    default:
      return std::string(v.typeName());
  }
}

}  // namespace

const Value& undefined() noexcept {
  static const Value kUndefined;
  return kUndefined;
}

Value::Value(const Value& other) : type_(other.type_) {
  switch (type_) {
    case Type::Undefined:
    case Type::Null:
      break;
    case Type::Boolean:
      bool_ = other.bool_;
      break;
    case Type::Number:
      number_ = other.number_;
      break;
    case Type::String:
      new (&string_) std::string(other.string_);
      break;
    case Type::Array:
      new (&array_) Array(other.array_);
      break;
    case Type::Object:
      new (&object_) Object(other.object_);
      break;
  }
}

void Value::destroy() noexcept {
  switch (type_) {
    case Type::String:
      string_.~basic_string();
      break;
    case Type::Array:
      array_.~Array();
      break;
    case Type::Object:
      object_.~Object();
      break;
    default:
      break;
  }
  type_ = Type::Undefined;
}

std::string_view Value::typeName() const noexcept {
  switch (type_) {
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
      "", "Expected " + std::string(article(expected)) + ", got " + std::string(article(type_)));
}

bool Value::asBool() const {
  if (type_ != Type::Boolean) {
    throwType(Type::Boolean);
  }
  return bool_;
}
double Value::asNumber() const {
  if (type_ != Type::Number) {
    throwType(Type::Number);
  }
  return number_;
}
const std::string& Value::asString() const {
  if (type_ != Type::String) {
    throwType(Type::String);
  }
  return string_;
}
std::string& Value::asString() {
  if (type_ != Type::String) {
    throwType(Type::String);
  }
  return string_;
}
const Array& Value::asArray() const {
  if (type_ != Type::Array) {
    throwType(Type::Array);
  }
  return array_;
}
Array& Value::asArray() {
  if (type_ != Type::Array) {
    throwType(Type::Array);
  }
  return array_;
}
const Object& Value::asObject() const {
  if (type_ != Type::Object) {
    throwType(Type::Object);
  }
  return object_;
}
Object& Value::asObject() {
  if (type_ != Type::Object) {
    throwType(Type::Object);
  }
  return object_;
}

Value::operator bool() const noexcept {
  switch (type_) {
    case Type::Undefined:
    case Type::Null:
      return false;
    case Type::Boolean:
      return bool_;
    case Type::Number:
      return number_ != 0 && !std::isnan(number_);
    case Type::String:
      return !string_.empty();
    case Type::Array:
    case Type::Object:
      return true;
  }
  return false;
}

const Value& Value::operator[](std::string_view key) const noexcept {
  if (type_ == Type::Object) {
    const Value* v = object_.find(key);
    return v ? *v : undefined();
  }
  std::uint32_t index;
  if (type_ == Type::Array && detail::isArrayIndex(key, &index)) {
    return elementAt(index);
  }
  return undefined();
}

const Value& Value::elementAt(std::size_t index) const noexcept {
  if (type_ == Type::Array) {
    return index < array_.size() ? array_[index] : undefined();
  }
  if (type_ == Type::Object && index != ~std::size_t{0}) {
    return object_[detail::indexKey(index)];
  }
  return undefined();
}

bool Value::has(std::string_view key) const noexcept {
  return type_ == Type::Object && object_.contains(key);
}

std::size_t Value::size() const noexcept {
  if (type_ == Type::Array) {
    return array_.size();
  }
  return type_ == Type::Object ? object_.size() : 0;
}

void Value::push(Value v) {
  asArray().push_back(std::move(v));
}

bool Value::erase(std::string_view key) {
  return type_ == Type::Object && object_.erase(key);
}

bool operator==(const Value& a, const Value& b) noexcept {
  if (a.type_ != b.type_) {
    return false;
  }
  switch (a.type_) {
    case Type::Undefined:
    case Type::Null:
      return true;
    case Type::Boolean:
      return a.bool_ == b.bool_;
    case Type::Number:
      return a.number_ == b.number_;
    case Type::String:
      return a.string_ == b.string_;
    case Type::Array:
      return a.array_ == b.array_;
    case Type::Object:
      return a.object_ == b.object_;
  }
  return false;
}

// ---- ValueRef

Value* ValueRef::holderOfChild() const noexcept {
  if (!holder_) {
    return nullptr;
  }
  if (holder_->isObject()) {
    return byIndex_ ? holder_->object_.find(detail::indexKey(index_)) : holder_->object_.find(key_);
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
    return index < holder_->array_.size() ? &holder_->array_[index] : nullptr;
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
    return byIndex_ ? holder_->object_[detail::indexKey(index_)] : holder_->object_[key_];
  }
  if (holder_ && holder_->isArray()) {
    std::uint32_t index32 = 0;
    std::size_t index = index_;
    if (byIndex_ || detail::isArrayIndex(key_, &index32)) {
      index = byIndex_ ? index_ : index32;
      if (index >= holder_->array_.size()) {
        holder_->array_.resize(index + 1);
      }
      return holder_->array_[index];
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
