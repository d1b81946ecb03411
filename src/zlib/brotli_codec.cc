// The brotli modes of Codec: BrotliEncoderCompressStream / BrotliDecoderDecompressStream with
// node_zlib.cc's verdicts ("Compression failed", "Decompression failed" with brotli's error
// name, "unexpected end of file" for a finished input that ended early).
#include <brotli/decode.h>
#include <brotli/encode.h>
#include <zlib.h>

#include "zlib/codec.h"

namespace nodecc::zlib::core {

namespace {

struct BrotliErrorName {
  int code;
  const char* name;
};
// brotli's own list of decoder error codes, named as Node names them: "ERR_" and brotli's
// BrotliDecoderErrorString (the prefix and the name).
#define NODECC_BROTLI_ERROR_NAME(PREFIX, NAME, CODE) {CODE, "ERR_" #PREFIX #NAME},
#define NODECC_BROTLI_ERROR_SEPARATOR
constexpr BrotliErrorName kBrotliErrorNames[] = {
    BROTLI_DECODER_ERROR_CODES_LIST(NODECC_BROTLI_ERROR_NAME, NODECC_BROTLI_ERROR_SEPARATOR)};
#undef NODECC_BROTLI_ERROR_NAME
#undef NODECC_BROTLI_ERROR_SEPARATOR

class BrotliEncoderCodec final : public Codec {
 public:
  BrotliEncoderCodec() : Codec(Mode::kBrotliEncode) {}
  ~BrotliEncoderCodec() override {
    if (state_ != nullptr) {
      BrotliEncoderDestroyInstance(state_);
    }
  }

  bool init(const BrotliSettings& settings) {
    settings_ = settings;
    return create();
  }

  void write(int flush, const uint8_t* in, size_t inLen, uint8_t* out, size_t outLen) override {
    availIn_ = inLen;
    availOut_ = outLen;
    ok_ = BrotliEncoderCompressStream(state_, static_cast<BrotliEncoderOperation>(flush), &availIn_,
                                      &in, &availOut_, &out, nullptr) != BROTLI_FALSE;
  }

  CodecError error() const override {
    if (!ok_) {
      return {"Compression failed", "ERR_BROTLI_COMPRESSION_FAILED", -1};
    }
    return {};
  }

  CodecError reset() override {
    BrotliEncoderDestroyInstance(state_);
    state_ = nullptr;
    ok_ = true;
    if (!create()) {
      return {"Failed to reset stream", "ERR_BROTLI_INITIALIZATION_FAILED", -1};
    }
    return {};
  }

 private:
  bool create() {
    state_ = BrotliEncoderCreateInstance(nullptr, nullptr, nullptr);
    if (state_ == nullptr) {
      return false;
    }
    for (const auto& [key, value] : settings_) {
      if (!BrotliEncoderSetParameter(state_, static_cast<BrotliEncoderParameter>(key), value)) {
        return false;
      }
    }
    return true;
  }

  BrotliEncoderState* state_ = nullptr;
  BrotliSettings settings_;
  bool ok_ = true;
};

class BrotliDecoderCodec final : public Codec {
 public:
  BrotliDecoderCodec() : Codec(Mode::kBrotliDecode) {}
  ~BrotliDecoderCodec() override {
    if (state_ != nullptr) {
      BrotliDecoderDestroyInstance(state_);
    }
  }

  bool init(const BrotliSettings& settings) {
    settings_ = settings;
    return create();
  }

  void write(int flush, const uint8_t* in, size_t inLen, uint8_t* out, size_t outLen) override {
    flush_ = flush;
    availIn_ = inLen;
    availOut_ = outLen;
    if (error_ != BROTLI_DECODER_NO_ERROR) {
      return;
    }
    last_ = BrotliDecoderDecompressStream(state_, &availIn_, &in, &availOut_, &out, nullptr);
    if (last_ == BROTLI_DECODER_RESULT_ERROR) {
      error_ = BrotliDecoderGetErrorCode(state_);
    }
  }

  CodecError error() const override {
    if (error_ != BROTLI_DECODER_NO_ERROR) {
      return {"Decompression failed", brotliErrorCode(error_), static_cast<int>(error_)};
    }
    if (flush_ == BROTLI_OPERATION_FINISH && last_ == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT) {
      // brotli cannot tell a truncated stream from one still arriving: at the end it is this.
      return {"unexpected end of file", "Z_BUF_ERROR", Z_BUF_ERROR};
    }
    return {};
  }

  CodecError reset() override {
    BrotliDecoderDestroyInstance(state_);
    state_ = nullptr;
    error_ = BROTLI_DECODER_NO_ERROR;
    last_ = BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT;
    if (!create()) {
      return {"Failed to reset stream", "ERR_BROTLI_INITIALIZATION_FAILED", -1};
    }
    return {};
  }

 private:
  bool create() {
    state_ = BrotliDecoderCreateInstance(nullptr, nullptr, nullptr);
    if (state_ == nullptr) {
      return false;
    }
    for (const auto& [key, value] : settings_) {
      if (!BrotliDecoderSetParameter(state_, static_cast<BrotliDecoderParameter>(key), value)) {
        return false;
      }
    }
    return true;
  }

  BrotliDecoderState* state_ = nullptr;
  BrotliSettings settings_;
  int flush_ = BROTLI_OPERATION_PROCESS;
  BrotliDecoderResult last_ = BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT;
  BrotliDecoderErrorCode error_ = BROTLI_DECODER_NO_ERROR;
};

}  // namespace

const char* brotliErrorCode(int code) {
  for (const BrotliErrorName& e : kBrotliErrorNames) {
    if (e.code == code) {
      return e.name;
    }
  }
  return "ERR_BROTLI_UNKNOWN";
}

std::unique_ptr<Codec> makeBrotliCodec(Mode mode, const BrotliSettings& settings) {
  if (mode == Mode::kBrotliEncode) {
    auto codec = std::make_unique<BrotliEncoderCodec>();
    return codec->init(settings) ? std::move(codec) : nullptr;
  }
  auto codec = std::make_unique<BrotliDecoderCodec>();
  return codec->init(settings) ? std::move(codec) : nullptr;
}

}  // namespace nodecc::zlib::core
