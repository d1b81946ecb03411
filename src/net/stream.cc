#include "net/stream.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <type_traits>

#include "os/fd.h"
#include "os/fs_ops.h"
#include "os/socket.h"

namespace nodecc::net::core {

namespace {
// Reads per readiness event before yielding to other connections (libuv uses 32 as well).
constexpr int kReadBudget = 32;
// iovecs per writev when flushing the queue.
constexpr int kMaxIov = 64;
}  // namespace

Stream::Stream(loop::core::Loop& loop, Handler& handler) : loop_(loop), handler_(handler) {
  watcher_.self = this;
  watcher_.onEvents = &Stream::onEvents;
}

Stream::~Stream() {
  clearQueue();
  if (isOpen()) {
    loop_.backend().close(watcher_);
  }
  loop_.cancelDeferred(deferred_);
  loop_.cancelDeferred(closer_);
  if (counted_) {
    loop_.releaseHandle();
  }
}

os::core::Result<void> Stream::open(int fd) {
  watcher_.fd = fd;
  if (auto r = loop_.addWatcher(watcher_); !r) {
    watcher_.fd = -1;
    return r;
  }
  if (refed_) {
    loop_.retainHandle();
    counted_ = true;
  }
  return {};
}

os::core::Result<void> Stream::connect(const SocketAddress& to) {
  auto fd = os::core::tcpSocket(to.family());
  if (!fd) {
    return os::core::Errno{fd.error()};
  }
  if (auto r = open(*fd); !r) {
    os::core::closeFd(*fd);
    return r;
  }
  auto r = loop_.backend().connect(watcher_, to.raw(), to.length());
  if (r) {
    // Connected at once (loopback can): report from the pending phase, as libuv does.
    connecting_ = true;
    pendingError_ = 0;
    loop_.queuePending(deferred_);
    return {};
  }
  if (r.error() == -EINPROGRESS) {
    connecting_ = true;
    return {};
  }
  return r;
}

void Stream::readStart() {
  if (reading_ || closing_) {
    return;
  }
  reading_ = true;
  // Edge-triggered: bytes that arrived while we were not reading raise no new event.
  readPending_ = true;
  if (!deferred_.queued()) {
    loop_.queuePending(deferred_);
  }
}

void Stream::readStop() {
  reading_ = false;
}

void Stream::onEvents(loop::core::IoWatcher* w, uint32_t events) {
  Stream* self = static_cast<Watcher*>(w)->self;
  if (self->connecting_) {
    if (events & (loop::core::kWritable | loop::core::kError | loop::core::kHangup)) {
      self->finishConnect();
    }
    return;
  }
  if ((events & loop::core::kWritable) && self->queuedBytes_ > 0) {
    self->flush();
  }
  if (self->closing_) {
    return;
  }
  if (events & loop::core::kHangup) {
    // The peer's FIN is queued behind any data: see the short-read rule in readSome().
    self->peerHungUp_ = true;
  }
  if (events & loop::core::kReadable) {
    self->readPending_ = true;
    if (self->reading_) {
      self->readSome();
    }
  }
}

void Stream::finishConnect() {
  connecting_ = false;
  int err = os::core::pendingSocketError(watcher_.fd);
  if (filter_ && err == 0) {
    filter_->onConnected();  // the handler hears of the connection once the handshake is done
    return;
  }
  handler_.onConnect(err);
  if (err != 0 || closing_ || failed_) {
    return;
  }
  // Bytes written (and a shutdown asked for) while connecting wait in the queue. The edge that
  // reported the connection was the writable one, and no other will come while the socket
  // buffer stays empty: send them now.
  if (queuedBytes_ > 0) {
    flush();
  } else if (shutdownWanted_ && !shutdownDone_) {
    shutdownDone_ = true;
    (void)os::core::shutdownWrite(watcher_.fd);
  }
}

void Stream::onDeferred(loop::core::Deferred* d) {
  auto* self = static_cast<Stream*>(d->data);
  if (self->closing_) {
    return;
  }
  if (self->connecting_ && self->pendingError_ == 0) {
    self->finishConnect();
    return;
  }
  if (self->pendingError_ != 0) {
    int err = self->pendingError_;
    self->pendingError_ = 0;
    self->handler_.onError(err);
    return;
  }
  if (self->reading_ && self->readPending_) {
    self->readSome();
  }
}

void Stream::readSome() {
  // The filter is chosen once per call, not tested on each read: a cleartext stream never has
  // one, and a TLS stream's is set before its first read and stays. True when the budget ran
  // out with data still waiting.
  auto readLoop = [this](auto filtered) {
    constexpr bool kFiltered = decltype(filtered)::value;
    for (int i = 0; i < kReadBudget; ++i) {
      if (!reading_ || closing_) {
        return false;
      }
      if (kFiltered && !filter_->resume()) {
        return false;
      }
      std::span<char> buf = kFiltered ? filter_->receiveBuffer() : handler_.readBuffer();
      auto n = loop_.backend().recv(watcher_, buf.data(), buf.size());
      if (!n) {
        if (n.error() == -EAGAIN || n.error() == -EWOULDBLOCK) {
          readPending_ = false;
          return false;
        }
        fail(n.error(), false, false);
        return false;
      }
      if (*n == 0) {
        readPending_ = false;
        reading_ = false;
        handler_.onEnd();
        return false;
      }
      bytesRead_ += *n;
      if (kFiltered) {
        filter_->onReceive(*n);
      } else {
        handler_.onRead(*n);
      }
      if (*n < buf.size()) {
        if (!peerHungUp_) {
          // A short read drained the socket; the next arrival raises a new edge.
          readPending_ = false;
          return false;
        }
        // Data and FIN came in one edge: after the data is read nothing will announce the EOF
        // again, so read on until recv() returns 0. But first the ticks and microtasks the data
        // queued, as libuv reports the two in separate read callbacks and Node drains its queues
        // after each: an HTTP handler that answers when its body ends has answered before the
        // FIN is seen, so a client that half-closes after its request still gets the response.
        loop_.drain();
      }
    }
    return true;
  };
  if (!(filter_ != nullptr ? readLoop(std::true_type{}) : readLoop(std::false_type{}))) {
    return;
  }
  // Budget spent with data still waiting: continue next iteration, after the others.
  if (!deferred_.queued() && !closing_) {
    loop_.queuePending(deferred_);
  }
}

bool Stream::tryWrite(const iovec* iov, int count, size_t total, size_t* written) {
  *written = 0;
  if (failed_ || closing_ || connecting_ || queuedBytes_ > 0) {
    return failed_ || closing_;
  }
  auto n = loop_.backend().writev(watcher_, iov, count);
  if (!n) {
    if (n.error() != -EAGAIN && n.error() != -EWOULDBLOCK) {
      fail(n.error(), true, true);
      return true;
    }
    return false;
  }
  *written = *n;
  bytesWritten_ += *n;
  return *n == total;
}

void Stream::write(std::string_view data) {
  iovec iov{const_cast<char*>(data.data()), data.size()};
  writev(&iov, 1);
}

void Stream::write(std::string&& data) {
  iovec iov{data.data(), data.size()};
  if (filter_) {
    if (backlogBytes_ > 0) {
      backlogAppend(&iov, 1);
    } else {
      filter_->send(&iov, 1);
    }
    return;
  }
  size_t written;
  if (tryWrite(&iov, 1, data.size(), &written)) {
    return;
  }
  // Move the buffer instead of copying it: large bodies are queued without a copy.
  Chunk c;
  c.bytes = std::move(data);
  c.offset = written;
  queuedBytes_ += c.bytes.size() - written;
  queue_.push_back(std::move(c));
}

void Stream::writev(const iovec* iov, int count) {
  if (filter_) {
    if (backlogBytes_ > 0) {
      backlogAppend(iov, count);
    } else {
      filter_->send(iov, count);
    }
    return;
  }
  writeRaw(iov, count);
}

void Stream::writeRaw(const iovec* iov, int count) {
  size_t total = 0;
  for (int i = 0; i < count; ++i) {
    total += iov[i].iov_len;
  }
  if (total == 0) {
    return;
  }
  size_t written;
  if (tryWrite(iov, count, total, &written)) {
    return;
  }
  queueCopy(iov, count, written);
}

void Stream::queueCopy(const iovec* iov, int count, size_t skip) {
  Chunk c;
  for (int i = 0; i < count; ++i) {
    const char* p = static_cast<const char*>(iov[i].iov_base);
    size_t len = iov[i].iov_len;
    if (skip >= len) {
      skip -= len;
      continue;
    }
    c.bytes.append(p + skip, len - skip);
    skip = 0;
  }
  queuedBytes_ += c.bytes.size();
  queue_.push_back(std::move(c));
}

void Stream::sendFile(SharedFile* file, int64_t offset, size_t len) {
  if (failed_ || closing_ || len == 0) {
    return;
  }
  file->retain();
  Chunk c;
  c.file = file;
  c.fileOffset = offset;
  c.fileLeft = len;
  if (filter_) {
    backlogBytes_ += len;
    backlog_.push_back(std::move(c));
    pumpBacklog();
    return;
  }
  queuedBytes_ += len;
  queue_.push_back(std::move(c));
  if (queuedBytes_ == len && !connecting_) {
    flush();
  }
}

void Stream::dropChunks(std::vector<Chunk>& chunks, size_t& head) {
  for (size_t i = head; i < chunks.size(); ++i) {
    if (chunks[i].file) {
      chunks[i].file->release();
    }
  }
  chunks.clear();
  head = 0;
}

void Stream::clearQueue() {
  dropChunks(queue_, queueHead_);
  queuedBytes_ = 0;
  clearBacklog();
}

void Stream::flush() {
  while (queueHead_ < queue_.size() && !failed_ && !closing_) {
    Chunk& head = queue_[queueHead_];
    size_t sent;
    if (head.file) {
      auto n = loop_.backend().sendfile(watcher_, head.file->fd(), &head.fileOffset, head.fileLeft);
      if (!n) {
        if (n.error() == -EAGAIN) {
          return;
        }
        fail(n.error(), false, true);
        return;
      }
      if (*n == 0) {
        fail(-EIO, false, true);  // the file shrank under us: never send a short body silently
        return;
      }
      sent = *n;
      head.fileLeft -= sent;
      queuedBytes_ -= sent;
      bytesWritten_ += sent;
      if (head.fileLeft == 0) {
        head.file->release();
        head.file = nullptr;
        ++queueHead_;
      }
      continue;
    }
    iovec iov[kMaxIov];
    int count = 0;
    for (size_t i = queueHead_; i < queue_.size() && count < kMaxIov; ++i) {
      Chunk& c = queue_[i];
      if (c.file) {
        break;
      }
      iov[count++] = iovec{c.bytes.data() + c.offset, c.bytes.size() - c.offset};
    }
    auto n = loop_.backend().writev(watcher_, iov, count);
    if (!n) {
      if (n.error() == -EAGAIN || n.error() == -EWOULDBLOCK) {
        return;
      }
      fail(n.error(), false, true);
      return;
    }
    sent = *n;
    queuedBytes_ -= sent;
    bytesWritten_ += sent;
    while (sent > 0) {
      Chunk& c = queue_[queueHead_];
      size_t left = c.bytes.size() - c.offset;
      if (sent >= left) {
        sent -= left;
        ++queueHead_;
      } else {
        c.offset += sent;
        sent = 0;
      }
    }
  }
  if (queueHead_ == queue_.size() && !failed_ && !closing_) {
    queue_.clear();
    queueHead_ = 0;
    if (backlogBytes_ > 0) {
      pumpBacklog();  // seals the next pieces; what the socket does not take is queued again
      if (queuedBytes() > 0 || failed_ || closing_) {
        return;
      }
    }
    if (shutdownWanted_ && !shutdownDone_) {
      shutdownDone_ = true;
      (void)os::core::shutdownWrite(watcher_.fd);
    }
    handler_.onDrain();
  }
}

void Stream::shutdown() {
  if (shutdownWanted_ || closing_) {
    return;
  }
  if (filter_ && !connecting_) {
    if (backlogBytes_ > 0) {
      filterShutdownWaits_ = true;  // close_notify must follow the body still to be sealed
    } else {
      filter_->onShutdown();
    }
  }
  shutdownWanted_ = true;
  if (queuedBytes() == 0 && !connecting_ && isOpen()) {
    shutdownDone_ = true;
    (void)os::core::shutdownWrite(watcher_.fd);
  }
}

void Stream::fail(int err, bool deferred, bool writing) {
  if (failed_) {
    return;
  }
  failed_ = true;
  failedWriting_ = writing;
  reading_ = false;
  if (deferred) {
    pendingError_ = err;
    if (!deferred_.queued()) {
      loop_.queuePending(deferred_);
    }
    return;
  }
  handler_.onError(err);
}

void Stream::close(bool reset) {
  if (closing_) {
    return;
  }
  closing_ = true;
  reading_ = false;
  loop_.cancelDeferred(deferred_);
  if (isOpen()) {
    if (reset) {
      (void)os::core::setLingerZero(watcher_.fd);
    }
    loop_.backend().close(watcher_);
  }
  clearQueue();
  loop_.queueClose(closer_);
}

int Stream::release(std::unique_ptr<Filter>* filter) {
  if (!isOpen() || (filter_ && filter == nullptr) || queuedBytes() > 0 || connecting_ || closing_) {
    // A broken caller: queued bytes or the TLS state would be lost with the socket.
    std::fprintf(stderr, "nodecc: Stream::release() of a stream that is not plain and idle\n");
    std::abort();
  }
  int fd = watcher_.fd;
  loop_.backend().remove(watcher_);
  watcher_.fd = -1;
  if (filter != nullptr) {
    *filter = std::move(filter_);
  }
  close();
  return fd;
}

bool Stream::takeQueued(std::string* out) {
  if (backlogBytes_ > 0) {
    return false;
  }
  for (size_t i = queueHead_; i < queue_.size(); ++i) {
    if (queue_[i].file) {
      return false;
    }
  }
  for (size_t i = queueHead_; i < queue_.size(); ++i) {
    out->append(queue_[i].bytes, queue_[i].offset);
  }
  queue_.clear();
  queueHead_ = 0;
  queuedBytes_ = 0;
  return true;
}

os::core::Result<void> Stream::open(int fd, std::unique_ptr<Filter> filter) {
  if (filter) {
    filter->moveTo(*this);
    filter_ = std::move(filter);
  }
  return open(fd);
}

void Stream::closeNow() {
  close();
  if (!closer_.queued()) {
    return;  // its close callback has run already
  }
  loop_.cancelDeferred(closer_);
  try {
    onClosed(&closer_);
  } catch (...) {
    // As any loop callback's exception (a 'close' listener's).
    loop_.uncaught(std::current_exception());
  }
}

void Stream::onClosed(loop::core::Deferred* d) {
  auto* self = static_cast<Stream*>(d->data);
  if (self->counted_) {
    self->counted_ = false;
    self->loop_.releaseHandle();
  }
  self->handler_.onClose();
}

os::core::Result<void> Stream::setNoDelay(bool on) {
  return os::core::setNoDelay(watcher_.fd, on);
}

os::core::Result<void> Stream::setKeepAlive(bool on, unsigned initialDelaySecs) {
  return os::core::setKeepAlive(watcher_.fd, on, initialDelaySecs);
}

SocketAddress Stream::localAddress() const {
  sockaddr_storage ss;
  socklen_t len;
  if (!isOpen() || !os::core::localAddress(watcher_.fd, &ss, &len)) {
    return {};
  }
  return SocketAddress::fromRaw(reinterpret_cast<sockaddr*>(&ss), len);
}

SocketAddress Stream::remoteAddress() const {
  sockaddr_storage ss;
  socklen_t len;
  if (!isOpen() || !os::core::peerAddress(watcher_.fd, &ss, &len)) {
    return {};
  }
  return SocketAddress::fromRaw(reinterpret_cast<sockaddr*>(&ss), len);
}

void Stream::ref() {
  if (refed_) {
    return;
  }
  refed_ = true;
  if (isOpen() && !counted_) {
    loop_.retainHandle();
    counted_ = true;
  }
}

void Stream::unref() {
  if (!refed_) {
    return;
  }
  refed_ = false;
  if (counted_) {
    loop_.releaseHandle();
    counted_ = false;
  }
}

}  // namespace nodecc::net::core
