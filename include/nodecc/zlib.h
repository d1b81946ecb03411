#pragma once
// Node's `zlib` module: gzip, deflate (zlib format), raw deflate and brotli, in one-shot forms
// (Sync, callback, promise) and as streams (nodecc/zlib_streams.h, included below).
//
//   Buffer gz = zlib::gzipSync("hello");                         // zlib.gzipSync('hello')
//   zlib::gunzip(gz, [](Error* err, Buffer out) { ... });        // zlib.gunzip(gz, cb)
//   Buffer br = co_await zlib::promises::brotliCompress(data, {.params = {
//       {zlib::constants::BROTLI_PARAM_QUALITY, 4}}});           // util.promisify(...)
//
// Results are Node's byte for byte in content; the compressed bytes themselves may differ
// from Node's (Node bundles its own zlib; one-shots here use libdeflate where it is faster),
// as they differ between zlib versions. Errors are Node's: a corrupt stream is
// `Error: incorrect header check` (code "Z_DATA_ERROR", errnum -3), a truncated one
// `unexpected end of file` ("Z_BUF_ERROR", -5), brotli's `Decompression failed` with code
// "ERR__ERROR_FORMAT_PADDING_1" and the like, output past maxOutputLength
// `RangeError [ERR_BUFFER_TOO_LARGE]: Cannot create a Buffer larger than N bytes`, an option
// out of range `RangeError [ERR_OUT_OF_RANGE]` (thrown by the call itself, in every form).
//
// Threads: the Sync forms run on the calling thread; the callback and promise forms run the
// work on the thread pool (NODECC_THREADPOOL_SIZE) and call back on the calling thread's loop,
// once. Their input is shared (a Buffer) or copied (text) when the call is made.
//
// Do not include <zlib.h> in the same file before this header: its Z_* macros would replace
// the names of zlib::constants.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "nodecc/buffer.h"
#include "nodecc/error.h"
#include "nodecc/function.h"
#include "nodecc/promise.h"

