#pragma once
// Peer verification as Node reports it: OpenSSL's verify result named as Node names it
// (DEPTH_ZERO_SELF_SIGNED_CERT, UNABLE_TO_VERIFY_LEAF_SIGNATURE, CERT_HAS_EXPIRED...), and
// tls.checkServerIdentity (ERR_TLS_CERT_ALTNAME_INVALID with Node's reason text).
#include <string>
#include <string_view>

#include "tls/tls_error.h"

typedef struct x509_st X509;

namespace nodecc::tls::core {

// X509_V_ERR_<NAME> -> {"<NAME>", OpenSSL's message ("self-signed certificate")}.
TlsError verifyError(long result);

// Node's subjectaltname text: "DNS:example.com, IP Address:127.0.0.1".
std::string subjectAltNames(X509* cert);

// Node's tls.checkServerIdentity(hostname, cert): true when `host` matches the certificate's
// DNS or IP subject alternative names (the subject's CN only when it has no DNS names), else
// false with ERR_TLS_CERT_ALTNAME_INVALID in `err`.
bool checkServerIdentity(std::string_view host, X509* cert, TlsError* err);

}  // namespace nodecc::tls::core
