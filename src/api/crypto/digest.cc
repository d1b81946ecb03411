#include "api/crypto/digest.h"

#include <openssl/err.h>

#include <mutex>
#include <unordered_map>

namespace nodecc::crypto::detail {

const EVP_MD* findDigest(std::string_view name) {
  // Fetching a digest takes the provider store's lock and a name lookup, about a microsecond:
  // more than hashing 64 bytes. Every name is fetched once; the map keeps the reference for
  // the life of the process (a bounded set: only names OpenSSL knows are added).
  static std::mutex mutex;
  static auto* cache = new std::unordered_map<std::string, EVP_MD*>();
  std::string key(name);
  std::lock_guard lock(mutex);
  auto it = cache->find(key);
  if (it != cache->end()) {
    return it->second;
  }
  const EVP_MD* legacy = EVP_get_digestbyname(key.c_str());
  if (legacy == nullptr) {
    return nullptr;
  }
  EVP_MD* fetched = EVP_MD_fetch(nullptr, EVP_MD_get0_name(legacy), nullptr);
  if (fetched == nullptr) {
    ERR_clear_error();
    return nullptr;
  }
  cache->emplace(std::move(key), fetched);
  return fetched;
}

std::string opensslErrorText(unsigned long code) {
  char text[256];
  ERR_error_string_n(code, text, sizeof text);
  return text;
}

void throwFinalized() {
  throw Error("ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
}

std::optional<Buffer> decodeInput(std::string_view data, std::string_view inputEncoding) {
  if (inputEncoding == "utf8" || !Buffer::isEncoding(inputEncoding)) {
    return std::nullopt;
  }
  std::string lower(inputEncoding);
  for (char& c : lower) {
    c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  if (lower == "utf8" || lower == "utf-8") {
    return std::nullopt;
  }
  if (lower == "hex" && Buffer::byteLength(data, "utf16le") / 2 % 2 != 0) {
    throw TypeError("ERR_INVALID_ARG_VALUE",
                    "The argument 'encoding' is invalid for data of length " +
                        std::to_string(Buffer::byteLength(data, "utf16le") / 2) + ". Received '" +
                        std::string(inputEncoding) + "'");
  }
  return Buffer::from(data, inputEncoding);
}

void checkOutputEncoding(std::string_view encoding) {
  if (!Buffer::isEncoding(encoding)) {
    throw TypeError("ERR_UNKNOWN_ENCODING", "Unknown encoding: " + std::string(encoding));
  }
}

}  // namespace nodecc::crypto::detail
