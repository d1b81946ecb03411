// ZlibBase: zlib.js's ZlibBase over the stream module's Transform, step for step: each chunk
// is written to the codec on the thread pool one output window (chunkSize) at a time
// (processChunk / processCallback), the output window is shared by the chunks pushed from it
// until it is full, and the end of the input is flushed from 'prefinish' (Node's _final calls
// back at once, so 'finish' comes before the last output and 'end').
#include <utility>

#include "api/default_thread_pool.h"
#include "api/runtime.h"
#include "api/zlib/engine.h"
#include "nodecc/process.h"
#include "nodecc/zlib.h"

namespace nodecc::zlib {

namespace detail {

std::unique_ptr<Engine> Engine::forZlib(core::Mode mode, const Options& options) {
  auto e = std::make_unique<Engine>();
  e->settings = zlibSettings(mode, options);
  e->dictionary = options.dictionary;
  e->settings.codec.zlib.dictionary = e->dictionary.view();
  core::CodecError err;
  e->codec = core::makeZlibCodec(mode, e->settings.codec.zlib, &err);
  if (!e->codec) {
    throw codecError(err);
  }
  return e;
}

std::unique_ptr<Engine> Engine::forBrotli(core::Mode mode, const BrotliOptions& options) {
  auto e = std::make_unique<Engine>();
  e->settings = brotliSettings(mode, options);
  e->codec = core::makeBrotliCodec(mode, e->settings.codec.brotli);
  if (!e->codec) {
    throw initializationFailed();
  }
  return e;
}

void Engine::submit() {
  running = true;
  nodecc::detail::defaultThreadPool().submit(nodecc::detail::Runtime::current().loop(), *this);
}

void Engine::work(threadpool::core::WorkRequest* r) {
  auto* e = static_cast<Engine*>(r);
  e->codec->write(e->flushFlag, e->in.data() + e->inOff, e->availInBefore,
                  e->out.data() + e->outOffset, e->availOutBefore);
}

void Engine::done(threadpool::core::WorkRequest* r, int status) {
  auto* e = static_cast<Engine*>(r);
  e->running = false;
  if (e->owner == nullptr) {
    delete e;  // its stream is gone
    return;
  }
  if (e->closePending) {
    e->closePending = false;
    e->codec.reset();
  }
  if (e->whenIdle) {
    auto f = std::move(e->whenIdle);
    e->whenIdle = nullptr;
    f();
  }
  e->owner->afterStep();
}

}  // namespace detail

namespace {

// zlib.js's flushiness: Z_NO_FLUSH < Z_BLOCK < Z_PARTIAL_FLUSH < Z_SYNC_FLUSH < Z_FULL_FLUSH <
// Z_FINISH (brotli's operations are ranked by the same table, as in Node).
int maxFlush(int a, int b) {
  constexpr int kFlushiness[] = {0, 2, 3, 4, 5, 1};
  auto rank = [&](int f) { return f >= 0 && f <= 5 ? kFlushiness[f] : -1; };
  return rank(a) > rank(b) ? a : b;
}

}  // namespace

ZlibBase::ZlibBase(std::unique_ptr<detail::Engine> engine) : engine_(std::move(engine)) {
  detail::Engine& e = *engine_;
  e.owner = this;
  e.out = Buffer::allocUnsafe(e.settings.chunkSize);
  e.availOutBefore = e.settings.chunkSize;
  on("prefinish", [this] { startFinalFlush(); });
}

ZlibBase::~ZlibBase() {
  if (engine_ && engine_->running) {
    engine_->owner = nullptr;  // the step's completion frees it
    engine_.release();
  }
}

void ZlibBase::_transform(const Buffer& chunk, std::string_view,
                          stream::TransformCallback<Buffer, Buffer> cb) {
  int flushFlag = engine_->settings.flush;
  if (!flushMarkers_.empty() && chunk.empty() && chunk.data() == flushMarkers_.front().first) {
    flushFlag = flushMarkers_.front().second;
    flushMarkers_.pop_front();
    markerStorage_.pop_front();
  }
  // The last chunk also carries finishFlush.
  if (writableEnded() && writableLength() == chunk.size()) {
    flushFlag = maxFlush(flushFlag, engine_->settings.codec.finishFlush);
  }
  chunkCallback_.emplace(cb);
  processChunk(chunk, flushFlag);
}

void ZlibBase::_flush(stream::FlushCallback<Buffer, Buffer> cb) {
  flushCallback_.emplace(cb);
  processChunk(Buffer(), maxFlush(engine_->settings.flush, engine_->settings.codec.finishFlush));
}

void ZlibBase::_final(stream::Callback cb) {
  cb();
}

void ZlibBase::startFinalFlush() {
  if (destroyed()) {
    push(nullptr);
    return;
  }
  // Transform's final() without a callback of its own: an error destroys the stream.
  _flush(stream::FlushCallback<Buffer, Buffer>(
      this, stream::Callback(this, [](void* self, const Error* error) {
        if (error != nullptr) {
          static_cast<ZlibBase*>(self)->destroy(*error);
        }
      })));
}

void ZlibBase::processChunk(const Buffer& chunk, int flushFlag) {
  if (!engine_ || !engine_->codec) {
    tick([this] { finishChunk(); });
    return;
  }
  detail::Engine& e = *engine_;
  e.in = chunk;
  e.inOff = 0;
  e.availInBefore = chunk.size();
  e.flushFlag = flushFlag;
  e.availOutBefore = e.settings.chunkSize - e.outOffset;
  startStep();
}

void ZlibBase::startStep() {
  engine_->submit();
}

void ZlibBase::afterStep() {
  detail::Engine& e = *engine_;
  if (destroyed() || !e.codec) {
    e.in = Buffer();
    finishChunk();
    return;
  }
  if (core::CodecError err = e.codec->error()) {
    // No way to recover: the stream fails and the write's callback is never called.
    e.in = Buffer();
    destroy(detail::codecError(err));
    return;
  }
  const size_t availOutAfter = e.codec->availOut();
  const size_t availInAfter = e.codec->availIn();
  const size_t inDelta = e.availInBefore - availInAfter;
  bytesWritten_ += inDelta;
  const size_t have = e.availOutBefore - availOutAfter;
  bool full = false;
  if (have > 0) {
    Buffer out = e.out.subarray(e.outOffset, e.outOffset + have);
    e.outOffset += have;
    full = !push(std::move(out));
  }
  if (destroyed()) {
    finishChunk();
    return;
  }
  const size_t chunkSize = e.settings.chunkSize;
  if (availOutAfter == 0 || e.outOffset >= chunkSize) {
    e.availOutBefore = chunkSize;
    e.outOffset = 0;
    e.out = Buffer::allocUnsafe(chunkSize);
  }
  if (availOutAfter == 0) {
    // The window filled: more output may follow from the same input.
    e.inOff += inDelta;
    e.availInBefore = availInAfter;
    if (full) {
      stepWaitsForRead_ = true;  // continued by the next _read
    } else {
      startStep();
    }
    return;
  }
  if (availInAfter > 0) {
    // Room left and input the codec would not take: the compressed stream ended early.
    push(nullptr);
  }
  e.in = Buffer();
  finishChunk();
}

void ZlibBase::finishChunk() {
  if (chunkCallback_) {
    auto cb = *chunkCallback_;
    chunkCallback_.reset();
    cb();
  } else if (flushCallback_) {
    auto cb = *flushCallback_;
    flushCallback_.reset();
    cb();
  }
}

void ZlibBase::_read(size_t size) {
  if (stepWaitsForRead_) {
    stepWaitsForRead_ = false;
    startStep();
  }
  stream::Transform::_read(size);
}

void ZlibBase::_destroy(const Error* error, stream::Callback cb) {
  closeEngine();
  cb(error);
}

void ZlibBase::closeEngine() {
  if (!engine_) {
    return;
  }
  if (engine_->running) {
    engine_->closePending = true;
  } else {
    engine_->codec.reset();
  }
}

void ZlibBase::flush(UniqueFunction<void()> callback) {
  flush(engine_->settings.fullFlush, std::move(callback));
}

void ZlibBase::flush(int kind, UniqueFunction<void()> callback) {
  if (writableFinished()) {
    if (callback) {
      process::nextTick([cb = std::move(callback)]() mutable { cb(); });
    }
  } else if (writableEnded()) {
    if (callback) {
      once("end",
           [cb = std::make_shared<UniqueFunction<void()>>(std::move(callback))] { (*cb)(); });
    }
  } else {
    // An empty chunk of its own storage marks the flush (Node tags a shared empty Buffer).
    Buffer marker = Buffer::allocUnsafe(1).subarray(0, 0);
    flushMarkers_.emplace_back(marker.data(), kind);
    markerStorage_.push_back(marker);
    stream::ErrorCallback done;
    if (callback) {
      done = [cb = std::move(callback)](Error*) mutable { cb(); };
    }
    write(std::move(marker), std::move(done));
  }
}

void ZlibBase::close(stream::ErrorCallback callback) {
  if (callback) {
    stream::finished(*this, std::move(callback));
  }
  destroy();
}

void ZlibBase::reset() {
  if (!engine_ || !engine_->codec || engine_->running) {
    Error e("ERR_ASSERTION",
            engine_ && engine_->running ? "write in progress" : "zlib binding closed");
    e.name = "AssertionError";
    throw e;
  }
  if (core::CodecError err = engine_->codec->reset()) {
    destroy(detail::codecError(err));
  }
}

}  // namespace nodecc::zlib
