#pragma once
// What stringify may know of a Value beyond its public interface: which strings need no
// escaping (they came from JSON text without escapes), and where their bytes may be read with
// a fixed-size copy; and what freeing may ask the CPU for ahead.
#include "nodecc/json.h"

namespace nodecc::JSON::detail {

struct ValueAccess {
  // A short string marked plain: its bytes start the Value's 16.
  static bool isPlainShortString(const Value& v) noexcept {
    return v.tag() == Value::Tag::kShortString && (v.shortLength() & Value::kPlain);
  }
  static const char* shortData(const Value& v) noexcept {
    return reinterpret_cast<const char*>(v.bytes_);
  }
  static std::size_t shortSize(const Value& v) noexcept {
    return v.shortLength() & Value::kLengthMask;
  }
  static const Key& key(const Member& m) noexcept { return m.key_; }

  // Asks the CPU for the block a Value holds: the first line of a long string, the first
  // kPrefetchLines of an array's or object's. Freeing a document loads each block once; the
  // first line alone left the next ones to be missed one by one (an object of 8 members is 7
  // lines): 4 lines made freeing citm_catalog.json a quarter faster, 2 and 8 did less.
  static constexpr int kPrefetchLines = 4;
  static void prefetchBlock(const Value& v) noexcept {
    if (v.tag() >= Value::Tag::kLongString) {
      auto* block = reinterpret_cast<const char*>(v.word0());
      __builtin_prefetch(block);
      // An empty array or object holds no block (null): no line past it to ask for.
      if (v.tag() >= Value::Tag::kArray && block != nullptr) {
        for (int i = 1; i < kPrefetchLines; ++i) {
          __builtin_prefetch(block + 64 * i);
        }
      }
    }
  }
};

// Writes a member's key: unscanned when plain, with a fixed-size copy when inline too.
inline void writeKey(Writer& w, const Member& m) {
  const Key& key = ValueAccess::key(m);
  std::string_view k = key.view();
  w.keyStart();
  if (key.plain() && key.isInline()) {
    w.plainStringPadded<sizeof(Key)>(k.data(), k.size());
  } else if (key.plain()) {
    w.plainString(k);
  } else {
    w.string(k);
  }
  w.keyEnd();
}

}  // namespace nodecc::JSON::detail
