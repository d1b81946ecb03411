#include "api/tls/context_holder.h"

namespace nodecc::tls {

namespace detail {

core::ContextOptions toCore(const SecureContextOptions& o, bool isServer) {
  core::ContextOptions c;
  c.isServer = isServer;
  c.key = o.key;
  c.cert = o.cert;
  c.ca = o.ca;
  c.passphrase = o.passphrase;
  for (const Buffer& b : o.pfx) {
    c.pfx.emplace_back(b.view());
  }
  c.ciphers = o.ciphers;
  c.minVersion = o.minVersion;
  c.maxVersion = o.maxVersion;
  c.alpnProtocols = o.ALPNProtocols;
  c.sessionTimeoutSecs = o.sessionTimeout;
  c.ticketKeys = std::string(o.ticketKeys.view());  // servers only
  return c;
}

Error toError(const core::TlsError& err) {
  Error e(err.code, err.message);
  return e;
}

std::shared_ptr<core::Context> makeContext(const core::ContextOptions& options) {
  core::TlsError err;
  auto ctx = core::Context::create(options, &err);
  if (!ctx) {
    throw toError(err);
  }
  return ctx;
}

}  // namespace detail

SecureContext createSecureContext(const SecureContextOptions& options, bool isServer) {
  auto holder = std::make_shared<detail::ContextHolder>();
  holder->ctx = detail::makeContext(detail::toCore(options, isServer));
  return nodecc::detail::Access::make<SecureContext>(std::move(holder));
}

}  // namespace nodecc::tls
