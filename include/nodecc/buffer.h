#pragma once
// nodecc::Buffer: Node's Buffer. A view of bytes in shared storage: copies and slices share the
// bytes (as Node's Buffers share an ArrayBuffer); Buffer::from, concat and alloc copy or make
// new bytes. Reference counting is not atomic: a Buffer belongs to one thread at a time (moving
// it to another thread is fine, sharing it is not).
//
// Strings are JavaScript strings as C++ holds them: UTF-8 text. Buffer::from(s, "latin1") takes
// the string's characters (code points, as UTF-16 units) and keeps each one's low byte, as Node
// does; toString("latin1") gives each byte back as a character, in UTF-8. So a program prints
// the same bytes Node would. "utf8" copies the string's bytes as they are; toString("utf8")
// replaces invalid sequences with U+FFFD exactly as Node decodes them.
//
// Errors are Node's, thrown as nodecc::RangeError / TypeError with Node's code and message:
// ERR_OUT_OF_RANGE, ERR_BUFFER_OUT_OF_BOUNDS, ERR_UNKNOWN_ENCODING, ERR_INVALID_ARG_VALUE,
// ERR_INVALID_BUFFER_SIZE. Offsets are signed so that Node's negative arguments (slice(-3),
// indexOf(x, -2)) keep their meaning; kToEnd stands for an argument left out.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace nodecc {

namespace buffer {
// buffer.kMaxLength (buffer.constants.MAX_LENGTH of Node 20 on 64-bit): the largest Buffer.
inline constexpr size_t kMaxLength = size_t(1) << 32;
}  // namespace buffer

class Buffer {
 public:
  // An end, length or offset argument left out ("to the end of the buffer").
  static constexpr int64_t kToEnd = INT64_MAX;

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

  // ---- Making buffers ------------------------------------------------------------------------
  // Buffer.alloc(size[, fill[, encoding]]): zero-filled, or filled as fill() fills. A size past
  // buffer::kMaxLength throws ERR_OUT_OF_RANGE.
  static Buffer alloc(size_t size);
  static Buffer alloc(size_t size, int fill);
  static Buffer alloc(size_t size, std::string_view fill, std::string_view encoding = "utf8");
  static Buffer alloc(size_t size, const Buffer& fill);
  // Buffer.allocUnsafe(size) / allocUnsafeSlow(size): contents unspecified.
  static Buffer allocUnsafe(size_t size);
  static Buffer allocUnsafeSlow(size_t size) { return allocUnsafe(size); }
  // Buffer.from(string[, encoding]): "utf8" (default), "utf16le"/"ucs2", "latin1"/"binary",
  // "ascii", "hex", "base64", "base64url" (names in any case, as Node).
  static Buffer from(std::string_view string, std::string_view encoding = "utf8");
  // Buffer.from(array): each number's low byte, as Node (256 -> 0, -1 -> 255).
  static Buffer from(std::initializer_list<int> bytes);
  static Buffer from(const std::vector<uint8_t>& bytes);
  // Buffer.from(buffer): a copy of the bytes.
  static Buffer from(const Buffer& other);
  // Buffer.concat(list[, totalLength]): a new buffer; with totalLength, cut or zero-padded.
  static Buffer concat(const std::vector<Buffer>& list);
  static Buffer concat(const std::vector<Buffer>& list, size_t totalLength);
  // Takes a std::string's bytes without copying them (nodecc only).
  static Buffer adopt(std::string&& bytes);

  // Buffer.byteLength(string[, encoding]): the bytes from(string, encoding) would make (for
  // base64 and hex, Node's estimate from the length). An unknown encoding counts as utf8.
  static size_t byteLength(std::string_view string, std::string_view encoding = "utf8");
  static size_t byteLength(const Buffer& b) { return b.size(); }
  // Buffer.compare(a, b): -1, 0 or 1.
  static int compare(const Buffer& a, const Buffer& b) { return a.compare(b); }
  // Buffer.isBuffer(x): true for a Buffer only.
  static bool isBuffer(const Buffer&) { return true; }
  template <class T>
  requires(!std::is_same_v<std::decay_t<T>, Buffer>) static bool isBuffer(const T&) {
    return false;
  }
  // Buffer.isEncoding(name).
  static bool isEncoding(std::string_view encoding);

