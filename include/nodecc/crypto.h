#pragma once
// Node's `crypto`: hashes, HMAC, random values and key derivation, on OpenSSL 3 (the library
// Node itself uses, so digests and derived keys are the same bytes).
//
//   auto hash = crypto::createHash("sha256");
//   req.on("data", [&hash](const Buffer& chunk) { hash.update(chunk); });
//   std::string hex = hash.digest("hex");
//
// Hash and Hmac are values that own an OpenSSL context: movable, not copyable (hash.copy()
// makes a second one), usable on any thread but not shared between threads while updated.
// Random bytes come from the kernel (getrandom(2)) through nodecc's os layer. The callback
// forms run on nodecc's thread pool and call back on the calling thread's loop, error first,
// as Node's; the promise forms (crypto::promises, Node's util.promisify of the same) resolve
// there. Argument errors throw at the call, with Node's codes and messages, in every form.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nodecc/buffer.h"
#include "nodecc/error.h"
#include "nodecc/function.h"
#include "nodecc/promise.h"

struct evp_md_ctx_st;
struct hmac_ctx_st;

namespace nodecc::crypto {

template <class... V>
using Callback = UniqueFunction<void(Error*, V...)>;

// A string (its UTF-8 bytes) or a Buffer, where Node takes either (keys, passwords, salts).
class BinaryLike {
 public:
  BinaryLike(std::string_view s) : bytes_(Buffer::from(s)) {}    // NOLINT: implicit by design
  BinaryLike(const char* s) : bytes_(Buffer::from(s)) {}         // NOLINT
  BinaryLike(const std::string& s) : bytes_(Buffer::from(s)) {}  // NOLINT
  BinaryLike(const Buffer& b) : bytes_(b) {}                     // NOLINT
  const Buffer& buffer() const { return bytes_; }

 private:
  Buffer bytes_;
};

// ---- Hashes ------------------------------------------------------------------------------------

struct HashOptions {
  // For the XOFs (shake128, shake256): the digest's length in bytes. For any other algorithm
  // only its own length is accepted, as Node's.
  int64_t outputLength = -1;
};

class Hash {
 public:
  Hash(Hash&& o) noexcept;
  Hash& operator=(Hash&& o) noexcept;
  Hash(const Hash&) = delete;
  Hash& operator=(const Hash&) = delete;
  ~Hash();

  // hash.update(data[, inputEncoding]): a string in inputEncoding (utf8 by default; an unknown
  // name is utf8, as Node's) or a Buffer. Chainable. After digest() throws
  // ERR_CRYPTO_HASH_FINALIZED.
  Hash& update(std::string_view data, std::string_view inputEncoding = "utf8") &;
  Hash& update(const Buffer& data) &;
  // On a temporary (`auto h = createHash(...).update(x);`) the chain moves it along.
  Hash&& update(std::string_view data, std::string_view inputEncoding = "utf8") && {
    return std::move(update(data, inputEncoding));
  }
  Hash&& update(const Buffer& data) && { return std::move(update(data)); }
  // hash.digest(encoding): the digest as text in a Buffer encoding ("hex", "base64",
  // "base64url", "latin1"...). An unknown encoding throws ERR_UNKNOWN_ENCODING and leaves the
  // hash usable (Node would return a Buffer, which this overload cannot).
  std::string digest(std::string_view encoding);
  // hash.digest(): the digest's bytes.
  Buffer digest();
  // hash.copy([options]): an independent Hash with the state so far.
  Hash copy(const HashOptions& options = {}) const;

 private:
  friend Hash createHash(std::string_view algorithm, const HashOptions& options);
  Hash(evp_md_ctx_st* ctx, size_t outputLength, bool xof);
  void checkNotFinalized() const;

  evp_md_ctx_st* ctx_ = nullptr;
  size_t outputLength_ = 0;
  bool xof_ = false;
  bool finalized_ = false;
};

// crypto.createHash(algorithm[, options]): any digest OpenSSL knows by any of its names, in any
// case ("sha256", "SHA-256", "RSA-SHA256", "sha512-256", "sha3-256", "shake256", "md5"...).
// An unknown one throws Error "Digest method not supported".
Hash createHash(std::string_view algorithm, const HashOptions& options = {});

// crypto.hash(algorithm, data[, outputEncoding]) (Node 20.12+): the one-shot digest as text,
// "hex" by default. Unknown algorithm: Error "Digest method ALG is not supported"; unknown
// encoding: TypeError ERR_INVALID_ARG_VALUE. ("buffer": use createHash(...).digest().)
std::string hash(std::string_view algorithm, std::string_view data,
                 std::string_view outputEncoding = "hex");
std::string hash(std::string_view algorithm, const Buffer& data,
                 std::string_view outputEncoding = "hex");

// crypto.getHashes(): the digest names createHash accepts, sorted, as Node lists them.
const std::vector<std::string>& getHashes();

class Hmac {
 public:
  Hmac(Hmac&& o) noexcept;
  Hmac& operator=(Hmac&& o) noexcept;
  Hmac(const Hmac&) = delete;
  Hmac& operator=(const Hmac&) = delete;
  ~Hmac();

