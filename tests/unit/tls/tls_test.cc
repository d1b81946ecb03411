// The TLS core against Node 20's answers (taken from node itself: tls.createSecureContext's
// errors, tls.checkServerIdentity's messages), with certificates made in memory.
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <string>

#include "tls/context.h"
#include "tls/session_cache.h"
#include "tls/verify.h"

namespace nodecc::tls::core {
namespace {

struct Made {
  EVP_PKEY* key = nullptr;
  X509* cert = nullptr;
  ~Made() {
    X509_free(cert);
    EVP_PKEY_free(key);
  }
  std::string keyPem() const {
    BIO* b = BIO_new(BIO_s_mem());
    PEM_write_bio_PrivateKey(b, key, nullptr, nullptr, 0, nullptr, nullptr);
    return drain(b);
  }
  std::string certPem() const {
    BIO* b = BIO_new(BIO_s_mem());
    PEM_write_bio_X509(b, cert);
    return drain(b);
  }
  static std::string drain(BIO* b) {
    char* data = nullptr;
    long len = BIO_get_mem_data(b, &data);
    std::string out(data, size_t(len));
    BIO_free(b);
    return out;
  }
};

// A self-signed P-256 certificate with this CN and subjectAltName ("" : none).
void make(Made& m, const char* cn, const char* san) {
  m.key = EVP_EC_gen("P-256");
  m.cert = X509_new();
  ASN1_INTEGER_set(X509_get_serialNumber(m.cert), 7);
  X509_gmtime_adj(X509_getm_notBefore(m.cert), 0);
  X509_gmtime_adj(X509_getm_notAfter(m.cert), 3600);
  X509_set_pubkey(m.cert, m.key);
  X509_NAME* name = X509_get_subject_name(m.cert);
  if (*cn) {
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>(cn),
                               -1, -1, 0);
  }
  X509_set_issuer_name(m.cert, name);
  if (*san) {
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, m.cert, m.cert, nullptr, nullptr, 0);
    X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, NID_subject_alt_name, san);
    X509_add_ext(m.cert, ext, -1);
    X509_EXTENSION_free(ext);
  }
  X509_sign(m.cert, m.key, EVP_sha256());
}

TEST(TlsContext, BuildsAServerContextFromPem) {
  Made m;
  make(m, "localhost", "DNS:localhost");
  ContextOptions o;
  o.isServer = true;
  o.key = {m.keyPem()};
  o.cert = {m.certPem()};
  o.alpnProtocols = {"http/1.1"};
  TlsError err;
  auto ctx = Context::create(o, &err);
  ASSERT_TRUE(ctx) << err.message;
  EXPECT_TRUE(err.empty());
  EXPECT_EQ(ctx->alpnWire(), std::string("\x08http/1.1"));
  EXPECT_EQ(SSL_CTX_get_min_proto_version(ctx->raw()), TLS1_2_VERSION);
  EXPECT_NE(SSL_CTX_get_mode(ctx->raw()) & SSL_MODE_RELEASE_BUFFERS, 0u);
  EXPECT_NE(SSL_CTX_get_options(ctx->raw()) & SSL_OP_NO_RENEGOTIATION, 0u);
}

TEST(TlsContext, RefusesWhatNodeRefusesWithNodesCodes) {
  Made m;
  make(m, "localhost", "DNS:localhost");
  struct Case {
    ContextOptions o;
    const char* code;
    const char* message;
  };
  ContextOptions badKey;
  badKey.isServer = true;
  badKey.key = {"garbage"};
  badKey.cert = {m.certPem()};
  ContextOptions badCert;
  badCert.isServer = true;
  badCert.key = {m.keyPem()};
  badCert.cert = {"garbage"};
  ContextOptions badMin;
  badMin.minVersion = "TLSv9";
  ContextOptions badMax;
  badMax.maxVersion = "TLSv9";
  ContextOptions badCiphers;
  badCiphers.ciphers = "NOPE";
  const Case cases[] = {
      {badKey, "ERR_OSSL_UNSUPPORTED", "error:1E08010C:DECODER routines::unsupported"},
      {badCert, "ERR_OSSL_PEM_NO_START_LINE", "error:0480006C:PEM routines::no start line"},
      {badMin, "ERR_TLS_INVALID_PROTOCOL_VERSION",
       "\"TLSv9\" is not a valid minimum TLS protocol version"},
      {badMax, "ERR_TLS_INVALID_PROTOCOL_VERSION",
       "\"TLSv9\" is not a valid maximum TLS protocol version"},
      {badCiphers, "ERR_SSL_NO_CIPHER_MATCH", "error:0A0000B9:SSL routines::no cipher match"},
  };
  for (const Case& c : cases) {
    TlsError err;
    EXPECT_FALSE(Context::create(c.o, &err));
    EXPECT_EQ(err.code, c.code);
    EXPECT_EQ(err.message, c.message);
  }
}

