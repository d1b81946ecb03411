#pragma once
// asStream(net::Socket&)'s Duplex (socket_stream.cc). The socket keeps its own events and queue
// (the TCP and TLS paths are unchanged and pay nothing until this is made); this Duplex listens
// to it as Readable.wrap listens to an old-style stream, and writes with the socket's
// write()/'drain'/end().
#include <optional>

#include "nodecc/net.h"

namespace nodecc::net {

namespace detail {

class SocketStream final : public stream::Duplex {
 public:
  explicit SocketStream(Socket& socket);
  ~SocketStream() override { unlisten(); }
  SocketStream(const SocketStream&) = delete;
  SocketStream& operator=(const SocketStream&) = delete;

  // The socket is going away without a 'close' (the thread's runtime is torn down).
  void detach() {
    unlisten();
    if (!destroyed()) {
      destroy();
    }
  }

  void onData(const Buffer& chunk) {
    if (!push(chunk) && socket_ != nullptr && !pausedHere_) {
      pausedHere_ = true;
      socket_->pause();  // the kernel's window closes: TCP pushes back on the peer
    }
  }
  void onEnd() {
    readEnded_ = true;
    push(nullptr);
  }
  void onDrain() {
    if (pendingWrite_) {
      stream::Callback cb = *pendingWrite_;
      pendingWrite_.reset();
      cb();
    }
  }
  void onError(const Error& error) { destroy(error); }
  // The socket closes and is deleted after its 'close' listeners: let go of it. When the peer
  // had ended and nothing is waiting to be written, the stream ends as the socket did.
  void onClose(bool /*hadError*/) {
    unlisten();
    if (destroyed()) {
      return;
    }
    if (readEnded_ && !pendingWrite_) {
      if (!writableEnded()) {
        end();
      }
    } else {
      destroy(stream::detail::errPrematureClose());
    }
  }

 protected:
  void _read(size_t /*size*/) override {
    if (socket_ != nullptr && pausedHere_) {
      pausedHere_ = false;
      socket_->resume();
    }
  }
  void _write(const Buffer& chunk, std::string_view /*encoding*/, stream::Callback cb) override {
    if (socket_ == nullptr) {
      cb(stream::detail::errPrematureClose());
    } else if (socket_->write(chunk)) {
      cb();
    } else {
      pendingWrite_ = cb;  // until the socket's 'drain'
    }
  }
  void _final(stream::Callback cb) override {
    if (socket_ != nullptr && !socket_->destroyed()) {
      socket_->end();
    }
    cb();
  }
  // The error is this stream's to report (to a pipeline, an iterator, its 'error' listeners):
  // the socket is destroyed without it, since this stream lets go of the socket before the
  // socket would emit it, and an 'error' nobody hears is uncaught.
  void _destroy(const Error* error, stream::Callback cb) override {
    pendingWrite_.reset();
    if (socket_ != nullptr && !socket_->destroyed()) {
      socket_->destroy();
    }
    cb(error);
  }

 private:
  void unlisten();
  Socket* socket_;
  std::optional<stream::Callback> pendingWrite_;
  bool pausedHere_ = false;  // this stream paused the socket (its buffer was full)
  bool readEnded_ = false;   // the socket emitted 'end'
};

}  // namespace detail

}  // namespace nodecc::net
