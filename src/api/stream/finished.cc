// finished(): Node's eos (lib/internal/streams/end-of-stream.js) over the stream's packed
// state. The callback runs at most once; the checks at registration time (already closed,
// already errored, already done) answer from a nextTick, as Node's do.
#include <memory>
#include <utility>

#include "nodecc/stream.h"

namespace nodecc::stream {

using namespace detail;

namespace {

// The properties of lib/internal/streams/utils.js, for any stream.
bool isReadableNodeStream(const Stream& s) {
  return s.readableState() != nullptr && !s.readableState()->has(kReadableOff);
}
bool isWritableNodeStream(const Stream& s) {
  return s.writableState() != nullptr && !s.writableState()->has(kWritableOff);
}
bool readableProp(const Stream& s) {
  const ReadableState* r = s.readableState();
  return r != nullptr && !r->has(kReadableOff) && !s.destroyed() &&
         (s.commonBits() & kErrorEmitted) == 0 && !r->has(kEndEmitted);
}
bool writableProp(const Stream& s) {
  const WritableState* w = s.writableState();
  return w != nullptr && !w->has(kWritableOff) && (w->bits & (kEnding | kWEnded)) == 0 &&
         !s.destroyed() && s.errored() == nullptr;
}
bool isReadableFinished(const Stream& s, bool strict) {
  const ReadableState* r = s.readableState();
  if (r == nullptr || s.errored() != nullptr) {
    return false;
  }
  return r->has(kEndEmitted) || (!strict && r->has(kEnded) && r->length == 0);
}
bool isWritableFinished(const Stream& s, bool strict) {
  const WritableState* w = s.writableState();
  if (w == nullptr) {
    return false;
  }
  if (w->has(kFinished)) {
    return true;
  }
  if (s.errored() != nullptr) {
    return false;
  }
  return !strict && w->has(kWEnded) && w->length == 0;
}
bool isReadable(const Stream& s) {
  return !s.destroyed() && isReadableNodeStream(s) && readableProp(s) &&
         !s.readableState()->has(kEndEmitted);
}
bool isWritable(const Stream& s) {
  return !s.destroyed() && isWritableNodeStream(s) && writableProp(s) &&
         !s.writableState()->has(kEnding);
}
bool willEmitClose(const Stream& s) {
  uint32_t c = s.commonBits();
  return (c & kAutoDestroy) != 0 && (c & kEmitClose) != 0 && (c & kClosed) == 0;
}

struct Eos : std::enable_shared_from_this<Eos> {
  Stream* stream;
  ErrorCallback callback;
  bool readable;
  bool writable;
  bool willEmitClose;
  bool readableFinished;
  bool writableFinished;
  bool called = false;
  AbortSignal signal;
  uint64_t abortId = 0;

  ~Eos() { forgetSignal(); }
  void forgetSignal() {
    if (abortId != 0) {
      signal.removeEventListener("abort", std::exchange(abortId, 0));
    }
  }
  // The listeners finished() added to the stream, removed (Node's cleanup()).
  void detach();
  // {signal}'s abort: cleanup, then the callback with AbortError, the reason its cause.
  void onabort() {
    AbortError err(signal.reason());
    detach();
    call(&err);
  }

