// asStream(net::Socket&): the stream::Duplex a socket is piped, pipelined and iterated through
// (socket_stream.h).
#include "api/net/socket_stream.h"

namespace nodecc::net {

namespace detail {

namespace {
template <int Kind>
struct SocketListener {
  SocketStream* stream;
  bool operator==(const SocketListener& o) const { return stream == o.stream; }
};
struct OnData : SocketListener<0> {
  void operator()(const Buffer& chunk) const { stream->onData(chunk); }
};
struct OnEnd : SocketListener<1> {
  void operator()() const { stream->onEnd(); }
};
struct OnDrain : SocketListener<2> {
  void operator()() const { stream->onDrain(); }
};
struct OnError : SocketListener<3> {
  void operator()(const Error& error) const { stream->onError(error); }
};
struct OnClose : SocketListener<4> {
  void operator()(bool /*hadError*/) const { stream->onClose(); }
};

stream::DuplexOptions<Buffer, Buffer> optionsFor(const Socket& socket) {
  stream::DuplexOptions<Buffer, Buffer> o;
  o.allowHalfOpen = socket.allowHalfOpen;
  return o;
}
}  // namespace

SocketStream::SocketStream(Socket& socket) : stream::Duplex(optionsFor(socket)), socket_(&socket) {
  socket.stream_ = this;
  socket.on("data", OnData{{this}});
  socket.once("end", OnEnd{{this}});
  socket.on("drain", OnDrain{{this}});
  socket.on("error", OnError{{this}});
  socket.once("close", OnClose{{this}});
}

void SocketStream::unlisten() {
  if (socket_ == nullptr) {
    return;
  }
  Socket& s = *socket_;
  socket_ = nullptr;
  s.stream_ = nullptr;
  s.off("data", OnData{{this}});
  s.off("end", OnEnd{{this}});
  s.off("drain", OnDrain{{this}});
  s.off("error", OnError{{this}});
  s.off("close", OnClose{{this}});
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
