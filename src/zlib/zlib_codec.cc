// The zlib modes of Codec: deflate/inflate over one z_stream, with node_zlib.cc's handling of
// unzip's format detection, gzip members, dictionaries and the end-of-input verdict.
#include <zlib.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <string>

#include "zlib/codec.h"
#include "zlib/status_name.h"

namespace nodecc::zlib::core {

namespace {

constexpr uint8_t kGzipId1 = 0x1f;
constexpr uint8_t kGzipId2 = 0x8b;
// zlib counts in uInt: larger inputs and outputs go through in slices of this size.
constexpr size_t kMaxSlice = size_t(1) << 30;

bool deflating(Mode m) {
  return m == Mode::kDeflate || m == Mode::kGzip || m == Mode::kDeflateRaw;
}

class ZlibCodec final : public Codec {
 public:
  ZlibCodec(Mode mode, const ZlibSettings& s)
      : Codec(mode),
        level_(s.level),
        memLevel_(s.memLevel),
        strategy_(s.strategy),
        dictionary_(s.dictionary) {
    std::memset(&strm_, 0, sizeof strm_);
    windowBits_ = s.windowBits;
    if (mode == Mode::kGzip || mode == Mode::kGunzip) {
      windowBits_ += 16;
    } else if (mode == Mode::kUnzip) {
      windowBits_ += 32;
    } else if (mode == Mode::kDeflateRaw || mode == Mode::kInflateRaw) {
      windowBits_ = -windowBits_;
    }
  }

  ~ZlibCodec() override {
    if (!initialized_) {
      return;
    }
    if (deflating(initMode_)) {
      deflateEnd(&strm_);
    } else {
      inflateEnd(&strm_);
    }
  }

  CodecError init() {
    initMode_ = mode_;
    if (deflating(mode_)) {
      err_ = deflateInit2(&strm_, level_, Z_DEFLATED, windowBits_, memLevel_, strategy_);
    } else {
      err_ = inflateInit2(&strm_, windowBits_);
    }
    if (err_ != Z_OK) {
      return {"Init error", zlibCodeName(err_), err_};
    }
    initialized_ = true;
    return setDictionary();
  }

  void write(int flush, const uint8_t* in, size_t inLen, uint8_t* out, size_t outLen) override {
    flush_ = flush;
    // zlib sees at most kMaxSlice of either side per call: the flush applies with the last
    // input slice (an earlier Z_FINISH would end the stream early).
    size_t inLeft = inLen;
    size_t outLeft = outLen;
    do {
      const size_t inStep = std::min(inLeft, kMaxSlice);
      const size_t outStep = std::min(outLeft, kMaxSlice);
      strm_.next_in = const_cast<Bytef*>(in);
      strm_.avail_in = static_cast<uInt>(inStep);
      strm_.next_out = out;
      strm_.avail_out = static_cast<uInt>(outStep);
      step(inStep == inLeft ? flush : Z_NO_FLUSH);
      const size_t used = inStep - strm_.avail_in;
      const size_t made = outStep - strm_.avail_out;
      in += used;
      inLeft -= used;
      out += made;
      outLeft -= made;
      if (err_ != Z_OK && err_ != Z_BUF_ERROR) {
        break;
      }
      // Go on only where a slice boundary, not zlib, stopped the step.
    } while ((strm_.avail_out == 0 && outLeft > 0) || (strm_.avail_in == 0 && inLeft > 0));
    availIn_ = inLeft;
    availOut_ = outLeft;
  }

  CodecError error() const override {
    switch (err_) {
      case Z_OK:
      case Z_BUF_ERROR:
        if (availOut_ != 0 && flush_ == Z_FINISH) {
          return forMessage("unexpected end of file");
        }
        return {};
      case Z_STREAM_END:
        return {};
      case Z_NEED_DICT:
        return forMessage(dictionary_.empty() ? "Missing dictionary" : "Bad dictionary");
      default:
        return forMessage("Zlib error");
    }
  }

  CodecError params(int level, int strategy) override {
    err_ = Z_OK;
    if (mode_ == Mode::kDeflate || mode_ == Mode::kDeflateRaw) {
      err_ = deflateParams(&strm_, level, strategy);
    }
    if (err_ != Z_OK && err_ != Z_BUF_ERROR) {
      return forMessage("Failed to set parameters");
    }
    level_ = level;
    strategy_ = strategy;
    return {};
  }