  void call(const Error* err) {
    if (called) {
      return;
    }
    called = true;
    forgetSignal();
    ErrorCallback cb = std::move(callback);
    if (err != nullptr) {
      Error e = *err;
      cb(&e);
    } else {
      cb(nullptr);
    }
  }
  void onfinish() {
    if (stream == nullptr) {
      return;  // cleaned up, or aborted, while a tick was on its way
    }
    writableFinished = true;
    if (stream->destroyed()) {
      willEmitClose = false;
    }
    if (willEmitClose && (!readableProp(*stream) || readable)) {
      return;
    }
    if (!readable || readableFinished) {
      call(nullptr);
    }
  }
  void onend() {
    if (stream == nullptr) {
      return;  // cleaned up, or aborted, while a tick was on its way
    }
    readableFinished = true;
    if (stream->destroyed()) {
      willEmitClose = false;
    }
    if (willEmitClose && (!writableProp(*stream) || writable)) {
      return;
    }
    if (!writable || writableFinished) {
      call(nullptr);
    }
  }
  void onclose() {
    if (stream == nullptr) {
      return;  // cleaned up, or aborted, while a tick was on its way
    }
    if (const Error* e = stream->errored()) {
      call(e);
      return;
    }
    if (readable && !readableFinished && isReadableNodeStream(*stream) &&
        !isReadableFinished(*stream, false)) {
      Error e = errPrematureClose();
      call(&e);
      return;
    }
    if (writable && !writableFinished && !isWritableFinished(*stream, false)) {
      Error e = errPrematureClose();
      call(&e);
      return;
    }
    call(nullptr);
  }
  void onclosed() {
    if (stream != nullptr) {
      call(stream->errored());
    }
  }
};

template <int Kind>
struct EosListener {
  std::shared_ptr<Eos> eos;
  bool operator==(const EosListener& o) const { return eos == o.eos; }
};
struct OnEnd : EosListener<0> {
  void operator()() const { eos->onend(); }
};
struct OnFinish : EosListener<1> {
  void operator()() const { eos->onfinish(); }
};
struct OnError : EosListener<2> {
  void operator()(const Error& e) const { eos->call(&e); }
};
struct OnClose : EosListener<3> {
  void operator()() const { eos->onclose(); }
};

void Eos::detach() {
  Stream* s = std::exchange(stream, nullptr);
  if (s == nullptr) {
    return;
  }
  std::shared_ptr<Eos> self = shared_from_this();
  s->off("end", OnEnd{{self}});
  s->off("finish", OnFinish{{self}});
  s->off("error", OnError{{self}});
  s->off("close", OnClose{{self}});
}

}  // namespace

UniqueFunction<void()> finished(Stream& stream, FinishedOptions options, ErrorCallback cb) {
  auto e = std::make_shared<Eos>();
  e->stream = &stream;
  e->callback = std::move(cb);
  e->readable = options.readable.value_or(isReadableNodeStream(stream));
  e->writable = options.writable.value_or(isWritableNodeStream(stream));
  e->willEmitClose = willEmitClose(stream) && isReadableNodeStream(stream) == e->readable &&
                     isWritableNodeStream(stream) == e->writable;
  e->writableFinished = isWritableFinished(stream, false);
  e->readableFinished = isReadableFinished(stream, false);

  stream.on("end", OnEnd{{e}});
  stream.on("finish", OnFinish{{e}});
  if (options.error) {
    stream.on("error", OnError{{e}});
  }
  stream.on("close", OnClose{{e}});

  const WritableState* w = stream.writableState();
  if (stream.closed()) {
    stream.tick([e] { e->onclose(); });
  } else if ((stream.commonBits() & kErrorEmitted) != 0) {
    if (!e->willEmitClose) {
      stream.tick([e] { e->onclosed(); });
    }
  } else if (!e->readable && (!e->willEmitClose || isReadable(stream)) &&
             (e->writableFinished || (w != nullptr && !isWritable(stream))) &&
             (w == nullptr || w->pendingcb == 0)) {
    stream.tick([e] { e->onclosed(); });
  } else if (!e->writable && (!e->willEmitClose || isWritable(stream)) &&
             (e->readableFinished || (stream.readableState() != nullptr && !isReadable(stream)))) {
    stream.tick([e] { e->onclosed(); });
  }

  if (options.signal.valid() && !stream.closed()) {
    e->signal = options.signal;
    if (options.signal.aborted()) {
      stream.tick([e] { e->onabort(); });
    } else {
      // Weakly: the stream's listeners own the Eos, and the signal may outlive them.
      std::weak_ptr<Eos> weak = e;
      e->abortId = options.signal.addEventListener("abort", [weak] {
        if (auto eos = weak.lock()) {
          eos->onabort();
        }
      });
    }
  }

  return [e]() {
    e->called = true;
    e->forgetSignal();
    e->detach();
  };
}

namespace promises {

Promise<> finished(Stream& stream, FinishedOptions options) {
  auto r = Promise<>::withResolvers();
  stream::finished(stream, options, [resolve = r.resolve, reject = r.reject](Error* err) {
    if (err != nullptr) {
      reject(*err);
    } else {
      resolve();
    }
  });
  return r.promise;
}

}  // namespace promises
}  // namespace nodecc::stream
