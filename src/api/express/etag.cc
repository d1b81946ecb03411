// etag 1.8's entity tag of a body sent with res.send: "<length hex>-<SHA-1 base64, 27 chars>",
// weak with W/. Computed on every send (Express's default "etag": "weak"), so it is on the
// request path: SHA1() of OpenSSL 3 fetches the digest from the provider store on every call
// (a lock and a name lookup: ~6,500 of the 9,200 instructions it took per 11-byte body), so the
// digest is fetched once and each thread reuses one digest context.
#include <openssl/evp.h>

#include "api/express/text.h"

namespace nodecc::express::detail {

namespace {

const EVP_MD* sha1() {
  static EVP_MD* md = EVP_MD_fetch(nullptr, "SHA1", nullptr);
  return md;
}

// The base64 of a 20-byte SHA-1 (27 characters and the '=' etag drops) into out[28]. Buffer's
// codec appends to a string through its general path: 420 instructions for these 20 bytes,
// on every res.send.
void base64Digest(const unsigned char* in, char* out) {
  constexpr std::string_view kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (size_t i = 0; i < 18; i += 3) {
    uint32_t v = uint32_t(in[i]) << 16 | uint32_t(in[i + 1]) << 8 | in[i + 2];
    for (int k = 0; k < 4; ++k) {
      *out++ = kAlphabet[(v >> (18 - 6 * k)) & 63];
    }
  }
  uint32_t v = uint32_t(in[18]) << 16 | uint32_t(in[19]) << 8;
  *out++ = kAlphabet[(v >> 18) & 63];
  *out++ = kAlphabet[(v >> 12) & 63];
  *out++ = kAlphabet[(v >> 6) & 63];
  *out = '=';
}

struct DigestContext {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  ~DigestContext() { EVP_MD_CTX_free(ctx); }
};

}  // namespace

std::string entityTag(std::string_view body, bool weak) {
  std::string tag = weak ? "W/\"" : "\"";
  if (body.empty()) {
    tag += "0-2jmj7l5rSw0yVb/vlWAYkK/YBwk\"";
    return tag;
  }
  thread_local DigestContext digest;
  unsigned char sum[EVP_MAX_MD_SIZE];
  unsigned int length = 0;  // 20
  if (sha1() == nullptr || digest.ctx == nullptr ||
      EVP_DigestInit_ex2(digest.ctx, sha1(), nullptr) != 1 ||
      EVP_DigestUpdate(digest.ctx, body.data(), body.size()) != 1 ||
      EVP_DigestFinal_ex(digest.ctx, sum, &length) != 1 || length != 20) {
    throw Error("SHA-1 is not available from OpenSSL for the ETag");
  }
  // The length in lower-case hex (snprintf's %zx cost more than the digest's finalization).
  char hex[2 * sizeof(size_t)];
  size_t digits = 0;
  for (size_t n = body.size(); n != 0; n >>= 4) {
    hex[sizeof hex - ++digits] = "0123456789abcdef"[n & 15];
  }
  tag.append(hex + sizeof hex - digits, digits);
  tag += '-';
  // The base64 of the 20 bytes without its '=' (etag's substring(0, 27)): 27 characters.
  char b64[28];
  base64Digest(sum, b64);
  tag.append(b64, 27);
  tag += '"';
  return tag;
}

}  // namespace nodecc::express::detail
