#pragma once
// pbkdf2 and scrypt, checked once on the calling thread and derived anywhere (the sync forms
// derive at once, the callback forms on the pool).
#include <openssl/evp.h>

#include <cstdint>

#include "nodecc/crypto.h"

namespace nodecc::crypto::detail {

// A checked pbkdf2 request: Node's argument errors are thrown by check().
struct Pbkdf2Params {
  const EVP_MD* md;
  int iterations;
  size_t keylen;
};
Pbkdf2Params checkPbkdf2(int64_t iterations, int64_t keylen, std::string_view digest);
// Derives into out[0..keylen); false when OpenSSL failed.
bool derivePbkdf2(const Pbkdf2Params& p, const Buffer& password, const Buffer& salt, uint8_t* out);

struct ScryptParams {
  uint64_t N, r, p, maxmem;
  size_t keylen;
};
ScryptParams checkScrypt(int64_t keylen, const ScryptOptions& options);
bool deriveScrypt(const ScryptParams& p, const Buffer& password, const Buffer& salt, uint8_t* out);

}  // namespace nodecc::crypto::detail