  CodecError reset() override {
    if (CodecError e = resetStream()) {
      return e;
    }
    return setDictionary();
  }

 private:
  CodecError forMessage(const char* message) const {
    return {strm_.msg != nullptr ? strm_.msg : message, zlibCodeName(err_), err_};
  }

  // node_zlib.cc's ZlibContext::DoThreadPoolWork for one call.
  void step(int flush) {
    if (deflating(mode_)) {
      err_ = deflate(&strm_, flush);
      return;
    }
    if (mode_ == Mode::kUnzip) {
      detectFormat();
    }
    err_ = inflate(&strm_, flush);
    // inflateRaw's dictionary was set at init; the others ask for it.
    if (mode_ != Mode::kInflateRaw && err_ == Z_NEED_DICT && !dictionary_.empty()) {
      err_ = inflateSetDictionary(&strm_, reinterpret_cast<const Bytef*>(dictionary_.data()),
                                  static_cast<uInt>(dictionary_.size()));
      if (err_ == Z_OK) {
        err_ = inflate(&strm_, flush);
      } else if (err_ == Z_DATA_ERROR) {
        // Both report Z_DATA_ERROR: make a wrong dictionary tell itself from bad input.
        err_ = Z_NEED_DICT;
      }
    }
    while (strm_.avail_in > 0 && mode_ == Mode::kGunzip && err_ == Z_STREAM_END &&
           strm_.next_in[0] != 0x00) {
      // More bytes after a member: the next member, or garbage that fails as one. Zero bytes
      // are padding and end the stream.
      if (resetStream()) {
        return;
      }
      err_ = inflate(&strm_, flush);
    }
  }

  // unzip becomes gunzip after the gzip magic, inflate after anything else (zlib detects the
  // header itself; the mode decides whether more members may follow).
  void detectFormat() {
    const Bytef* next = strm_.avail_in > 0 ? strm_.next_in : nullptr;
    if (next == nullptr) {
      return;
    }
    if (gzipIdBytesRead_ == 0) {
      if (*next != kGzipId1) {
        mode_ = Mode::kInflate;
        return;
      }
      gzipIdBytesRead_ = 1;
      ++next;
      if (strm_.avail_in == 1) {
        return;
      }
    }
    if (*next == kGzipId2) {
      gzipIdBytesRead_ = 2;
      mode_ = Mode::kGunzip;
    } else {
      mode_ = Mode::kInflate;
    }
  }

  CodecError resetStream() {
    err_ = deflating(initMode_) ? deflateReset(&strm_) : inflateReset(&strm_);
    if (err_ != Z_OK) {
      return forMessage("Failed to reset stream");
    }
    return {};
  }

  CodecError setDictionary() {
    if (dictionary_.empty()) {
      return {};
    }
    err_ = Z_OK;
    const auto* dict = reinterpret_cast<const Bytef*>(dictionary_.data());
    const auto size = static_cast<uInt>(dictionary_.size());
    if (deflating(mode_)) {
      err_ = deflateSetDictionary(&strm_, dict, size);
    } else if (mode_ == Mode::kInflateRaw) {
      err_ = inflateSetDictionary(&strm_, dict, size);
    }
    if (err_ != Z_OK) {
      return forMessage("Failed to set dictionary");
    }
    return {};
  }

  z_stream strm_;
  Mode initMode_ = Mode::kNone;
  bool initialized_ = false;
  int err_ = Z_OK;
  int flush_ = Z_NO_FLUSH;
  int windowBits_;
  int level_;
  int memLevel_;
  int strategy_;
  int gzipIdBytesRead_ = 0;
  std::string dictionary_;
};

}  // namespace

std::unique_ptr<Codec> makeZlibCodec(Mode mode, const ZlibSettings& settings, CodecError* error) {
  auto codec = std::make_unique<ZlibCodec>(mode, settings);
  CodecError e = codec->init();
  if (e) {
    *error = e;
    return nullptr;
  }
  return codec;
}

int zlibVersionNumber() {
  return ZLIB_VERNUM;
}

}  // namespace nodecc::zlib::core