  // ---- The bytes -----------------------------------------------------------------------------
  size_t size() const { return size_; }
  size_t length() const { return size_; }
  size_t byteLength() const { return size_; }
  bool empty() const { return size_ == 0; }
  uint8_t* data() { return data_; }
  const uint8_t* data() const { return data_; }
  uint8_t& operator[](size_t i) { return data_[i]; }
  uint8_t operator[](size_t i) const { return data_[i]; }
  uint8_t* begin() { return data_; }
  uint8_t* end() { return data_ + size_; }
  const uint8_t* begin() const { return data_; }
  const uint8_t* end() const { return data_ + size_; }
  // The bytes as a string_view (valid while this Buffer or a copy lives). nodecc only.
  std::string_view view() const { return {reinterpret_cast<const char*>(data_), size_}; }
  // No other Buffer (copy or slice) shares this one's memory, so its owner may write into it
  // again (a pool handing out one buffer per event while listeners keep none). nodecc only.
  bool unique() const { return block_ == nullptr || refsOf(block_) == 1; }

  // ---- Text ----------------------------------------------------------------------------------
  // buf.toString([encoding[, start[, end]]]): start and end clamped to the buffer as Node's.
  std::string toString(std::string_view encoding = "utf8", int64_t start = 0,
                       int64_t end = kToEnd) const;
  // buf.toJSON(), serialized: {"type":"Buffer","data":[1,2,3]}.
  std::string toJSON() const;
  // buf.write(string[, offset[, length]][, encoding]): the bytes written; never a partial
  // character. offset and length past the buffer throw ERR_OUT_OF_RANGE.
  size_t write(std::string_view string, int64_t offset = 0, int64_t length = kToEnd,
               std::string_view encoding = "utf8");
  size_t write(std::string_view string, std::string_view encoding) {
    return write(string, 0, kToEnd, encoding);
  }
  size_t write(std::string_view string, int64_t offset, std::string_view encoding) {
    return write(string, offset, kToEnd, encoding);
  }

  // ---- Views, copies, comparison -------------------------------------------------------------
  // buf.subarray(start, end) / buf.slice(start, end): shares the bytes; negative counts from
  // the end, clamped like Node.
  Buffer subarray(int64_t start = 0, int64_t end = kToEnd) const;
  Buffer slice(int64_t start = 0, int64_t end = kToEnd) const { return subarray(start, end); }
  bool equals(const Buffer& o) const {
    return size_ == o.size_ && (size_ == 0 || std::memcmp(data_, o.data_, size_) == 0);
  }
  // buf.compare(target[, targetStart[, targetEnd[, sourceStart[, sourceEnd]]]]): -1, 0, 1.
  int compare(const Buffer& target, int64_t targetStart = 0, int64_t targetEnd = kToEnd,
              int64_t sourceStart = 0, int64_t sourceEnd = kToEnd) const;
  // buf.copy(target[, targetStart[, sourceStart[, sourceEnd]]]): the bytes copied. `target`
  // is a handle: the bytes it shares are written.
  size_t copy(Buffer target, int64_t targetStart = 0, int64_t sourceStart = 0,
              int64_t sourceEnd = kToEnd) const;
  // buf.fill(value[, offset[, end]][, encoding]): returns *this. A number fills its low byte;
  // a string or buffer repeats; one that decodes to no bytes throws ERR_INVALID_ARG_VALUE.
  Buffer& fill(int value, int64_t offset = 0, int64_t end = kToEnd);
  Buffer& fill(std::string_view value, int64_t offset = 0, int64_t end = kToEnd,
               std::string_view encoding = "utf8");
  Buffer& fill(std::string_view value, std::string_view encoding) {
    return fill(value, 0, kToEnd, encoding);
  }
  Buffer& fill(std::string_view value, int64_t offset, std::string_view encoding) {
    return fill(value, offset, kToEnd, encoding);
  }
  Buffer& fill(const Buffer& value, int64_t offset = 0, int64_t end = kToEnd);

