// JSON::Object: members in JavaScript's property order, each key once, and a hash index once
// an object outgrows a linear scan.
#include <algorithm>
#include <charconv>
#include <cstring>

#include "api/json/object_builder.h"
#include "nodecc/json.h"

namespace nodecc::JSON {

namespace detail {

// Open addressing over member positions (position + 1; 0 is an empty slot), at most half full.
struct ObjectIndex {
  std::vector<std::uint32_t> slots;
  std::size_t mask = 0;
};

namespace {

// Up to this many members a lookup compares keys one by one (sizes first): measured on the
// corpus's objects (10 to 40 members), as fast as hashing and without the index's memory.
constexpr std::size_t kLinearLookupMax = 16;

// A per-process seed, from where the loader placed this library (ASLR), so that the slots of
// keys chosen by a client cannot be predicted to collide. It changes nothing observable: the
// member order does not depend on the index.
std::uint64_t hashSeed() noexcept {
  static const std::uint64_t seed = [] {
    std::uint64_t s = reinterpret_cast<std::uintptr_t>(&hashSeed);
    s ^= s >> 33;
    s *= 0xff51afd7ed558ccdULL;
    s ^= s >> 33;
    return s;
  }();
  return seed;
}

std::uint64_t hashKey(std::string_view key) noexcept {
  std::uint64_t h = hashSeed() ^ (key.size() * 0x9E3779B97F4A7C15ULL);
  const char* p = key.data();
  std::size_t n = key.size();
  for (; n >= 8; p += 8, n -= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 31;
  }
  std::uint64_t w = 0;
  std::memcpy(&w, p, n);
  h = (h ^ w) * 0x94d049bb133111ebULL;
  return h ^ (h >> 29);
}

bool firstIsDigit(std::string_view key) noexcept {
  return !key.empty() && key[0] >= '0' && key[0] <= '9';
}

}  // namespace

bool isArrayIndex(std::string_view key, std::uint32_t* index) noexcept {
  if (key.empty() || key.size() > 10 || (key[0] == '0' && key.size() > 1)) {
    return false;
  }
  std::uint64_t value = 0;
  for (char c : key) {
    if (c < '0' || c > '9') {
      return false;
    }
    value = value * 10 + static_cast<unsigned>(c - '0');
  }
  // 2^32 - 1 is not an array index (ECMAScript: an index is below 2^32 - 1).
  if (value >= 0xFFFFFFFFULL) {
    return false;
  }
  if (index) {
    *index = static_cast<std::uint32_t>(value);
  }
  return true;
}

std::string indexKey(std::size_t index) {
  char buf[24];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, index).ptr);
}

}  // namespace detail

Object::Object() noexcept = default;
Object::~Object() = default;
Object::Object(Object&& other) noexcept = default;
Object& Object::operator=(Object&& other) noexcept = default;

Object::Object(std::initializer_list<Member> members) {
  members_.reserve(members.size());
  for (const Member& m : members) {
    set(m.key_, m.value_);
  }
}

Object::Object(const Object& other) : members_(other.members_) {
  if (other.index_) {
    rebuildIndex();
  }
}

Object& Object::operator=(const Object& other) {
  if (this != &other) {
    *this = Object(other);
  }
  return *this;
}

std::size_t Object::size() const noexcept {
  return members_.size();
}
bool Object::empty() const noexcept {
  return members_.empty();
}
void Object::clear() noexcept {
  members_.clear();
  index_.reset();
}
void Object::reserve(std::size_t n) {
  members_.reserve(n);
}
Object::iterator Object::begin() noexcept {
  return members_.begin();
}
Object::iterator Object::end() noexcept {
  return members_.end();
}
Object::const_iterator Object::begin() const noexcept {
  return members_.begin();
}
Object::const_iterator Object::end() const noexcept {
  return members_.end();
}

std::size_t Object::indexOf(std::string_view key) const noexcept {
  std::size_t n = members_.size();
  if (!index_) {
    for (std::size_t i = 0; i < n; ++i) {
      const std::string& k = members_[i].key_;
      if (k.size() == key.size() && std::memcmp(k.data(), key.data(), key.size()) == 0) {
        return i;
      }
    }
    return n;
  }
  const auto& slots = index_->slots;
  for (std::size_t s = detail::hashKey(key) & index_->mask;; s = (s + 1) & index_->mask) {
    std::uint32_t slot = slots[s];
    if (slot == 0) {
      return n;
    }
    if (members_[slot - 1].key_ == key) {
      return slot - 1;
    }
  }
}

void Object::rebuildIndex() {
  if (members_.size() <= detail::kLinearLookupMax) {
    index_.reset();
    return;
  }
  if (!index_) {
    index_ = std::make_unique<detail::ObjectIndex>();
  }
  std::size_t capacity = 64;
  while (capacity < members_.size() * 2) {
    capacity *= 2;
  }
  index_->slots.assign(capacity, 0);
  index_->mask = capacity - 1;
  for (std::size_t i = 0; i < members_.size(); ++i) {
    std::size_t s = detail::hashKey(members_[i].key_) & index_->mask;
    while (index_->slots[s] != 0) {
      s = (s + 1) & index_->mask;
    }
    index_->slots[s] = static_cast<std::uint32_t>(i + 1);
  }
}

