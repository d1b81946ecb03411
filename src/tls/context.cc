#include "tls/context.h"

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "tls/connection.h"

namespace nodecc::tls::core {

namespace {

// Debian's ca-certificates bundle (update-ca-certificates writes it).
constexpr const char* kSystemBundle = "/etc/ssl/certs/ca-certificates.crt";
// Node's default cipher list (tls.DEFAULT_CIPHERS in Node 20): the TLS 1.3 suites, then the
// TLS 1.2 ones.
constexpr const char* kDefaultCiphers =
    "TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_128_GCM_SHA256:"
    "ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:"
    "ECDHE-ECDSA-AES256-GCM-SHA384:DHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-SHA256:"
    "DHE-RSA-AES128-SHA256:ECDHE-RSA-AES256-SHA384:DHE-RSA-AES256-SHA384:"
    "ECDHE-RSA-AES256-SHA256:DHE-RSA-AES256-SHA256:HIGH:!aNULL:!eNULL:!EXPORT:!DES:!RC4:"
    "!MD5:!PSK:!SRP:!CAMELLIA";
// The session id context: sessions resume only with a context that set the same one.
constexpr unsigned char kSessionIdContext[] = "nodecc";

TlsError configError(std::string code, std::string message) {
  ERR_clear_error();
  return TlsError{std::move(code), std::move(message), {}, {}};
}

int versionNumber(std::string_view name) {
  if (name == "TLSv1") {
    return TLS1_VERSION;
  }
  if (name == "TLSv1.1") {
    return TLS1_1_VERSION;
  }
  if (name == "TLSv1.2") {
    return TLS1_2_VERSION;
  }
  if (name == "TLSv1.3") {
    return TLS1_3_VERSION;
  }
  return 0;
}

// Every certificate of a PEM text, in order.
std::vector<X509*> readCertificates(const std::string& pem) {
  std::vector<X509*> out;
  BIO* bio = BIO_new_mem_buf(pem.data(), int(pem.size()));
  if (!bio) {
    return out;
  }
  while (X509* x = PEM_read_bio_X509_AUX(bio, nullptr, nullptr, nullptr)) {
    out.push_back(x);
  }
  BIO_free(bio);
  ERR_clear_error();  // the end of the text reads as an error
  return out;
}

// Verification is decided after the handshake (as Node does): the chain's first error is
// kept by OpenSSL (SSL_get_verify_result) and the peer's policy applied then.
int acceptAnyChain(int, X509_STORE_CTX*) {
  return 1;
}

// Where a connection moved to a context SNICallback chose keeps the server's own context: ALPN
// is the server's option in Node, whatever context the handshake ends on.
int serverContextIndex() {
  static const int index = SSL_get_ex_new_index(0, nullptr, nullptr, nullptr, nullptr);
  return index;
}

int selectAlpn(SSL* ssl, const unsigned char** out, unsigned char* outLen, const unsigned char* in,
               unsigned inLen, void* arg) {
  const auto* server = static_cast<const Context*>(SSL_get_ex_data(ssl, serverContextIndex()));
  const auto* self = server ? server : static_cast<const Context*>(arg);
  const std::string& mine = self->alpnWire();
  if (mine.empty()) {
    return SSL_TLSEXT_ERR_NOACK;  // no ALPNProtocols: the handshake goes on without ALPN
  }
  unsigned char* selected = nullptr;
  int r =
      SSL_select_next_proto(&selected, outLen, reinterpret_cast<const unsigned char*>(mine.data()),
                            unsigned(mine.size()), in, inLen);
  if (r != OPENSSL_NPN_NEGOTIATED) {
    // Node 20 ends a handshake whose ALPN lists do not meet (no_application_protocol).
    return SSL_TLSEXT_ERR_ALERT_FATAL;
  }
  *out = selected;
  return SSL_TLSEXT_ERR_OK;
}

int selectServerName(SSL* ssl, int*, void* arg) {
  const auto* self = static_cast<const Context*>(arg);
  const char* name = SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name);
  if (!name || !self->sniCallback()) {
    return SSL_TLSEXT_ERR_OK;
  }
  std::shared_ptr<Context> chosen = self->sniCallback()(name);
  if (chosen && chosen.get() != self) {
    // The SSL holds a reference to the chosen SSL_CTX from here on; the connection holds the
    // server's context (Connection::attachServer), so the pointer outlives the handshake.
    SSL_set_ex_data(ssl, serverContextIndex(), const_cast<Context*>(self));
    SSL_set_SSL_CTX(ssl, chosen->raw());
  }
  return SSL_TLSEXT_ERR_OK;
}

int ticketKeyCallback(SSL* ssl, unsigned char* name, unsigned char* iv, EVP_CIPHER_CTX* cipher,
                      EVP_MAC_CTX* mac, int enc) {
  // The context the handshake runs on (an SNI context may have replaced the server's).
  const auto* self = static_cast<const Context*>(SSL_CTX_get_app_data(SSL_get_SSL_CTX(ssl)));
  return self ? self->sealTicket(name, iv, cipher, mac, enc) : 0;
}

}  // namespace