  // ---- Search --------------------------------------------------------------------------------
  // buf.indexOf(value[, byteOffset][, encoding]) / lastIndexOf / includes: a string (in
  // `encoding`), a buffer or a byte (its low 8 bits). -1 when absent; a negative byteOffset
  // counts from the end; an empty value matches at the (clamped) offset, as Node.
  int64_t indexOf(std::string_view value, int64_t byteOffset = 0,
                  std::string_view encoding = "utf8") const;
  int64_t indexOf(std::string_view value, std::string_view encoding) const {
    return indexOf(value, 0, encoding);
  }
  int64_t indexOf(const Buffer& value, int64_t byteOffset = 0,
                  std::string_view encoding = "utf8") const;
  int64_t indexOf(int value, int64_t byteOffset = 0) const;
  int64_t lastIndexOf(std::string_view value, int64_t byteOffset = kToEnd,
                      std::string_view encoding = "utf8") const;
  int64_t lastIndexOf(std::string_view value, std::string_view encoding) const {
    return lastIndexOf(value, kToEnd, encoding);
  }
  int64_t lastIndexOf(const Buffer& value, int64_t byteOffset = kToEnd,
                      std::string_view encoding = "utf8") const;
  int64_t lastIndexOf(int value, int64_t byteOffset = kToEnd) const;
  bool includes(std::string_view value, int64_t byteOffset = 0,
                std::string_view encoding = "utf8") const {
    return indexOf(value, byteOffset, encoding) != -1;
  }
  bool includes(std::string_view value, std::string_view encoding) const {
    return indexOf(value, 0, encoding) != -1;
  }
  bool includes(const Buffer& value, int64_t byteOffset = 0,
                std::string_view encoding = "utf8") const {
    return indexOf(value, byteOffset, encoding) != -1;
  }
  bool includes(int value, int64_t byteOffset = 0) const {
    return indexOf(value, byteOffset) != -1;
  }

  // ---- Byte order ----------------------------------------------------------------------------
  // buf.swap16/32/64(): in place; a size not a multiple throws ERR_INVALID_BUFFER_SIZE.
  Buffer& swap16();
  Buffer& swap32();
  Buffer& swap64();

  // ---- Numbers -------------------------------------------------------------------------------
  // buf.readX(offset = 0) and buf.writeX(value, offset = 0), as Node: an offset outside the
  // buffer throws ERR_OUT_OF_RANGE ("It must be >= 0 and <= N"), or ERR_BUFFER_OUT_OF_BOUNDS
  // when the buffer is smaller than the value; a value outside the type's range throws
  // ERR_OUT_OF_RANGE. Writes return offset + bytes written. 8-, 16- and 32-bit reads return
  // int32_t/uint32_t (numbers, not characters, when printed); BigInt64 ones int64_t/uint64_t;
  // floats double. Inline: a bounds check, a load and a byte swap.
  uint32_t readUInt8(int64_t offset = 0) const;
  uint32_t readUInt16LE(int64_t offset = 0) const;
  uint32_t readUInt16BE(int64_t offset = 0) const;
  uint32_t readUInt32LE(int64_t offset = 0) const;
  uint32_t readUInt32BE(int64_t offset = 0) const;
  int32_t readInt8(int64_t offset = 0) const;
  int32_t readInt16LE(int64_t offset = 0) const;
  int32_t readInt16BE(int64_t offset = 0) const;
  int32_t readInt32LE(int64_t offset = 0) const;
  int32_t readInt32BE(int64_t offset = 0) const;
  uint64_t readBigUInt64LE(int64_t offset = 0) const;
  uint64_t readBigUInt64BE(int64_t offset = 0) const;
  int64_t readBigInt64LE(int64_t offset = 0) const;
  int64_t readBigInt64BE(int64_t offset = 0) const;
  double readFloatLE(int64_t offset = 0) const;
  double readFloatBE(int64_t offset = 0) const;
  double readDoubleLE(int64_t offset = 0) const;
  double readDoubleBE(int64_t offset = 0) const;
  // byteLength 1..6, else ERR_OUT_OF_RANGE.
  uint64_t readUIntLE(int64_t offset, int byteLength) const;
  uint64_t readUIntBE(int64_t offset, int byteLength) const;
  int64_t readIntLE(int64_t offset, int byteLength) const;
  int64_t readIntBE(int64_t offset, int byteLength) const;

