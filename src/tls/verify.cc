#include "tls/verify.h"

#include <arpa/inet.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cstdio>

namespace nodecc::tls::core {

namespace {

struct VerifyName {
  long result;
  const char* code;
};

// Node's X509_ERROR_CODE list (crypto_common.cc): the X509_V_ERR_ names without the prefix.
constexpr VerifyName kVerifyNames[] = {
    {X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT, "UNABLE_TO_GET_ISSUER_CERT"},
    {X509_V_ERR_UNABLE_TO_GET_CRL, "UNABLE_TO_GET_CRL"},
    {X509_V_ERR_UNABLE_TO_DECRYPT_CERT_SIGNATURE, "UNABLE_TO_DECRYPT_CERT_SIGNATURE"},
    {X509_V_ERR_UNABLE_TO_DECRYPT_CRL_SIGNATURE, "UNABLE_TO_DECRYPT_CRL_SIGNATURE"},
    {X509_V_ERR_UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY, "UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY"},
    {X509_V_ERR_CERT_SIGNATURE_FAILURE, "CERT_SIGNATURE_FAILURE"},
    {X509_V_ERR_CRL_SIGNATURE_FAILURE, "CRL_SIGNATURE_FAILURE"},
    {X509_V_ERR_CERT_NOT_YET_VALID, "CERT_NOT_YET_VALID"},
    {X509_V_ERR_CERT_HAS_EXPIRED, "CERT_HAS_EXPIRED"},
    {X509_V_ERR_CRL_NOT_YET_VALID, "CRL_NOT_YET_VALID"},
    {X509_V_ERR_CRL_HAS_EXPIRED, "CRL_HAS_EXPIRED"},
    {X509_V_ERR_ERROR_IN_CERT_NOT_BEFORE_FIELD, "ERROR_IN_CERT_NOT_BEFORE_FIELD"},
    {X509_V_ERR_ERROR_IN_CERT_NOT_AFTER_FIELD, "ERROR_IN_CERT_NOT_AFTER_FIELD"},
    {X509_V_ERR_ERROR_IN_CRL_LAST_UPDATE_FIELD, "ERROR_IN_CRL_LAST_UPDATE_FIELD"},
    {X509_V_ERR_ERROR_IN_CRL_NEXT_UPDATE_FIELD, "ERROR_IN_CRL_NEXT_UPDATE_FIELD"},
    {X509_V_ERR_OUT_OF_MEM, "OUT_OF_MEM"},
    {X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, "DEPTH_ZERO_SELF_SIGNED_CERT"},
    {X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN, "SELF_SIGNED_CERT_IN_CHAIN"},
    {X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, "UNABLE_TO_GET_ISSUER_CERT_LOCALLY"},
    {X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE, "UNABLE_TO_VERIFY_LEAF_SIGNATURE"},
    {X509_V_ERR_CERT_CHAIN_TOO_LONG, "CERT_CHAIN_TOO_LONG"},
    {X509_V_ERR_CERT_REVOKED, "CERT_REVOKED"},
    {X509_V_ERR_INVALID_CA, "INVALID_CA"},
    {X509_V_ERR_PATH_LENGTH_EXCEEDED, "PATH_LENGTH_EXCEEDED"},
    {X509_V_ERR_INVALID_PURPOSE, "INVALID_PURPOSE"},
    {X509_V_ERR_CERT_UNTRUSTED, "CERT_UNTRUSTED"},
    {X509_V_ERR_CERT_REJECTED, "CERT_REJECTED"},
    {X509_V_ERR_HOSTNAME_MISMATCH, "HOSTNAME_MISMATCH"},
};

// Node's canonicalizeIP: the address as inet_ntop prints it.
std::string canonicalIp(std::string_view text) {
  std::string s(text);
  unsigned char buf[16];
  char out[INET6_ADDRSTRLEN];
  if (inet_pton(AF_INET, s.c_str(), buf) == 1) {
    return inet_ntop(AF_INET, buf, out, sizeof out) ? out : s;
  }
  if (inet_pton(AF_INET6, s.c_str(), buf) == 1) {
    return inet_ntop(AF_INET6, buf, out, sizeof out) ? out : s;
  }
  return s;
}

bool isIp(std::string_view host) {
  std::string s(host);
  unsigned char buf[16];
  return inet_pton(AF_INET, s.c_str(), buf) == 1 || inet_pton(AF_INET6, s.c_str(), buf) == 1;
}

}  // namespace

TlsError verifyError(long result) {
  TlsError err;
  err.code = "UNSPECIFIED";
  for (const VerifyName& n : kVerifyNames) {
    if (n.result == result) {
      err.code = n.code;
      break;
    }
  }
  err.message = X509_verify_cert_error_string(result);
  return err;
}

std::string subjectAltNames(X509* cert) {
  std::string out;
  auto* names =
      static_cast<GENERAL_NAMES*>(X509_get_ext_d2i(cert, NID_subject_alt_name, nullptr, nullptr));
  if (!names) {
    return out;
  }
  for (int i = 0; i < sk_GENERAL_NAME_num(names); ++i) {
    const GENERAL_NAME* gen = sk_GENERAL_NAME_value(names, i);
    std::string item;
    if (gen->type == GEN_DNS) {
      const ASN1_IA5STRING* s = gen->d.dNSName;
      item = "DNS:" + std::string(reinterpret_cast<const char*>(s->data), size_t(s->length));
    } else if (gen->type == GEN_IPADD) {
      const ASN1_OCTET_STRING* s = gen->d.iPAddress;
      char text[INET6_ADDRSTRLEN] = "";
      if (s->length == 4) {
        inet_ntop(AF_INET, s->data, text, sizeof text);
      } else if (s->length == 16) {
        inet_ntop(AF_INET6, s->data, text, sizeof text);
      }
      item = std::string("IP Address:") + text;
    } else if (gen->type == GEN_EMAIL) {
      const ASN1_IA5STRING* s = gen->d.rfc822Name;
      item = "email:" + std::string(reinterpret_cast<const char*>(s->data), size_t(s->length));
    } else if (gen->type == GEN_URI) {
      const ASN1_IA5STRING* s = gen->d.uniformResourceIdentifier;
      item = "URI:" + std::string(reinterpret_cast<const char*>(s->data), size_t(s->length));
    } else {
      continue;
    }
    if (!out.empty()) {
      out += ", ";
    }
    out += item;
  }
  GENERAL_NAMES_free(names);
  return out;
}

bool checkServerIdentity(std::string_view hostIn, X509* cert, TlsError* err) {
  std::string host(hostIn);
  if (!host.empty() && host.back() == '.') {
    host.pop_back();  // Node's unfqdn
  }
  const std::string altNames = subjectAltNames(cert);
  bool hasDns = altNames.find("DNS:") != std::string::npos;
  std::string reason;
  if (isIp(host)) {
    std::string canonical = canonicalIp(host);
    std::string ips;
    bool valid = false;
    size_t pos = 0;
    while ((pos = altNames.find("IP Address:", pos)) != std::string::npos) {
      pos += 11;
      size_t end = altNames.find(", ", pos);
      std::string ip =
          canonicalIp(altNames.substr(pos, end == std::string::npos ? end : end - pos));
      valid = valid || ip == canonical;
      ips += (ips.empty() ? "" : ", ") + ip;
    }
    if (valid) {
      return true;
    }
    reason = "IP: " + host + " is not in the cert's list: " + ips;
  } else {
    char cn[256] = "";
    X509_NAME_get_text_by_NID(X509_get_subject_name(cert), NID_commonName, cn, sizeof cn);
    if (!hasDns && cn[0] == '\0') {
      reason = "Cert does not contain a DNS name";
    } else {
      // OpenSSL's matcher follows the same rules as Node's: one wildcard label, leftmost only,
      // no partial-label wildcards; the CN counts only when there are no DNS names.
      unsigned flags = X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS;
      if (X509_check_host(cert, host.data(), host.size(), flags, nullptr) == 1) {
        return true;
      }
      reason = hasDns ? "Host: " + host + ". is not in the cert's altnames: " + altNames
                      : "Host: " + host + ". is not cert's CN: " + cn;
    }
  }
  err->code = "ERR_TLS_CERT_ALTNAME_INVALID";
  err->message = "Hostname/IP does not match certificate's altnames: " + reason;
  err->reason = reason;
  err->host = host;
  return false;
}

}  // namespace nodecc::tls::core