bool Context::usePkcs12(const std::string& der, TlsError* err) {
  BIO* bio = BIO_new_mem_buf(der.data(), int(der.size()));
  PKCS12* p12 = bio ? d2i_PKCS12_bio(bio, nullptr) : nullptr;
  BIO_free(bio);
  EVP_PKEY* pkey = nullptr;
  X509* cert = nullptr;
  STACK_OF(X509)* chain = nullptr;
  bool ok = p12 && PKCS12_parse(p12, options_.passphrase.c_str(), &pkey, &cert, &chain) == 1 &&
            pkey && cert;
  PKCS12_free(p12);
  if (ok) {
    ok = SSL_CTX_use_certificate(ctx_, cert) == 1 && SSL_CTX_use_PrivateKey(ctx_, pkey) == 1 &&
         SSL_CTX_check_private_key(ctx_) == 1;
  }
  // The bundle's other certificates are the chain sent after the leaf.
  for (int i = 0; ok && chain && i < sk_X509_num(chain); ++i) {
    ok = SSL_CTX_add1_chain_cert(ctx_, sk_X509_value(chain, i)) == 1;
  }
  EVP_PKEY_free(pkey);
  X509_free(cert);
  sk_X509_pop_free(chain, X509_free);
  if (!ok) {
    *err = fromOpenSsl("Unable to load PFX certificate");
  }
  return ok;
}

bool Context::setTicketKeys(std::string_view keys) {
  if (keys.size() != kTicketKeysBytes) {
    return false;
  }
  std::memcpy(ticketKeys_, keys.data(), kTicketKeysBytes);
  return true;
}

// As Node's: the first 16 bytes name the key, the next 16 are the HMAC-SHA256 secret, the last
// 16 the AES-128-CBC key.
int Context::sealTicket(unsigned char* name, unsigned char* iv, void* cipherCtx, void* macCtx,
                        int enc) const {
  auto* cipher = static_cast<EVP_CIPHER_CTX*>(cipherCtx);
  auto* mac = static_cast<EVP_MAC_CTX*>(macCtx);
  const auto* keys = reinterpret_cast<const unsigned char*>(ticketKeys_);
  if (enc) {
    std::memcpy(name, keys, 16);
    if (RAND_bytes(iv, 16) != 1) {
      return -1;
    }
  } else if (std::memcmp(name, keys, 16) != 0) {
    return 0;  // sealed with other keys: a full handshake
  }
  char digest[] = "SHA256";
  OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string(
                             OSSL_MAC_PARAM_KEY, const_cast<unsigned char*>(keys + 16), 16),
                         OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
                         OSSL_PARAM_construct_end()};
  if (EVP_MAC_CTX_set_params(mac, params) != 1) {
    return -1;
  }
  int ok = enc ? EVP_EncryptInit_ex(cipher, EVP_aes_128_cbc(), nullptr, keys + 32, iv)
               : EVP_DecryptInit_ex(cipher, EVP_aes_128_cbc(), nullptr, keys + 32, iv);
  if (ok != 1) {
    return -1;
  }
  // 2 on a ticket that opened: renew it, so a resumed TLS 1.3 connection gets a new ticket
  // (OpenSSL's client offers a ticket once; with 1 every other connection would do a full
  // handshake, as with Node's server).
  return enc ? 1 : 2;
}

X509_STORE* Context::systemStore() {
  static X509_STORE* store = [] {
    X509_STORE* s = X509_STORE_new();
    if (!s) {
      return s;
    }
    if (X509_STORE_load_file(s, kSystemBundle) != 1) {
      // No bundle (ca-certificates not installed): OpenSSL's own default paths.
      ERR_clear_error();
      (void)X509_STORE_set_default_paths(s);
    }
    if (const char* extra = std::getenv("NODE_EXTRA_CA_CERTS"); extra && *extra) {
      if (X509_STORE_load_file(s, extra) != 1) {
        unsigned long e = ERR_peek_error();
        char buf[256];
        ERR_error_string_n(e, buf, sizeof buf);
        std::fprintf(stderr, "Warning: Ignoring extra certs from `%s`, load failed: %s\n", extra,
                     buf);
      }
    }
    ERR_clear_error();
    return s;
  }();
  return store;
}

