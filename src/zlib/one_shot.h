#pragma once
// One whole input through a codec at once: Node's zlibBufferSync/processChunkSync (and what
// the async one-shots zlib.gzip(buf, cb) compute on the thread pool), without Node's chunking:
// the output grows in one std::string and stops past maxOutputLength.
//
// Compression with the common settings (fastPathEligible) goes to libdeflate, 2x faster than
// zlib here (bench/zlib/README.md); decompression is always zlib's, so what is accepted and
// every error (message, code, which comes first) is Node's. Thread-safe: no shared state but
// libdeflate's per-thread compressor cache.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "zlib/codec.h"

namespace nodecc::zlib::core {

// Node 20's buffer.constants.MAX_LENGTH, the default and the largest maxOutputLength.
inline constexpr uint64_t kMaxOutputLength = uint64_t(1) << 32;

struct OneShotSettings {
  Mode mode = Mode::kGzip;
  ZlibSettings zlib;      // the zlib modes
  BrotliSettings brotli;  // the brotli modes
  int finishFlush = 4;    // Z_FINISH; brotli's BROTLI_OPERATION_FINISH is 2
  uint64_t maxOutputLength = kMaxOutputLength;
  bool allowFastPath = true;  // false: zlib (or brotli) only, as Node computes it
};

struct OneShotResult {
  std::string output;         // empty when tooLarge
  uint64_t bytesWritten = 0;  // input consumed (Node's engine.bytesWritten)
  CodecError error;           // the codec's error (or its init error)
  bool initFailed = false;    // brotli refused a parameter (Node: ERR_ZLIB_INITIALIZATION_FAILED)
  bool tooLarge = false;      // output passed maxOutputLength (Node: ERR_BUFFER_TOO_LARGE)
  bool ok() const { return !error && !initFailed && !tooLarge; }
};

OneShotResult runOneShot(const OneShotSettings& settings, std::string_view input);

// The same through a given codec, with Node's loop (the reference path; tests and the fuzz
// target compare the fast path against it).
void runCodec(Codec& codec, int flush, std::string_view input, uint64_t maxOutputLength,
              size_t sizeHint, OneShotResult& result);

// libdeflate's part (compression only): true when it produced the whole result (success, or
// tooLarge); false when zlib must do it.
bool fastPathEligible(const OneShotSettings& settings);
bool runFastPath(const OneShotSettings& settings, std::string_view input, OneShotResult& result);

}  // namespace nodecc::zlib::core