// Appends or, for an array-index key, inserts at its numeric place among the leading index keys.
Member& Object::insertNew(std::string&& key, Value&& value) {
  std::uint32_t number;
  if (detail::firstIsDigit(key) && detail::isArrayIndex(key, &number)) {
    // The index keys are a sorted prefix: find where it ends, then this key's place in it.
    auto prefixEnd = std::partition_point(members_.begin(), members_.end(), [](const Member& m) {
      return detail::isArrayIndex(m.key_);
    });
    auto place = std::partition_point(members_.begin(), prefixEnd, [&](const Member& m) {
      std::uint32_t other = 0;
      detail::isArrayIndex(m.key_, &other);
      return other < number;
    });
    if (place != members_.end()) {
      auto it = members_.insert(place, Member(std::move(key), std::move(value)));
      std::size_t pos = static_cast<std::size_t>(it - members_.begin());
      rebuildIndex();
      return members_[pos];
    }
  }
  members_.emplace_back(std::move(key), std::move(value));
  std::size_t n = members_.size();
  if (!index_) {
    if (n > detail::kLinearLookupMax) {
      rebuildIndex();
    }
  } else if (n * 2 > index_->slots.size()) {
    rebuildIndex();
  } else {
    std::size_t s = detail::hashKey(members_.back().key_) & index_->mask;
    while (index_->slots[s] != 0) {
      s = (s + 1) & index_->mask;
    }
    index_->slots[s] = static_cast<std::uint32_t>(n);
  }
  return members_.back();
}

Value& Object::operator[](std::string_view key) {
  std::size_t i = indexOf(key);
  if (i < members_.size()) {
    return members_[i].value_;
  }
  return insertNew(std::string(key), Value()).value_;
}

const Value& Object::operator[](std::string_view key) const {
  const Value* v = find(key);
  return v ? *v : undefined();
}

Value* Object::find(std::string_view key) noexcept {
  std::size_t i = indexOf(key);
  return i < members_.size() ? &members_[i].value_ : nullptr;
}

const Value* Object::find(std::string_view key) const noexcept {
  std::size_t i = indexOf(key);
  return i < members_.size() ? &members_[i].value_ : nullptr;
}

Value& Object::set(std::string_view key, Value value) {
  std::size_t i = indexOf(key);
  if (i < members_.size()) {
    members_[i].value_ = std::move(value);
    return members_[i].value_;
  }
  return insertNew(std::string(key), std::move(value)).value_;
}

bool Object::erase(std::string_view key) {
  std::size_t i = indexOf(key);
  if (i == members_.size()) {
    return false;
  }
  members_.erase(members_.begin() + static_cast<std::ptrdiff_t>(i));
  if (index_) {
    rebuildIndex();
  }
  return true;
}

bool operator==(const Object& a, const Object& b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (const Member& m : a.members_) {
    const Value* other = b.find(m.key());
    if (!other || !(*other == m.value())) {
      return false;
    }
  }
  return true;
}

// ---- ObjectBuilder

void ObjectBuilder::build(Object& out, Member* first, std::size_t n) {
  auto& members = out.members_;
  members.reserve(n);
  bool sawIndexKey = false;
  for (Member* m = first; m != first + n; ++m) {
    std::size_t i = out.indexOf(m->key_);
    if (i < members.size()) {
      members[i].value_ = std::move(m->value_);  // a later duplicate replaces in place, as V8
      continue;
    }
    sawIndexKey = sawIndexKey || detail::firstIsDigit(m->key_);
    members.push_back(std::move(*m));
    std::size_t size = members.size();
    if (out.index_ ? size * 2 > out.index_->slots.size() : size > detail::kLinearLookupMax) {
      out.rebuildIndex();
    } else if (out.index_) {
      std::size_t s = detail::hashKey(members.back().key_) & out.index_->mask;
      while (out.index_->slots[s] != 0) {
        s = (s + 1) & out.index_->mask;
      }
      out.index_->slots[s] = static_cast<std::uint32_t>(size);
    }
  }
  if (!sawIndexKey) {
    return;
  }
  // Array-index keys first, in numeric order; the others keep their order.
  auto prefixEnd = std::stable_partition(
      members.begin(), members.end(), [](const Member& m) { return detail::isArrayIndex(m.key_); });
  std::sort(members.begin(), prefixEnd, [](const Member& a, const Member& b) {
    std::uint32_t x = 0;
    std::uint32_t y = 0;
    detail::isArrayIndex(a.key_, &x);
    detail::isArrayIndex(b.key_, &y);
    return x < y;
  });
  if (out.index_) {
    out.rebuildIndex();
  }
}

}  // namespace nodecc::JSON
