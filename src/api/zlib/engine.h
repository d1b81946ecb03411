#pragma once
// detail::Engine: a zlib stream's codec and the one step of it that may be running on the
// thread pool (Node's binding handle). Lives apart from its stream so that a step still on a
// worker when the stream is destroyed finishes on memory that is still there: the stream
// detaches (owner = null) and the step's completion frees the engine.
#include <cstddef>
#include <memory>

#include "api/zlib/settings.h"
#include "nodecc/buffer.h"
#include "nodecc/function.h"
#include "threadpool/thread_pool.h"
#include "zlib/codec.h"

namespace nodecc::zlib {
class ZlibBase;
}

namespace nodecc::zlib::detail {

struct Engine final : threadpool::core::WorkRequest {
  Engine() : threadpool::core::WorkRequest(&Engine::work, &Engine::done) {}

  // Validates `options` (Node's RangeErrors) and creates the codec; throws on failure.
  static std::unique_ptr<Engine> forZlib(core::Mode mode, const Options& options);
  static std::unique_ptr<Engine> forBrotli(core::Mode mode, const BrotliOptions& options);

  // Starts the step described below on the thread pool.
  void submit();

  std::unique_ptr<core::Codec> codec;  // null once closed
  EngineSettings settings;
  Buffer dictionary;  // the bytes settings.codec.zlib.dictionary views
  ZlibBase* owner = nullptr;
  bool running = false;
  bool closePending = false;  // close() came while running: free the codec at the end
  // Work for the codec that came while a step was running (params()): run when it ends.
  UniqueFunction<void()> whenIdle;

  // The step: input [inOff, inOff + availInBefore) of `in`, output into `out` from outOffset.
  Buffer in;
  size_t inOff = 0;
  size_t availInBefore = 0;
  int flushFlag = 0;
  Buffer out;
  size_t outOffset = 0;
  size_t availOutBefore = 0;

 private:
  static void work(threadpool::core::WorkRequest* r);
  static void done(threadpool::core::WorkRequest* r, int status);
};

}  // namespace nodecc::zlib::detail
