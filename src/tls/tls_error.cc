#include "tls/tls_error.h"

#include <openssl/err.h>

#include "text/ascii.h"

namespace nodecc::tls::core {

namespace {

// The OpenSSL libraries whose name Node puts in a code (crypto_util.cc's OSSL_ERROR_CODES_MAP):
// ERR_OSSL_X509_KEY_VALUES_MISMATCH, ERR_OSSL_PEM_NO_START_LINE. An error of another library
// (the decoders', the providers') has none, ERR_OSSL_UNSUPPORTED, ERR_OSSL_BAD_DECRYPT; libssl's
// are ERR_SSL_ (Node drops the OSSL_ there).
struct LibraryPrefix {
  int lib;
  const char* prefix;
};
constexpr LibraryPrefix kLibraryPrefixes[] = {
    {ERR_LIB_SSL, "ERR_SSL_"},
    {ERR_LIB_SYS, "ERR_OSSL_SYS_"},
    {ERR_LIB_BN, "ERR_OSSL_BN_"},
    {ERR_LIB_RSA, "ERR_OSSL_RSA_"},
    {ERR_LIB_DH, "ERR_OSSL_DH_"},
    {ERR_LIB_EVP, "ERR_OSSL_EVP_"},
    {ERR_LIB_BUF, "ERR_OSSL_BUF_"},
    {ERR_LIB_OBJ, "ERR_OSSL_OBJ_"},
    {ERR_LIB_PEM, "ERR_OSSL_PEM_"},
    {ERR_LIB_DSA, "ERR_OSSL_DSA_"},
    {ERR_LIB_X509, "ERR_OSSL_X509_"},
    {ERR_LIB_ASN1, "ERR_OSSL_ASN1_"},
    {ERR_LIB_CONF, "ERR_OSSL_CONF_"},
    {ERR_LIB_CRYPTO, "ERR_OSSL_CRYPTO_"},
    {ERR_LIB_EC, "ERR_OSSL_EC_"},
    {ERR_LIB_BIO, "ERR_OSSL_BIO_"},
    {ERR_LIB_PKCS7, "ERR_OSSL_PKCS7_"},
    {ERR_LIB_X509V3, "ERR_OSSL_X509V3_"},
    {ERR_LIB_PKCS12, "ERR_OSSL_PKCS12_"},
    {ERR_LIB_RAND, "ERR_OSSL_RAND_"},
    {ERR_LIB_DSO, "ERR_OSSL_DSO_"},
    {ERR_LIB_ENGINE, "ERR_OSSL_ENGINE_"},
    {ERR_LIB_OCSP, "ERR_OSSL_OCSP_"},
    {ERR_LIB_UI, "ERR_OSSL_UI_"},
    {ERR_LIB_COMP, "ERR_OSSL_COMP_"},
    {ERR_LIB_ECDSA, "ERR_OSSL_ECDSA_"},
    {ERR_LIB_ECDH, "ERR_OSSL_ECDH_"},
    {ERR_LIB_OSSL_STORE, "ERR_OSSL_OSSL_STORE_"},
    {ERR_LIB_FIPS, "ERR_OSSL_FIPS_"},
    {ERR_LIB_CMS, "ERR_OSSL_CMS_"},
    {ERR_LIB_TS, "ERR_OSSL_TS_"},
    {ERR_LIB_HMAC, "ERR_OSSL_HMAC_"},
    {ERR_LIB_CT, "ERR_OSSL_CT_"},
    {ERR_LIB_ASYNC, "ERR_OSSL_ASYNC_"},
    {ERR_LIB_KDF, "ERR_OSSL_KDF_"},
    {ERR_LIB_SM2, "ERR_OSSL_SM2_"},
    {ERR_LIB_USER, "ERR_OSSL_USER_"},
};

const char* codePrefix(unsigned long e) {
  for (const LibraryPrefix& l : kLibraryPrefixes) {
    if (ERR_GET_LIB(e) == l.lib) {
      return l.prefix;
    }
  }
  return "ERR_OSSL_";
}

}  // namespace

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
  out.code = codePrefix(e);
  for (char c : out.reason) {
    out.code += c == ' ' ? '_' : char(text::core::toUpper(c));
  }
  return out;
}

}  // namespace nodecc::tls::core
