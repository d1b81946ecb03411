// new tls.TLSSocket(socket, {isServer: true, ...}): TLS, server side, over a net socket that
// is connected already (STARTTLS, an http 'upgrade' socket).
#include "api/tls/context_holder.h"
#include "api/tls/tls_socket_impl.h"

namespace nodecc::tls {

namespace {

// The context a wrapped server socket gets. Node sets requestCert, rejectUnauthorized and ALPN
// on the socket's SSL; here they belong to the context (core::Context's options), so a given
// secureContext that does not have them is copied with them, keeping its ticket keys (tickets
// resume across both).
std::shared_ptr<core::Context> serverContext(const TLSSocketOptions& o) {
  if (!o.secureContext.valid()) {
    core::ContextOptions co = detail::toCore(o, true);
    co.requestCert = o.requestCert;
    co.rejectUnauthorized = o.rejectUnauthorized;
    return detail::makeContext(co);
  }
  detail::ContextHolder& holder = *nodecc::detail::Access::impl(o.secureContext);
  const core::ContextOptions& base = holder.ctx->options();
  auto same = [&o](const core::ContextOptions& c) {
    return c.isServer && c.requestCert == o.requestCert &&
           (!o.requestCert || c.rejectUnauthorized == o.rejectUnauthorized) &&
           (o.ALPNProtocols.empty() || c.alpnProtocols == o.ALPNProtocols);
  };
  if (same(base) && !o.SNICallback) {
    return holder.ctx;  // the common case: the context as it is, shared
  }
  if (holder.derived && same(holder.derived->options()) && !o.SNICallback) {
    return holder.derived;
  }
  core::ContextOptions co = base;
  co.isServer = true;
  co.requestCert = o.requestCert;
  co.rejectUnauthorized = o.rejectUnauthorized;
  if (!o.ALPNProtocols.empty()) {
    co.alpnProtocols = o.ALPNProtocols;
  }
  if (base.isServer) {
    co.ticketKeys = holder.ctx->ticketKeys();
  }
  std::shared_ptr<core::Context> ctx = detail::makeContext(co);
  if (o.SNICallback) {
    ctx->setSniCallback([cb = o.SNICallback](std::string_view name) {
      SecureContext sc = cb(name);
      return sc.valid() ? nodecc::detail::Access::impl(sc)->ctx : nullptr;
    });
    return ctx;  // a callback of its own: not shared
  }
  holder.derived = ctx;
  return ctx;
}

}  // namespace

TLSSocket& createTLSSocket(net::Socket& socket, const TLSSocketOptions& options) {
  if (!options.isServer) {
    throw Error("ERR_INVALID_ARG_VALUE",
                "createTLSSocket makes server sockets (isServer: true); a client over a "
                "connected socket is tls::connect({socket})");
  }
  net::detail::TcpSocket& plain = detail::TlsSocketImpl::wrappable(socket);  // throws
  auto* impl = detail::TlsSocketImpl::wrapServer(plain, serverContext(options));
  if (!impl) {
    throw Error("ERR_SSL_NEW", "SSL_new failed");
  }
  return impl->tlsSocket();
}

}  // namespace nodecc::tls
