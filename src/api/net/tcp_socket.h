#pragma once
// TcpSocket: the backend of a net module socket (accepted by net::Server or made by
// net::connect). Owns its stream and its facade; deletes itself after emitting "close".
// tls's TLSSocket derives from it (the same socket, with TLS as its stream's filter): the
// hooks it needs are protected and virtual.
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "api/net/socket_backend.h"
#include "loop/timer_queue.h"

namespace nodecc::net::detail {

class ServerImpl;

class TcpSocket : public SocketBackend, public net::core::Stream::Handler {
 public:
  // Makes the facade users hold (a net::Socket, or a subclass such as tls::TLSSocket).
  using MakeFacade = std::unique_ptr<Socket> (*)(SocketBackend* backend);
  explicit TcpSocket(loop::core::Loop& loop, MakeFacade makeFacade = nullptr);
  ~TcpSocket() override;

  // The facade users hold.
  Socket& socket() { return *socket_; }
  ServerImpl* server = nullptr;  // the server that accepted it, told when it closes

  os::core::Result<void> adopt(int fd);
  // The same for a descriptor another stream released with its filter (an upgraded https
  // connection's TLS).
  os::core::Result<void> adopt(int fd, std::unique_ptr<net::core::Stream::Filter> filter);
  os::core::Result<void> connectTo(const core::SocketAddress& to);
  // The descriptor can be handed to another owner (release()): a plain connected socket, open,
  // with nothing queued to send.
  bool releasable() const {
    return connected_ && !destroying_ && stream_.isOpen() && stream_.queuedBytes() == 0 &&
           !stream_.closing();
  }
  // Gives the descriptor away with its filter (Stream::release) and closes this socket around
  // it: "close" follows as for destroy() (the caller removed the listeners it did not want to
  // hear it).
  int release(std::unique_ptr<net::core::Stream::Filter>* filter);

  // tls's new TLSSocket(socket) and tls.connect({socket}): `wrapper` takes this connected plain
  // socket's descriptor over (a STARTTLS upgrade). wrappable() says whether it can: open, no
  // filter of its own, no file queued, not wrapped already. handOver() returns the descriptor
  // and, in *unsent, what this socket still had to send (the wrapper sends it first; the write
  // callbacks run now). From then on this socket reads nothing and emits nothing; destroy()
  // destroys the wrapper, which owns it and counts for its server (getConnections, close);
  // when the wrapper closes, this socket emits 'close' (false) just before the wrapper's own
  // 'close' and is freed, as Node's wrapped net.Socket.
  bool wrappable() const;
  int handOver(TcpSocket& wrapper, std::string* unsent);
  // A socket still connecting (tls.connect({socket: net.connect(...)})): once it has emitted
  // 'connect', wrapper.onWrappedConnect(*this) (which calls handOver); if it fails or is
  // destroyed first, the wrapper is destroyed with its error; a wrapper destroyed first
  // destroys it.
  bool wrappableOnceConnected() const {
    return !connected_ && !destroying_ && stream_.connecting() && stream_.filter() == nullptr &&
           pendingWrapper_ == nullptr;
  }
  void wrapOnceConnected(TcpSocket& wrapper) {
    pendingWrapper_ = &wrapper;
    wrapper.pendingWrapped_ = this;
  }

  // SocketBackend
  net::core::Stream& stream() override { return stream_; }
  bool write(std::string_view data, UniqueFunction<void(Error*)> cb) override;
  void end() override;
  void destroy(const Error* err) override;
  void pause() override;
  void resume() override;
  void setTimeout(uint64_t ms) override;
  bool destroyed() const override { return destroying_ && wrapper_ == nullptr; }
  bool readable() const override { return !peerEnded_ && !destroying_; }
  bool writable() const override { return !ended_ && !destroying_; }

 protected:
  // Stream::Handler
  std::span<char> readBuffer() override;
  void onRead(size_t n) override;
  void onEnd() override;
  void onConnect(int status) override;
  void onDrain() override;
  void onError(int err) override;
  void onClose() override;

  void touch();
  void maybeClose();
  void runWriteCallbacks(Error* err);
  bool connected() const { return connected_; }
  // Whether an 'error' no one listens to is dropped rather than uncaught (then 'close' with
  // hadError, as ever): a tls.Server's sockets, on each of which Node's server keeps a
  // listener of its own (onSocketTLSError), so that a client's reset never ends the process.
  virtual bool dropsUnheardErrors() const { return false; }
  // The socket this one waits to wrap (wrapOnceConnected) has connected.
  virtual void onWrappedConnect(TcpSocket& plain) {}

 private:
  static void onTimeout(loop::core::Timer* t);
  // The wrapper closes: 'close' (false) on this wrapped socket, freed once its own stream has
  // closed too.
  void wrapperClosed();
  // ...and its listeners have returned: this socket is freed (now, or once its stream closed).
  void wrapperGone();

  loop::core::Loop& loop_;
  net::core::Stream stream_;
  std::unique_ptr<Socket> socket_;
  loop::core::Timer timer_{&TcpSocket::onTimeout};
  uint64_t timeoutMs_ = 0;
  std::vector<std::pair<uint64_t, UniqueFunction<void(Error*)>>> writeCallbacks_;
  std::unique_ptr<Error> error_;
  bool needDrain_ = false;
  bool ended_ = false;
  bool peerEnded_ = false;
  bool paused_ = false;
  bool destroying_ = false;
  bool connected_ = false;
  core::SocketAddress connectTarget_;
  // handOver(): the socket that took this one's descriptor, while it lives; and the reverse.
  TcpSocket* wrapper_ = nullptr;
  TcpSocket* wrapped_ = nullptr;
  // wrapOnceConnected(): the wrapper waiting for this socket to connect; and the reverse.
  TcpSocket* pendingWrapper_ = nullptr;
  TcpSocket* pendingWrapped_ = nullptr;
  bool errorIsWrapped_ = false;  // error_ is the failed connect of the socket it waited for
  bool handedOver_ = false;      // handOver() gave the descriptor away (wrapper_ may be gone)
  bool streamClosed_ = false;    // a wrapped socket's stream has called onClose
  bool wrapperGone_ = false;     // its wrapper has emitted 'close' and returned from it
};

}  // namespace nodecc::net::detail
