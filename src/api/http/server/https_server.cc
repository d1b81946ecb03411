// https.createServer: an http server whose accepted connections get TLS before they read.
#include "api/http/server/exchange.h"
#include "api/tls/context_holder.h"
#include "api/tls/secure_server.h"
#include "nodecc/https.h"

namespace nodecc::http::detail {

void HttpServerImpl::attachTls(void* data, http::core::ServerConnection& conn) {
  auto* self = static_cast<HttpServerImpl*>(data);
  auto* c = tls::core::Connection::attachServer(conn.stream(), self->tls->context(),
                                                self->handshakeTimeoutMs);
  if (c) {
    c->userData = &conn;
    if (self->facade.listenerCount("secureConnection") > 0 ||
        self->facade.listenerCount("tlsClientError") > 0) {
      c->observer = self;
    }
  }
}

void HttpServerImpl::onSecure(tls::core::Connection& c) {
  auto* conn = static_cast<http::core::ServerConnection*>(c.userData);
  if (facade.listenerCount("secureConnection") > 0) {
    facade.emit("secureConnection", socketOf(*conn));
  }
}

void HttpServerImpl::onHandshakeError(tls::core::Connection& c, const tls::core::TlsError& err) {
  auto* conn = static_cast<http::core::ServerConnection*>(c.userData);
  if (facade.listenerCount("tlsClientError") > 0) {
    Error e = tls::detail::toError(err);
    facade.emit("tlsClientError", static_cast<const Error&>(e), socketOf(*conn));
  }
}

}  // namespace nodecc::http::detail

namespace nodecc::https {

namespace {

http::detail::HttpServerImpl* implOf(const Server& server) {
  return nodecc::detail::Access::impl(static_cast<const http::Server&>(server));
}

tls::detail::SecureServer& secure(const Server& server) {
  return *implOf(server)->tls;
}

}  // namespace

Server::Server(const ServerOptions& options) : http::Server(options) {
  http::detail::HttpServerImpl* impl = implOf(*this);
  impl->tls = std::make_unique<tls::detail::SecureServer>(options);  // throws for a refused key
  impl->handshakeTimeoutMs = options.handshakeTimeout;
}

void Server::addContext(std::string_view hostname, const tls::SecureContextOptions& context) {
  secure(*this).addContext(hostname, context);
}

void Server::addContext(std::string_view hostname, const tls::SecureContext& context) {
  secure(*this).addContext(hostname, context);
}

void Server::setSecureContext(const tls::SecureContextOptions& options) {
  secure(*this).setSecureContext(options);
}

Buffer Server::getTicketKeys() const {
  return secure(*this).getTicketKeys();
}

void Server::setTicketKeys(const Buffer& keys) {
  secure(*this).setTicketKeys(keys);
}

namespace detail {

Server& createServer(const ServerOptions& options, http::RequestListener listener) {
  auto& s = static_cast<Server&>(http::detail::adoptServer(std::make_unique<Server>(options)));
  http::detail::addRequestListener(s, std::move(listener));
  return s;
}

Server& createAsyncServer(const ServerOptions& options, http::AsyncRequestListener listener) {
  auto& s = static_cast<Server&>(http::detail::adoptServer(std::make_unique<Server>(options)));
  implOf(s)->setAsyncListener(std::move(listener));
  return s;
}

}  // namespace detail

}  // namespace nodecc::https
