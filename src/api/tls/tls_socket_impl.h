#pragma once
// TlsSocketImpl: the backend of a tls::TLSSocket: a net TcpSocket whose stream has TLS
// (tls::core::Connection) as its filter, and that turns the connection's observer calls into
// Node's TLSSocket and tls.Server events. Owns its stream and facade, and deletes itself after
// 'close', as a TcpSocket does.
#include <memory>
#include <string>

#include "api/net/tcp_socket.h"
#include "api/tls/secure_server.h"
#include "nodecc/tls.h"
#include "tls/connection.h"

namespace nodecc::tls::detail {

// What a tls::Server keeps for its connections.
struct ServerState {
  // Throws as createSecureContext.
  explicit ServerState(const ServerOptions& o)
      : secure(o), handshakeTimeoutMs(o.handshakeTimeout) {}
  SecureServer secure;
  uint64_t handshakeTimeoutMs;
};

class TlsSocketImpl final : public net::detail::TcpSocket, public core::Connection::Observer {
 public:
  // An accepted connection of `server`, TLS installed before it reads; null if OpenSSL fails.
  static TlsSocketImpl* accept(Server& server);
  // A client socket with TLS installed; connect it with net::detail::startConnect, unless
  // options.socket (wrappable, checked by the caller) was taken over: its handshake has begun.
  static TlsSocketImpl* client(const ConnectionOptions& options,
                               std::shared_ptr<core::Context> ctx);
  // new TLSSocket(plain, {isServer: true}): TLS, server side, over `plain`'s descriptor
  // (wrappable, checked by the caller); 'secure' when the handshake is done. Null if OpenSSL
  // fails.
  static TlsSocketImpl* wrapServer(net::detail::TcpSocket& plain,
                                   std::shared_ptr<core::Context> ctx);
  // The net module socket behind `socket` if TLS can be run over it (TcpSocket::wrappable), else
  // throws ERR_INVALID_ARG_VALUE.
  // With `connecting`, a socket still connecting is taken too (tls.connect's).
  static net::detail::TcpSocket& wrappable(net::Socket& socket, bool connecting = false);

  TLSSocket& tlsSocket() { return static_cast<TLSSocket&>(socket()); }
  core::Connection* connection() const { return conn_; }
  // TLSSocket's 'keylog' got a listener: make its context report lines.
  void wantKeylog();

  // SocketBackend: before the handshake is done end() waits for it (a FIN now would cut it).
  void end() override;

 private:
  explicit TlsSocketImpl(loop::core::Loop& loop);
  ~TlsSocketImpl() override { *alive_ = false; }

  // TcpSocket: a server's socket drops an 'error' no one listens to, as Node's.
  bool dropsUnheardErrors() const override { return server_ != nullptr; }
  // tls.connect({socket}) over a socket that was still connecting: 'connect', then the
  // handshake.
  void onWrappedConnect(net::detail::TcpSocket& plain) override;
  // net::core::Stream::Handler, through TcpSocket
  void onConnect(int status) override;
  void onEnd() override;
  void onError(int err) override;
  // core::Connection::Observer
  void onTcpConnect(core::Connection& c) override;
  void onSecure(core::Connection& c) override;
  void onHandshakeError(core::Connection& c, const core::TlsError& err) override;
  void onSession(core::Connection& c, SSL_SESSION* session) override;
  void onKeylog(core::Connection& c, std::string_view line) override;

  // Takes `plain`'s descriptor over (TcpSocket::handOver) and reads from it.
  void takeOver(net::detail::TcpSocket& plain);
  bool checkIdentity();
  void afterSecure();
  // The connection ended before its handshake did: a server's 'tlsClientError' and a quiet
  // close, a client's 'error'.
  void failBeforeSecure(const Error& err);

  core::Connection* conn_ = nullptr;  // owned by the stream
  Server* server_ = nullptr;          // the server that accepted it (its events)
  CheckServerIdentity checkServerIdentity_;
  std::string hostname_;  // client: the name checkServerIdentity gets
  bool rejectUnauthorized_ = true;
  bool endWanted_ = false;
  // False once deleted: for what is emitted from a nextTick ('session').
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace nodecc::tls::detail
