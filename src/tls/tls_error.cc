#include "tls/tls_error.h"

#include <openssl/err.h>

#include "text/ascii.h"

namespace nodecc::tls::core {

TlsError fromOpenSsl(const char* fallback) {
  unsigned long e = ERR_get_error();
  ERR_clear_error();
  TlsError out;
  if (e == 0) {
    out.code = "ERR_SSL_SSL_HANDSHAKE_FAILURE";
    out.message = fallback;
    return out;
  }
  char buf[256];
  ERR_error_string_n(e, buf, sizeof buf);
  out.message = buf;
  const char* reason = ERR_reason_error_string(e);
  out.reason = reason ? reason : "";
  // Node (crypto_util.cc): ERR_<library prefix>_<reason>, spaces to underscores, upper case.
  out.code = ERR_GET_LIB(e) == ERR_LIB_SSL ? "ERR_SSL_" : "ERR_OSSL_";
  for (char c : out.reason) {
    out.code += c == ' ' ? '_' : char(text::core::toUpper(c));
  }
  return out;
}

}  // namespace nodecc::tls::core
