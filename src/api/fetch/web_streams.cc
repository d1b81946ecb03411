// stream::fromWeb and stream::toWeb (nodecc/fetch.h): Node's Readable.fromWeb and
// Readable.toWeb, lib/internal/webstreams/adapters.js translated: fromWeb reads one chunk per
// _read, toWeb reads its Readable in paused mode up to a high-water mark.
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "api/fetch/body.h"
#include "nodecc/fetch.h"

namespace nodecc {

namespace {

// Readable.fromWeb's Readable. The reader is taken once; _read asks it for one chunk, and the
// Readable asks again only when that push left room (Node's kReading keeps _read from running
// while a read is pending), so the body is read no faster than the consumer takes it.
class FromWebReadable final : public stream::Readable {
 public:
  explicit FromWebReadable(ReadableStreamDefaultReader reader)
      : stream::Readable(stream::ReadableOptions<Buffer>{}),
        reader_(std::move(reader)),
        alive_(std::make_shared<FromWebReadable*>(this)) {}
  ~FromWebReadable() override { *alive_ = nullptr; }

 protected:
  void _read(size_t) override {
    // The continuations hold alive_, not `this`: a read settled after the stream was deleted
    // finds null.
    reader_.read().then(
        [alive = alive_](ReadResult& r) {
          FromWebReadable* self = *alive;
          if (self == nullptr || self->destroyed()) {
            return;
          }
          if (r.done) {
            self->closed_ = true;
            self->push(nullptr);
          } else {
            self->push(std::move(r.value));
          }
        },
        [alive = alive_](std::exception_ptr e) {
          FromWebReadable* self = *alive;
          if (self != nullptr) {
            self->closed_ = true;
            self->destroy(toError(e));
          }
        });
  }

  // Node's destroy(): cancel the web stream unless it closed, then call back from the
  // cancel's promise (a microtask).
  void _destroy(const Error* error, stream::Callback cb) override {
    if (!closed_) {
      closed_ = true;
      reader_.cancel();
    }
    std::optional<Error> e;
    if (error != nullptr) {
      e = *error;
    }
    queueMicrotask([cb, e]() mutable { cb(e ? &*e : nullptr); });
  }

 private:
  ReadableStreamDefaultReader reader_;
  std::shared_ptr<FromWebReadable*> alive_;
  bool closed_ = false;  // the web stream ended, failed or was cancelled
};

}  // namespace

namespace detail {

namespace {

// Readable.toWeb's source: the Readable is paused, its 'data' queued here until the queue
// holds its high-water mark (bytes, or chunks in object mode), then paused again; read()
// takes from the queue and resumes it (the web stream's pull). A chunk that arrives while a
// read() waits goes to it directly. Its end closes the stream (queued chunks are still read),
// its error errors it (the queue is dropped), as the web stream's controller does.
template <class T>
struct ReadableBody final : FetchBody {
  stream::ReadableOf<T>* source = nullptr;  // until its 'close'
  std::deque<Buffer> queue;
  size_t queued = 0;  // bytes, or chunks in object mode
  size_t highWaterMark = 0;
  bool objectMode = false;
  bool ended = false;
  std::optional<Error> error;
  std::optional<Resolve<ReadResult>> waiting;

  void attach(stream::ReadableOf<T>& readable) {
    source = &readable;
    highWaterMark = readable.readableHighWaterMark();
    objectMode = readable.readableObjectMode();
    std::weak_ptr<ReadableBody> weak = std::static_pointer_cast<ReadableBody>(shared_from_this());
    readable.pause();
    stream::finished(readable, [weak](Error* err) {
      if (auto b = weak.lock()) {
        b->onFinished(err);
      }
    });
    readable.on("data", [weak](const T& chunk) {
      if (auto b = weak.lock()) {
        b->onData(chunk);
      }
    });
    readable.on("close", [weak] {
      if (auto b = weak.lock()) {
        b->source = nullptr;
      }
    });
    pull();
  }

  size_t sizeOf(const Buffer& b) const { return objectMode ? 1 : b.length(); }
  // The pending read(), taken to settle it (once).
  Resolve<ReadResult> takeWaiting() {
    Resolve<ReadResult> r = std::move(*waiting);
    waiting.reset();
    return r;
  }

  void pull() {
    if (source != nullptr && !ended && !error && queued < highWaterMark) {
      source->resume();
    }
  }

  void onData(const T& chunk) {
    Buffer b;
    if constexpr (std::is_same_v<T, Buffer>) {
      b = chunk;
    } else {
      b = Buffer::from(std::string_view(chunk));
    }
    if (waiting) {
      takeWaiting()(ReadResult{false, std::move(b)});
    } else {
      queued += sizeOf(b);
      queue.push_back(std::move(b));
    }
    if (queued >= highWaterMark && !waiting && source != nullptr) {
      source->pause();
    }
  }

  void onFinished(Error* err) {
    if (ended || error) {
      return;
    }
    if (err == nullptr) {
      ended = true;
      if (waiting && queue.empty()) {
        takeWaiting()(ReadResult{true, Buffer()});
      }
      return;
    }
    error = err->code == "ERR_STREAM_PREMATURE_CLOSE" ? AbortError(*err) : *err;
    queue.clear();
    queued = 0;
    if (waiting) {
      takeWaiting().reject(std::make_exception_ptr(*error));
    }
  }

  Promise<ReadResult> read() override {
    used = true;
    if (!queue.empty()) {
      Buffer b = std::move(queue.front());
      queue.pop_front();
      queued -= sizeOf(b);
      pull();
      return Promise<ReadResult>::resolve(ReadResult{false, std::move(b)});
    }
    if (error) {
      return Promise<ReadResult>::reject(*error);
    }
    if (ended) {
      return Promise<ReadResult>::resolve(ReadResult{true, Buffer()});
    }
    if (waiting) {
      return Promise<ReadResult>::reject(
          TypeError("ERR_INVALID_STATE", "a read is already pending"));
    }
    auto p = Promise<ReadResult>::withResolvers();
    waiting.emplace(p.resolve);
    if (source != nullptr) {
      source->resume();
    }
    return p.promise;
  }

  void cancel() override {
    queue.clear();
    queued = 0;
    if (ended || error) {
      return;
    }
    ended = true;  // a cancelled stream reads as ended
    if (waiting) {
      takeWaiting()(ReadResult{true, Buffer()});
    }
    if (source != nullptr) {
      source->destroy();
    }
  }
};

template <class T>
ReadableStream toWebImpl(stream::ReadableOf<T>& readable) {
  auto body = std::make_shared<ReadableBody<T>>();
  body->attach(readable);
  return FetchAccess::makeStream(std::move(body));
}

}  // namespace

}  // namespace detail

BodyInit::BodyInit(stream::Readable& readable) : stream_(stream::toWeb(readable)) {}
BodyInit::BodyInit(stream::ReadableOf<std::string>& readable) : stream_(stream::toWeb(readable)) {}

namespace stream {

Readable& fromWeb(ReadableStream stream) {
  auto* r = new FromWebReadable(stream.getReader());
  r->ownSelf();
  return *r;
}

ReadableStream toWeb(Readable& readable) {
  return nodecc::detail::toWebImpl(readable);
}

ReadableStream toWeb(ReadableOf<std::string>& readable) {
  return nodecc::detail::toWebImpl(readable);
}

}  // namespace stream

}  // namespace nodecc
