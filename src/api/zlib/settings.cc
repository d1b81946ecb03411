#include "api/zlib/settings.h"

#include <string>

namespace nodecc::zlib::detail {

namespace {

using core::Mode;

// Node formats a received integer past 2^32 with '_' every three digits.
std::string formatReceived(int64_t value) {
  constexpr uint64_t kSeparateAbove = uint64_t(1) << 32;
  const uint64_t magnitude = value < 0 ? uint64_t(-(value + 1)) + 1 : uint64_t(value);
  std::string digits = std::to_string(magnitude);
  if (magnitude > kSeparateAbove) {
    std::string grouped;
    for (size_t i = 0; i < digits.size(); ++i) {
      if (i != 0 && (digits.size() - i) % 3 == 0) {
        grouped += '_';
      }
      grouped += digits[i];
    }
    digits = grouped;
  }
  return value < 0 ? "-" + digits : digits;
}

// checkRangesOrGetDefault: an unset option takes `def`.
template <class T>
T checkRange(const std::optional<T>& value, std::string_view name, int64_t lower, int64_t upper,
             T def) {
  if (!value) {
    return def;
  }
  if (*value < lower || *value > upper) {
    throw outOfRange(name, ">= " + std::to_string(lower) + " and <= " + std::to_string(upper),
                     *value);
  }
  return *value;
}

// ZlibBase's checks, common to both families.
template <class O>
void checkBase(const O& options, int maxFlush, EngineSettings& s) {
  if (options.chunkSize) {
    if (*options.chunkSize < constants::Z_MIN_CHUNK) {
      throw outOfRange("options.chunkSize", ">= " + std::to_string(constants::Z_MIN_CHUNK),
                       *options.chunkSize);
    }
    s.chunkSize = static_cast<size_t>(*options.chunkSize);
  }
  s.flush = checkRange(options.flush, "options.flush", 0, maxFlush, s.flush);
  s.codec.finishFlush =
      checkRange(options.finishFlush, "options.finishFlush", 0, maxFlush, s.codec.finishFlush);
  s.codec.maxOutputLength = static_cast<uint64_t>(
      checkRange<int64_t>(options.maxOutputLength, "options.maxOutputLength", 1,
                          int64_t(core::kMaxOutputLength), int64_t(core::kMaxOutputLength)));
  s.info = options.info;
}

}  // namespace

RangeError outOfRange(std::string_view name, std::string_view range, int64_t value) {
  return RangeError("ERR_OUT_OF_RANGE", "The value of \"" + std::string(name) +
                                            "\" is out of range. It must be " + std::string(range) +
                                            ". Received " + formatReceived(value));
}

EngineSettings zlibSettings(Mode mode, const Options& options) {
  EngineSettings s;
  s.codec.mode = mode;
  s.flush = constants::Z_NO_FLUSH;
  s.codec.finishFlush = constants::Z_FINISH;
  s.fullFlush = constants::Z_FULL_FLUSH;
  core::ZlibSettings& z = s.codec.zlib;
  // On the inflating side windowBits 0 means "as the stream header says"; on the deflating
  // side it is out of range. deflateRaw's 8 is 9 (zlib refuses raw 8).
  std::optional<int> windowBits = options.windowBits;
  if (mode == Mode::kDeflateRaw && windowBits == 8) {
    windowBits = 9;
  }
  if ((!windowBits || *windowBits == 0) &&
      (mode == Mode::kInflate || mode == Mode::kGunzip || mode == Mode::kUnzip)) {
    z.windowBits = 0;
  } else {
    const int min = constants::Z_MIN_WINDOWBITS + (mode == Mode::kGzip ? 1 : 0);
    z.windowBits = checkRange(windowBits, "options.windowBits", min, constants::Z_MAX_WINDOWBITS,
                              constants::Z_DEFAULT_WINDOWBITS);
  }
  z.level = checkRange(options.level, "options.level", constants::Z_MIN_LEVEL,
                       constants::Z_MAX_LEVEL, constants::Z_DEFAULT_COMPRESSION);
  z.memLevel = checkRange(options.memLevel, "options.memLevel", constants::Z_MIN_MEMLEVEL,
                          constants::Z_MAX_MEMLEVEL, constants::Z_DEFAULT_MEMLEVEL);
  z.strategy = checkRange(options.strategy, "options.strategy", constants::Z_DEFAULT_STRATEGY,
                          constants::Z_FIXED, constants::Z_DEFAULT_STRATEGY);
  z.dictionary = options.dictionary.view();
  checkBase(options, constants::Z_BLOCK, s);
  s.level = z.level;
  s.strategy = z.strategy;
  return s;
}

EngineSettings brotliSettings(Mode mode, const BrotliOptions& options) {
  // The largest BROTLI_PARAM_* key (Node's kMaxBrotliParam).
  constexpr int kMaxBrotliParam = constants::BROTLI_PARAM_NDIRECT;
  EngineSettings s;
  s.codec.mode = mode;
  s.flush = constants::BROTLI_OPERATION_PROCESS;
  s.codec.finishFlush = constants::BROTLI_OPERATION_FINISH;
  s.fullFlush = constants::BROTLI_OPERATION_FLUSH;
  for (const auto& [key, value] : options.params) {
    if (key < 0 || key > kMaxBrotliParam) {
      throw RangeError("ERR_BROTLI_INVALID_PARAM",
                       std::to_string(key) + " is not a valid Brotli parameter");
    }
    s.codec.brotli.emplace_back(key, value);
  }
  checkBase(options, constants::BROTLI_OPERATION_EMIT_METADATA, s);
  return s;
}

Error codecError(const core::CodecError& e) {
  Error err(e.message);
  err.code = e.code;
  err.errnum = e.errnum;
  return err;
}

RangeError bufferTooLarge(uint64_t maxOutputLength) {
  return RangeError("ERR_BUFFER_TOO_LARGE", "Cannot create a Buffer larger than " +
                                                std::to_string(maxOutputLength) + " bytes");
}

Error initializationFailed() {
  return Error("ERR_ZLIB_INITIALIZATION_FAILED", "Initialization failed");
}

Error resultError(const core::OneShotResult& r, uint64_t maxOutputLength) {
  if (r.initFailed) {
    return initializationFailed();
  }
  if (r.tooLarge) {
    return bufferTooLarge(maxOutputLength);
  }
  return codecError(r.error);
}

Result toResult(core::OneShotResult& r) {
  const uint64_t bytesWritten = r.bytesWritten;
  return Result(Buffer::adopt(std::move(r.output)), zlib::Engine{bytesWritten});
}

}  // namespace nodecc::zlib::detail
