#pragma once
// Node's zlib stream classes (included at the end of nodecc/zlib.h): Transforms of
// nodecc/stream.h.
//
//   auto& gz = zlib::createGzip({.level = 9});
//   stream::pipeline(fs::createReadStream("a.txt"), gz, fs::createWriteStream("a.txt.gz"),
//                    [](Error* err) { ... });
//
// Each written chunk is compressed or decompressed on the thread pool (as in Node), a step of
// at most chunkSize bytes of output per trip; its output is pushed on the loop thread, and the
// next step waits while the readable side is full. A corrupt or truncated input destroys the
// stream with Node's error ('error': `Error: incorrect header check`, code Z_DATA_ERROR...);
// `finishFlush` decides what the end of the input means, as in the one-shots.
//
// Lifetime: create*() makes a stream owned by the runtime that deletes itself in the check
// phase after 'close' (as fs.createReadStream; see nodecc/stream.h); a stream constructed
// directly (zlib::Gzip gz;) is the caller's, as any nodecc stream. A step still running on the
// thread pool when the stream goes away finishes there and is freed; its output is dropped.
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <utility>

#include "nodecc/stream.h"

namespace nodecc::zlib {

namespace detail {
struct Engine;
}  // namespace detail

// zlib.ZlibBase: what the nine classes share.
class ZlibBase : public stream::Transform {
 public:
  ~ZlibBase() override;

  // Input bytes the codec has consumed so far (Node's bytesWritten).
  uint64_t bytesWritten() const { return bytesWritten_; }

  // flush([kind][, callback]): everything written so far comes out, as a write of its own
  // (so after earlier writes). kind: Z_FULL_FLUSH by default (BROTLI_OPERATION_FLUSH for
  // brotli). After end(), callback runs at 'end'.
  void flush(UniqueFunction<void()> callback = nullptr);
  void flush(int kind, UniqueFunction<void()> callback = nullptr);
  // close([callback]): destroys the stream; callback runs when it has finished or failed.
  void close(stream::ErrorCallback callback = nullptr);
  // reset(): a new stream with the same settings (the bytes in flight are dropped).
  void reset();

  // Machinery: the end of one step on the thread pool (called by the engine).
  void afterStep();

 protected:
  explicit ZlibBase(std::unique_ptr<detail::Engine> engine);

  void _transform(const Buffer& chunk, std::string_view encoding,
                  stream::TransformCallback<Buffer, Buffer> cb) override;
  void _flush(stream::FlushCallback<Buffer, Buffer> cb) override;
  void _final(stream::Callback cb) override;
  void _read(size_t size) override;
  void _destroy(const Error* error, stream::Callback cb) override;

  std::unique_ptr<detail::Engine>& engine() { return engine_; }

 private:
  // Node's processChunk: one write of `chunk` with `flushFlag`, stepped until it is consumed.
  void processChunk(const Buffer& chunk, int flushFlag);
  void startStep();
  void finishChunk();
  void closeEngine();
  void startFinalFlush();

  std::unique_ptr<detail::Engine> engine_;
  uint64_t bytesWritten_ = 0;
  // The write in progress: its callback (a chunk's or the final flush's).
  std::optional<stream::TransformCallback<Buffer, Buffer>> chunkCallback_;
  std::optional<stream::FlushCallback<Buffer, Buffer>> flushCallback_;
  bool stepWaitsForRead_ = false;
  // flush() writes an empty marker chunk; its data pointer tells it from a user's empty write.
  std::deque<std::pair<const uint8_t*, int>> flushMarkers_;
  std::deque<Buffer> markerStorage_;
};

// zlib.Deflate ... zlib.Unzip: the zlib formats, with params().
class Zlib : public ZlibBase {
 public:
  // params(level, strategy, callback): flushes what was written (Z_SYNC_FLUSH), then changes
  // deflate's level and strategy (for deflate and deflateRaw; Node's binding ignores them
  // elsewhere). Throws ERR_OUT_OF_RANGE for values out of range.
  void params(int level, int strategy, UniqueFunction<void()> callback = nullptr);

 protected:
  explicit Zlib(std::unique_ptr<detail::Engine> engine);
};

class Deflate : public Zlib {
 public:
  explicit Deflate(const Options& options = {});
};
class Inflate : public Zlib {
 public:
  explicit Inflate(const Options& options = {});
};
class Gzip : public Zlib {
 public:
  explicit Gzip(const Options& options = {});
};
class Gunzip : public Zlib {
 public:
  explicit Gunzip(const Options& options = {});
};
class DeflateRaw : public Zlib {
 public:
  explicit DeflateRaw(const Options& options = {});
};
class InflateRaw : public Zlib {
 public:
  explicit InflateRaw(const Options& options = {});
};
class Unzip : public Zlib {
 public:
  explicit Unzip(const Options& options = {});
};
class BrotliCompress : public ZlibBase {
 public:
  explicit BrotliCompress(const BrotliOptions& options = {});
};
class BrotliDecompress : public ZlibBase {
 public:
  explicit BrotliDecompress(const BrotliOptions& options = {});
};

// zlib.createGzip([options]) ...: a new stream owned by the runtime (see above). Option
// errors are thrown.
Deflate& createDeflate(const Options& options = {});
Inflate& createInflate(const Options& options = {});
Gzip& createGzip(const Options& options = {});
Gunzip& createGunzip(const Options& options = {});
DeflateRaw& createDeflateRaw(const Options& options = {});
InflateRaw& createInflateRaw(const Options& options = {});
Unzip& createUnzip(const Options& options = {});
BrotliCompress& createBrotliCompress(const BrotliOptions& options = {});
BrotliDecompress& createBrotliDecompress(const BrotliOptions& options = {});

}  // namespace nodecc::zlib
