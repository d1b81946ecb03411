#pragma once
// Node's `https`: an HTTP server and client over TLS. The server serves the same
// IncomingMessage / ServerResponse as http; the client returns the same ClientRequest, its
// response the same IncomingMessage.
//
//   https::ServerOptions o;
//   o.key = {fs::readFileSync("key.pem").toString()};
//   o.cert = {fs::readFileSync("cert.pem").toString()};
//   auto& server = https::createServer(o, [](auto& req, auto& res) { res.end("hello\n"); });
//   server.listen(8443);
//
//   https::get("https://example.com/", [](http::IncomingMessage& res) { ... });
//
// Differences from Node: https::Server is an http::Server with tls.Server's context methods
// (Node's https.Server is a tls.Server; the listening methods and events are the same);
// options are one struct per call, not one object mixing http, tls and net options. Loop
// thread only.
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include "nodecc/http.h"
#include "nodecc/tls.h"

namespace nodecc::https {

// https.createServer(options): http's options plus tls.createServer's.
struct ServerOptions : http::ServerOptions, tls::SecureServerOptions {};

// https.Server: an http::Server whose connections are TLS, with tls.Server's methods for its
// context (their contracts are tls::Server's, nodecc/tls.h). Made by https::createServer, which
// returns a reference the thread's runtime owns, as http's.
class Server : public http::Server {
 public:
  // Throws as tls::createSecureContext when the key, certificate or options are refused.
  explicit Server(const ServerOptions& options);
  Server(const Server&) = delete;
  template <class S>
  requires std::same_as<S, Server> Server(
      S&) {  // NOLINT: only to name the fix when `auto server = createServer(...)` copies
    static_assert(!std::same_as<S, Server>,
                  "https::createServer() returns Server& (the runtime owns the server): write "
                  "`auto& server = https::createServer(...)`");
  }

  // server.addContext(hostname, context): see tls::Server::addContext.
  void addContext(std::string_view hostname, const tls::SecureContextOptions& context);
  void addContext(std::string_view hostname, const tls::SecureContext& context);
  // server.setSecureContext(options): see tls::Server::setSecureContext.
  void setSecureContext(const tls::SecureContextOptions& options);
  // server.getTicketKeys() / setTicketKeys(keys): see tls::Server.
  Buffer getTicketKeys() const;
  void setTicketKeys(const Buffer& keys);
};

namespace detail {
Server& createServer(const ServerOptions& options, http::RequestListener listener);
Server& createAsyncServer(const ServerOptions& options, http::AsyncRequestListener listener);
}  // namespace detail

// https.createServer(options[, listener]): as http::createServer, over TLS. Throws Error (Node's
// code) when the key, certificate or options are refused.
template <class F>
requires std::is_invocable_v<F&, http::IncomingMessage&, http::ServerResponse&> Server&
createServer(const ServerOptions& options, F&& listener) {
  using R = std::invoke_result_t<F&, http::IncomingMessage&, http::ServerResponse&>;
  if constexpr (std::is_same_v<R, Promise<>>) {
    return detail::createAsyncServer(options,
                                     http::AsyncRequestListener(std::forward<F>(listener)));
  } else {
    return detail::createServer(options, http::RequestListener(std::forward<F>(listener)));
  }
}

// https.request(options): http's request options plus tls.connect's.
struct RequestOptions : http::RequestOptions {
  RequestOptions() { defaultPort = 443; }
  std::vector<std::string> ca;    // trusted CAs (PEM); empty: the system store
  std::vector<std::string> cert;  // client certificate chain (PEM)
  std::vector<std::string> key;   // its key (PEM)
  std::string passphrase;
  std::string servername;  // SNI and the name checked; "" : the host (never an IP literal)
  bool rejectUnauthorized = true;
  std::string minVersion = "TLSv1.2";
  std::string maxVersion = "TLSv1.3";
  std::string ciphers;
  std::vector<std::string> ALPNProtocols;  // NOLINT: Node's name; fetch sends "http/1.1"
};

// https.globalAgent: keep-alive, as http's; its pools are apart from http's. TLS sessions are
// kept per host and port and resumed by the next connection.
http::Agent& globalAgent();

// https.request / https.get: as http's, over TLS ("https:" URLs; port 443 by default). A server
// that does not verify fails the request with Node's error (see nodecc/tls.h).
http::ClientRequest& request(std::string_view url, http::ResponseListener callback = nullptr);
http::ClientRequest& request(std::string_view url, const RequestOptions& options,
                             http::ResponseListener callback = nullptr);
http::ClientRequest& request(const RequestOptions& options,
                             http::ResponseListener callback = nullptr);
http::ClientRequest& get(std::string_view url, http::ResponseListener callback = nullptr);
http::ClientRequest& get(std::string_view url, const RequestOptions& options,
                         http::ResponseListener callback = nullptr);
http::ClientRequest& get(const RequestOptions& options, http::ResponseListener callback = nullptr);

}  // namespace nodecc::https
