// pipeline's bookkeeping (lib/internal/streams/pipeline.js): every stream gets a destroyer
// (destroy it with the pipeline's error unless it finished cleanly) and an 'error' listener;
// each pipe counts two completions (its source's and its destination's finished()); the
// first real error (a premature close only until a real one comes) destroys every stream,
// and the callback runs from a nextTick once every completion came in.
#include <memory>
#include <utility>

#include "nodecc/stream.h"

namespace nodecc::stream::detail {

namespace {

bool isQuietError(const Error& e) {
  return e.name == "AbortError" || e.code == "ERR_STREAM_PREMATURE_CLOSE";
}

}  // namespace

void Pipeline::addStream(const std::shared_ptr<Pipeline>& self, Stream& stream, bool reading,
                         bool writing, bool end) {
  if ((stream.commonBits() & kSelfOwned) != 0) {
    stream.hold();
    self->held_.push_back(&stream);
  }
  if (end) {
    // destroyer(stream, reading, writing)
    auto done = std::make_shared<bool>(false);
    stream.on("close", [done] { *done = true; });
    finished(stream, FinishedOptions(reading, writing),
             [done](Error* err) { *done = err == nullptr; });
    Stream* s = &stream;
    self->destroys_.push_back([s, done](const Error* err) {
      if (*done) {
        return;
      }
      *done = true;
      if (err != nullptr) {
        s->destroyer(err);
      } else {
        Error e = errStreamDestroyed("pipe");
        s->destroyer(&e);
      }
    });
  }
  stream.on("error", [self](const Error& err) {
    if (!isQuietError(err)) {
      self->finish(&err);
    }
  });
}

void Pipeline::connect(const std::shared_ptr<Pipeline>& self, Stream& src, Stream& dst,
                       UniqueFunction<void()> endDst) {
  auto ended = std::make_shared<bool>(false);
  dst.on("close", [self, ended] {
    if (!*ended) {
      Error e = errPrematureClose();
      self->finish(&e);
    }
  });
  // src.once('end', endFn), or from a tick when the source already ended.
  auto endFn = std::make_shared<UniqueFunction<void()>>(std::move(endDst));
  auto run = [ended, endFn] {
    *ended = true;
    (*endFn)();
  };
  const ReadableState* r = src.readableState();
  bool srcFinished = r != nullptr && src.errored() == nullptr &&
                     (r->has(kEndEmitted) || (r->has(kEnded) && r->length == 0));
  if (srcFinished) {
    src.tick(run);
  } else {
    src.once("end", run);
  }
  finished(src, FinishedOptions(true, false), [self, s = &src](Error* err) {
    const ReadableState* r = s->readableState();
    if (err != nullptr && err->code == "ERR_STREAM_PREMATURE_CLOSE" && r != nullptr &&
        r->has(kEnded) && s->errored() == nullptr && (s->commonBits() & kErrorEmitted) == 0) {
      s->once("end", [self] { self->finish(nullptr); });
      s->once("error", [self](const Error& e) { self->finish(&e); });
    } else {
      self->finish(err);
    }
  });
  finished(dst, FinishedOptions(false, true), [self](Error* err) { self->finish(err); });
}

void Pipeline::watch(const std::shared_ptr<Pipeline>& self, const AbortSignal& signal) {
  // Weakly: the streams' listeners own the pipeline; the signal may outlive it.
  std::weak_ptr<Pipeline> weak = self;
  auto abort = [weak] {
    if (auto p = weak.lock()) {
      AbortError e(p->signal_.reason());
      p->finishImpl(&e, false);
    }
  };
  self->signal_ = signal;
  if (signal.aborted()) {
    // From a tick queued after the pipes' first ones, as Node 20 does: a source that can end
    // in its first read has written to the destination, and still both are destroyed.
    process::nextTick(abort);
    return;
  }
  self->abortId_ = signal.addEventListener("abort", abort);
}

void Pipeline::finish(const Error* err) {
  finishImpl(err, --finishCount_ == 0);
}

void Pipeline::finishImpl(const Error* err, bool final) {
  if (err != nullptr && (!error_ || error_->code == "ERR_STREAM_PREMATURE_CLOSE")) {
    error_ = std::make_unique<Error>(*err);
  }
  if (!error_ && !final) {
    return;
  }
  while (!destroys_.empty()) {
    auto d = std::move(destroys_.front());
    destroys_.erase(destroys_.begin());
    d(error_.get());
  }
  if (abortId_ != 0) {
    signal_.removeEventListener("abort", std::exchange(abortId_, 0));
  }
  if (final) {
    std::unique_ptr<Error> e = error_ ? std::make_unique<Error>(*error_) : nullptr;
    process::nextTick(
        [cb = std::move(callback_), e = std::move(e), held = std::move(held_)]() mutable {
          struct Release {
            std::vector<Stream*>& streams;
            ~Release() {
              for (Stream* s : streams) {
                s->release();
              }
            }
          } release{held};
          cb(e.get());
        });
  }
}

}  // namespace nodecc::stream::detail
