#include "api/net/tcp_socket.h"

#include <cerrno>

#include "api/net/server_impl.h"
#include "api/runtime.h"
#include "api/system_error.h"
#include "nodecc/process.h"
#include "os/errno_table.h"

namespace nodecc::net::detail {

namespace {
// Reads land here, then exactly the bytes read are copied into the Buffer given to "data".
constexpr size_t kReadChunk = 64 * 1024;
thread_local char tReadScratch[kReadChunk];
}  // namespace

Error errorWithAddress(int err, std::string_view syscall, std::string_view address, uint16_t port) {
  Error e = Error::fromErrno(err, syscall);
  e.address = std::string(address);
  e.port = port;
  std::string where = std::string(address) + ":" + std::to_string(port);
  if (syscall == "connect") {
    e.message = std::string(syscall) + " " + e.code + " " + where;
  } else {
    e.message = std::string(syscall) + " " + e.code + ": " +
                std::string(os::core::errnoMessage(err)) + " " + where;
  }
  return e;
}

TcpSocket::TcpSocket(loop::core::Loop& loop, MakeFacade makeFacade)
    : loop_(loop),
      stream_(loop, *this),
      socket_(makeFacade ? makeFacade(this) : std::make_unique<Socket>(this)) {
  facade = socket_.get();
  timer_.data = this;
}

TcpSocket::~TcpSocket() {
  loop_.stopTimer(timer_);
}

os::core::Result<void> TcpSocket::adopt(int fd) {
  return adopt(fd, nullptr);
}

os::core::Result<void> TcpSocket::adopt(int fd, std::unique_ptr<net::core::Stream::Filter> filter) {
  auto r = stream_.open(fd, std::move(filter));
  if (r) {
    connected_ = true;
    stream_.readStart();
  }
  return r;
}

int TcpSocket::release(std::unique_ptr<net::core::Stream::Filter>* filter) {
  destroying_ = true;
  loop_.stopTimer(timer_);
  return stream_.release(filter);
}

bool TcpSocket::wrappable() const {
  return connected_ && !destroying_ && stream_.isOpen() && !stream_.closing() &&
         !stream_.failed() && stream_.filter() == nullptr && wrapper_ == nullptr;
}

int TcpSocket::handOver(TcpSocket& wrapper, std::string* unsent) {
  (void)remoteAddress();  // kept: the address still answers once the descriptor is gone
  if (!stream_.takeQueued(unsent)) {
    return -1;
  }
  wrapper_ = &wrapper;
  handedOver_ = true;
  wrapper.wrapped_ = this;
  wrapper.server = std::exchange(server, nullptr);
  destroying_ = true;
  loop_.stopTimer(timer_);
  runWriteCallbacks(nullptr);  // their bytes are the wrapper's to send now
  return stream_.release();
}

void TcpSocket::wrapperClosed() {
  wrapper_ = nullptr;
  socket_->emit("close", false);
}

void TcpSocket::wrapperGone() {
  // After the wrapper's own 'close': its listeners may still read this socket.
  if (streamClosed_) {
    delete this;
  } else {
    wrapperGone_ = true;  // freed when its stream's onClose comes
  }
}

os::core::Result<void> TcpSocket::connectTo(const core::SocketAddress& to) {
  connectTarget_ = to;
  return stream_.connect(to);
}

std::span<char> TcpSocket::readBuffer() {
  return {tReadScratch, kReadChunk};
}

void TcpSocket::onRead(size_t n) {
  touch();
  Buffer chunk = Buffer::from(std::string_view(tReadScratch, n));  // the bytes as they are
  socket_->emit("data", static_cast<const Buffer&>(chunk));
}

void TcpSocket::onEnd() {
  peerEnded_ = true;
  socket_->emit("end");
  if (destroying_) {
    return;
  }
  if (!socket_->allowHalfOpen) {
    end();
  }
  maybeClose();
}

void TcpSocket::onConnect(int status) {
  if (status != 0) {
    Error e = errorWithAddress(status, "connect", connectTarget_.ip(), connectTarget_.port());
    destroy(&e);
    return;
  }
  connected_ = true;
  if (!paused_) {
    stream_.readStart();
  }
  socket_->emit("connect");
  socket_->emit("ready");
  if (pendingWrapper_ != nullptr && !destroying_) {
    TcpSocket* wrapper = std::exchange(pendingWrapper_, nullptr);
    wrapper->pendingWrapped_ = nullptr;
    wrapper->onWrappedConnect(*this);
  }
}

void TcpSocket::onDrain() {
  runWriteCallbacks(nullptr);
  // Node emits no 'drain' once end() was called: nothing more may be written.
  if (needDrain_ && !ended_ && !destroying_) {
    needDrain_ = false;
    socket_->emit("drain");
  }
  maybeClose();
}

void TcpSocket::onError(int err) {
  Error e = nodecc::detail::errnoException(err, stream_.failedWriting() ? "write" : "read");
  destroy(&e);
}

void TcpSocket::onClose() {
  loop_.stopTimer(timer_);
  if (handedOver_) {
    // A wrapped socket's stream (released by handOver): the wrapper's close says the rest.
    streamClosed_ = true;
    if (wrapperGone_) {
      delete this;
    }
    return;
  }
  TcpSocket* wrapped = std::exchange(wrapped_, nullptr);
  if (!error_) {
    // Writes that never reached the kernel still complete exactly once.
    Error destroyed("ERR_STREAM_DESTROYED", "Cannot call write after a stream was destroyed");
    runWriteCallbacks(&destroyed);
  } else {
    runWriteCallbacks(error_.get());
    if (socket_->listenerCount("error") > 0 || !dropsUnheardErrors()) {
      try {
        socket_->emit("error", static_cast<const Error&>(*error_));
      } catch (...) {
        // No 'error' listener: an uncaught exception, as in Node; 'close' still follows.
        nodecc::detail::Runtime::current().uncaught(std::current_exception(), "uncaughtException");
      }
    }
  }
  if (wrapped != nullptr) {
    // As Node: the wrapped socket's 'close' (false) comes between the wrapper's 'error' (its
    // alone) and the wrapper's 'close'.
    wrapped->wrapperClosed();
  }
  socket_->emit("close", bool(error_) && !errorIsWrapped_);
  if (wrapped != nullptr) {
    wrapped->wrapperGone();
  }
  delete this;
}

bool TcpSocket::write(std::string_view data, UniqueFunction<void(Error*)> cb) {
  if (ended_ || destroying_) {
    // As Node: after destroy() the callback gets ERR_STREAM_DESTROYED; after end() it gets
    // ERR_STREAM_WRITE_AFTER_END, and the socket is destroyed with that error ('error', then
    // 'close' with hadError).
    Error e = destroying_
                  ? Error("ERR_STREAM_DESTROYED", "Cannot call write after a stream was destroyed")
                  : Error("ERR_STREAM_WRITE_AFTER_END", "write after end");
    if (cb) {
      process::nextTick([cb = std::move(cb), e]() mutable { cb(&e); });
    }
    if (!destroying_) {
      destroy(&e);
    }
    return false;
  }
  touch();
  stream_.write(data);
  if (cb) {
    // A wrapper waiting for its socket to connect has sent nothing yet.
    if (stream_.queuedBytes() == 0 && !stream_.connecting() && pendingWrapped_ == nullptr) {
      process::nextTick([cb = std::move(cb)]() mutable { cb(nullptr); });
    } else {
      writeCallbacks_.emplace_back(stream_.bytesWritten() + stream_.queuedBytes(), std::move(cb));
    }
  }
  bool below = stream_.queuedBytes() < socket_->writableHighWaterMark;
  if (!below) {
    needDrain_ = true;
  }
  return below;
}

void TcpSocket::runWriteCallbacks(Error* err) {
  auto callbacks = std::move(writeCallbacks_);
  writeCallbacks_.clear();
  for (auto& [target, cb] : callbacks) {
    cb(err);
  }
}

void TcpSocket::end() {
  if (ended_ || destroying_) {
    return;
  }
  ended_ = true;
  stream_.shutdown();
  maybeClose();
}

void TcpSocket::maybeClose() {
  // Both directions finished and everything sent: the socket is done.
  if (!destroying_ && ended_ && peerEnded_ && stream_.queuedBytes() == 0) {
    destroy(nullptr);
  }
}

void TcpSocket::destroy(const Error* err) {
  if (wrapper_ != nullptr) {
    wrapper_->destroy(err);  // the wrapper has the descriptor (Node: the handle they share)
    return;
  }
  if (destroying_) {
    return;
  }
  destroying_ = true;
  if (err) {
    error_ = std::make_unique<Error>(*err);
  }
  loop_.stopTimer(timer_);
  // A wrapper and the socket it waits for go together (Node: they share the handle), the
  // socket's 'close' first, as in Node (close callbacks run in the order they are queued).
  if (TcpSocket* plain = std::exchange(pendingWrapped_, nullptr)) {
    plain->pendingWrapper_ = nullptr;
    plain->destroy(nullptr);
  }
  stream_.close();
  if (TcpSocket* wrapper = std::exchange(pendingWrapper_, nullptr)) {
    wrapper->pendingWrapped_ = nullptr;
    // Node's TLSSocket re-emits its socket's 'error', then closes because that socket did:
    // 'close' (false).
    wrapper->errorIsWrapped_ = err != nullptr;
    wrapper->destroy(err);
  }
  if (server) {
    // Node counts the connection gone at destroy(), before the socket's own 'close' (which
    // waits for the close phase): the server's 'close' can come first.
    ServerImpl* s = std::exchange(server, nullptr);
    s->socketClosed();
  }
}

void TcpSocket::pause() {
  if (handedOver_) {
    return;
  }
  paused_ = true;
  stream_.readStop();
}

void TcpSocket::resume() {
  paused_ = false;
  if (connected_ && !peerEnded_ && !destroying_) {
    stream_.readStart();
  }
}

void TcpSocket::setTimeout(uint64_t ms) {
  timeoutMs_ = ms;
  if (ms == 0) {
    loop_.stopTimer(timer_);
    return;
  }
  loop_.setTimerRef(timer_, false);
  loop_.updateTime();
  loop_.startTimer(timer_, ms);
}

void TcpSocket::touch() {
  if (timeoutMs_ > 0) {
    loop_.startTimer(timer_, timeoutMs_);
  }
}

void TcpSocket::onTimeout(loop::core::Timer* t) {
  auto* self = static_cast<TcpSocket*>(t->data);
  self->socket_->emit("timeout");
}

}  // namespace nodecc::net::detail
