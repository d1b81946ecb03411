#pragma once
// Node's `crypto`, the part nodecc has so far: hashing with SHA-256.
//
//   auto hash = crypto::createHash("sha256");
//   req.on("data", [&hash](const Buffer& chunk) { hash.update(chunk); });
//   std::string hex = hash.digest("hex");
//
// A Hash is a plain value (no allocation, no loop, any thread; not shared between threads
// while updated). Errors as Node's: an unknown algorithm throws Error "Digest method not
// supported"; update() or digest() after digest() throws Error ERR_CRYPTO_HASH_FINALIZED.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "nodecc/buffer.h"
#include "nodecc/error.h"

namespace nodecc::crypto {

class Hash {
 public:
  // Adds bytes (a string's bytes as they are: UTF-8 for text, as Node's default). Chainable.
  Hash& update(std::string_view data);
  Hash& update(const Buffer& data);
  // hash.digest(encoding): the digest as "hex", "base64" or "latin1"/"binary" text.
  std::string digest(std::string_view encoding);
  // hash.digest(): the digest as a Buffer (32 bytes).
  Buffer digest();

 private:
  friend Hash createHash(std::string_view algorithm);
  Hash();
  void finish(uint8_t out[32]);

  uint32_t state_[8];
  uint8_t block_[64];
  size_t blockLen_ = 0;
  uint64_t totalBytes_ = 0;
  bool finalized_ = false;
};

// crypto.createHash(algorithm): "sha256" (any case, also "sha-256" and "sha2-256").
Hash createHash(std::string_view algorithm);

// crypto.getHashes(): the algorithms createHash accepts.
const std::vector<std::string>& getHashes();

}  // namespace nodecc::crypto
