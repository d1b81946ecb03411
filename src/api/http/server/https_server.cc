// https.createServer: an http server whose accepted connections get TLS before they read.
#include "api/http/server/exchange.h"
#include "api/tls/context_holder.h"
#include "nodecc/https.h"

namespace nodecc::http::detail {

void HttpServerImpl::attachTls(void* data, http::core::ServerConnection& conn) {
  auto* self = static_cast<HttpServerImpl*>(data);
  auto* c = tls::core::Connection::attachServer(conn.stream(), self->tls, self->handshakeTimeoutMs);
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

http::Server& secure(http::Server& server, std::shared_ptr<tls::core::Context> ctx,
                     const ServerOptions& o) {
  http::detail::HttpServerImpl* impl = nodecc::detail::Access::impl(server);
  impl->tls = std::move(ctx);
  impl->handshakeTimeoutMs = o.handshakeTimeout;
  return server;
}

}  // namespace

namespace detail {

http::Server& createServer(const ServerOptions& options, http::RequestListener listener) {
  // First: a refused key throws before a server exists.
  auto ctx = tls::detail::serverContext(options);
  http::Server& s = http::detail::createServer(options, std::move(listener));
  return secure(s, std::move(ctx), options);
}

http::Server& createAsyncServer(const ServerOptions& options, http::AsyncRequestListener listener) {
  auto ctx = tls::detail::serverContext(options);
  http::Server& s = http::detail::createAsyncServer(options, std::move(listener));
  return secure(s, std::move(ctx), options);
}

}  // namespace detail

}  // namespace nodecc::https
