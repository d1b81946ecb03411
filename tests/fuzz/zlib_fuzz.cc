// libFuzzer target for the decompressors (src/zlib, compiled alone with zlib, brotli and
// libdeflate). Input: one byte choosing the format and the step sizes, then the compressed
// bytes. Properties:
//   - the one-shot runner never outputs past maxOutputLength (a decompression bomb stops with
//     bounded memory) nor claims more input than it had;
//   - the input compressed by the libdeflate path reads back through zlib unchanged;
//   - stepping the same bytes through a Codec in small pieces with a small output window (a
//     stream's way) gives the one-shot's output, or the one-shot's error.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "zlib/codec.h"
#include "zlib/one_shot.h"

namespace {

using namespace nodecc::zlib::core;

constexpr uint64_t kMaxOutput = 256 << 10;
constexpr int kZFinish = 4;
constexpr int kZNoFlush = 0;
constexpr int kBrotliProcess = 0;
constexpr int kBrotliFinish = 2;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

bool sameError(const CodecError& a, const CodecError& b) {
  return std::strcmp(a.message, b.message) == 0 && std::strcmp(a.code, b.code) == 0 &&
         a.errnum == b.errnum;
}

// The input fed to a codec in pieces of `inStep` bytes into `outStep`-byte windows, finishing
// with an empty Z_FINISH step as a stream's end does. Stops past kMaxOutput.
OneShotResult stepped(Mode mode, std::string_view input, size_t inStep, size_t outStep) {
  OneShotResult r;
  ZlibSettings z;
  z.windowBits = mode == Mode::kInflateRaw ? 15 : 0;
  CodecError initError;
  auto codec = isBrotli(mode) ? makeBrotliCodec(mode, {}) : makeZlibCodec(mode, z, &initError);
  check(codec != nullptr, "codec created");
  const int process = isBrotli(mode) ? kBrotliProcess : kZNoFlush;
  const int finish = isBrotli(mode) ? kBrotliFinish : kZFinish;
  std::string window(outStep, '\0');
  size_t offset = 0;
  bool last = false;
  while (!last) {
    const size_t n = std::min(inStep, input.size() - offset);
    last = offset + n == input.size();
    const auto* in = reinterpret_cast<const uint8_t*>(input.data() + offset);
    size_t left = n;
    // Like a stream's _transform: repeat while the window fills.
    while (true) {
      codec->write(last ? finish : process, in, left, reinterpret_cast<uint8_t*>(window.data()),
                   window.size());
      const size_t used = left - codec->availIn();
      in += used;
      left -= used;
      r.bytesWritten += used;
      r.output.append(window.data(), window.size() - codec->availOut());
      if (CodecError e = codec->error()) {
        r.error = e;
        return r;
      }
      if (r.output.size() > kMaxOutput) {
        r.tooLarge = true;
        return r;
      }
      if (codec->availOut() != 0) {
        break;
      }
    }
    offset += n;
  }
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) {
    return 0;
  }
  static constexpr Mode kModes[] = {Mode::kInflate, Mode::kGunzip, Mode::kInflateRaw, Mode::kUnzip,
                                    Mode::kBrotliDecode};
  const Mode mode = kModes[(data[0] & 0x7) % 5];
  const size_t inStep = 1 + ((data[0] >> 3) & 0x7) * 37;
  // Output windows of Node's smallest chunkSize (64) up to its default (16 KiB).
  static constexpr size_t kOutSteps[] = {64, 100, 1024, 16384};
  const size_t outStep = kOutSteps[data[0] >> 6];
  const std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);

  OneShotSettings s;
  s.mode = mode;
  s.zlib.windowBits = mode == Mode::kInflateRaw ? 15 : 0;
  s.finishFlush = isBrotli(mode) ? kBrotliFinish : kZFinish;
  s.maxOutputLength = kMaxOutput;
  OneShotResult whole = runOneShot(s, input);
  check(whole.output.size() <= kMaxOutput, "bounded output");
  check(whole.bytesWritten <= input.size(), "consumed no more than the input");

  // What libdeflate compresses, zlib reads back.
  OneShotSettings c;
  c.mode = (data[0] & 0x8) != 0 ? Mode::kGzip : Mode::kDeflateRaw;
  c.zlib.level = (data[0] >> 4) % 10;
  OneShotResult packed = runOneShot(c, input);
  check(packed.ok(), "compression succeeds");
  OneShotSettings d;
  d.mode = c.mode == Mode::kGzip ? Mode::kGunzip : Mode::kInflateRaw;
  d.zlib.windowBits = c.mode == Mode::kGzip ? 0 : 15;
  OneShotResult back = runOneShot(d, packed.output);
  check(back.ok() && back.output == input, "zlib reads libdeflate's output back");

  OneShotResult streamed = stepped(mode, input, inStep, outStep);
  // A stream may fail where the one-shot succeeds: after a gunzip member and zero padding, the
  // one-shot stops, while a later write of other bytes is read as a member (Node's streams do
  // the same). The other way round, and in one piece, they agree.
  if (inStep >= input.size()) {
    check(streamed.ok() == whole.ok(), "stepped in one piece and one-shot agree on success");
  }
  if (whole.ok() && streamed.ok()) {
    // The same rule when the bytes after the padding, written later, happen to be a valid
    // member: the stream's output goes on past the one-shot's
    // (corpus/zlib/gunzip-member-in-a-later-write).
    const bool laterMember =
        (mode == Mode::kGunzip || mode == Mode::kUnzip) && inStep < input.size() &&
        streamed.output.size() > whole.output.size() &&
        std::string_view(streamed.output).substr(0, whole.output.size()) == whole.output;
    check(streamed.output == whole.output || laterMember, "stepped and one-shot outputs agree");
  } else if (whole.error && !whole.tooLarge) {
    // Both fail. Brotli's decoder may name another error when the input comes in pieces
    // (corpus/zlib/brotli-streamed-error-code-differs: BLOCK_LENGTH_2 in one piece,
    // BLOCK_LENGTH_1 byte by byte after 939 bytes of output; Node 20 with brotli 1.1.0 gives
    // the same two), so only zlib's errors must be the same.
    check(streamed.tooLarge ||
              (streamed.error && (isBrotli(mode) || sameError(streamed.error, whole.error))),
          "stepped and one-shot errors agree");
  }
  return 0;
}
