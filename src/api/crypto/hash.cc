// crypto.createHash, crypto.hash and crypto.getHashes over OpenSSL's EVP digests.
#include <openssl/err.h>
#include <openssl/evp.h>

#include <algorithm>
#include <map>
#include <utility>

#include "api/crypto/digest.h"
#include "nodecc/crypto.h"

namespace nodecc::crypto {

namespace {

bool isXof(const EVP_MD* md) {
  return (EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) != 0;
}

}  // namespace

Hash::Hash(evp_md_ctx_st* ctx, size_t outputLength, bool xof)
    : ctx_(ctx), outputLength_(outputLength), xof_(xof) {}

Hash::Hash(Hash&& o) noexcept
    : ctx_(std::exchange(o.ctx_, nullptr)),
      outputLength_(o.outputLength_),
      xof_(o.xof_),
      finalized_(o.finalized_) {}

Hash& Hash::operator=(Hash&& o) noexcept {
  std::swap(ctx_, o.ctx_);
  outputLength_ = o.outputLength_;
  xof_ = o.xof_;
  finalized_ = o.finalized_;
  return *this;
}

Hash::~Hash() {
  EVP_MD_CTX_free(ctx_);
}

void Hash::checkNotFinalized() const {
  if (finalized_) {
    detail::throwFinalized();
  }
}

Hash& Hash::update(std::string_view data, std::string_view inputEncoding) & {
  checkNotFinalized();
  if (std::optional<Buffer> bytes = detail::decodeInput(data, inputEncoding)) {
    return update(*bytes);
  }
  EVP_DigestUpdate(ctx_, data.data(), data.size());
  return *this;
}

Hash& Hash::update(const Buffer& data) & {
  checkNotFinalized();
  EVP_DigestUpdate(ctx_, data.data(), data.size());
  return *this;
}

Buffer Hash::digest() {
  checkNotFinalized();
  finalized_ = true;
  Buffer out = Buffer::allocUnsafe(outputLength_);
  if (xof_) {
    if (outputLength_ > 0) {
      EVP_DigestFinalXOF(ctx_, out.data(), outputLength_);
    }
  } else {
    unsigned int n = 0;
    EVP_DigestFinal_ex(ctx_, out.data(), &n);
  }
  return out;
}

std::string Hash::digest(std::string_view encoding) {
  detail::checkOutputEncoding(encoding);
  return digest().toString(encoding);
}

Hash Hash::copy(const HashOptions& options) const {
  checkNotFinalized();
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  if (ctx == nullptr || EVP_MD_CTX_copy_ex(ctx, ctx_) != 1) {
    EVP_MD_CTX_free(ctx);
    throw std::bad_alloc();
  }
  size_t length = options.outputLength >= 0 && xof_ ? size_t(options.outputLength) : outputLength_;
  return Hash(ctx, length, xof_);
}

Hash createHash(std::string_view algorithm, const HashOptions& options) {
  const EVP_MD* md = detail::findDigest(algorithm);
  if (md == nullptr) {
    throw Error("Digest method not supported");
  }
  bool xof = isXof(md);
  size_t length = size_t(EVP_MD_get_size(md));
  if (options.outputLength >= 0) {
    if (!xof && size_t(options.outputLength) != length) {
      // OpenSSL's EVP_R_NOT_XOF_OR_INVALID_LENGTH, as Node reports it.
      throw Error("ERR_OSSL_EVP_NOT_XOF_OR_INVALID_LENGTH",
                  "error:030000B2:digital envelope routines::not XOF or invalid length");
    }
    length = size_t(options.outputLength);
  }
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  if (ctx == nullptr || EVP_DigestInit_ex2(ctx, md, nullptr) != 1) {
    EVP_MD_CTX_free(ctx);
    ERR_clear_error();
    throw Error("Digest method not supported");
  }
  return Hash(ctx, length, xof);
}

namespace {

std::string oneShot(std::string_view algorithm, const uint8_t* data, size_t size,
                    std::string_view outputEncoding) {
  if (!Buffer::isEncoding(outputEncoding)) {
    throw TypeError(
        "ERR_INVALID_ARG_VALUE",
        "The argument 'outputEncoding' is invalid. Received '" + std::string(outputEncoding) + "'");
  }
  const EVP_MD* md = detail::findDigest(algorithm);
  if (md == nullptr) {
    throw Error("Digest method " + std::string(algorithm) + " is not supported");
  }
  // EVP_Digest: one context on the stack of OpenSSL's own, no Hash object.
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  size_t length = size_t(EVP_MD_get_size(md));
  if (isXof(md)) {
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    EVP_DigestInit_ex2(ctx, md, nullptr);
    EVP_DigestUpdate(ctx, data, size);
    EVP_DigestFinalXOF(ctx, out, length);
    EVP_MD_CTX_free(ctx);
    n = unsigned(length);
  } else if (EVP_Digest(data, size, out, &n, md, nullptr) != 1) {
    ERR_clear_error();
    throw Error("Digest method " + std::string(algorithm) + " is not supported");
  }
  Buffer bytes = Buffer::allocUnsafe(n);
  std::memcpy(bytes.data(), out, n);
  return bytes.toString(outputEncoding);
}

}  // namespace

std::string hash(std::string_view algorithm, std::string_view data,
                 std::string_view outputEncoding) {
  return oneShot(algorithm, reinterpret_cast<const uint8_t*>(data.data()), data.size(),
                 outputEncoding);
}

std::string hash(std::string_view algorithm, const Buffer& data, std::string_view outputEncoding) {
  return oneShot(algorithm, data.data(), data.size(), outputEncoding);
}

const std::vector<std::string>& getHashes() {
  // Node's list: every name in OpenSSL's digest table whose implementation can be fetched,
  // then one per lower-cased name (the last spelling seen), sorted.
  static const std::vector<std::string> kHashes = [] {
    std::vector<std::string> names;
    EVP_MD_do_all_sorted(
        [](const EVP_MD*, const char* from, const char*, void* arg) {
          if (from == nullptr) {
            return;
          }
          const EVP_MD* real = EVP_get_digestbyname(from);
          if (real == nullptr || EVP_MD_get0_name(real) == nullptr) {
            return;
          }
          EVP_MD* fetched = EVP_MD_fetch(nullptr, EVP_MD_get0_name(real), nullptr);
          if (fetched == nullptr) {
            return;
          }
          EVP_MD_free(fetched);
          static_cast<std::vector<std::string>*>(arg)->push_back(from);
        },
        &names);
    ERR_clear_error();
    std::map<std::string, std::string> byLower;
    for (const std::string& n : names) {
      std::string lower = n;
      std::transform(lower.begin(), lower.end(), lower.begin(),
                     [](char c) { return char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); });
      byLower[lower] = n;
    }
    std::vector<std::string> out;
    for (auto& [lower, name] : byLower) {
      out.push_back(name);
    }
    std::sort(out.begin(), out.end());
    return out;
  }();
  return kHashes;
}

}  // namespace nodecc::crypto