  size_t writeUInt8(int64_t value, int64_t offset = 0);
  size_t writeUInt16LE(int64_t value, int64_t offset = 0);
  size_t writeUInt16BE(int64_t value, int64_t offset = 0);
  size_t writeUInt32LE(int64_t value, int64_t offset = 0);
  size_t writeUInt32BE(int64_t value, int64_t offset = 0);
  size_t writeInt8(int64_t value, int64_t offset = 0);
  size_t writeInt16LE(int64_t value, int64_t offset = 0);
  size_t writeInt16BE(int64_t value, int64_t offset = 0);
  size_t writeInt32LE(int64_t value, int64_t offset = 0);
  size_t writeInt32BE(int64_t value, int64_t offset = 0);
  size_t writeBigUInt64LE(uint64_t value, int64_t offset = 0);
  size_t writeBigUInt64BE(uint64_t value, int64_t offset = 0);
  size_t writeBigInt64LE(int64_t value, int64_t offset = 0);
  size_t writeBigInt64BE(int64_t value, int64_t offset = 0);
  size_t writeFloatLE(double value, int64_t offset = 0);
  size_t writeFloatBE(double value, int64_t offset = 0);
  size_t writeDoubleLE(double value, int64_t offset = 0);
  size_t writeDoubleBE(double value, int64_t offset = 0);
  size_t writeUIntLE(int64_t value, int64_t offset, int byteLength);
  size_t writeUIntBE(int64_t value, int64_t offset, int byteLength);
  size_t writeIntLE(int64_t value, int64_t offset, int byteLength);
  size_t writeIntBE(int64_t value, int64_t offset, int byteLength);

  // Node's lower-case aliases (readUint8 for readUInt8, ...).
  uint32_t readUint8(int64_t offset = 0) const { return readUInt8(offset); }
  uint32_t readUint16LE(int64_t offset = 0) const { return readUInt16LE(offset); }
  uint32_t readUint16BE(int64_t offset = 0) const { return readUInt16BE(offset); }
  uint32_t readUint32LE(int64_t offset = 0) const { return readUInt32LE(offset); }
  uint32_t readUint32BE(int64_t offset = 0) const { return readUInt32BE(offset); }
  uint64_t readBigUint64LE(int64_t offset = 0) const { return readBigUInt64LE(offset); }
  uint64_t readBigUint64BE(int64_t offset = 0) const { return readBigUInt64BE(offset); }
  uint64_t readUintLE(int64_t offset, int n) const { return readUIntLE(offset, n); }
  uint64_t readUintBE(int64_t offset, int n) const { return readUIntBE(offset, n); }
  size_t writeUint8(int64_t v, int64_t offset = 0) { return writeUInt8(v, offset); }
  size_t writeUint16LE(int64_t v, int64_t offset = 0) { return writeUInt16LE(v, offset); }
  size_t writeUint16BE(int64_t v, int64_t offset = 0) { return writeUInt16BE(v, offset); }
  size_t writeUint32LE(int64_t v, int64_t offset = 0) { return writeUInt32LE(v, offset); }
  size_t writeUint32BE(int64_t v, int64_t offset = 0) { return writeUInt32BE(v, offset); }
  size_t writeBigUint64LE(uint64_t v, int64_t o = 0) { return writeBigUInt64LE(v, o); }
  size_t writeBigUint64BE(uint64_t v, int64_t o = 0) { return writeBigUInt64BE(v, o); }
  size_t writeUintLE(int64_t v, int64_t o, int n) { return writeUIntLE(v, o, n); }
  size_t writeUintBE(int64_t v, int64_t o, int n) { return writeUIntBE(v, o, n); }

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

#include "nodecc/detail/buffer_access.h"