namespace nodecc::zlib {

// zlib.constants.
namespace constants {
inline constexpr int Z_NO_FLUSH = 0;
inline constexpr int Z_PARTIAL_FLUSH = 1;
inline constexpr int Z_SYNC_FLUSH = 2;
inline constexpr int Z_FULL_FLUSH = 3;
inline constexpr int Z_FINISH = 4;
inline constexpr int Z_BLOCK = 5;
inline constexpr int Z_OK = 0;
inline constexpr int Z_STREAM_END = 1;
inline constexpr int Z_NEED_DICT = 2;
inline constexpr int Z_ERRNO = -1;
inline constexpr int Z_STREAM_ERROR = -2;
inline constexpr int Z_DATA_ERROR = -3;
inline constexpr int Z_MEM_ERROR = -4;
inline constexpr int Z_BUF_ERROR = -5;
inline constexpr int Z_VERSION_ERROR = -6;
inline constexpr int Z_NO_COMPRESSION = 0;
inline constexpr int Z_BEST_SPEED = 1;
inline constexpr int Z_BEST_COMPRESSION = 9;
inline constexpr int Z_DEFAULT_COMPRESSION = -1;
inline constexpr int Z_FILTERED = 1;
inline constexpr int Z_HUFFMAN_ONLY = 2;
inline constexpr int Z_RLE = 3;
inline constexpr int Z_FIXED = 4;
inline constexpr int Z_DEFAULT_STRATEGY = 0;
// The zlib nodecc links (Debian's), not the one Node bundles.
extern const int ZLIB_VERNUM;
inline constexpr int DEFLATE = 1;
inline constexpr int INFLATE = 2;
inline constexpr int GZIP = 3;
inline constexpr int GUNZIP = 4;
inline constexpr int DEFLATERAW = 5;
inline constexpr int INFLATERAW = 6;
inline constexpr int UNZIP = 7;
inline constexpr int BROTLI_DECODE = 8;
inline constexpr int BROTLI_ENCODE = 9;
inline constexpr int Z_MIN_WINDOWBITS = 8;
inline constexpr int Z_MAX_WINDOWBITS = 15;
inline constexpr int Z_DEFAULT_WINDOWBITS = 15;
inline constexpr int Z_MIN_CHUNK = 64;
inline constexpr double Z_MAX_CHUNK = std::numeric_limits<double>::infinity();
inline constexpr int Z_DEFAULT_CHUNK = 16 * 1024;
inline constexpr int Z_MIN_MEMLEVEL = 1;
inline constexpr int Z_MAX_MEMLEVEL = 9;
inline constexpr int Z_DEFAULT_MEMLEVEL = 8;
inline constexpr int Z_MIN_LEVEL = -1;
inline constexpr int Z_MAX_LEVEL = 9;
inline constexpr int Z_DEFAULT_LEVEL = -1;
inline constexpr int BROTLI_OPERATION_PROCESS = 0;
inline constexpr int BROTLI_OPERATION_FLUSH = 1;
inline constexpr int BROTLI_OPERATION_FINISH = 2;
inline constexpr int BROTLI_OPERATION_EMIT_METADATA = 3;
inline constexpr int BROTLI_PARAM_MODE = 0;
inline constexpr int BROTLI_MODE_GENERIC = 0;
inline constexpr int BROTLI_MODE_TEXT = 1;
inline constexpr int BROTLI_MODE_FONT = 2;
inline constexpr int BROTLI_DEFAULT_MODE = 0;
inline constexpr int BROTLI_PARAM_QUALITY = 1;
inline constexpr int BROTLI_MIN_QUALITY = 0;
inline constexpr int BROTLI_MAX_QUALITY = 11;
inline constexpr int BROTLI_DEFAULT_QUALITY = 11;
inline constexpr int BROTLI_PARAM_LGWIN = 2;
inline constexpr int BROTLI_MIN_WINDOW_BITS = 10;
inline constexpr int BROTLI_MAX_WINDOW_BITS = 24;
inline constexpr int BROTLI_LARGE_MAX_WINDOW_BITS = 30;
inline constexpr int BROTLI_DEFAULT_WINDOW = 22;
inline constexpr int BROTLI_PARAM_LGBLOCK = 3;
inline constexpr int BROTLI_MIN_INPUT_BLOCK_BITS = 16;
inline constexpr int BROTLI_MAX_INPUT_BLOCK_BITS = 24;
inline constexpr int BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING = 4;
inline constexpr int BROTLI_PARAM_SIZE_HINT = 5;
inline constexpr int BROTLI_PARAM_LARGE_WINDOW = 6;
inline constexpr int BROTLI_PARAM_NPOSTFIX = 7;
inline constexpr int BROTLI_PARAM_NDIRECT = 8;
inline constexpr int BROTLI_DECODER_RESULT_ERROR = 0;
inline constexpr int BROTLI_DECODER_RESULT_SUCCESS = 1;
inline constexpr int BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT = 2;
inline constexpr int BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT = 3;
inline constexpr int BROTLI_DECODER_PARAM_DISABLE_RING_BUFFER_REALLOCATION = 0;
inline constexpr int BROTLI_DECODER_PARAM_LARGE_WINDOW = 1;
inline constexpr int BROTLI_DECODER_NO_ERROR = 0;
inline constexpr int BROTLI_DECODER_SUCCESS = 1;
inline constexpr int BROTLI_DECODER_NEEDS_MORE_INPUT = 2;
inline constexpr int BROTLI_DECODER_NEEDS_MORE_OUTPUT = 3;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_EXUBERANT_NIBBLE = -1;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_RESERVED = -2;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_EXUBERANT_META_NIBBLE = -3;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_SIMPLE_HUFFMAN_ALPHABET = -4;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_SIMPLE_HUFFMAN_SAME = -5;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_CL_SPACE = -6;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_HUFFMAN_SPACE = -7;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_CONTEXT_MAP_REPEAT = -8;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_BLOCK_LENGTH_1 = -9;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_BLOCK_LENGTH_2 = -10;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_TRANSFORM = -11;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_DICTIONARY = -12;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_WINDOW_BITS = -13;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_PADDING_1 = -14;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_PADDING_2 = -15;
inline constexpr int BROTLI_DECODER_ERROR_FORMAT_DISTANCE = -16;
inline constexpr int BROTLI_DECODER_ERROR_DICTIONARY_NOT_SET = -19;
inline constexpr int BROTLI_DECODER_ERROR_INVALID_ARGUMENTS = -20;
inline constexpr int BROTLI_DECODER_ERROR_ALLOC_CONTEXT_MODES = -21;
inline constexpr int BROTLI_DECODER_ERROR_ALLOC_TREE_GROUPS = -22;
inline constexpr int BROTLI_DECODER_ERROR_ALLOC_CONTEXT_MAP = -25;
inline constexpr int BROTLI_DECODER_ERROR_ALLOC_RING_BUFFER_1 = -26;
inline constexpr int BROTLI_DECODER_ERROR_ALLOC_RING_BUFFER_2 = -27;
inline constexpr int BROTLI_DECODER_ERROR_ALLOC_BLOCK_TYPE_TREES = -30;
inline constexpr int BROTLI_DECODER_ERROR_UNREACHABLE = -31;
}  // namespace constants

// Options of the gzip/deflate/raw/unzip forms, in Node's documented order (designated
// initializers follow it): {.level = 9, .maxOutputLength = 1 << 20}. An unset field takes
// Node's default; a set one is range-checked as Node checks it.
struct Options {
  std::optional<int> flush{};                // Z_NO_FLUSH (streams' writes)
  std::optional<int> finishFlush{};          // Z_FINISH (the last write, and every one-shot)
  std::optional<int64_t> chunkSize{};        // 16 KiB, >= 64: the streams' output chunk
  std::optional<int> windowBits{};           // 15; the inflating forms: 0 (from the stream header)
  std::optional<int> level{};                // Z_DEFAULT_COMPRESSION (-1, zlib's 6)
  std::optional<int> memLevel{};             // 8
  std::optional<int> strategy{};             // Z_DEFAULT_STRATEGY
  Buffer dictionary{};                       // none when empty
  bool info = false;                         // the result's `engine` is filled in either way
  std::optional<int64_t> maxOutputLength{};  // 2^32 (Node 20's buffer.constants.MAX_LENGTH)
};

// Options of the brotli forms. params: {BROTLI_PARAM_* (0..8) -> value}.
struct BrotliOptions {
  std::optional<int> flush{};        // BROTLI_OPERATION_PROCESS
  std::optional<int> finishFlush{};  // BROTLI_OPERATION_FINISH
  std::optional<int64_t> chunkSize{};
  std::map<int, uint32_t> params{};
  bool info = false;
  std::optional<int64_t> maxOutputLength{};
};

// The one-shot forms' input: a Buffer (shared, not copied), or text (its bytes, UTF-8).
class Input {
 public:
  Input(const Buffer& b) : buffer_(b), view_(b.view()) {}  // NOLINT: implicit, as Node's
  Input(std::string_view s) : view_(s) {}                  // NOLINT  (Buffer | string)
  Input(const char* s) : view_(s) {}                       // NOLINT
  Input(const std::string& s) : view_(s) {}                // NOLINT
  std::string_view view() const { return view_; }
  // The bytes as a Buffer for work that outlives the call: the same Buffer, or a copy of text.
  Buffer keep() const;

