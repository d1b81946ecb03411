// process.stdin (nodecc/stream.h): one stream::Readable over fd 0, reading the way Node 20's
// getStdin (lib/internal/bootstrap/switches/is_main_thread.js) picks for the kind of fd 0.
//
// A pipe, socket or terminal is a net.Socket in Node: _read starts the handle reading
// (libuv's uv_read_start), each read is push()ed, a push that returns false stops the handle,
// EOF is push(null), a read error destroy(errnoException(err, "read")). The handle keeps the
// loop alive only while it reads, and 'pause' stops it from a nextTick when the stream is not
// flowing (Node's onpause), so a paused stdin lets the process exit. The reads go through the
// loop's backend (recv falls back to read(2) for a pipe or a terminal), so the flight recorder
// records and replays them as it does a socket's.
//
// A file or a character device is an fs.ReadStream({fd: 0, autoClose: false}) in Node: each
// _read is one read(2) on the thread pool, at the file position; a destroy during a read waits
// for it (kIsPerformingIO), and fd 0 is never closed (Node's close() skips a falsy fd).
#include <cstring>
#include <optional>
#include <vector>

#include "api/pool_job.h"
#include "api/runtime.h"
#include "api/system_error.h"
#include "loop/loop.h"
#include "nodecc/stream.h"
#include "os/fd.h"
#include "os/fs_ops.h"
#include "os/stdio.h"

namespace nodecc::process {

namespace {

// Bytes per read of a pipe or terminal: libuv's suggested size, which Node's onread slices.
constexpr size_t kPipeReadBytes = 64 * 1024;
// Reads per readiness event before yielding to other handles (libuv's 32, as net streams).
constexpr int kReadBudget = 32;
// Node's highWaterMarks: net.Socket's default (16 KiB in Node 20), tty.ReadStream's 0,
// fs.ReadStream's 64 KiB.
constexpr size_t kSocketHighWaterMark = 16 * 1024;
constexpr size_t kFileHighWaterMark = 64 * 1024;

thread_local ReadStream* tStdin = nullptr;

enum class Route { kWatched, kFile, kEmpty };

Route routeOf(os::core::FdKind kind) {
  switch (kind) {
    case os::core::FdKind::kPipe:
    case os::core::FdKind::kSocket:
    case os::core::FdKind::kTerminal:
      return Route::kWatched;
    case os::core::FdKind::kFile:
    case os::core::FdKind::kCharDevice:
    case os::core::FdKind::kClosed:  // reserveStdio() made it /dev/null unless it failed
      return Route::kFile;
    default:
      return Route::kEmpty;
  }
}

}  // namespace

struct ReadStream::Impl {
  struct Watcher : loop::core::IoWatcher {
    Impl* impl = nullptr;
  };

  Impl(loop::core::Loop& loop, os::core::StdinSource source)
      : loop(loop), source(source), route(routeOf(source.kind)) {
    watcher.impl = this;
    watcher.fd = source.fd;
    watcher.onEvents = &Impl::onEvents;
    watcher.interest = loop::core::kReadable;
  }

  ~Impl() {
    stopWatching();
    if (source.ownsFd) {
      os::core::closeFd(source.fd);
    }
  }

  // libuv's uv_read_start: from the pending phase, then on each readiness event.
  void readStart() {
    if (reading || done) {
      return;
    }
    if (!source.readable) {
      self->destroy(nodecc::detail::errnoException(-ENOTCONN, "read"));
      return;
    }
    if (!watcher.registered) {
      if (auto r = loop.addWatcher(watcher); !r) {
        self->destroy(nodecc::detail::errnoException(r.error(), "read"));
        return;
      }
    }
    reading = true;
    if (!counted) {
      counted = true;
      loop.retainHandle();
    }
    // Edge-triggered: bytes that came while nobody read raise no new event.
    readPending = true;
    if (!deferred.queued()) {
      loop.queuePending(deferred);
    }
  }

  void readStop() {
    reading = false;
    if (counted) {
      counted = false;
      loop.releaseHandle();
    }
  }

  // EOF, an error or destroy: nothing more is read.
  void stopWatching() {
    done = true;
    readStop();
    loop.cancelDeferred(deferred);
    if (watcher.registered) {
      loop.backend().remove(watcher);
    }
  }

  static void onEvents(loop::core::IoWatcher* w, uint32_t events) {
    Impl* impl = static_cast<Watcher*>(w)->impl;
    if (events & loop::core::kHangup) {
      impl->hungUp = true;
    }
    if (events & loop::core::kReadable) {
      impl->readPending = true;
      if (impl->reading) {
        impl->readSome();
      }
    }
  }

  static void onDeferred(loop::core::Deferred* d) {
    auto* impl = static_cast<Impl*>(d->data);
    if (impl->reading && impl->readPending) {
      impl->readSome();
    }
  }

