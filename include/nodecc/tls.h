#pragma once
// Node's `tls`: the options every TLS endpoint is configured with (tls.createSecureContext's),
// TLS servers and sockets (tls.createServer, tls.connect, TLSSocket), and what a secured
// connection tells about itself. https::createServer, https::request and fetch("https://...")
// are built on the same layer (nodecc/https.h).
//
//   tls::ServerOptions o;
//   o.key = {fs::readFileSync("key.pem", "utf8")};
//   o.cert = {fs::readFileSync("cert.pem", "utf8")};
//   auto& server = tls::createServer(o, [](tls::TLSSocket& socket) {
//     socket.on("data", [&socket](const Buffer& chunk) { socket.write(chunk); });
//   });
//   server.listen(8000);
//
//   tls::ConnectionOptions c;
//   c.port = 8000;
//   c.ca = {fs::readFileSync("cert.pem", "utf8")};
//   tls::TLSSocket& socket = tls::connect(c);
//   socket.on("secureConnect", [&socket] { socket.write("hello"); });
//
// Events, besides net's (a TLSSocket is a net::Socket; a tls::Server a net::Server):
//   Server:    "secureConnection" (TLSSocket&), "tlsClientError" (const Error&, TLSSocket&),
//              "keylog" (const Buffer& line, TLSSocket&)
//   TLSSocket: "secureConnect" () (client), "session" (const Buffer&) (client),
//              "keylog" (const Buffer& line), "secure" () (createTLSSocket's server sockets)
// A server's 'connection' (net::Socket&) comes before the handshake, as in Node; the socket it
// passes is the TLSSocket 'secureConnection' passes later. A handshake that fails on the
// server side is 'tlsClientError' (the socket then closes without an 'error' event); on the
// client side it is the socket's 'error' (Node's code, see below), then 'close'.
//
// TLS over a socket already connected (STARTTLS: plaintext first, then TLS on the same
// connection), Node's tls.connect({socket}) and new tls.TLSSocket(socket, {isServer: true}):
//
//   // server, in a net::createServer listener, once the plaintext exchange is done:
//   socket.write("GO\n");
//   tls::TLSSocketOptions o;
//   o.isServer = true;
//   o.secureContext = ctx;                              // tls::createSecureContext({key, cert})
//   tls::TLSSocket& secure = tls::createTLSSocket(socket, o);
//   secure.on("secure", [&secure] { ... });
//   // client, after reading "GO\n" on its net::Socket `plain`:
//   tls::ConnectionOptions c;
//   c.socket = &plain;
//   c.servername = "localhost";
//   c.ca = {fs::readFileSync("cert.pem", "utf8")};
//   tls::TLSSocket& t = tls::connect(c); t.on("secureConnect", [&t] { t.write("hello"); });
//
// The TLSSocket takes the plain socket's descriptor over: the plain socket reads nothing more
// and emits no 'data' or 'end' (wait for the peer's reply before wrapping: bytes it already
// read are its own); what it had not sent yet goes first. destroy() on either destroys the
// TLSSocket; when the TLSSocket closes, the plain socket emits 'close' (false) just before the
// TLSSocket's own, as in Node, and a server that accepted the plain socket counts the
// connection until then.
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

#include "nodecc/buffer.h"
#include "nodecc/detail/access.h"
#include "nodecc/error.h"
#include "nodecc/function.h"
#include "nodecc/net.h"

