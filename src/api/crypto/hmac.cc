// crypto.createHmac over OpenSSL's HMAC_CTX. OpenSSL 3 deprecates it in favour of EVP_MAC, but
// EVP_MAC_init looks the digest up by name on every key (a provider fetch per createHmac);
// HMAC_CTX takes the EVP_MD already fetched and is what Node itself uses, so the two agree
// byte for byte and cost the same.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/err.h>
#include <openssl/hmac.h>

#include <utility>

#include "api/crypto/digest.h"
#include "nodecc/crypto.h"

namespace nodecc::crypto {

Hmac::Hmac(Hmac&& o) noexcept : ctx_(std::exchange(o.ctx_, nullptr)), finalized_(o.finalized_) {}

Hmac& Hmac::operator=(Hmac&& o) noexcept {
  std::swap(ctx_, o.ctx_);
  finalized_ = o.finalized_;
  return *this;
}

Hmac::~Hmac() {
  HMAC_CTX_free(ctx_);
}

Hmac& Hmac::update(std::string_view data, std::string_view inputEncoding) & {
  if (finalized_) {
    detail::throwFinalized();
  }
  if (std::optional<Buffer> bytes = detail::decodeInput(data, inputEncoding)) {
    return update(*bytes);
  }
  HMAC_Update(ctx_, reinterpret_cast<const unsigned char*>(data.data()), data.size());
  return *this;
}

Hmac& Hmac::update(const Buffer& data) & {
  if (finalized_) {
    detail::throwFinalized();
  }
  HMAC_Update(ctx_, data.data(), data.size());
  return *this;
}

Buffer Hmac::digest() {
  if (finalized_) {
    return Buffer();  // Node: a second digest() is empty
  }
  finalized_ = true;
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  HMAC_Final(ctx_, out, &n);
  Buffer b = Buffer::allocUnsafe(n);
  std::memcpy(b.data(), out, n);
  return b;
}

std::string Hmac::digest(std::string_view encoding) {
  detail::checkOutputEncoding(encoding);
  return digest().toString(encoding);
}

Hmac createHmac(std::string_view algorithm, const BinaryLike& key) {
  const EVP_MD* md = detail::findDigest(algorithm);
  if (md == nullptr) {
    throw TypeError("ERR_CRYPTO_INVALID_DIGEST", "Invalid digest: " + std::string(algorithm));
  }
  HMAC_CTX* ctx = HMAC_CTX_new();
  const Buffer& k = key.buffer();
  // HMAC_Init_ex reads a null key as "keep the previous one": an empty key needs a pointer.
  static const unsigned char kEmpty = 0;
  if (ctx == nullptr ||
      HMAC_Init_ex(ctx, k.empty() ? &kEmpty : k.data(), int(k.size()), md, nullptr) != 1) {
    HMAC_CTX_free(ctx);
    unsigned long e = ERR_get_error();
    ERR_clear_error();
    throw Error(detail::opensslErrorText(e));
  }
  return Hmac(ctx);
}

}  // namespace nodecc::crypto