  void readSome() {
    if (scratch.empty()) {
      scratch.resize(kPipeReadBytes);
    }
    for (int i = 0; i < kReadBudget; ++i) {
      if (!reading) {
        return;
      }
      auto n = loop.backend().recv(watcher, scratch.data(), scratch.size());
      if (!n) {
        if (n.error() == -EAGAIN || n.error() == -EWOULDBLOCK) {
          readPending = false;
          return;
        }
        stopWatching();
        self->destroy(nodecc::detail::errnoException(n.error(), "read"));
        return;
      }
      if (*n == 0) {
        stopWatching();
        self->push(nullptr);
        return;
      }
      Buffer chunk = Buffer::allocUnsafe(*n);
      std::memcpy(chunk.data(), scratch.data(), *n);
      // A listener may pause, destroy or read on from inside push().
      if (!self->push(std::move(chunk)) && !done) {
        readStop();
      }
      // A terminal in canonical mode returns one line per read though more may wait: only
      // EAGAIN says it is drained.
      if (*n < scratch.size() && source.kind != os::core::FdKind::kTerminal) {
        if (!hungUp) {
          readPending = false;  // drained: the next arrival raises a new edge
          return;
        }
        // Data and EOF in one edge: read on to the 0, after the ticks the data queued (libuv
        // reports them in two callbacks, Node drains its queues after each).
        loop.drain();
      }
    }
    if (reading && !deferred.queued()) {
      loop.queuePending(deferred);  // budget spent: continue next iteration, after the others
    }
  }

  // fs.ReadStream's _read: one read(2) at the file position on the pool.
  void readFile(size_t n) {
    struct Read {
      std::unique_ptr<char[]> bytes;
      size_t size = 0;
      int64_t result = 0;
    };
    auto read = std::make_shared<Read>();
    read->size = n == 0 ? kFileHighWaterMark : n;
    read->bytes.reset(new char[read->size]);
    performingIo = true;
    nodecc::detail::submitJob(
        [read, fd = source.fd] {
          auto r = os::core::readFd(fd, read->bytes.get(), read->size, -1);
          read->result = r ? int64_t(*r) : int64_t(r.error());
        },
        [this, read] { onFileRead(read->result, read->bytes.get()); });
  }

  void onFileRead(int64_t result, const char* bytes) {
    performingIo = false;
    if (self->destroyed()) {
      // _destroy was waiting for this read (Node's kIoDone).
      if (closeWhenIoDone) {
        stream::Callback cb = std::move(*closeWhenIoDone);
        closeWhenIoDone.reset();
        std::optional<Error> err = std::move(destroyError);
        if (!err && result < 0) {
          err = Error::fromErrno(int(result), "read");
        }
        cb(err ? &*err : nullptr);
      }
      return;
    }
    if (result < 0) {
      self->errorOrDestroy(Error::fromErrno(int(result), "read"));
      return;
    }
    if (result == 0) {
      self->push(nullptr);
      return;
    }
    Buffer chunk = Buffer::allocUnsafe(size_t(result));
    std::memcpy(chunk.data(), bytes, size_t(result));
    self->push(std::move(chunk));
  }

  ReadStream* self = nullptr;
  loop::core::Loop& loop;
  os::core::StdinSource source;
  Route route;
  Watcher watcher;
  loop::core::Deferred deferred{&Impl::onDeferred, this};
  std::vector<char> scratch;
  bool reading = false;      // the handle reads (and keeps the loop alive)
  bool readPending = false;  // readable data may remain
  bool hungUp = false;       // the writer is gone: an EOF waits behind the data
  bool counted = false;      // holds a loop handle reference
  bool done = false;         // EOF, error or destroy: no more reading
  // The file route's read in flight, and a _destroy waiting for it.
  bool performingIo = false;
  std::optional<stream::Callback> closeWhenIoDone;
  std::optional<Error> destroyError;
};

ReadStream::ReadStream(std::unique_ptr<Impl> impl, bool isTTY, stream::ReadableOptions<Buffer> o)
    : stream::Readable(std::move(o)), isTTY(isTTY), impl_(std::move(impl)) {
  impl_->self = this;
}

ReadStream::~ReadStream() {
  if (tStdin == this) {
    tStdin = nullptr;
  }
}

void ReadStream::_read(size_t n) {
  switch (impl_->route) {
    case Route::kWatched:
      impl_->readStart();
      break;
    case Route::kFile:
      impl_->readFile(n);
      break;
    case Route::kEmpty:
      break;  // Node's dummy `new Readable({read() {}})`, ended at its creation
  }
}

void ReadStream::_destroy(const Error* error, stream::Callback cb) {
  if (impl_->route == Route::kFile && impl_->performingIo) {
    impl_->closeWhenIoDone = std::move(cb);
    if (error != nullptr) {
      impl_->destroyError = *error;
    }
    return;
  }
  impl_->stopWatching();
  cb(error);
}

ReadStream& stdin() {
  if (tStdin != nullptr) {
    return *tStdin;
  }
  nodecc::detail::Runtime& runtime = nodecc::detail::Runtime::current();
  os::core::StdinSource source = os::core::openStdin();
  auto impl = std::make_unique<ReadStream::Impl>(runtime.loop(), source);
  const Route route = impl->route;
  const bool tty = source.kind == os::core::FdKind::kTerminal;
  stream::ReadableOptions<Buffer> o;
  o.highWaterMark = route == Route::kFile ? kFileHighWaterMark : tty ? 0 : kSocketHighWaterMark;
  o.autoDestroy = route != Route::kFile;  // fs.ReadStream's autoClose: false
  auto* s = new ReadStream(std::move(impl), tty, std::move(o));
  runtime.adopt(s);
  tStdin = s;
  if (route == Route::kWatched) {
    // Node's onpause: a paused stdin stops reading, one tick later, so the process can exit.
    s->on("pause", [s] {
      nextTick([s] {
        if (tStdin == s && s->impl_->reading && s->readableFlowing() != true) {
          s->rs().bits &= ~stream::detail::kReading;
          s->impl_->readStop();
        }
      });
    });
  } else if (route == Route::kEmpty) {
    s->push(nullptr);
  }
  return *s;
}

}  // namespace nodecc::process
