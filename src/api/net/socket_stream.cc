// asStream(net::Socket&): the stream::Duplex a socket is piped, pipelined and iterated through
// (socket_stream.h).
#include "api/net/socket_stream.h"

#include "api/stream/member_listener.h"

namespace nodecc::net {

namespace detail {

namespace {
using OnData = stream::detail::MemberListener<&SocketStream::onData>;
using OnEnd = stream::detail::MemberListener<&SocketStream::onEnd>;
using OnDrain = stream::detail::MemberListener<&SocketStream::onDrain>;
using OnError = stream::detail::MemberListener<&SocketStream::onError>;
using OnClose = stream::detail::MemberListener<&SocketStream::onClose>;

stream::DuplexOptions<Buffer, Buffer> optionsFor(const Socket& socket) {
  stream::DuplexOptions<Buffer, Buffer> o;
  o.allowHalfOpen = socket.allowHalfOpen;
  return o;
}
}  // namespace

SocketStream::SocketStream(Socket& socket) : stream::Duplex(optionsFor(socket)), socket_(&socket) {
  socket.stream_ = this;
  socket.on("data", OnData{this});
  socket.once("end", OnEnd{this});
  socket.on("drain", OnDrain{this});
  socket.on("error", OnError{this});
  socket.once("close", OnClose{this});
}

void SocketStream::unlisten() {
  if (socket_ == nullptr) {
    return;
  }
  Socket& s = *socket_;
  socket_ = nullptr;
  s.stream_ = nullptr;
  s.off("data", OnData{this});
  s.off("end", OnEnd{this});
  s.off("drain", OnDrain{this});
  s.off("error", OnError{this});
  s.off("close", OnClose{this});
}

}  // namespace detail

stream::Duplex& asStream(Socket& socket) {
  if (socket.stream_ != nullptr) {
    return *socket.stream_;
  }
  auto* duplex = new detail::SocketStream(socket);
  duplex->ownSelf();
  return *duplex;
}

}  // namespace nodecc::net
