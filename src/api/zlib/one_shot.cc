// The one-shot Sync forms: zlib.gzipSync(buf)... run core::runOneShot on the calling thread.
// They need no runtime (the callback and promise forms, on the thread pool, are
// one_shot_async.cc), so code that inflates a buffer links without the loop.
#include "api/zlib/settings.h"
#include "nodecc/zlib.h"

namespace nodecc::zlib {

using core::Mode;

Buffer Input::keep() const {
  if (buffer_.size() == view_.size() && buffer_.view().data() == view_.data()) {
    return buffer_;
  }
  return Buffer::adopt(std::string(view_));
}

namespace {

std::exception_ptr resultException(const core::OneShotResult& r, uint64_t maxOutputLength) {
  if (r.tooLarge) {
    return std::make_exception_ptr(detail::bufferTooLarge(maxOutputLength));
  }
  return std::make_exception_ptr(detail::resultError(r, maxOutputLength));
}

Result runSync(const detail::EngineSettings& s, std::string_view input) {
  core::OneShotResult r = core::runOneShot(s.codec, input);
  if (!r.ok()) {
    std::rethrow_exception(resultException(r, s.codec.maxOutputLength));
  }
  return detail::toResult(r);
}

}  // namespace

Result deflateSync(Input data, const Options& options) {
  return runSync(detail::zlibSettings(Mode::kDeflate, options), data.view());
}
Result inflateSync(Input data, const Options& options) {
  return runSync(detail::zlibSettings(Mode::kInflate, options), data.view());
}
Result gzipSync(Input data, const Options& options) {
  return runSync(detail::zlibSettings(Mode::kGzip, options), data.view());
}
Result gunzipSync(Input data, const Options& options) {
  return runSync(detail::zlibSettings(Mode::kGunzip, options), data.view());
}
Result deflateRawSync(Input data, const Options& options) {
  return runSync(detail::zlibSettings(Mode::kDeflateRaw, options), data.view());
}
Result inflateRawSync(Input data, const Options& options) {
  return runSync(detail::zlibSettings(Mode::kInflateRaw, options), data.view());
}
Result unzipSync(Input data, const Options& options) {
  return runSync(detail::zlibSettings(Mode::kUnzip, options), data.view());
}
Result brotliCompressSync(Input data, const BrotliOptions& options) {
  return runSync(detail::brotliSettings(Mode::kBrotliEncode, options), data.view());
}
Result brotliDecompressSync(Input data, const BrotliOptions& options) {
  return runSync(detail::brotliSettings(Mode::kBrotliDecode, options), data.view());
}

uint32_t crc32(Input data, uint32_t value) {
  const auto view = data.view();
  return core::crc32(value, reinterpret_cast<const uint8_t*>(view.data()), view.size());
}

namespace constants {
const int ZLIB_VERNUM = core::zlibVersionNumber();
}  // namespace constants

}  // namespace nodecc::zlib
