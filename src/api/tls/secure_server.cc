#include "api/tls/secure_server.h"

#include <cstring>

#include "api/tls/context_holder.h"
#include "tls/connection.h"

namespace nodecc::tls::detail {

SecureServer::SecureServer(const SecureServerOptions& o)
    : requestCert_(o.requestCert),
      rejectUnauthorized_(o.rejectUnauthorized),
      alpnProtocols_(o.ALPNProtocols),
      sessionTimeout_(o.sessionTimeout) {
  if (o.SNICallback) {
    sni_ = std::make_shared<SniChoice>();
    sni_->callback = o.SNICallback;
  }
  setSecureContext(o);
}

void SecureServer::setSecureContext(const SecureContextOptions& o) {
  // Node's Server.prototype.setSecureContext: the options make the context, but for what
  // belongs to the server (tls.Server's constructor set it). A sessionTimeout or ticketKeys the
  // options do not give is the server's; Node's test is truthiness, here the field's default.
  static const uint32_t kDefaultSessionTimeout = SecureContextOptions{}.sessionTimeout;
  core::ContextOptions co = toCore(o, true);
  co.requestCert = requestCert_;
  co.rejectUnauthorized = rejectUnauthorized_;
  co.alpnProtocols = alpnProtocols_;
  if (o.sessionTimeout == kDefaultSessionTimeout) {
    co.sessionTimeoutSecs = sessionTimeout_;
  }
  if (o.ticketKeys.empty()) {
    co.ticketKeys = ticketKeys_;  // none ever given: the new context makes random ones
  }
  std::shared_ptr<core::Context> ctx = makeContext(co);  // throws: the server is unchanged
  sessionTimeout_ = co.sessionTimeoutSecs;
  ticketKeys_ = co.ticketKeys;
  install(*ctx);
  ctx_ = std::move(ctx);
}

namespace {

// Node checks the name first, before the options make a context.
void requireHostname(std::string_view hostname) {
  if (hostname.empty()) {
    throw Error("ERR_TLS_REQUIRED_SERVER_NAME",
                "\"servername\" is required parameter for Server.addContext");
  }
}

}  // namespace

void SecureServer::addContext(std::string_view hostname, const SecureContextOptions& options) {
  requireHostname(hostname);
  addEntry(hostname, makeContext(toCore(options, true)));
}

void SecureServer::addContext(std::string_view hostname, const SecureContext& context) {
  requireHostname(hostname);
  // An invalid handle is Node's addContext(name, undefined): a context made of no options.
  addEntry(hostname, context.valid() ? nodecc::detail::Access::impl(context)->ctx
                                     : makeContext(toCore(SecureContextOptions{}, true)));
}

void SecureServer::addEntry(std::string_view hostname, std::shared_ptr<core::Context> ctx) {
  if (!sni_) {
    // The first entry: the server's context starts asking (later ones get it at install).
    sni_ = std::make_shared<SniChoice>();
    install(*ctx_);
  }
  sni_->contexts.add(hostname, std::move(ctx));
}

std::shared_ptr<core::Context> SecureServer::SniChoice::choose(std::string_view servername) const {
  if (callback) {
    SecureContext sc = callback(servername);
    return sc.valid() ? nodecc::detail::Access::impl(sc)->ctx : nullptr;
  }
  const std::shared_ptr<core::Context>* found = contexts.find(servername);
  return found ? *found : nullptr;
}

void SecureServer::install(core::Context& ctx) const {
  if (sni_) {
    // The callback holds the choice, not the server: a context outlives its server while
    // connections made with it do.
    ctx.setSniCallback([sni = sni_](std::string_view name) { return sni->choose(name); });
  }
  if (keylog_) {
    core::Connection::enableKeylog(ctx);
  }
}

void SecureServer::enableKeylog() {
  if (!keylog_) {
    keylog_ = true;
    core::Connection::enableKeylog(*ctx_);
  }
}

Buffer SecureServer::getTicketKeys() const {
  std::string keys = ctx_->ticketKeys();
  Buffer out = Buffer::allocUnsafe(keys.size());  // the bytes as they are (not text)
  std::memcpy(out.data(), keys.data(), keys.size());
  return out;
}

void SecureServer::setTicketKeys(const Buffer& keys) {
  if (!ctx_->setTicketKeys(keys.view())) {
    throw Error("ERR_INVALID_ARG_VALUE", "Session ticket keys must be a 48-byte buffer");
  }
}

}  // namespace nodecc::tls::detail