 private:
  Buffer buffer_;
  std::string_view view_;
};

// What Node's `info: true` adds beside the buffer: the engine's counters.
struct Engine {
  uint64_t bytesWritten = 0;  // input bytes the codec consumed
};

// A one-shot's result: the output Buffer itself, and Node's {buffer, engine} for `info: true`
// (r.buffer is the same bytes). Converts to Buffer wherever one is expected.
class Result : public Buffer {
 public:
  Result() = default;
  Result(Buffer out, Engine e) : Buffer(out), buffer(std::move(out)), engine(e) {}
  Buffer buffer;
  Engine engine;
};

using Callback = UniqueFunction<void(Error*, Result)>;

// The Sync forms: throw the Error (or RangeError) described above.
Result deflateSync(Input data, const Options& options = {});
Result inflateSync(Input data, const Options& options = {});
Result gzipSync(Input data, const Options& options = {});
Result gunzipSync(Input data, const Options& options = {});
Result deflateRawSync(Input data, const Options& options = {});
Result inflateRawSync(Input data, const Options& options = {});
Result unzipSync(Input data, const Options& options = {});
Result brotliCompressSync(Input data, const BrotliOptions& options = {});
Result brotliDecompressSync(Input data, const BrotliOptions& options = {});

// The callback forms: callback(err, result) once, on this thread's loop; on failure result is
// empty. Option errors are thrown by the call.
void deflate(Input data, Callback callback);
void deflate(Input data, const Options& options, Callback callback);
void inflate(Input data, Callback callback);
void inflate(Input data, const Options& options, Callback callback);
void gzip(Input data, Callback callback);
void gzip(Input data, const Options& options, Callback callback);
void gunzip(Input data, Callback callback);
void gunzip(Input data, const Options& options, Callback callback);
void deflateRaw(Input data, Callback callback);
void deflateRaw(Input data, const Options& options, Callback callback);
void inflateRaw(Input data, Callback callback);
void inflateRaw(Input data, const Options& options, Callback callback);
void unzip(Input data, Callback callback);
void unzip(Input data, const Options& options, Callback callback);
void brotliCompress(Input data, Callback callback);
void brotliCompress(Input data, const BrotliOptions& options, Callback callback);
void brotliDecompress(Input data, Callback callback);
void brotliDecompress(Input data, const BrotliOptions& options, Callback callback);

// zlib.crc32(data[, value]): the CRC-32 of data, continuing from value.
uint32_t crc32(Input data, uint32_t value = 0);

// Node has no zlib.promises: these are what util.promisify(zlib.gzip) gives, under one name.
// Option errors reject the promise, as they do through util.promisify in Node.
namespace promises {
Promise<Result> deflate(Input data, const Options& options = {});
Promise<Result> inflate(Input data, const Options& options = {});
Promise<Result> gzip(Input data, const Options& options = {});
Promise<Result> gunzip(Input data, const Options& options = {});
Promise<Result> deflateRaw(Input data, const Options& options = {});
Promise<Result> inflateRaw(Input data, const Options& options = {});
Promise<Result> unzip(Input data, const Options& options = {});
Promise<Result> brotliCompress(Input data, const BrotliOptions& options = {});
Promise<Result> brotliDecompress(Input data, const BrotliOptions& options = {});
}  // namespace promises

}  // namespace nodecc::zlib

#include "nodecc/zlib_streams.h"
