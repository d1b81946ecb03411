#pragma once
// The inline parts of nodecc/json.h's Value: moves (a moved-from Value is undefined) and the
// non-const operator[]. Included by json.h; not a header of its own.
#include <new>
#include <string>
#include <utility>

namespace nodecc::JSON {

inline Value::Value(Value&& other) noexcept : type_(other.type_) {
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
      new (&string_) std::string(std::move(other.string_));
      other.string_.~basic_string();
      break;
    case Type::Array:
      new (&array_) Array(std::move(other.array_));
      other.array_.~Array();
      break;
    case Type::Object:
      new (&object_) Object(std::move(other.object_));
      other.object_.~Object();
      break;
  }
  other.type_ = Type::Undefined;
}

// `other` may live inside this value (v = std::move(v["child"])): it is moved out before this
// value's old contents are destroyed.
inline Value& Value::operator=(Value&& other) noexcept {
  if (this != &other) {
    Value taken(std::move(other));
    if (type_ >= Type::String) {
      destroy();
    }
    new (this) Value(std::move(taken));
  }
  return *this;
}

inline Value& Value::operator=(const Value& other) {
  if (this != &other) {
    *this = Value(other);
  }
  return *this;
}

inline ValueRef Value::operator[](std::string_view key) noexcept {
  return ValueRef(this, key);
}
inline ValueRef Value::operator[](const char* key) noexcept {
  return ValueRef(this, std::string_view(key));
}
template <std::integral I>
ValueRef Value::operator[](I index) noexcept {
  return ValueRef(this, toIndex(index));
}

}  // namespace nodecc::JSON
