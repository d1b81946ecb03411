#pragma once
// The inline parts of nodecc/json.h: moves (a moved-from Value is undefined), element access
// and the non-const operator[]. Included by json.h; not a header of its own.
#include <bit>
#include <cstring>
#include <new>
#include <string>
#include <utility>

namespace nodecc::JSON {

static_assert(sizeof(Value) == 16, "a Value is two words");
static_assert(sizeof(Member) == 48, "a Member is a Key and a Value");

static_assert(std::endian::native == std::endian::little,
              "Value keeps its tag in the top byte of its second little-endian word");

// A relocation (see Value's layout): the two words, and the source left undefined.
inline Value::Value(Value&& other) noexcept {
  setWords(other.word0(), other.word1());
  other.setWord1(header(Tag::kUndefined));
}

// `other` may live inside this value (v = std::move(v["child"])): it is moved out before this
// value's old contents are destroyed.
inline Value& Value::operator=(Value&& other) noexcept {
  if (this != &other) {
    std::uint64_t w0 = other.word0();
    std::uint64_t w1 = other.word1();
    other.setWord1(header(Tag::kUndefined));
    if (tag() >= Tag::kLongString) {
      destroy();
    }
    setWords(w0, w1);
  }
  return *this;
}

inline Value& Value::operator=(const Value& other) {
  if (this != &other) {
    *this = Value(other);
  }
  return *this;
}

// The block pointer is the first word of the payload for a long string (the StringRep*), an
// Array and an Object (each one pointer).
inline void detail::prefetchBlock(const Value& v) noexcept {
  if (v.tag() >= Value::Tag::kLongString) {
    __builtin_prefetch(reinterpret_cast<const void*>(v.word0()));
  }
}

inline Type Value::type() const noexcept {
  constexpr Type kTypes[] = {Type::Undefined, Type::Null,   Type::Boolean, Type::Number,
                             Type::String,    Type::String, Type::Array,   Type::Object};
  return kTypes[static_cast<std::size_t>(tag())];
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

inline Value* Array::data() noexcept {
  return rep_ ? rep_->items() : nullptr;
}
inline const Value* Array::data() const noexcept {
  return rep_ ? rep_->items() : nullptr;
}
inline Value& Array::operator[](std::size_t i) noexcept {
  return data()[i];
}
inline const Value& Array::operator[](std::size_t i) const noexcept {
  return data()[i];
}
inline Value& Array::front() noexcept {
  return data()[0];
}
inline const Value& Array::front() const noexcept {
  return data()[0];
}
inline Value& Array::back() noexcept {
  return data()[size() - 1];
}
inline const Value& Array::back() const noexcept {
  return data()[size() - 1];
}
inline Array::iterator Array::begin() noexcept {
  return data();
}
inline Array::iterator Array::end() noexcept {
  return data() + size();
}
inline Array::const_iterator Array::begin() const noexcept {
  return data();
}
inline Array::const_iterator Array::end() const noexcept {
  return data() + size();
}

template <class... Args>
Value& Array::emplace_back(Args&&... args) {
  Value v(std::forward<Args>(args)...);  // first: the arguments may refer into this array
  if (size() == capacity()) {
    grow(size() + 1);
  }
  Value* slot = rep_->items() + rep_->size;
  new (slot) Value(std::move(v));
  ++rep_->size;
  return *slot;
}

inline void Array::push_back(Value v) {
  emplace_back(std::move(v));
}

inline Object::iterator Object::begin() noexcept {
  return rep_ ? rep_->items() : nullptr;
}
inline Object::iterator Object::end() noexcept {
  return rep_ ? rep_->items() + rep_->size : nullptr;
}
inline Object::const_iterator Object::begin() const noexcept {
  return rep_ ? rep_->items() : nullptr;
}
inline Object::const_iterator Object::end() const noexcept {
  return rep_ ? rep_->items() + rep_->size : nullptr;
}

}  // namespace nodecc::JSON
