#pragma once
// TlsError: what a TLS failure is called in Node: `code` ("ERR_SSL_WRONG_VERSION_NUMBER",
// "DEPTH_ZERO_SELF_SIGNED_CERT", "ERR_TLS_CERT_ALTNAME_INVALID"...) and its message. The core
// never builds an Error; the API turns this into one.
#include <string>

namespace nodecc::tls::core {

struct TlsError {
  std::string code;
  std::string message;
  std::string reason;  // ERR_TLS_CERT_ALTNAME_INVALID's reason, OpenSSL's reason string
  std::string host;    // ERR_TLS_CERT_ALTNAME_INVALID: the name that was checked
  bool empty() const { return code.empty(); }
};

// The oldest error on OpenSSL's queue (which is then cleared) as Node reports it: code
// "ERR_SSL_" plus the reason in capitals ("ERR_OSSL_X509_", "ERR_OSSL_PEM_"... for the other
// libraries Node names, "ERR_OSSL_" for the rest), message OpenSSL's
// "error:0A00010B:SSL routines::wrong version number". `fallback` when the queue is empty.
TlsError fromOpenSsl(const char* fallback);

}  // namespace nodecc::tls::core
