// The one-shot callback and promise forms: zlib.gzip(buf, cb) and zlib.promises. They run
// the whole one-shot on the thread pool (Node runs a one-shot as a stream, a thread-pool trip
// per 16 KiB of output: here one trip in all).
#include <memory>

#include "api/pool_job.h"
#include "api/promisify.h"
#include "api/zlib/settings.h"
#include "nodecc/zlib.h"

namespace nodecc::zlib {

using core::Mode;

namespace {

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
        cb(nullptr, detail::toResult(job->result));
      });
}

void zlibAsync(Mode mode, const Input& data, const Options& options, Callback cb) {
  runAsync(detail::zlibSettings(mode, options), data, options.dictionary, std::move(cb));
}

void brotliAsync(Mode mode, const Input& data, const BrotliOptions& options, Callback cb) {
  runAsync(detail::brotliSettings(mode, options), data, Buffer(), std::move(cb));
}

}  // namespace

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
