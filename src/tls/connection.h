#pragma once
// Connection: TLS on one net::core::Stream, as the stream's Filter. Learned from uSockets'
// OpenSSL layer: wire bytes are read into one per-thread receive buffer and handed to OpenSSL
// through a BIO that reads from it in place (only what a paused handler leaves unread is
// copied into the connection), records are sealed into one per-thread output buffer and
// written at once (what the kernel does not take goes to the stream's queue), and
// SSL_MODE_RELEASE_BUFFERS gives OpenSSL's record buffers back while a connection is idle.
// What the handler writes in one call (the HTTP server's corked batch) becomes as few records
// as its size allows. No renegotiation.
//
// A server connection answers plain HTTP sent to it ("The plain HTTP request was sent to HTTPS
// port", 400, as nginx) and a handshake that does not finish within handshakeTimeoutMs fails.
// A client connection reports onConnect to the stream's handler once its handshake is done
// and the server verified (unless rejectUnauthorized is off): a failure reports
// onConnect(kTlsFailed) with the reason in error(). After the handshake a failure reports
// onError(kTlsFailed). Loop thread only; owned by its stream.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "loop/loop.h"
#include "loop/timer_queue.h"
#include "net/stream.h"
#include "tls/context.h"
#include "tls/tls_error.h"

typedef struct ssl_st SSL;
typedef struct ssl_session_st SSL_SESSION;
typedef struct x509_st X509;

namespace nodecc::tls::core {

// The errno a TLS failure reaches the stream's handler with (error() says what it was).
inline constexpr int kTlsFailed = -EPROTO;
// Node's default tls.Server handshakeTimeout.
inline constexpr uint64_t kDefaultHandshakeTimeoutMs = 120000;

// Per-thread counts, for tests and metrics.
struct Stats {
  uint64_t plainHttpRejected = 0;  // plain HTTP answered with 400 on a TLS port
  uint64_t handshakeTimeouts = 0;
  uint64_t handshakeFailures = 0;
  uint64_t handshakes = 0;  // completed
  uint64_t resumed = 0;     // of which resumed a session
};
Stats& stats();

class Connection final : public net::core::Stream::Filter {
 public:
  // What the API hears besides the stream's handler (TLSSocket's events).
  class Observer {
   public:
    virtual ~Observer() = default;
    // The handshake finished (and, for a client, the server was accepted).
    virtual void onSecure(Connection&) {}
    // The handshake failed (or the peer was rejected); the stream fails next.
    virtual void onHandshakeError(Connection&, const TlsError&) {}
    // A new session a client may resume with (TLS 1.3 tickets arrive after the handshake).
    virtual void onSession(Connection&, SSL_SESSION*) {}
    // A client's TCP connection is up; the handshake starts when this returns.
    virtual void onTcpConnect(Connection&) {}
    // A key log line (NSS format, no newline), when the context logs keys (enableKeylog).
    virtual void onKeylog(Connection&, std::string_view line) {}
  };

  struct ClientOptions {
    std::string servername;  // SNI; "" for none (an IP address is never sent)
    std::string host;        // the name the certificate must match ("" skips the check)
    bool rejectUnauthorized = true;
    SSL_SESSION* session = nullptr;  // to resume (the connection takes its own reference)
  };

  // Installs TLS on an accepted stream (before it reads).
  static Connection* attachServer(net::core::Stream& stream, std::shared_ptr<Context> ctx,
                                  uint64_t handshakeTimeoutMs);
  // Installs TLS on a client stream (before it connects).
  static Connection* attachClient(net::core::Stream& stream, std::shared_ptr<Context> ctx,
                                  const ClientOptions& options);
  ~Connection() override;
  // A client installed on a stream whose socket is connected already (tls.connect({socket}),
  // a STARTTLS upgrade): the handshake starts now, without onTcpConnect.
  void startClient();
  // A server outside a tls.Server (Node's new TLSSocket(socket, {isServer: true})): with
  // requestCert, a client certificate that does not verify is not refused (only a missing one,
  // with rejectUnauthorized), and authorized() stays false, as Node's, whose verdict is the
  // tls.Server's to make. Set before the handshake.
  void leaveVerdict() { leaveVerdict_ = true; }

  Observer* observer = nullptr;
  void* userData = nullptr;  // the API's socket, for the observer

  bool isServer() const { return server_; }
  bool handshakeDone() const { return handshakeDone_; }
  // Why the connection failed (empty while it has not).
  const TlsError& error() const { return error_; }
  // tlsSocket.authorized / authorizationError (a code: "DEPTH_ZERO_SELF_SIGNED_CERT").
  bool authorized() const { return authorized_; }
  const TlsError& authorizationError() const { return authorizationError_; }
  // "TLSv1.3", "TLSv1.2"...; "" before the handshake.
  std::string protocol() const;
  // The negotiated ALPN protocol, "" when none.
  std::string alpnProtocol() const;
  // The client's SNI name (server side), or the one sent (client side).
  std::string servername() const;
  std::string cipherName() const;
  std::string cipherVersion() const;
  bool sessionReused() const;
  // The peer's certificate (the connection keeps it), or null.
  X509* peerCertificate() const;
  X509* localCertificate() const;
  SSL* ssl() const { return ssl_; }
  const Context& context() const { return *ctx_; }

  // net::core::Stream::Filter
  std::span<char> receiveBuffer() override;
  void onReceive(size_t n) override;
  bool resume() override;
  void send(const iovec* iov, int count) override;
  void onConnected() override;
  void onShutdown() override;
  void moveTo(net::core::Stream& stream) override;

  // OpenSSL's BIO read, and its new-session callback (client contexts).
  int bioRead(char* out, int len);
  static int newSessionCallback(SSL* ssl, SSL_SESSION* session);
  // Makes every connection of `ctx` report its secrets to its observer's onKeylog. Only asked
  // for when someone listens: OpenSSL formats no line for a context without it.
  static void enableKeylog(const Context& ctx);

 private:
  Connection(net::core::Stream& stream, SSL* ssl, bool server);
  void process();
  bool handshake();
  void finishHandshake();
  void readPlaintext();
  void seal(const iovec* iov, int count);
  void flushOutput(size_t mark);
  void fail(TlsError err, bool duringHandshake);
  bool rejectPlainHttp();
  static void onTimer(loop::core::Timer* t);

  net::core::Stream* stream_;
  SSL* ssl_;
  std::shared_ptr<Context> ctx_;
  std::string host_;  // client: the name to check the certificate against
  bool rejectUnauthorized_ = true;
  // Wire bytes OpenSSL has not taken yet: in the thread's receive buffer during onReceive,
  // else in held_ (the handler stopped reading mid-way).
  const char* in_ = nullptr;
  size_t inLen_ = 0;
  std::string held_;
  std::string pending_;  // plaintext written before the handshake finished
  loop::core::Timer timer_{&Connection::onTimer};
  TlsError error_;
  TlsError authorizationError_;
  bool server_;
  bool handshakeDone_ = false;
  bool failed_ = false;
  bool sniffed_ = false;  // server: the first bytes were checked for plain HTTP
  bool peerClosed_ = false;
  bool authorized_ = false;
  bool shutdownSent_ = false;
  bool leaveVerdict_ = false;
};

}  // namespace nodecc::tls::core