std::shared_ptr<Context> Context::create(const ContextOptions& options, TlsError* err) {
  std::shared_ptr<Context> ctx(new Context(options));
  if (!ctx->configure(err)) {
    return nullptr;
  }
  return ctx;
}

Context::~Context() {
  SSL_CTX_free(ctx_);
}

bool Context::configure(TlsError* err) {
  const ContextOptions& o = options_;
  ctx_ = SSL_CTX_new(o.isServer ? TLS_server_method() : TLS_client_method());
  if (!ctx_) {
    *err = fromOpenSsl("SSL_CTX_new failed");
    return false;
  }
  // An idle connection gives its record buffers back; no renegotiation (a DoS vector);
  // a write retried after a short write may come from a moved buffer. A server picks the
  // suite by its own order, as Node's (honorCipherOrder is true by default there).
  SSL_CTX_set_mode(ctx_, SSL_MODE_RELEASE_BUFFERS | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
  SSL_CTX_set_options(
      ctx_, SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_COMPRESSION | SSL_OP_CIPHER_SERVER_PREFERENCE);

  int minV = versionNumber(o.minVersion);
  int maxV = versionNumber(o.maxVersion);
  if (minV == 0 || maxV == 0) {
    const bool min = minV == 0;
    *err = configError("ERR_TLS_INVALID_PROTOCOL_VERSION",
                       "\"" + (min ? o.minVersion : o.maxVersion) + "\" is not a valid " +
                           (min ? "minimum" : "maximum") + " TLS protocol version");
    return false;
  }
  if (minV < TLS1_2_VERSION) {
    // OpenSSL 3's default security level refuses TLS 1.0/1.1; Node lowers it for them too.
    SSL_CTX_set_security_level(ctx_, 0);
  }
  SSL_CTX_set_min_proto_version(ctx_, minV);
  SSL_CTX_set_max_proto_version(ctx_, maxV);

  // Node splits one list: TLS 1.3 suites (TLS_*) and the TLS 1.2 cipher string.
  std::string list = o.ciphers.empty() ? kDefaultCiphers : o.ciphers;
  std::string suites13;
  std::string ciphers12;
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(':', start);
    if (end == std::string::npos) {
      end = list.size();
    }
    std::string_view item(list.data() + start, end - start);
    if (!item.empty()) {
      std::string& target = item.starts_with("TLS_") ? suites13 : ciphers12;
      if (!target.empty()) {
        target += ':';
      }
      target += item;
    }
    start = end + 1;
  }
  if ((!suites13.empty() && SSL_CTX_set_ciphersuites(ctx_, suites13.c_str()) != 1) ||
      (!ciphers12.empty() && SSL_CTX_set_cipher_list(ctx_, ciphers12.c_str()) != 1)) {
    *err = fromOpenSsl("no cipher match");
    return false;
  }
  if (ciphers12.empty() && minV < TLS1_3_VERSION && maxV > TLS1_2_VERSION) {
    // Only TLS 1.3 suites listed: Node raises the minimum to TLS 1.3 (a TLS 1.2 peer gets
    // protocol_version) instead of leaving OpenSSL's default TLS 1.2 list in force.
    SSL_CTX_set_min_proto_version(ctx_, TLS1_3_VERSION);
  }

  // Key and certificate chain: the first certificate of each chain is the leaf.
  for (size_t i = 0; i < o.cert.size(); ++i) {
    std::vector<X509*> chain = readCertificates(o.cert[i]);
    if (chain.empty()) {
      *err =
          configError("ERR_OSSL_PEM_NO_START_LINE", "error:0480006C:PEM routines::no start line");
      return false;
    }
    bool ok = SSL_CTX_use_certificate(ctx_, chain[0]) == 1;
    X509_free(chain[0]);
    if (ok) {
      SSL_CTX_clear_chain_certs(ctx_);
    }
    for (size_t j = 1; j < chain.size(); ++j) {
      if (ok) {
        ok = SSL_CTX_add0_chain_cert(ctx_, chain[j]) == 1;  // takes the reference
      } else {
        X509_free(chain[j]);
      }
    }
    if (!ok) {
      *err = fromOpenSsl("bad certificate");
      return false;
    }
    if (i < o.key.size()) {
      const std::string& pem = o.key[i];
      BIO* bio = BIO_new_mem_buf(pem.data(), int(pem.size()));
      // With no callback, OpenSSL takes `u` as the passphrase itself.
      EVP_PKEY* pkey =
          PEM_read_bio_PrivateKey(bio, nullptr, nullptr, const_cast<char*>(o.passphrase.c_str()));
      BIO_free(bio);
      if (!pkey) {
        *err = fromOpenSsl("bad key");
        return false;
      }
      ok = SSL_CTX_use_PrivateKey(ctx_, pkey) == 1 && SSL_CTX_check_private_key(ctx_) == 1;
      EVP_PKEY_free(pkey);
      if (!ok) {
        *err = fromOpenSsl("key does not match certificate");
        return false;
      }
    }
  }

  for (const std::string& der : o.pfx) {
    if (!usePkcs12(der, err)) {
      return false;
    }
  }

  // Trust: the given CAs, else the system's roots (shared, loaded once).
  if (!o.ca.empty()) {
    X509_STORE* store = X509_STORE_new();
    STACK_OF(X509_NAME)* names = o.isServer ? sk_X509_NAME_new_null() : nullptr;
    for (const std::string& pem : o.ca) {
      for (X509* x : readCertificates(pem)) {
        X509_STORE_add_cert(store, x);
        if (names) {
          sk_X509_NAME_push(names, X509_NAME_dup(X509_get_subject_name(x)));
        }
        X509_free(x);
      }
    }
    SSL_CTX_set_cert_store(ctx_, store);
    if (names) {
      SSL_CTX_set_client_CA_list(ctx_, names);  // what the server asks client certificates of
    }
  } else if (X509_STORE* system = systemStore()) {
    X509_STORE_up_ref(system);
    SSL_CTX_set_cert_store(ctx_, system);
  }

  if (!o.isServer) {
    SSL_CTX_set_verify(ctx_, SSL_VERIFY_PEER, acceptAnyChain);
  } else if (o.requestCert) {
    // As Node: a server that rejects unauthorized clients also refuses clients without one.
    int mode = SSL_VERIFY_PEER | (o.rejectUnauthorized ? SSL_VERIFY_FAIL_IF_NO_PEER_CERT : 0);
    SSL_CTX_set_verify(ctx_, mode, acceptAnyChain);
  }

  if (!o.alpnProtocols.empty()) {
    for (const std::string& p : o.alpnProtocols) {
      if (p.empty() || p.size() > 255) {
        continue;
      }
      alpnWire_ += char(p.size());
      alpnWire_ += p;
    }
    if (!o.isServer) {
      SSL_CTX_set_alpn_protos(ctx_, reinterpret_cast<const unsigned char*>(alpnWire_.data()),
                              unsigned(alpnWire_.size()));
    }
  }
  if (o.isServer) {
    // On every server context, with or without a list: one SNICallback chooses answers with
    // the server's list.
    SSL_CTX_set_alpn_select_cb(ctx_, selectAlpn, this);
  }

  if (o.isServer) {
    SSL_CTX_set_session_cache_mode(ctx_, SSL_SESS_CACHE_SERVER);
    SSL_CTX_set_session_id_context(ctx_, kSessionIdContext, sizeof kSessionIdContext - 1);
    SSL_CTX_set_timeout(ctx_, o.sessionTimeoutSecs);
    if (!o.sessionTickets) {
      SSL_CTX_set_options(ctx_, SSL_OP_NO_TICKET);
    }
    // Our own ticket keys (as Node's), so that getTicketKeys can tell them.
    if (o.ticketKeys.empty()) {
      if (RAND_bytes(reinterpret_cast<unsigned char*>(ticketKeys_), kTicketKeysBytes) != 1) {
        *err = fromOpenSsl("RAND_bytes failed");
        return false;
      }
    } else if (!setTicketKeys(o.ticketKeys)) {
      *err = configError("ERR_INVALID_ARG_VALUE",
                         "The property 'options.ticketKeys' must be exactly 48 bytes. Received " +
                             std::to_string(o.ticketKeys.size()));
      return false;
    }
    SSL_CTX_set_app_data(ctx_, this);
    SSL_CTX_set_tlsext_ticket_key_evp_cb(ctx_, ticketKeyCallback);
    SSL_CTX_set_tlsext_servername_callback(ctx_, selectServerName);
    SSL_CTX_set_tlsext_servername_arg(ctx_, this);
  } else {
    // Sessions are handed to the connection's observer (the agent keeps one per host).
    SSL_CTX_set_session_cache_mode(ctx_, SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL);
    SSL_CTX_sess_set_new_cb(ctx_, Connection::newSessionCallback);
  }
  ERR_clear_error();
  return true;
}

}  // namespace nodecc::tls::core
