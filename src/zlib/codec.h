#pragma once
// zlib::core::Codec: one compression or decompression state (zlib's deflate/inflate in their
// zlib, gzip and raw formats, brotli's encoder and decoder) stepped the way Node's zlib binding
// steps it (node_zlib.cc's CompressionStream): write(flush, in, out) consumes what it can,
// fills what it can, and leaves availIn()/availOut() and Node's verdict on the step, error().
//
// Node's rules kept here, so every user (the API's one-shot and stream forms, later the HTTP
// server's compressed responses) gets them without the API layer:
//   - "unexpected end of file" (Z_BUF_ERROR) when a Z_FINISH step ends with output room left
//     and the stream unfinished; brotli's decoder the same on BROTLI_OPERATION_FINISH;
//   - gunzip reads concatenated members; bytes after the last member must be zeros (padding),
//     anything else is the next member and fails as one ("incorrect header check");
//   - unzip picks gunzip or inflate from the first two bytes;
//   - a zlib stream that asks for a dictionary gets the configured one ("Missing dictionary" /
//     "Bad dictionary", code Z_NEED_DICT);
//   - params() changes level and strategy for deflate and deflateRaw only, as Node's binding.
//
// Plain C++ with no loop: a Codec may be stepped on any thread, by one thread at a time. No
// exceptions; errors are Node's (message, code, errno) as static strings.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

namespace nodecc::zlib::core {

// Node's zlib.constants DEFLATE..BROTLI_ENCODE (the binding's modes).
enum class Mode : int {
  kNone = 0,
  kDeflate = 1,
  kInflate = 2,
  kGzip = 3,
  kGunzip = 4,
  kDeflateRaw = 5,
  kInflateRaw = 6,
  kUnzip = 7,
  kBrotliDecode = 8,
  kBrotliEncode = 9,
};

inline bool isBrotli(Mode m) {
  return m == Mode::kBrotliDecode || m == Mode::kBrotliEncode;
}
inline bool isCompressor(Mode m) {
  return m == Mode::kDeflate || m == Mode::kGzip || m == Mode::kDeflateRaw ||
         m == Mode::kBrotliEncode;
}

// Node's error for a failed step or init: "incorrect header check", "Z_DATA_ERROR", -3.
struct CodecError {
  const char* message = nullptr;  // null: no error
  const char* code = nullptr;
  int errnum = 0;
  explicit operator bool() const { return message != nullptr; }
};

// deflateInit2/inflateInit2's settings as Node validated them: windowBits 8..15 (0 for the
// inflating modes: take it from the stream header), level -1..9, memLevel 1..9, strategy 0..4.
struct ZlibSettings {
  int windowBits = 15;
  int level = -1;
  int memLevel = 8;
  int strategy = 0;
  std::string_view dictionary;  // copied by the codec
};

// Brotli's parameters: (BROTLI_PARAM_* or BROTLI_DECODER_PARAM_* key, value), set in order.
using BrotliSettings = std::vector<std::pair<int, uint32_t>>;

class Codec {
 public:
  virtual ~Codec() = default;
  Codec(const Codec&) = delete;
  Codec& operator=(const Codec&) = delete;

  Mode mode() const { return mode_; }

  // One step: reads from in[0, inLen), writes to out[0, outLen) with `flush` (Z_NO_FLUSH ..
  // Z_BLOCK, or BROTLI_OPERATION_*). Then availIn()/availOut() are what is left of each and
  // error() tells whether the step failed. A failed codec stays failed.
  virtual void write(int flush, const uint8_t* in, size_t inLen, uint8_t* out, size_t outLen) = 0;
  size_t availIn() const { return availIn_; }
  size_t availOut() const { return availOut_; }
  virtual CodecError error() const = 0;

  // deflate's level and strategy for what follows (deflate and deflateRaw; a no-op otherwise,
  // as in Node). Call between steps, after a Z_SYNC_FLUSH step as zlib.params() does.
  virtual CodecError params(int level, int strategy) { return {}; }
  // Starts a new stream with the same settings (Node's handle.reset()).
  virtual CodecError reset() = 0;

 protected:
  explicit Codec(Mode mode) : mode_(mode) {}
  Mode mode_;
  size_t availIn_ = 0;
  size_t availOut_ = 0;
};

// A codec for one of the zlib modes (kDeflate..kUnzip). Null with *error set when zlib refuses
// the settings or has no memory.
std::unique_ptr<Codec> makeZlibCodec(Mode mode, const ZlibSettings& settings, CodecError* error);
// A codec for kBrotliEncode/kBrotliDecode. Null when brotli refuses a parameter (Node then
// throws ERR_ZLIB_INITIALIZATION_FAILED) or has no memory.
std::unique_ptr<Codec> makeBrotliCodec(Mode mode, const BrotliSettings& settings);

// The highest zlib flush kind (Z_BLOCK) and brotli operation (BROTLI_OPERATION_EMIT_METADATA).
inline constexpr int kMaxZlibFlush = 5;
inline constexpr int kMaxBrotliOperation = 3;

// "ERR_" + brotli's name of a decoder error code, as Node builds err.code ("ERR__ERROR_FORMAT_
// PADDING_1"); "ERR_BROTLI_UNKNOWN" for a code brotli does not name.
const char* brotliErrorCode(int code);

// ZLIB_VERNUM of the zlib linked.
int zlibVersionNumber();
// CRC-32 (gzip's) of data, continuing from `value`.
uint32_t crc32(uint32_t value, const uint8_t* data, size_t size);

}  // namespace nodecc::zlib::core
