// JSON::Object: members in JavaScript's property order, each key once, and a hash index once
// an object outgrows a linear scan.
#include <algorithm>
#include <charconv>
#include <cstring>
#include <memory>

#include "api/json/object_builder.h"
#include "api/json/value_access.h"
#include "nodecc/json.h"

namespace nodecc::JSON {

namespace detail {

// Open addressing over member positions (position + 1; 0 is an empty slot), at most half full.
struct ObjectIndex {
  std::vector<std::uint32_t> slots;
  std::size_t mask = 0;

  void insert(std::size_t hash, std::size_t position) noexcept {
    std::size_t s = hash & mask;
    while (slots[s] != 0) {
      s = (s + 1) & mask;
    }
    slots[s] = static_cast<std::uint32_t>(position + 1);
  }
};

namespace {

// Up to this many members a lookup compares keys one by one (sizes first) and an object has no
// index: parsing twitter.json (objects of 23 to 40 members) spent 12% of its instructions
// hashing keys and building indexes with 16 here, none with 64; a lookup touches one cache line
// per member it passes.
constexpr std::size_t kLinearLookupMax = 64;

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

std::size_t blockSize(std::size_t capacity) noexcept {
  return sizeof(ObjectRep) + capacity * sizeof(Member);
}

ObjectRep* allocateObject(std::size_t capacity) {
  auto* rep = static_cast<ObjectRep*>(allocateBlock(blockSize(capacity)));
  rep->size = 0;
  rep->capacity = capacity;
  rep->index = nullptr;
  return rep;
}

void releaseObject(ObjectRep* rep) noexcept {
  Member* items = rep->items();
  // Destroying a document is bound by loading each block once: ask for the members' blocks
  // together before visiting them one by one (measured on citm_catalog.json: see storage.cc).
  for (std::size_t i = 0; i < rep->size; ++i) {
    ValueAccess::prefetchBlock(items[i].value());
  }
  for (std::size_t i = 0; i < rep->size; ++i) {
    items[i].~Member();
  }
  delete rep->index;
  freeBlock(rep, blockSize(rep->capacity));
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

Object::Object(std::initializer_list<Member> members) {
  reserve(members.size());
  for (const Member& m : members) {
    set(m.key(), m.value());
  }
}

Object::Object(const Object& other) {
  reserve(other.size());
  for (const Member& m : other) {
    new (rep_->items() + rep_->size) Member(m);
    ++rep_->size;
  }
  if (other.rep_ && other.rep_->index) {
    rebuildIndex();
  }
}

Object& Object::operator=(const Object& other) {
  if (this != &other) {
    *this = Object(other);
  }
  return *this;
}

Object& Object::operator=(Object&& other) noexcept {
  if (this != &other) {
    detail::ObjectRep* old = std::exchange(rep_, std::exchange(other.rep_, nullptr));
    if (old) {
      detail::releaseObject(old);
    }
  }
  return *this;
}

Object::~Object() {
  if (rep_) {
    detail::releaseObject(rep_);
  }
}

void Object::clear() noexcept {
  if (rep_) {
    detail::releaseObject(rep_);
    rep_ = nullptr;
  }
}

void Object::grow(std::size_t minCapacity) {
  std::size_t capacity = std::max<std::size_t>({minCapacity, 2 * (rep_ ? rep_->capacity : 0), 4});
  detail::ObjectRep* rep = detail::allocateObject(capacity);
  if (rep_) {
    Member* from = rep_->items();
    Member* to = rep->items();
    for (std::size_t i = 0; i < rep_->size; ++i) {
      new (to + i) Member(std::move(from[i]));
      from[i].~Member();
    }
    rep->size = rep_->size;
    rep->index = std::exchange(rep_->index, nullptr);
    detail::freeBlock(rep_, detail::blockSize(rep_->capacity));
  }
  rep_ = rep;
}

void Object::reserve(std::size_t n) {
  if (n > (rep_ ? rep_->capacity : 0)) {
    grow(n);
  }
}

std::size_t Object::indexOf(std::string_view key) const noexcept {
  std::size_t n = size();
  if (n == 0) {
    return 0;
  }
  const Member* items = rep_->items();
  if (!rep_->index) {
    for (std::size_t i = 0; i < n; ++i) {
      std::string_view k = items[i].key();
      if (k.size() == key.size() && std::memcmp(k.data(), key.data(), key.size()) == 0) {
        return i;
      }
    }
    return n;
  }
  const detail::ObjectIndex& index = *rep_->index;
  for (std::size_t s = detail::hashKey(key) & index.mask;; s = (s + 1) & index.mask) {
    std::uint32_t slot = index.slots[s];
    if (slot == 0) {
      return n;
    }
    if (items[slot - 1].key() == key) {
      return slot - 1;
    }
  }
}

void Object::rebuildIndex() {
  if (size() <= detail::kLinearLookupMax) {
    if (rep_) {
      delete std::exchange(rep_->index, nullptr);
    }
    return;
  }
  if (!rep_->index) {
    rep_->index = new detail::ObjectIndex();
  }
  detail::ObjectIndex& index = *rep_->index;
  std::size_t capacity = 128;
  while (capacity < size() * 2) {
    capacity *= 2;
  }
  index.slots.assign(capacity, 0);
  index.mask = capacity - 1;
  const Member* items = rep_->items();
  for (std::size_t i = 0; i < size(); ++i) {
    index.insert(detail::hashKey(items[i].key()), i);
  }
}

// Appends or, for an array-index key, inserts at its numeric place among the leading index
// keys (which are sorted).
Member& Object::insertNew(std::string_view key, Value&& value) {
  std::size_t n = size();
  if (!rep_ || n == rep_->capacity) {
    grow(n + 1);
  }
  Member* items = rep_->items();
  std::uint32_t number;
  std::size_t place = n;
  if (detail::firstIsDigit(key) && detail::isArrayIndex(key, &number)) {
    Member* prefixEnd = std::partition_point(
        items, items + n, [](const Member& m) { return detail::isArrayIndex(m.key()); });
    place = static_cast<std::size_t>(std::partition_point(items, prefixEnd,
                                                          [&](const Member& m) {
                                                            std::uint32_t other = 0;
                                                            detail::isArrayIndex(m.key(), &other);
                                                            return other < number;
                                                          }) -
                                     items);
  }
  new (items + n) Member(key, std::move(value));
  ++rep_->size;
  if (place < n) {
    std::rotate(items + place, items + n, items + n + 1);
    rebuildIndex();
  } else if (rep_->index) {
    if ((n + 1) * 2 > rep_->index->slots.size()) {
      rebuildIndex();
    } else {
      rep_->index->insert(detail::hashKey(key), n);
    }
  } else if (n + 1 > detail::kLinearLookupMax) {
    rebuildIndex();
  }
  return items[place];
}

Value& Object::operator[](std::string_view key) {
  std::size_t i = indexOf(key);
  if (i < size()) {
    return rep_->items()[i].value();
  }
  return insertNew(key, Value()).value();
}

const Value& Object::operator[](std::string_view key) const noexcept {
  const Value* v = find(key);
  return v ? *v : undefined();
}

Value* Object::find(std::string_view key) noexcept {
  std::size_t i = indexOf(key);
  return i < size() ? &rep_->items()[i].value() : nullptr;
}

const Value* Object::find(std::string_view key) const noexcept {
  std::size_t i = indexOf(key);
  return i < size() ? &rep_->items()[i].value() : nullptr;
}

Value& Object::set(std::string_view key, Value value) {
  std::size_t i = indexOf(key);
  if (i < size()) {
    Value& slot = rep_->items()[i].value();
    slot = std::move(value);
    return slot;
  }
  return insertNew(key, std::move(value)).value();
}

bool Object::erase(std::string_view key) {
  std::size_t i = indexOf(key);
  std::size_t n = size();
  if (i == n) {
    return false;
  }
  Member* items = rep_->items();
  std::move(items + i + 1, items + n, items + i);
  items[n - 1].~Member();
  --rep_->size;
  if (rep_->index) {
    rebuildIndex();
  }
  return true;
}

bool operator==(const Object& a, const Object& b) noexcept {
  if (a.size() != b.size()) {
    return false;
  }
  for (const Member& m : a) {
    const Value* other = b.find(m.key());
    if (!other || !(*other == m.value())) {
      return false;
    }
  }
  return true;
}

// ---- ObjectBuilder

namespace {

// 8 bits from a key's length and its first and last 8 bytes: two keys with different
// fingerprints differ, so a parsed object's keys are compared only on a fingerprint collision.
unsigned fingerprint(std::string_view key) noexcept {
  std::uint64_t head = 0;
  std::uint64_t tail = 0;
  std::size_t n = key.size();
  if (n >= 8) {
    std::memcpy(&head, key.data(), 8);
    std::memcpy(&tail, key.data() + n - 8, 8);
  } else {
    std::memcpy(&head, key.data(), n);
  }
  std::uint64_t h = (head ^ (tail * 0x9E3779B97F4A7C15ULL) ^ n) * 0xbf58476d1ce4e5b9ULL;
  return static_cast<unsigned>(h >> 56);
}

// Up to this many members, duplicates are found by comparing keys pairwise.
constexpr std::size_t kPairwiseMax = 8;

// Whether the array-index keys already lead in ascending order (as in citm_catalog.json's
// objects keyed by id): then there is nothing to reorder, and no temporary buffer to allocate.
bool inPropertyOrder(const Member* items, std::size_t n) {
  std::size_t i = 0;
  std::uint32_t previous = 0;
  for (; i < n; ++i) {
    std::uint32_t index;
    if (!detail::isArrayIndex(items[i].key(), &index)) {
      break;
    }
    if (i > 0 && index <= previous) {
      return false;
    }
    previous = index;
  }
  for (; i < n; ++i) {
    if (detail::firstIsDigit(items[i].key()) && detail::isArrayIndex(items[i].key())) {
      return false;
    }
  }
  return true;
}

// Members and their keys and values are relocatable: moved by copying their bytes (see
// ScratchStack), the source then forgotten.
void relocate(Member* to, const Member* from, std::size_t n) noexcept {
  std::memcpy(static_cast<void*>(to), static_cast<const void*>(from), n * sizeof(Member));
}

// Whether two of the n (at most kLinearLookupMax) keys are equal, and whether one starts with a
// digit (may be an array index).
bool scanKeys(const Member* items, std::size_t n, bool* sawIndexKey) noexcept {
  bool digit = false;
  bool duplicate = false;
  if (n <= kPairwiseMax) {
    // Comparing each key with the ones before it: fewer instructions than fingerprints here.
    for (std::size_t i = 0; i < n; ++i) {
      std::string_view key = items[i].key();
      digit = digit || detail::firstIsDigit(key);
      for (std::size_t j = 0; j < i; ++j) {
        duplicate = duplicate || items[j].key() == key;
      }
    }
  } else {
    std::uint64_t seen[4] = {0, 0, 0, 0};
    for (std::size_t i = 0; i < n; ++i) {
      std::string_view key = items[i].key();
      digit = digit || detail::firstIsDigit(key);
      unsigned f = fingerprint(key);
      std::uint64_t bit = std::uint64_t{1} << (f & 63);
      if (seen[f >> 6] & bit) {
        for (std::size_t j = 0; j < i && !duplicate; ++j) {
          duplicate = items[j].key() == key;
        }
      }
      seen[f >> 6] |= bit;
    }
  }
  *sawIndexKey = digit;
  return duplicate;
}

// Keeps the first member of each key, with the value of its last duplicate (V8's JSON.parse
// replaces in place), the others in their order; returns how many are kept. Rare: the corpus
// has no duplicate key.
std::size_t removeDuplicateKeys(Member* items, std::size_t n) noexcept {
  std::size_t kept = 0;
  for (std::size_t i = 0; i < n; ++i) {
    std::string_view key = items[i].key();
    std::size_t j = 0;
    while (j < kept && items[j].key() != key) {
      ++j;
    }
    if (j < kept) {
      items[j].value() = std::move(items[i].value());
      items[i].~Member();
    } else {
      if (kept != i) {
        relocate(items + kept, items + i, 1);
      }
      ++kept;
    }
  }
  return kept;
}

}  // namespace

detail::ObjectRep* ObjectBuilder::build(Member* first, std::size_t n) {
  Object out;  // owns the block, and what has been relocated into it, from here on
  try {
    out.rep_ = detail::allocateObject(n);
    if (n > detail::kLinearLookupMax) {
      // Sized for all n members at once, so that it is never rebuilt while filling.
      out.rep_->index = new detail::ObjectIndex();
      std::size_t capacity = 128;
      while (capacity < n * 2) {
        capacity *= 2;
      }
      out.rep_->index->slots.assign(capacity, 0);
      out.rep_->index->mask = capacity - 1;
    }
  } catch (...) {
    std::destroy_n(first, n);
    throw;
  }
  detail::ObjectRep* rep = out.rep_;
  Member* items = rep->items();
  bool sawIndexKey = false;
  if (n <= detail::kLinearLookupMax) {
    // The keys are read where the parser just wrote them (in cache), not in the new block: its
    // lines are being filled by the copy, and reading them back waited for it (44% of build's
    // samples on citm_catalog.json).
    std::size_t kept = scanKeys(first, n, &sawIndexKey) ? removeDuplicateKeys(first, n) : n;
    relocate(items, first, kept);
    rep->size = kept;
  } else {
    detail::ObjectIndex& index = *rep->index;
    for (Member* m = first; m != first + n; ++m) {
      std::size_t s = detail::hashKey(m->key()) & index.mask;
      bool duplicate = false;
      for (; index.slots[s] != 0; s = (s + 1) & index.mask) {
        Member& existing = items[index.slots[s] - 1];
        if (existing.key() == m->key()) {
          existing.value_ = std::move(m->value_);  // a later duplicate replaces in place, as V8
          m->~Member();
          duplicate = true;
          break;
        }
      }
      if (!duplicate) {
        sawIndexKey = sawIndexKey || detail::firstIsDigit(m->key());
        relocate(items + rep->size, m, 1);
        ++rep->size;
        index.slots[s] = static_cast<std::uint32_t>(rep->size);
      }
    }
  }
  if (sawIndexKey && !inPropertyOrder(items, rep->size)) {
    // Array-index keys first, in numeric order; the others keep their order.
    Member* prefixEnd = std::stable_partition(
        items, items + rep->size, [](const Member& m) { return detail::isArrayIndex(m.key()); });
    std::sort(items, prefixEnd, [](const Member& a, const Member& b) {
      std::uint32_t x = 0;
      std::uint32_t y = 0;
      detail::isArrayIndex(a.key(), &x);
      detail::isArrayIndex(b.key(), &y);
      return x < y;
    });
  }
  if (rep->index && (sawIndexKey || rep->size <= detail::kLinearLookupMax)) {
    out.rebuildIndex();  // after reordering, or to drop it when duplicates left few members
  }
  return std::exchange(out.rep_, nullptr);
}

}  // namespace nodecc::JSON