namespace nodecc::tls {

namespace detail {
struct ContextHolder;
class TlsSocketImpl;
struct ServerState;
}  // namespace detail

// tls.createSecureContext(options).
struct SecureContextOptions {
  std::vector<std::string> key;   // private keys, PEM
  std::vector<std::string> cert;  // certificate chains, PEM (leaf first), one per key
  std::vector<std::string> ca;    // trusted CAs, PEM; empty: the system store
  std::string passphrase;         // for an encrypted key or pfx
  // PKCS#12 bundles (DER, as read from a .p12/.pfx file): a key, its certificate and chain,
  // decrypted with `passphrase`; used besides key/cert.
  std::vector<Buffer> pfx;
  std::string ciphers;  // "" : tls.DEFAULT_CIPHERS
  std::string minVersion = "TLSv1.2";
  std::string maxVersion = "TLSv1.3";
  std::vector<std::string> ALPNProtocols;  // NOLINT: Node's name
  uint32_t sessionTimeout = 300;           // seconds (server sessions and tickets)
  // A server's: the 48 bytes session tickets are sealed with (Node's: key name, HMAC secret,
  // AES key), so that servers sharing them resume each other's tickets. Empty: random keys.
  Buffer ticketKeys;
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
// once (while the handshake waits). A server with one never looks at its addContext list (as
// Node's, whose default SNICallback is what searches that list).
using SNICallback = std::function<SecureContext(std::string_view servername)>;

// A certificate's subject or issuer: the attributes Node's object names (missing ones "").
struct CertificateName {
  std::string C;
  std::string ST;
  std::string L;
  std::string O;
  std::string OU;
  std::string CN;
};

// tlsSocket.getPeerCertificate(): the fields Node's object has that programs read.
struct PeerCertificate {
  std::string subjectCN;  // subject.CN
  std::string issuerCN;   // issuer.CN
  CertificateName subject;
  CertificateName issuer;
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

// What tls.createServer (and https.createServer) adds to the context options for its
// connections.
struct SecureServerOptions : SecureContextOptions {
  bool requestCert = false;            // ask clients for a certificate
  bool rejectUnauthorized = true;      // with requestCert: end clients that do not verify
  uint64_t handshakeTimeout = 120000;  // ms; a handshake not done by then ends (0: none)
  tls::SNICallback SNICallback;        // NOLINT: Node's name
};

// tls.createServer(options): the secure options plus net.createServer's.
struct ServerOptions : net::ServerOptions, SecureServerOptions {};

// tls.connect's checkServerIdentity: an Error refuses the server's certificate (as Node's,
// after the chain verified; the default is Node's name check, ERR_TLS_CERT_ALTNAME_INVALID).
using CheckServerIdentity =
    std::function<std::optional<Error>(std::string_view hostname, const PeerCertificate& cert)>;

// tls.connect(options): where to, and the context options (ca, cert, key...) of the client.
struct ConnectionOptions : SecureContextOptions {
  uint16_t port = 0;
  std::string host = "localhost";  // an IP literal or "localhost"
  std::string servername;          // SNI and the name checked; "": host (never an IP literal)
  bool rejectUnauthorized = true;  // false: connect anyway; `authorized` tells
  Buffer session;                  // a session to resume (getSession() or 'session')
  CheckServerIdentity checkServerIdentity;
  bool allowHalfOpen = false;
  // A connected net::Socket to run TLS over instead of connecting (host and port are then not
  // used but for the name checked): it must be a net module socket (net::connect, a
  // net::Server's, an http server's 'upgrade' socket), open, without TLS already. Throws
  // ERR_INVALID_ARG_VALUE otherwise. No 'connect' is emitted ('secureConnect' is), unless the
  // socket was still connecting: it is taken once it has emitted 'connect', and this socket
  // emits 'connect' then; a failed connect is that socket's 'error', then this one's (the
  // same) and 'close' (false), as Node's. Until it is taken, either one destroyed destroys
  // the other, and each is valid until its own 'close' (the plain socket's comes first).
  net::Socket* socket = nullptr;
};

// tlsSocket.getCipher().
struct CipherNameAndProtocol {
  std::string name;          // OpenSSL's: "TLS_AES_256_GCM_SHA384", "ECDHE-RSA-AES128-GCM-SHA256"
  std::string standardName;  // the IETF name
  std::string version;       // the lowest protocol version with it: "TLSv1.2", "TLSv1.3"
};

// tls.TLSSocket: a net::Socket whose bytes go through TLS (write, end, 'data', 'end', 'close',
// pause/resume and setTimeout as net's). The properties Node sets when the handshake ends are
// filled before 'secureConnect' / 'secureConnection'. Same lifetime as a net::Socket.
class TLSSocket : public net::Socket {
 public:
  explicit TLSSocket(net::detail::SocketBackend* backend);

  // Whether the peer's certificate verified (a server: only with requestCert).
  bool authorized = false;
  // Why not: a code, "DEPTH_ZERO_SELF_SIGNED_CERT"; "" when authorized.
  std::string authorizationError;
  const bool encrypted = true;
  // The negotiated ALPN protocol; "" where Node has false.
  std::string alpnProtocol;
  // Server: the name the client asked for (SNI); client: the name sent.
  std::string servername;

  // "TLSv1.3", "TLSv1.2"; "" before the handshake (Node: null).
  std::string getProtocol() const;
  CipherNameAndProtocol getCipher() const;
  // The peer's certificate; empty() when it sent none.
  PeerCertificate getPeerCertificate() const;
  // The session (DER, as Node's Buffer) a later tls::connect may resume with `session`;
  // empty before the handshake. With TLS 1.3 the server's tickets come after the handshake:
  // 'session' tells when there is one.
  Buffer getSession() const;
  bool isSessionReused() const;

 protected:
  // A first 'keylog' listener turns key logging on (OpenSSL formats no line otherwise).
  void listenerCountChanged(std::string_view event, size_t count) override;

