#pragma once
// The memory behind nodecc/json.h's values: the heap blocks of long strings, arrays and
// objects, and the 16-byte Key of an object member. Blocks come from a per-thread cache of
// freed blocks (src/api/json/storage.cc), so that parsing and dropping documents over and over,
// as a server does, reuses memory instead of going through malloc for every node.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string_view>

namespace nodecc::JSON {

class Value;
class Member;

namespace detail {

// A block of at least `bytes` bytes (aligned as operator new); freeBlock must be given the same
// size.
// Blocks up to kBlockCacheMaxSize bytes are kept, when freed, in a cache of the freeing thread
// holding at most kBlockCacheBytes; larger ones go back to operator delete at once. Under
// AddressSanitizer every block goes back at once, so that use-after-free is still caught.
inline constexpr std::size_t kBlockCacheMaxSize = 1024;
inline constexpr std::size_t kBlockCacheBytes = 8 * 1024 * 1024;
void* allocateBlock(std::size_t bytes);
void freeBlock(void* block, std::size_t bytes) noexcept;

// A string too long to be stored inline: its size, then its bytes and a NUL.
struct StringRep {
  std::size_t size;

  char* data() noexcept { return reinterpret_cast<char*>(this + 1); }
  const char* data() const noexcept { return reinterpret_cast<const char*>(this + 1); }
  std::string_view view() const noexcept { return {data(), size}; }
  static StringRep* make(std::string_view s) {
    auto* rep = static_cast<StringRep*>(allocateBlock(sizeof(StringRep) + s.size() + 1));
    rep->size = s.size();
    std::memcpy(rep->data(), s.data(), s.size());
    rep->data()[s.size()] = '\0';
    return rep;
  }
  static void release(StringRep* rep) noexcept {
    freeBlock(rep, sizeof(StringRep) + rep->size + 1);
  }
};

// An array's elements, `capacity` of them allocated, the first `size` constructed.
struct ArrayRep {
  std::size_t size;
  std::size_t capacity;

  Value* items() noexcept { return reinterpret_cast<Value*>(this + 1); }
  const Value* items() const noexcept { return reinterpret_cast<const Value*>(this + 1); }
};

struct ObjectIndex;  // the hash index of a large object (src/api/json/object.cc)

// An object's members, as ArrayRep, and its index when it has more than 64 members.
struct ObjectRep {
  std::size_t size;
  std::size_t capacity;
  ObjectIndex* index;

  Member* items() noexcept { return reinterpret_cast<Member*>(this + 1); }
  const Member* items() const noexcept { return reinterpret_cast<const Member*>(this + 1); }
};

// An object member's key: up to 31 bytes inline (measured: with 15, 4,069 of the 13,345 keys
// of twitter.json took a block of their own; with 31, 100), longer ones in a StringRep. Like
// Value it is four words built and moved whole (store forwarding) and relocated by copying.
class Key {
 public:
  static constexpr std::size_t kInlineMax = 31;

  explicit Key(std::string_view s) {
    if (s.size() <= kInlineMax) {
      unsigned char bytes[32] = {};
      std::memcpy(bytes, s.data(), s.size());
      bytes[31] = static_cast<unsigned char>(s.size());
      std::memcpy(bytes_, bytes, sizeof bytes_);
    } else {
      setLong(s, 0);
    }
  }
  // A key from JSON text without escapes (it needs none when written: plain()), followed by
  // at least 32 readable bytes: copied with four word loads instead of a call to memcpy.
  struct FromText {};
  Key(std::string_view s, FromText) {
    if (s.size() <= kInlineMax) {
      // Straight from the text into place, then the length byte: building the words in a
      // temporary first had GCC reload it 16 bytes at a time, stalling on store forwarding.
      std::memcpy(bytes_, s.data(), sizeof bytes_);
      bytes_[31] = static_cast<unsigned char>(s.size() | kPlain);
    } else {
      setLong(s, kPlain);
    }
  }
  Key(const Key& other) : Key(other.view()) { bytes_[31] |= other.bytes_[31] & kPlain; }
  Key(Key&& other) noexcept {
    std::memcpy(bytes_, other.bytes_, sizeof bytes_);
    other.bytes_[31] = 0;
  }
  Key& operator=(const Key& other) {
    if (this != &other) {
      Key copy(other);
      *this = std::move(copy);
    }
    return *this;
  }
  Key& operator=(Key&& other) noexcept {
    if (this != &other) {
      release();
      std::memcpy(bytes_, other.bytes_, sizeof bytes_);
      other.bytes_[31] = 0;
    }
    return *this;
  }
  ~Key() { release(); }

  std::string_view view() const noexcept {
    if (!(bytes_[31] & kLong)) {
      return {reinterpret_cast<const char*>(bytes_),
              static_cast<std::size_t>(bytes_[31] & kLengthMask)};
    }
    return rep()->view();
  }
  // Whether the key is known to need no escaping in JSON.
  bool plain() const noexcept { return bytes_[31] & kPlain; }
  // Whether the bytes are in the Key itself: then view().data() starts its 32 readable bytes.
  bool isInline() const noexcept { return !(bytes_[31] & kLong); }

 private:
  // The last byte: the inline length (kLengthMask), kLong for a StringRep, kPlain as plain().
  static constexpr std::uint8_t kLengthMask = 0x3F;
  static constexpr std::uint8_t kPlain = 0x40;
  static constexpr std::uint8_t kLong = 0x80;

  void setLong(std::string_view s, std::uint8_t flags) {
    StringRep* rep = StringRep::make(s);
    std::memcpy(bytes_, &rep, sizeof rep);
    bytes_[31] = kLong | flags;
  }
  StringRep* rep() const noexcept {
    StringRep* r;
    std::memcpy(&r, bytes_, sizeof r);
    return r;
  }
  void release() noexcept {
    if (bytes_[31] & kLong) {
      StringRep::release(rep());
    }
  }

  alignas(8) unsigned char bytes_[32];
};

}  // namespace detail
}  // namespace nodecc::JSON
