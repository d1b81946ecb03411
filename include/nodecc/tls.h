#pragma once
// Node's `tls`: the options every TLS endpoint is configured with (tls.createSecureContext's),
// and what a secured connection tells about itself. https::createServer, https::request and
// fetch("https://...") are built on them (nodecc/https.h).
//
// Certificates and keys are PEM text (Node also takes Buffers of PEM: pass
// buffer.toString()). A client verifies the server against the system's trusted roots
// (Debian's ca-certificates, /etc/ssl/certs) plus the PEM file NODE_EXTRA_CA_CERTS names
// (read once, at the first use), unless `ca` replaces them. Failures carry Node's codes and
// messages: DEPTH_ZERO_SELF_SIGNED_CERT "self-signed certificate",
// UNABLE_TO_VERIFY_LEAF_SIGNATURE "unable to verify the first certificate", CERT_HAS_EXPIRED
// "certificate has expired", ERR_TLS_CERT_ALTNAME_INVALID "Hostname/IP does not match
// certificate's altnames: Host: x. is not in the cert's altnames: DNS:y", ERR_SSL_* for
// OpenSSL's handshake errors.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nodecc/detail/access.h"
#include "nodecc/error.h"
#include "nodecc/net.h"

namespace nodecc::tls {

namespace detail {
struct ContextHolder;
}

// tls.createSecureContext(options).
struct SecureContextOptions {
  std::vector<std::string> key;   // private keys, PEM
  std::vector<std::string> cert;  // certificate chains, PEM (leaf first), one per key
  std::vector<std::string> ca;    // trusted CAs, PEM; empty: the system store
  std::string passphrase;         // for an encrypted key
  std::string ciphers;            // "" : tls.DEFAULT_CIPHERS
  std::string minVersion = "TLSv1.2";
  std::string maxVersion = "TLSv1.3";
  std::vector<std::string> ALPNProtocols;  // NOLINT: Node's name
  uint32_t sessionTimeout = 300;           // seconds (server sessions and tickets)
};

// The result of tls.createSecureContext: a shared handle (copies share the context).
class SecureContext {
 public:
  SecureContext() = default;
  bool valid() const { return bool(h_); }

 private:
  friend struct nodecc::detail::Access;
  explicit SecureContext(std::shared_ptr<detail::ContextHolder> h) : h_(std::move(h)) {}
  const std::shared_ptr<detail::ContextHolder>& impl() const { return h_; }
  std::shared_ptr<detail::ContextHolder> h_;
};

// Throws Error with OpenSSL's code (ERR_OSSL_PEM_NO_START_LINE, ERR_OSSL_BAD_DECRYPT...) for a
// key, certificate or cipher list OpenSSL refuses, as Node does.
SecureContext createSecureContext(const SecureContextOptions& options, bool isServer = true);

// SNICallback: the context for the server name a client asked for, or an invalid
// SecureContext for the server's own. Node's callback is asynchronous; this one answers at
// once (while the handshake waits).
using SNICallback = std::function<SecureContext(std::string_view servername)>;

// tlsSocket.getPeerCertificate(): the fields Node's object has that programs read.
struct PeerCertificate {
  std::string subjectCN;  // subject.CN
  std::string issuerCN;   // issuer.CN
  std::string subject;    // the whole subject, one "KEY=value" per line as Node prints it
  std::string issuer;
  std::string subjectaltname;  // "DNS:localhost, IP Address:127.0.0.1"
  std::string valid_from;      // "Jan  1 00:00:00 2024 GMT"
  std::string valid_to;
  std::string serialNumber;    // upper-case hex
  std::string fingerprint256;  // "AB:CD:..."
  bool empty() const { return serialNumber.empty(); }
};

// What a secured connection reports (tlsSocket.* in Node).
struct SecureInfo {
  bool authorized = false;
  std::string authorizationError;  // a code: "DEPTH_ZERO_SELF_SIGNED_CERT"; "" when none
  std::string protocol;            // getProtocol(): "TLSv1.3"
  std::string alpnProtocol;        // "" where Node has false
  std::string servername;
  std::string cipher;          // getCipher().name
  bool sessionReused = false;  // isSessionReused()
  PeerCertificate peerCertificate;
};

// What Node's TLSSocket getters say of `socket` (an https request's req.socket, a client
// request's socket): authorized, authorizationError, getProtocol(), alpnProtocol,
// servername, getCipher().name, isSessionReused(), getPeerCertificate(). nullopt for a
// socket without TLS, or one whose handshake is not done.
std::optional<SecureInfo> secureInfo(const net::Socket& socket);

inline constexpr std::string_view DEFAULT_MIN_VERSION = "TLSv1.2";
inline constexpr std::string_view DEFAULT_MAX_VERSION = "TLSv1.3";

}  // namespace nodecc::tls