 private:
  friend class detail::TlsSocketImpl;
};

// new tls.TLSSocket(socket, options): what createTLSSocket takes. The context is
// `secureContext`, else one made from the SecureContextOptions fields (per socket, as Node).
struct TLSSocketOptions : SecureContextOptions {
  bool isServer = false;  // only true is supported: clients go through tls::connect({socket})
  SecureContext secureContext;
  bool requestCert = false;        // ask the client for a certificate
  bool rejectUnauthorized = true;  // with requestCert: fail clients that send no certificate
  tls::SNICallback SNICallback;    // NOLINT: Node's name
};

// new tls.TLSSocket(socket, {isServer: true, ...}): TLS, server side, over a connected net
// module socket (an accepted one after a plaintext STARTTLS exchange, an http server's
// 'upgrade' socket). The returned socket (owned by the runtime, as net's) emits 'secure' once
// the handshake is done (servername, alpnProtocol filled; no handshake timeout, as Node's),
// then 'data', 'end', 'close'. As Node's, whose verdict on a client certificate is a
// tls.Server's to make, `authorized` stays false and authorizationError "": with requestCert
// the certificate is asked for and getPeerCertificate() shows it, a missing one fails the
// handshake when rejectUnauthorized, one that does not verify does not. A failed handshake is its
// 'error' (Node's code: ERR_SSL_*, ECONNRESET for a client that left) then 'close' (true). With a
// secureContext, requestCert, ALPNProtocols or an SNICallback make a copy of that context for the
// socket (one copy is kept per SecureContext for the last requestCert/ALPN combination). Throws
// ERR_INVALID_ARG_VALUE for a socket that cannot be wrapped (see ConnectionOptions::socket)
// or isServer false, and as createSecureContext for refused options.
TLSSocket& createTLSSocket(net::Socket& socket, const TLSSocketOptions& options);

// tls.Server: net::Server's listening methods and events, with TLS on every connection.
class Server : public net::Server {
 public:
  explicit Server(const ServerOptions& options);
  ~Server() override;

  // server.getTicketKeys() / setTicketKeys(keys): the 48 bytes of ticketKeys, to share or
  // rotate (tickets sealed with the old keys then no longer resume: a full handshake). Throws
  // ERR_INVALID_ARG_VALUE unless `keys` is 48 bytes.
  Buffer getTicketKeys() const;
  void setTicketKeys(const Buffer& keys);

  // server.addContext(hostname, context): the context for clients whose SNI name matches
  // `hostname`, where '*' stands for any run of characters but '.' ("*.example.com" takes
  // "a.example.com", not "a.b.example.com" nor "example.com"); the whole name must match, case
  // counting, as Node's RegExp. The last added match wins; a name none matches, or no name, gets
  // the server's context. Not consulted when the server has an SNICallback (as Node). Takes
  // effect for handshakes from now on. Throws ERR_TLS_REQUIRED_SERVER_NAME for an empty
  // hostname, and as createSecureContext for refused options (the server is then unchanged).
  void addContext(std::string_view hostname, const SecureContextOptions& context);
  void addContext(std::string_view hostname, const SecureContext& context);
  // server.setSecureContext(options): a new context (key, cert, ca, ciphers, versions...) for
  // the connections accepted from now on; those already accepted keep theirs. Throws as
  // createSecureContext, leaving the server as it was. As Node, the server keeps its own
  // requestCert, rejectUnauthorized, ALPNProtocols and SNICallback (the options' are ignored),
  // its sessionTimeout unless the options give another than the default, and the ticketKeys
  // last given as an option (createServer's or an earlier setSecureContext's) unless the
  // options give new ones: keys set by setTicketKeys are dropped, and a server never given any
  // gets new random ones (tickets sealed before then get a full handshake).
  void setSecureContext(const SecureContextOptions& options);

 protected:
  void listenerCountChanged(std::string_view event, size_t count) override;

 private:
  friend class detail::TlsSocketImpl;
  detail::ServerState* state() const { return state_; }
  detail::ServerState* state_;
};

// tls.createServer(options[, secureConnectionListener]). Throws Error (Node's code) when the key,
// certificate or options are refused. The thread's runtime owns the server (as net's).
Server& createServer(const ServerOptions& options,
                     UniqueFunction<void(TLSSocket&)> secureConnectionListener = nullptr);

// tls.connect(options[, secureConnectListener]): 'secureConnect' once the handshake is done and
// the server verified; a server that does not verify (with rejectUnauthorized) is the socket's
// 'error' with Node's code and message. Throws when the context options are refused.
TLSSocket& connect(const ConnectionOptions& options,
                   UniqueFunction<void()> secureConnectListener = nullptr);
// tls.connect(port[, host][, options][, secureConnectListener]).
TLSSocket& connect(uint16_t port, std::string_view host, ConnectionOptions options = {},
                   UniqueFunction<void()> secureConnectListener = nullptr);

inline constexpr std::string_view DEFAULT_MIN_VERSION = "TLSv1.2";
inline constexpr std::string_view DEFAULT_MAX_VERSION = "TLSv1.3";

}  // namespace nodecc::tls
