#pragma once
// SecureServer: the TLS side of a tls.Server or an https.Server. It holds the context each
// accepted connection gets, replaced by setSecureContext (a connection keeps the one it was
// accepted with, its own reference), and the SNI choice: the SNICallback option, else the
// addContext list. Servers with neither install no SNI callback at all, so their handshakes
// pay nothing for it; the list is searched only when a client sends a name. Loop thread only.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "nodecc/tls.h"
#include "tls/context.h"
#include "tls/sni_contexts.h"

namespace nodecc::tls::detail {

class SecureServer {
 public:
  // Throws as createSecureContext when the options are refused.
  explicit SecureServer(const SecureServerOptions& options);

  // The context a connection accepted now gets.
  const std::shared_ptr<core::Context>& context() const { return ctx_; }

  // server.addContext / setSecureContext / getTicketKeys / setTicketKeys, as tls::Server's
  // (nodecc/tls.h), which forwards to these.
  void addContext(std::string_view hostname, const SecureContextOptions& options);
  void addContext(std::string_view hostname, const SecureContext& context);
  void setSecureContext(const SecureContextOptions& options);
  Buffer getTicketKeys() const;
  void setTicketKeys(const Buffer& keys);

  // A 'keylog' listener came: the context reports key log lines, and so will the next one.
  void enableKeylog();

 private:
  // What the SNI callbacks of this server's contexts share (they may outlive the server while
  // its connections do).
  struct SniChoice {
    SNICallback callback;  // the option: when set, the list is never searched (as Node)
    core::SniContexts contexts;
    std::shared_ptr<core::Context> choose(std::string_view servername) const;
  };

  void addEntry(std::string_view hostname, std::shared_ptr<core::Context> ctx);
  // The SNI callback (when there is a choice to make) and key logging on a new context.
  void install(core::Context& ctx) const;

  std::shared_ptr<core::Context> ctx_;
  std::shared_ptr<SniChoice> sni_;  // null until an SNICallback or addContext
  // The server's own, kept across setSecureContext as Node's: its connection policy and ALPN
  // list, its sessionTimeout, and the ticketKeys last given as an option (empty: none).
  bool requestCert_;
  bool rejectUnauthorized_;
  std::vector<std::string> alpnProtocols_;
  uint32_t sessionTimeout_;
  std::string ticketKeys_;
  bool keylog_ = false;
};

}  // namespace nodecc::tls::detail
