// The one-shot forms: zlib.gzipSync(buf), zlib.gzip(buf, cb), and the promise forms. The
// Sync forms run core::runOneShot here; the others run it whole on the thread pool (Node runs
// a one-shot as a stream, a thread-pool trip per 16 KiB of output: here one trip in all).
#include <memory>

#include "api/pool_job.h"
#include "api/promisify.h"
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

Result toResult(core::OneShotResult& r) {
  const uint64_t bytesWritten = r.bytesWritten;
  return Result(Buffer::adopt(std::move(r.output)), Engine{bytesWritten});
}

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
  return toResult(r);
}

void checkCallback(const Callback& cb) {
  if (!cb) {
    throw TypeError("ERR_INVALID_ARG_TYPE",
                    "The \"callback\" argument must be of type function. Received undefined");
  }
}

// One one-shot on the thread pool: its state is created on the loop thread, the codec runs on a
// worker, and the result is delivered and freed on the loop thread (the Buffers' counts are
// touched on the loop thread only; the worker reads their bytes).
void runAsync(detail::EngineSettings s, const Input& data, Buffer dictionary, Callback cb) {
  checkCallback(cb);
  struct Job {
    detail::EngineSettings settings;
    Buffer input;
    Buffer dictionary;
    core::OneShotResult result;
  };
  auto job = std::make_unique<Job>(Job{std::move(s), data.keep(), std::move(dictionary), {}});
  job->settings.codec.zlib.dictionary = job->dictionary.view();
  Job* j = job.get();
  nodecc::detail::submitJob(
      [j] { j->result = core::runOneShot(j->settings.codec, j->input.view()); },
      [job = std::move(job), cb = std::move(cb)]() mutable {
        if (!job->result.ok()) {
          Error e = detail::resultError(job->result, job->settings.codec.maxOutputLength);
          cb(&e, Result());
          return;
        }
        cb(nullptr, toResult(job->result));
      });
}

void zlibAsync(Mode mode, const Input& data, const Options& options, Callback cb) {
  runAsync(detail::zlibSettings(mode, options), data, options.dictionary, std::move(cb));
}

void brotliAsync(Mode mode, const Input& data, const BrotliOptions& options, Callback cb) {
  runAsync(detail::brotliSettings(mode, options), data, Buffer(), std::move(cb));
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

void deflate(Input data, Callback callback) {
  zlibAsync(Mode::kDeflate, data, {}, std::move(callback));
}
void deflate(Input data, const Options& options, Callback callback) {
  zlibAsync(Mode::kDeflate, data, options, std::move(callback));
}
void inflate(Input data, Callback callback) {
  zlibAsync(Mode::kInflate, data, {}, std::move(callback));
}
void inflate(Input data, const Options& options, Callback callback) {
  zlibAsync(Mode::kInflate, data, options, std::move(callback));
}
void gzip(Input data, Callback callback) {
  zlibAsync(Mode::kGzip, data, {}, std::move(callback));
}
void gzip(Input data, const Options& options, Callback callback) {
  zlibAsync(Mode::kGzip, data, options, std::move(callback));
}
void gunzip(Input data, Callback callback) {
  zlibAsync(Mode::kGunzip, data, {}, std::move(callback));
}
void gunzip(Input data, const Options& options, Callback callback) {
  zlibAsync(Mode::kGunzip, data, options, std::move(callback));
}
void deflateRaw(Input data, Callback callback) {
  zlibAsync(Mode::kDeflateRaw, data, {}, std::move(callback));
}
void deflateRaw(Input data, const Options& options, Callback callback) {
  zlibAsync(Mode::kDeflateRaw, data, options, std::move(callback));
}
void inflateRaw(Input data, Callback callback) {
  zlibAsync(Mode::kInflateRaw, data, {}, std::move(callback));
}
void inflateRaw(Input data, const Options& options, Callback callback) {
  zlibAsync(Mode::kInflateRaw, data, options, std::move(callback));
}
void unzip(Input data, Callback callback) {
  zlibAsync(Mode::kUnzip, data, {}, std::move(callback));
}
void unzip(Input data, const Options& options, Callback callback) {
  zlibAsync(Mode::kUnzip, data, options, std::move(callback));
}
void brotliCompress(Input data, Callback callback) {
  brotliAsync(Mode::kBrotliEncode, data, {}, std::move(callback));
}
void brotliCompress(Input data, const BrotliOptions& options, Callback callback) {
  brotliAsync(Mode::kBrotliEncode, data, options, std::move(callback));
}
void brotliDecompress(Input data, Callback callback) {
  brotliAsync(Mode::kBrotliDecode, data, {}, std::move(callback));
}
void brotliDecompress(Input data, const BrotliOptions& options, Callback callback) {
  brotliAsync(Mode::kBrotliDecode, data, options, std::move(callback));
}

uint32_t crc32(Input data, uint32_t value) {
  const auto view = data.view();
  return core::crc32(value, reinterpret_cast<const uint8_t*>(view.data()), view.size());
}

namespace constants {
const int ZLIB_VERNUM = core::zlibVersionNumber();
}  // namespace constants

namespace promises {

using nodecc::detail::promisify;

Promise<Result> deflate(Input data, const Options& options) {
  return promisify<Result>([&](Callback cb) { zlib::deflate(data, options, std::move(cb)); });
}
Promise<Result> inflate(Input data, const Options& options) {
  return promisify<Result>([&](Callback cb) { zlib::inflate(data, options, std::move(cb)); });
}
Promise<Result> gzip(Input data, const Options& options) {
  return promisify<Result>([&](Callback cb) { zlib::gzip(data, options, std::move(cb)); });
}
Promise<Result> gunzip(Input data, const Options& options) {
  return promisify<Result>([&](Callback cb) { zlib::gunzip(data, options, std::move(cb)); });
}
Promise<Result> deflateRaw(Input data, const Options& options) {
  return promisify<Result>([&](Callback cb) { zlib::deflateRaw(data, options, std::move(cb)); });
}
Promise<Result> inflateRaw(Input data, const Options& options) {
  return promisify<Result>([&](Callback cb) { zlib::inflateRaw(data, options, std::move(cb)); });
}
Promise<Result> unzip(Input data, const Options& options) {
  return promisify<Result>([&](Callback cb) { zlib::unzip(data, options, std::move(cb)); });
}
Promise<Result> brotliCompress(Input data, const BrotliOptions& options) {
  return promisify<Result>(
      [&](Callback cb) { zlib::brotliCompress(data, options, std::move(cb)); });
}
Promise<Result> brotliDecompress(Input data, const BrotliOptions& options) {
  return promisify<Result>(
      [&](Callback cb) { zlib::brotliDecompress(data, options, std::move(cb)); });
}

}  // namespace promises
}  // namespace nodecc::zlib