  // As Hash's; update() after digest() throws ERR_CRYPTO_HASH_FINALIZED.
  Hmac& update(std::string_view data, std::string_view inputEncoding = "utf8") &;
  Hmac& update(const Buffer& data) &;
  // On a temporary (`auto h = createHash(...).update(x);`) the chain moves it along.
  Hmac&& update(std::string_view data, std::string_view inputEncoding = "utf8") && {
    return std::move(update(data, inputEncoding));
  }
  Hmac&& update(const Buffer& data) && { return std::move(update(data)); }
  // As Hash's, but a second digest() gives an empty result instead of throwing (Node's).
  std::string digest(std::string_view encoding);
  Buffer digest();

 private:
  friend Hmac createHmac(std::string_view algorithm, const BinaryLike& key);
  explicit Hmac(hmac_ctx_st* ctx) : ctx_(ctx) {}

  hmac_ctx_st* ctx_ = nullptr;
  bool finalized_ = false;
};

// crypto.createHmac(algorithm, key): an unknown digest throws TypeError
// ERR_CRYPTO_INVALID_DIGEST "Invalid digest: ALG".
Hmac createHmac(std::string_view algorithm, const BinaryLike& key);

// ---- Random values -----------------------------------------------------------------------------

// crypto.randomBytes(size[, callback]): size in [0, 2^31-1], else ERR_OUT_OF_RANGE.
Buffer randomBytes(int64_t size);
void randomBytes(int64_t size, Callback<Buffer> callback);
// crypto.randomFillSync(buffer[, offset[, size]]): fills the bytes the handle shares; returns
// the buffer. crypto.randomFill(...): the same on the thread pool.
Buffer randomFillSync(Buffer buffer, int64_t offset = 0, int64_t size = Buffer::kToEnd);
void randomFill(Buffer buffer, Callback<Buffer> callback);
void randomFill(Buffer buffer, int64_t offset, Callback<Buffer> callback);
void randomFill(Buffer buffer, int64_t offset, int64_t size, Callback<Buffer> callback);
// crypto.randomInt([min, ]max[, callback]): uniform in [min, max); both safe integers,
// max - min <= 2^48 - 1, as Node checks them.
int64_t randomInt(int64_t max);
int64_t randomInt(int64_t min, int64_t max);
void randomInt(int64_t max, Callback<int64_t> callback);
void randomInt(int64_t min, int64_t max, Callback<int64_t> callback);
// crypto.randomUUID(): a version 4 UUID, from a cache of random bytes as Node's.
std::string randomUUID();
// crypto.getRandomValues(typedArray): fills at most 65,536 bytes (else QuotaExceededError).
Buffer getRandomValues(Buffer typedArray);
// crypto.timingSafeEqual(a, b): compares in time independent of the contents; different
// lengths throw RangeError ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH.
bool timingSafeEqual(const Buffer& a, const Buffer& b);

// ---- Key derivation ----------------------------------------------------------------------------

// crypto.pbkdf2Sync(password, salt, iterations, keylen, digest): iterations in [1, 2^31-1],
// keylen in [0, 2^31-1] (ERR_OUT_OF_RANGE); unknown digest: TypeError ERR_CRYPTO_INVALID_DIGEST.
Buffer pbkdf2Sync(const BinaryLike& password, const BinaryLike& salt, int64_t iterations,
                  int64_t keylen, std::string_view digest);
void pbkdf2(const BinaryLike& password, const BinaryLike& salt, int64_t iterations, int64_t keylen,
            std::string_view digest, Callback<Buffer> callback);

// scrypt's options, Node's names and defaults; 0 means the default, as in Node. (Node's
// aliases cost, blockSize and parallelization are N, r and p here.)
struct ScryptOptions {
  uint32_t N = 16384;
  uint32_t r = 8;
  uint32_t p = 1;
  uint64_t maxmem = 32 << 20;
};
// crypto.scryptSync(password, salt, keylen[, options]): parameters OpenSSL rejects (N not a
// power of two, memory past maxmem) throw RangeError ERR_CRYPTO_INVALID_SCRYPT_PARAMS.
Buffer scryptSync(const BinaryLike& password, const BinaryLike& salt, int64_t keylen,
                  const ScryptOptions& options = {});
void scrypt(const BinaryLike& password, const BinaryLike& salt, int64_t keylen,
            Callback<Buffer> callback);
void scrypt(const BinaryLike& password, const BinaryLike& salt, int64_t keylen,
            const ScryptOptions& options, Callback<Buffer> callback);

// util.promisify of the callback forms: settle on the calling thread's loop.
namespace promises {
Promise<Buffer> randomBytes(int64_t size);
Promise<Buffer> randomFill(Buffer buffer, int64_t offset = 0, int64_t size = Buffer::kToEnd);
Promise<int64_t> randomInt(int64_t min, int64_t max);
Promise<Buffer> pbkdf2(const BinaryLike& password, const BinaryLike& salt, int64_t iterations,
                       int64_t keylen, std::string_view digest);
Promise<Buffer> scrypt(const BinaryLike& password, const BinaryLike& salt, int64_t keylen,
                       const ScryptOptions& options = {});
}  // namespace promises

}  // namespace nodecc::crypto
