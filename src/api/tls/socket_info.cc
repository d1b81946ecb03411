// tls::secureInfo and getPeerCertificate: what Node's TLSSocket getters report, read from the
// socket's TLS filter.
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

#include "api/net/socket_backend.h"
#include "api/tls/context_holder.h"
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

std::string timeText(const ASN1_TIME* t) {
  BIO* bio = BIO_new(BIO_s_mem());
  ASN1_TIME_print(bio, t);
  return fromBio(bio);
}

std::string entry(const X509_NAME* name, int nid) {
  // The attribute's UTF-8 text (X509_NAME_get_text_by_NID would cut multi-byte ones).
  int i = X509_NAME_get_index_by_NID(name, nid, -1);
  if (i < 0) {
    return "";
  }
  const ASN1_STRING* data = X509_NAME_ENTRY_get_data(X509_NAME_get_entry(name, i));
  unsigned char* utf8 = nullptr;
  int len = ASN1_STRING_to_UTF8(&utf8, data);
  if (len < 0) {
    return "";
  }
  std::string out(reinterpret_cast<char*>(utf8), size_t(len));
  OPENSSL_free(utf8);
  return out;
}

CertificateName nameOf(const X509_NAME* name) {
  return CertificateName{entry(name, NID_countryName),
                         entry(name, NID_stateOrProvinceName),
                         entry(name, NID_localityName),
                         entry(name, NID_organizationName),
                         entry(name, NID_organizationalUnitName),
                         entry(name, NID_commonName)};
}

}  // namespace

namespace detail {

PeerCertificate describeCertificate(X509* x) {
  PeerCertificate c;
  if (!x) {
    return c;
  }
  c.subject = nameOf(X509_get_subject_name(x));
  c.issuer = nameOf(X509_get_issuer_name(x));
  c.subjectCN = c.subject.CN;
  c.issuerCN = c.issuer.CN;
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

}  // namespace detail

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
  info.peerCertificate = detail::describeCertificate(conn->peerCertificate());
  return info;
}

}  // namespace nodecc::tls