TEST(CheckServerIdentity, MatchesAsNode) {
  Made m;
  make(m, "localhost", "DNS:localhost,IP:127.0.0.1");
  for (const char* host : {"localhost", "LOCALHOST", "localhost.", "127.0.0.1"}) {
    TlsError err;
    EXPECT_TRUE(checkServerIdentity(host, m.cert, &err)) << host;
  }
  TlsError err;
  EXPECT_FALSE(checkServerIdentity("wrong.test", m.cert, &err));
  EXPECT_EQ(err.code, "ERR_TLS_CERT_ALTNAME_INVALID");
  EXPECT_EQ(err.message,
            "Hostname/IP does not match certificate's altnames: Host: wrong.test. is not in the "
            "cert's altnames: DNS:localhost, IP Address:127.0.0.1");
  EXPECT_FALSE(checkServerIdentity("10.0.0.1", m.cert, &err));
  EXPECT_EQ(err.message,
            "Hostname/IP does not match certificate's altnames: IP: 10.0.0.1 is not in the "
            "cert's list: 127.0.0.1");
}

TEST(CheckServerIdentity, UsesTheCommonNameOnlyWithoutDnsNames) {
  Made m;
  make(m, "cn.test", "");
  TlsError err;
  EXPECT_TRUE(checkServerIdentity("cn.test", m.cert, &err));
  EXPECT_FALSE(checkServerIdentity("x.test", m.cert, &err));
  EXPECT_EQ(err.message,
            "Hostname/IP does not match certificate's altnames: Host: x.test. is not cert's CN: "
            "cn.test");
  Made none;
  make(none, "", "");
  EXPECT_FALSE(checkServerIdentity("x.test", none.cert, &err));
  EXPECT_EQ(err.message,
            "Hostname/IP does not match certificate's altnames: Cert does not contain a DNS name");
}

TEST(VerifyError, NamesResultsAsNode) {
  EXPECT_EQ(verifyError(X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT).code,
            "DEPTH_ZERO_SELF_SIGNED_CERT");
  EXPECT_EQ(verifyError(X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT).message, "self-signed certificate");
  EXPECT_EQ(verifyError(X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE).message,
            "unable to verify the first certificate");
  EXPECT_EQ(verifyError(X509_V_ERR_CERT_HAS_EXPIRED).code, "CERT_HAS_EXPIRED");
  EXPECT_EQ(verifyError(X509_V_ERR_CERT_HAS_EXPIRED).message, "certificate has expired");
}

TEST(SessionCache, KeepsOneSessionPerNameBounded) {
  SessionCache cache(2);
  SSL_SESSION* a = SSL_SESSION_new();
  SSL_SESSION* b = SSL_SESSION_new();
  SSL_SESSION* c = SSL_SESSION_new();
  for (SSL_SESSION* s : {a, b, c}) {
    // Resumable needs a session id or a ticket.
    const unsigned char id[] = "0123456789";
    SSL_SESSION_set1_id(s, id, 10);
    SSL_SESSION_set_protocol_version(s, TLS1_2_VERSION);
  }
  cache.put("a", a);
  cache.put("b", b);
  EXPECT_EQ(cache.get("a"), a);
  cache.put("c", c);  // past the bound: the oldest name goes
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.get("a"), nullptr);
  EXPECT_EQ(cache.get("c"), c);
  cache.put("c", b);  // replaced
  EXPECT_EQ(cache.get("c"), b);
  SSL_SESSION_free(a);
  SSL_SESSION_free(b);
  SSL_SESSION_free(c);
}

}  // namespace
}  // namespace nodecc::tls::core
