// Digests and HMACs of every family over inputs around the block sizes, in every output
// encoding; the one-shot hash; update encodings; copy; the errors; getHashes.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace nodecc;

std::string show(const std::string& s) { return Buffer::from(s).toString("hex"); }
void fail(const char* label, const std::function<void()>& f) {
  try {
    f();
    std::printf("%s no error\n", label);
  } catch (const Error& e) {
    std::printf("%s %s %s %s\n", label, e.name.c_str(), e.code.empty() ? "-" : e.code.c_str(), e.message.c_str());
  }
}

int main() {
  std::vector<std::string> algorithms = {"md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha512-224", "sha512-256",
    "sha3-224", "sha3-256", "sha3-384", "sha3-512", "shake128", "shake256", "ripemd160", "blake2b512",
    "blake2s256", "sm3", "SHA256", "RSA-SHA1", "sha-256", "SHA2-512"};
  auto pattern = [](size_t n) {
    Buffer b = Buffer::alloc(n);
    for (size_t i = 0; i < n; i++) b[i] = uint8_t((i * 7 + 3) & 255);
    return b;
  };
  std::vector<Buffer> inputs = {Buffer::alloc(0), Buffer::from("abc"), pattern(55), pattern(64), pattern(65), pattern(1000), pattern(100000)};

  for (const std::string& alg : algorithms) {
    for (const Buffer& input : inputs) {
      std::printf("hash %s %zu %s\n", alg.c_str(), input.length(), crypto::createHash(alg).update(input).digest("hex").c_str());
    }
    crypto::Hash h = crypto::createHash(alg).update("naïve ");
    crypto::Hash copy = h.copy();
    h.update("café");
    copy.update(pattern(10));
    std::printf("split %s %s %s\n", alg.c_str(), h.digest("base64").c_str(), copy.digest("base64url").c_str());
    std::printf("latin1 %s %s\n", alg.c_str(), show(crypto::createHash(alg).update("x").digest("latin1")).c_str());
    std::printf("buffer %s %zu\n", alg.c_str(), crypto::createHash(alg).update("x").digest().length());
    std::printf("oneshot %s %s %s\n", alg.c_str(), crypto::hash(alg, "abc").c_str(), crypto::hash(alg, pattern(65), "base64").c_str());
    for (std::string key : {std::string(""), std::string("key"), std::string(200, 'k')}) {
      if (alg.starts_with("shake")) continue;
      std::printf("hmac %s %zu %s %s\n", alg.c_str(), key.length(), crypto::createHmac(alg, key).update("The quick brown fox").digest("hex").c_str(),
        crypto::createHmac(alg, Buffer::from(key)).update(pattern(1000)).digest("base64").c_str());
    }
  }
  for (int len : {0, 1, 5, 32, 100}) {
    std::printf("xof %d %s %s\n", len, crypto::createHash("shake256", {.outputLength = len}).update("a").digest("hex").c_str(),
      crypto::createHash("shake128", {.outputLength = len}).update("a").digest("hex").c_str());
  }
  std::printf("xof copy %s\n", crypto::createHash("shake256").update("a").copy({.outputLength = 4}).digest("hex").c_str());
  std::printf("sha256 own length %s\n", crypto::createHash("sha256", {.outputLength = 32}).digest("hex").c_str());

  for (const char* enc : {"utf8", "hex", "base64", "latin1", "binary", "ucs2", "ascii", "nope"}) {
    std::printf("update %s %s %s\n", enc, crypto::createHash("sha1").update("616263c3a9", enc).digest("hex").c_str(),
      crypto::createHmac("sha1", "k").update("6162", enc).digest("hex").c_str());
  }
  for (const char* enc : {"hex", "base64", "base64url", "latin1", "binary", "utf8", "ucs2", "ascii"}) {
    std::printf("digest %s %s %s\n", enc, show(crypto::createHash("md5").update("abc").digest(enc)).c_str(), show(crypto::hash("md5", "abc", enc)).c_str());
  }

  crypto::Hmac hmac = crypto::createHmac("sha256", "k");
  std::printf("hmac first %s\n", hmac.digest("hex").c_str());
  std::printf("hmac again \"%s\" %zu\n", hmac.digest("hex").c_str(), hmac.digest().length());

  fail("unknown hash", [] { crypto::createHash("nope"); });
  fail("unknown hmac", [] { crypto::createHmac("nope", "k"); });
  fail("unknown one-shot", [] { crypto::hash("nope", "x"); });
  fail("one-shot encoding", [] { crypto::hash("sha1", "x", "nope"); });
  fail("not xof", [] { crypto::createHash("sha256", {.outputLength = 5}); });
  fail("odd hex", [] { crypto::createHash("sha1").update("abc", "hex"); });
  fail("hmac odd hex", [] { crypto::createHmac("sha1", "k").update("abc", "hex"); });
  crypto::Hash done = crypto::createHash("sha256");
  done.digest();
  fail("update after digest", [&] { done.update("x"); });
  fail("digest after digest", [&] { done.digest("hex"); });
  fail("copy after digest", [&] { done.copy(); });
  fail("hmac update after digest", [&] { hmac.update("x"); });

  const std::vector<std::string>& hashes = crypto::getHashes();
  std::string joined;
  for (const std::string& name : hashes) joined += (joined.empty() ? "" : " ") + name;
  std::printf("getHashes %zu %s\n", hashes.size(), joined.c_str());
  return 0;
}
