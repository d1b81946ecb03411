#pragma once
// Context: one configured OpenSSL SSL_CTX (Node's SecureContext): the key and certificate
// chain, the trusted CAs, protocol versions, ciphers, ALPN protocols, client-certificate
// policy, session cache and tickets, and SNI contexts. Shared (reference counted) by every
// connection made with it; immutable once created but for the ticket keys and the SNI
// callback, which a server changes from its own loop thread.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tls/tls_error.h"

typedef struct ssl_ctx_st SSL_CTX;
typedef struct x509_store_st X509_STORE;

namespace nodecc::tls::core {

class Context;

// Node's tls.createSecureContext options, plus the connection policy of tls.createServer and
// tls.connect. PEM text throughout (several certificates may follow one another).
struct ContextOptions {
  bool isServer = false;
  std::vector<std::string> key;   // private keys (PEM)
  std::vector<std::string> cert;  // certificate chains (PEM), one per key
  std::string passphrase;         // for an encrypted key or pfx
  std::vector<std::string> pfx;   // PKCS#12 bundles (DER bytes): key, certificate, chain
  // Trusted CAs (PEM). Empty: the system store plus NODE_EXTRA_CA_CERTS.
  std::vector<std::string> ca;
  std::string minVersion = "TLSv1.2";  // "TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"
  std::string maxVersion = "TLSv1.3";
  std::string ciphers;  // TLS 1.2 cipher list (OpenSSL syntax); "": Node's default list
  std::vector<std::string> alpnProtocols;  // in order of preference
  bool requestCert = false;                // server: ask the client for a certificate
  bool rejectUnauthorized = true;          // fail peers that do not verify
  uint32_t sessionTimeoutSecs = 300;       // server session cache and tickets
  bool sessionTickets = true;              // server: issue TLS session tickets
  // Server: the ticket keys (Node's 48 bytes: key name, HMAC secret, AES key, 16 each), so
  // several servers (or a restarted one) resume each other's tickets. Empty: random ones.
  std::string ticketKeys;
};

// Node's ticketKeys length.
inline constexpr size_t kTicketKeysBytes = 48;

// SNICallback, synchronous: the context for a client's server name, or null for the default.
using SniCallback = std::function<std::shared_ptr<Context>(std::string_view servername)>;

class Context {
 public:
  // Builds the SSL_CTX, or fills `err` (Node's code and message for a bad key, certificate,
  // version or cipher list) and returns null.
  static std::shared_ptr<Context> create(const ContextOptions& options, TlsError* err);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  SSL_CTX* raw() const { return ctx_; }
  const ContextOptions& options() const { return options_; }
  // Server: choose a context per SNI name, asked only when a client sends one. Set from the
  // loop thread that uses the context (server.addContext installs it on a live server); until
  // then a handshake pays nothing for SNI.
  void setSniCallback(SniCallback cb) { sni_ = std::move(cb); }
  const SniCallback& sniCallback() const { return sni_; }
  // ALPN protocols in wire format (length-prefixed), for the client hello and the server's
  // selection.
  const std::string& alpnWire() const { return alpnWire_; }
  // server.getTicketKeys() / setTicketKeys(): the 48 bytes tickets are sealed with. Set from
  // the loop thread that uses the context (the only mutable state of a context); false when
  // `keys` is not 48 bytes. Tickets sealed with older keys no longer resume.
  std::string ticketKeys() const { return std::string(ticketKeys_, kTicketKeysBytes); }
  bool setTicketKeys(std::string_view keys);
  // OpenSSL's ticket key callback (SSL_CTX_set_tlsext_ticket_key_evp_cb).
  int sealTicket(unsigned char* name, unsigned char* iv, void* cipher, void* mac, int enc) const;

  // The system's trusted roots (Debian's ca-certificates bundle, /etc/ssl/certs) plus the
  // file NODE_EXTRA_CA_CERTS names, loaded once per process. Null when none could be read.
  static X509_STORE* systemStore();

 private:
  explicit Context(const ContextOptions& options) : options_(options) {}
  bool configure(TlsError* err);
  // A PKCS#12 bundle's key, certificate and chain into the context.
  bool usePkcs12(const std::string& der, TlsError* err);

  SSL_CTX* ctx_ = nullptr;
  ContextOptions options_;
  std::string alpnWire_;
  SniCallback sni_;
  char ticketKeys_[kTicketKeysBytes] = {};
};

}  // namespace nodecc::tls::core
