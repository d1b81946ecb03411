// crypto.pbkdf2Sync and crypto.scryptSync, and the checks their callback forms share.
#include "api/crypto/kdf.h"

#include <openssl/err.h>
#include <openssl/kdf.h>

#include "api/buffer/errors.h"
#include "api/crypto/digest.h"

namespace nodecc::crypto {

namespace detail {

namespace {

constexpr int64_t kMaxInt32 = 0x7fffffff;

void validateInt32(int64_t value, const char* name, int64_t min) {
  buffer::detail::validateOffset(value, name, min, kMaxInt32);
}

}  // namespace

Pbkdf2Params checkPbkdf2(int64_t iterations, int64_t keylen, std::string_view digest) {
  validateInt32(iterations, "iterations", 1);
  validateInt32(keylen, "keylen", 0);
  const EVP_MD* md = findDigest(digest);
  if (md == nullptr) {
    throw TypeError("ERR_CRYPTO_INVALID_DIGEST", "Invalid digest: " + std::string(digest));
  }
  return {md, int(iterations), size_t(keylen)};
}

bool derivePbkdf2(const Pbkdf2Params& p, const Buffer& password, const Buffer& salt, uint8_t* out) {
  if (p.keylen == 0) {
    return true;
  }
  return PKCS5_PBKDF2_HMAC(reinterpret_cast<const char*>(password.data()), int(password.size()),
                           salt.data(), int(salt.size()), p.iterations, p.md, int(p.keylen),
                           out) == 1;
}

ScryptParams checkScrypt(int64_t keylen, const ScryptOptions& options) {
  validateInt32(keylen, "keylen", 0);
  ScryptOptions defaults;
  ScryptParams p{options.N ? options.N : defaults.N, options.r ? options.r : defaults.r,
                 options.p ? options.p : defaults.p,
                 options.maxmem ? options.maxmem : defaults.maxmem, size_t(keylen)};
  // OpenSSL checks the parameters when asked for no key; Node reports its reason if it gave
  // one (memory past maxmem), the bare message otherwise (N not a power of two).
  ERR_clear_error();
  if (EVP_PBE_scrypt(nullptr, 0, nullptr, 0, p.N, p.r, p.p, p.maxmem, nullptr, 0) != 1) {
    unsigned long e = ERR_peek_last_error();
    ERR_clear_error();
    std::string message = "Invalid scrypt params";
    if (e != 0) {
      message += ": " + opensslErrorText(e);
    }
    throw RangeError("ERR_CRYPTO_INVALID_SCRYPT_PARAMS", message);
  }
  return p;
}

bool deriveScrypt(const ScryptParams& p, const Buffer& password, const Buffer& salt, uint8_t* out) {
  if (p.keylen == 0) {
    return true;
  }
  return EVP_PBE_scrypt(reinterpret_cast<const char*>(password.data()), password.size(),
                        salt.data(), salt.size(), p.N, p.r, p.p, p.maxmem, out, p.keylen) == 1;
}

}  // namespace detail

namespace {

[[noreturn]] void throwDeriveFailed() {
  unsigned long e = ERR_get_error();
  ERR_clear_error();
  throw Error(e != 0 ? detail::opensslErrorText(e) : std::string("Key derivation failed"));
}

}  // namespace

Buffer pbkdf2Sync(const BinaryLike& password, const BinaryLike& salt, int64_t iterations,
                  int64_t keylen, std::string_view digest) {
  detail::Pbkdf2Params p = detail::checkPbkdf2(iterations, keylen, digest);
  Buffer out = Buffer::allocUnsafe(p.keylen);
  if (!detail::derivePbkdf2(p, password.buffer(), salt.buffer(), out.data())) {
    throwDeriveFailed();
  }
  return out;
}

Buffer scryptSync(const BinaryLike& password, const BinaryLike& salt, int64_t keylen,
                  const ScryptOptions& options) {
  detail::ScryptParams p = detail::checkScrypt(keylen, options);
  Buffer out = Buffer::allocUnsafe(p.keylen);
  if (!detail::deriveScrypt(p, password.buffer(), salt.buffer(), out.data())) {
    throwDeriveFailed();
  }
  return out;
}

}  // namespace nodecc::crypto
