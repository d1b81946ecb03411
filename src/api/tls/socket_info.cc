// tls::secureInfo: what Node's TLSSocket getters report, read from the socket's TLS filter.
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

#include "api/net/socket_backend.h"
#include "nodecc/tls.h"
#include "tls/connection.h"
#include "tls/verify.h"

namespace nodecc::tls {

namespace {

std::string fromBio(BIO* bio) {
  char* data = nullptr;
  long len = BIO_get_mem_data(bio, &data);
  std::string out(data, len > 0 ? size_t(len) : 0);
  BIO_free(bio);
  return out;
}

// Node's kX509NameFlagsMultiline: one "KEY=value" per line.
std::string nameText(const X509_NAME* name) {
  BIO* bio = BIO_new(BIO_s_mem());
  constexpr unsigned long kFlags = ASN1_STRFLGS_ESC_2253 | ASN1_STRFLGS_ESC_CTRL |
                                   ASN1_STRFLGS_UTF8_CONVERT | XN_FLAG_SEP_MULTILINE |
                                   XN_FLAG_FN_SN;
  X509_NAME_print_ex(bio, name, 0, kFlags);
  std::string out = fromBio(bio);
  // OpenSSL pads "KEY=value" as "KEY = value" in the multiline form; Node prints it tight.
  std::string tight;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out.compare(i, 3, " = ") == 0) {
      tight += '=';
      i += 2;
    } else {
      tight += out[i];
    }
  }
  return tight;
}

std::string commonName(const X509_NAME* name) {
  char cn[256] = "";
  X509_NAME_get_text_by_NID(const_cast<X509_NAME*>(name), NID_commonName, cn, sizeof cn);
  return cn;
}

std::string timeText(const ASN1_TIME* t) {
  BIO* bio = BIO_new(BIO_s_mem());
  ASN1_TIME_print(bio, t);
  return fromBio(bio);
}

PeerCertificate describe(X509* x) {
  PeerCertificate c;
  if (!x) {
    return c;
  }
  c.subject = nameText(X509_get_subject_name(x));
  c.issuer = nameText(X509_get_issuer_name(x));
  c.subjectCN = commonName(X509_get_subject_name(x));
  c.issuerCN = commonName(X509_get_issuer_name(x));
  c.subjectaltname = core::subjectAltNames(x);
  c.valid_from = timeText(X509_get0_notBefore(x));
  c.valid_to = timeText(X509_get0_notAfter(x));
  if (BIGNUM* bn = ASN1_INTEGER_to_BN(X509_get0_serialNumber(x), nullptr)) {
    if (char* hex = BN_bn2hex(bn)) {
      c.serialNumber = hex;
      OPENSSL_free(hex);
    }
    BN_free(bn);
  }
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned len = 0;
  if (X509_digest(x, EVP_sha256(), md, &len) == 1) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    for (unsigned i = 0; i < len; ++i) {
      if (i > 0) {
        c.fingerprint256 += ':';
      }
      c.fingerprint256 += kHex[md[i] >> 4];
      c.fingerprint256 += kHex[md[i] & 15];
    }
  }
  return c;
}

}  // namespace

std::optional<SecureInfo> secureInfo(const net::Socket& socket) {
  net::detail::SocketBackend* backend = socket.backend();
  if (!backend) {
    return std::nullopt;
  }
  auto* conn = dynamic_cast<core::Connection*>(backend->stream().filter());
  if (!conn || !conn->handshakeDone()) {
    return std::nullopt;
  }
  SecureInfo info;
  info.authorized = conn->authorized();
  info.authorizationError = conn->authorizationError().code;
  info.protocol = conn->protocol();
  info.alpnProtocol = conn->alpnProtocol();
  info.servername = conn->servername();
  info.cipher = conn->cipherName();
  info.sessionReused = conn->sessionReused();
  info.peerCertificate = describe(conn->peerCertificate());
  return info;
}

}  // namespace nodecc::tls
