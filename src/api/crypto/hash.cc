#include <algorithm>
#include <cstring>

#include "api/crypto/sha256.h"
#include "nodecc/crypto.h"
#include "nodecc/error.h"

namespace nodecc::crypto {

namespace {

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return (x | 0x20) == (y | 0x20);
         });
}

[[noreturn]] void throwFinalized() {
  throw Error("ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
}

}  // namespace

Hash::Hash() {
  std::memcpy(state_, detail::kSha256Initial, sizeof state_);
}

Hash& Hash::update(std::string_view data) {
  if (finalized_) {
    throwFinalized();
  }
  auto* p = reinterpret_cast<const uint8_t*>(data.data());
  size_t n = data.size();
  totalBytes_ += n;
  if (blockLen_ > 0) {
    size_t take = std::min(n, sizeof block_ - blockLen_);
    std::memcpy(block_ + blockLen_, p, take);
    blockLen_ += take;
    p += take;
    n -= take;
    if (blockLen_ < sizeof block_) {
      return *this;
    }
    detail::sha256Blocks()(state_, block_, 1);
    blockLen_ = 0;
  }
  // Whole blocks straight from the caller's bytes: no copy on the bulk path.
  if (n >= 64) {
    detail::sha256Blocks()(state_, p, n / 64);
    p += n / 64 * 64;
    n %= 64;
  }
  std::memcpy(block_, p, n);
  blockLen_ = n;
  return *this;
}

Hash& Hash::update(const Buffer& data) {
  return update(data.view());
}

void Hash::finish(uint8_t out[32]) {
  if (finalized_) {
    throwFinalized();
  }
  finalized_ = true;
  // Padding (FIPS 180-4 §5.1.1): 0x80, zeros, then the message length in bits, big-endian.
  uint64_t bits = totalBytes_ * 8;
  block_[blockLen_++] = 0x80;
  if (blockLen_ > 56) {
    std::memset(block_ + blockLen_, 0, sizeof block_ - blockLen_);
    detail::sha256Blocks()(state_, block_, 1);
    blockLen_ = 0;
  }
  std::memset(block_ + blockLen_, 0, 56 - blockLen_);
  for (int i = 0; i < 8; ++i) {
    block_[56 + i] = uint8_t(bits >> (56 - 8 * i));
  }
  detail::sha256Blocks()(state_, block_, 1);
  for (int i = 0; i < 8; ++i) {
    out[4 * i] = uint8_t(state_[i] >> 24);
    out[4 * i + 1] = uint8_t(state_[i] >> 16);
    out[4 * i + 2] = uint8_t(state_[i] >> 8);
    out[4 * i + 3] = uint8_t(state_[i]);
  }
}

Buffer Hash::digest() {
  uint8_t out[32];
  finish(out);
  Buffer b = Buffer::allocUnsafe(sizeof out);
  std::memcpy(b.data(), out, sizeof out);
  return b;
}

std::string Hash::digest(std::string_view encoding) {
  // The Buffer encodings; an unknown name throws before the hash is finalized (Node would
  // return a Buffer instead, which this overload cannot).
  if (!Buffer::isEncoding(encoding)) {
    throw TypeError("ERR_UNKNOWN_ENCODING", "Unknown encoding: " + std::string(encoding));
  }
  return digest().toString(encoding);
}

Hash createHash(std::string_view algorithm) {
  if (equalsIgnoreCase(algorithm, "sha256") || equalsIgnoreCase(algorithm, "sha-256") ||
      equalsIgnoreCase(algorithm, "sha2-256")) {
    return Hash();
  }
  throw Error("Digest method not supported");
}

const std::vector<std::string>& getHashes() {
  static const std::vector<std::string> kHashes = {"sha256"};
  return kHashes;
}

}  // namespace nodecc::crypto
