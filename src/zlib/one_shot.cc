#include "zlib/one_shot.h"

#include <algorithm>

namespace nodecc::zlib::core {

namespace {

// The first output reservation when nothing better is known: compressed text is about a
// third of its input, decompressed text three times it. Growth doubles from there.
constexpr size_t kMinReserve = 256;
constexpr size_t kMaxFirstReserve = size_t(16) << 20;
// A result keeps its string: past this much slack it is copied into one of its own size.
constexpr size_t kSlackFraction = 4;

size_t firstReserve(Mode mode, size_t inputSize, size_t sizeHint, uint64_t limit) {
  size_t want = sizeHint;
  if (want == 0) {
    want = isCompressor(mode) ? inputSize / 2 : inputSize * 3;
    want = std::clamp(want, kMinReserve, kMaxFirstReserve);
  }
  return static_cast<size_t>(std::min<uint64_t>(want, limit));
}

// A gzip stream's last four bytes are its (last member's) size modulo 2^32: the output
// reserved at once when plausible (at most 64 times the input, so a forged trailer cannot
// reserve much), plus one byte so that the step which writes the last byte also reads the
// trailer.
size_t gzipSizeHint(std::string_view input) {
  constexpr size_t kGzipFraming = 18;
  constexpr size_t kMaxTrustedRatio = 64;
  if (input.size() < kGzipFraming || static_cast<uint8_t>(input[0]) != 0x1f ||
      static_cast<uint8_t>(input[1]) != 0x8b) {
    return 0;
  }
  const auto* p = reinterpret_cast<const uint8_t*>(input.data() + input.size() - 4);
  const size_t isize = size_t(p[0]) | size_t(p[1]) << 8 | size_t(p[2]) << 16 | size_t(p[3]) << 24;
  if (isize / kMaxTrustedRatio > input.size()) {
    return 0;
  }
  return std::min(isize + 1, kMaxFirstReserve);
}

void finishOutput(std::string& out, size_t used) {
  const size_t slack = out.size() - used;
  out.resize(used);
  if (slack > used / kSlackFraction + 4096) {
    out.shrink_to_fit();
  }
}

}  // namespace

void runCodec(Codec& codec, int flush, std::string_view input, uint64_t maxOutputLength,
              size_t sizeHint, OneShotResult& result) {
  // Room for one byte past the limit: filling it is how "more than maxOutputLength" shows.
  const uint64_t limit = maxOutputLength + 1;
  std::string& out = result.output;
  out.resize(firstReserve(codec.mode(), input.size(), sizeHint, limit));
  const auto* in = reinterpret_cast<const uint8_t*>(input.data());
  size_t inLeft = input.size();
  size_t used = 0;
  while (true) {
    auto* dst = reinterpret_cast<uint8_t*>(out.data()) + used;
    codec.write(flush, in, inLeft, dst, out.size() - used);
    const size_t consumed = inLeft - codec.availIn();
    used = out.size() - codec.availOut();
    in += consumed;
    inLeft -= consumed;
    result.bytesWritten += consumed;
    if (CodecError e = codec.error()) {
      result.error = e;
      break;
    }
    if (used > maxOutputLength) {
      result.tooLarge = true;
      out = std::string();
      return;
    }
    if (codec.availOut() != 0) {
      break;  // the codec stopped with room left: it has taken all it will take
    }
    const uint64_t grown = std::min<uint64_t>(uint64_t(out.size()) * 2, limit);
    out.resize(static_cast<size_t>(std::max<uint64_t>(grown, out.size() + 1)));
  }
  finishOutput(out, used);
}

OneShotResult runOneShot(const OneShotSettings& settings, std::string_view input) {
  OneShotResult result;
  if (settings.allowFastPath && fastPathEligible(settings) &&
      runFastPath(settings, input, result)) {
    return result;
  }
  result = OneShotResult{};
  std::unique_ptr<Codec> codec;
  if (isBrotli(settings.mode)) {
    codec = makeBrotliCodec(settings.mode, settings.brotli);
    if (!codec) {
      result.initFailed = true;
      return result;
    }
  } else {
    codec = makeZlibCodec(settings.mode, settings.zlib, &result.error);
    if (!codec) {
      return result;
    }
  }
  const size_t hint =
      settings.mode == Mode::kGunzip || settings.mode == Mode::kUnzip ? gzipSizeHint(input) : 0;
  runCodec(*codec, settings.finishFlush, input, settings.maxOutputLength, hint, result);
  return result;
}

}  // namespace nodecc::zlib::core
