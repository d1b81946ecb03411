#pragma once
// nodecc::Buffer: Node's Buffer. A view of bytes in shared storage: copies and slices share the
// bytes (as Node's Buffers share an ArrayBuffer); Buffer::from and concat copy. Reference
// counting is not atomic: a Buffer belongs to one thread at a time (moving it to another
// thread is fine, sharing it is not).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace nodecc {

class Buffer {
 public:
  Buffer() = default;
  // Inline: a stream passes each chunk through several copies (measured: 16% of a
  // PassThrough chain's time went to these calls when they were out of line).
  Buffer(const Buffer& o) : block_(o.block_), data_(o.data_), size_(o.size_) {
    if (block_) {
      ++refsOf(block_);
    }
  }
  Buffer(Buffer&& o) noexcept : block_(o.block_), data_(o.data_), size_(o.size_) {
    o.block_ = nullptr;
    o.data_ = nullptr;
    o.size_ = 0;
  }
  Buffer& operator=(Buffer o) noexcept {
    std::swap(block_, o.block_);
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    return *this;
  }
  ~Buffer() {
    if (block_ && --refsOf(block_) == 0) {
      freeBlock(block_);
    }
  }

  // Buffer.alloc(size): zero-filled.
  static Buffer alloc(size_t size);
  // Buffer.allocUnsafe(size): contents unspecified.
  static Buffer allocUnsafe(size_t size);
  // Buffer.from(string[, encoding]): "utf8" (default), "latin1"/"binary", "ascii", "hex", "base64".
  static Buffer from(std::string_view data, std::string_view encoding = "utf8");
  static Buffer from(const std::vector<uint8_t>& bytes);
  // Buffer.concat(list).
  static Buffer concat(const std::vector<Buffer>& list);
  // Takes a std::string's bytes without copying them.
  static Buffer adopt(std::string&& bytes);

  size_t size() const { return size_; }
  size_t length() const { return size_; }
  bool empty() const { return size_ == 0; }
  uint8_t* data() { return data_; }
  const uint8_t* data() const { return data_; }
  uint8_t& operator[](size_t i) { return data_[i]; }
  uint8_t operator[](size_t i) const { return data_[i]; }
  uint8_t* begin() { return data_; }
  uint8_t* end() { return data_ + size_; }
  const uint8_t* begin() const { return data_; }
  const uint8_t* end() const { return data_ + size_; }

  // The bytes as a string_view (valid while this Buffer or a copy lives).
  std::string_view view() const { return {reinterpret_cast<const char*>(data_), size_}; }
  // buf.toString([encoding[, start[, end]]]).
  std::string toString(std::string_view encoding = "utf8", size_t start = 0,
                       size_t end = size_t(-1)) const;
  // buf.subarray(start, end) / buf.slice(start, end): shares the bytes. Clamped like Node.
  Buffer subarray(size_t start, size_t end = size_t(-1)) const;
  Buffer slice(size_t start, size_t end = size_t(-1)) const { return subarray(start, end); }
  bool equals(const Buffer& o) const { return view() == o.view(); }
  int compare(const Buffer& o) const;

 private:
  struct Block;
  // A Block begins with its reference count (Block is standard-layout).
  static int& refsOf(Block* b) { return *reinterpret_cast<int*>(b); }
  static void freeBlock(Block* b);
  Block* block_ = nullptr;
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace nodecc
