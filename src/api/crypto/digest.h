#pragma once
// What the crypto module's parts share: the digest lookup (OpenSSL's names, fetched once and
// kept), OpenSSL's error text, and Node's crypto errors.
#include <openssl/evp.h>

#include <optional>
#include <string>
#include <string_view>

#include "nodecc/buffer.h"
#include "nodecc/error.h"

namespace nodecc::crypto::detail {

// The digest named `name` (any alias OpenSSL knows, any case), or null. Node's lookup: the
// legacy name table for the aliases, then the provider's implementation fetched by its own
// name, which is what the fast paths use. Cached for the process; any thread.
const EVP_MD* findDigest(std::string_view name);

// OpenSSL's text for an error code: "error:030000AC:digital envelope routines::memory limit
// exceeded".
std::string opensslErrorText(unsigned long code);

// Error ERR_CRYPTO_HASH_FINALIZED "Digest already called".
[[noreturn]] void throwFinalized();
// The bytes of hash/hmac update(data, inputEncoding) when they are not the string's own (utf8,
// also for an unknown name as Node's): nullopt then. Hex of odd length throws
// ERR_INVALID_ARG_VALUE as Node's.
std::optional<Buffer> decodeInput(std::string_view data, std::string_view inputEncoding);
// TypeError ERR_UNKNOWN_ENCODING unless `encoding` is a Buffer encoding.
void checkOutputEncoding(std::string_view encoding);

}  // namespace nodecc::crypto::detail
