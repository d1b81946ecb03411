// crypto::createHash("sha256") against the FIPS 180-4 / NIST example vectors, and with every
// way of splitting the input.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "nodecc/crypto.h"

namespace nodecc::crypto {
namespace {

struct Vector {
  std::string input;
  const char* hex;
};

const std::vector<Vector>& vectors() {
  static const std::vector<Vector> kVectors = {
      {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
      {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
      {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrl"
       "mnopqrsmnopqrstnopqrstu",
       "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
      {std::string(1000000, 'a'),
       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
      // Lengths around the padding boundary (56 bytes) and the block size (64).
      {std::string(55, 'x'), "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"},
      {std::string(56, 'x'), "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"},
      {std::string(63, 'x'), "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"},
      {std::string(64, 'x'), "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"},
      {std::string(65, 'x'), "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"},
      {std::string(119, 'x'), "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"},
      {std::string(120, 'x'), "13f05a0b594787f5ecd315edc96141bd3243203d1b7d4f0836f37308b276ba98"},
  };
  return kVectors;
}

// 100,000 bytes of a fixed pattern; the digest computed with Python's hashlib.
std::string pattern() {
  std::string s(100000, '\0');
  for (size_t i = 0; i < s.size(); ++i) {
    s[i] = char((i * 7 + 3) & 255);
  }
  return s;
}
constexpr const char* kPatternHex =
    "d96bab6a55ee326ba206dd4a85a6e95e14360d7fabbf448f03e689c24382b7d0";

TEST(Hash, MatchesKnownVectors) {
  for (const Vector& v : vectors()) {
    EXPECT_EQ(createHash("sha256").update(v.input).digest("hex"), v.hex) << v.input.size();
  }
  EXPECT_EQ(createHash("sha256").update(pattern()).digest("hex"), kPatternHex);
}

TEST(Hash, SameDigestHoweverTheInputIsSplit) {
  std::string data = pattern();
  for (size_t piece : {1, 3, 63, 64, 65, 1000, 4096, 65537}) {
    Hash h = createHash("sha256");
    for (size_t at = 0; at < data.size(); at += piece) {
      h.update(std::string_view(data).substr(at, piece));
    }
    EXPECT_EQ(h.digest("hex"), kPatternHex) << "pieces of " << piece;
  }
}

TEST(Hash, AcceptsBuffers) {
  Buffer b = Buffer::from("abc");
  EXPECT_EQ(createHash("sha256").update(b).digest("hex"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Hash, DigestEncodings) {
  EXPECT_EQ(createHash("sha256").update("abc").digest("base64"),
            "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
  Buffer raw = createHash("sha256").update("abc").digest();
  ASSERT_EQ(raw.size(), 32u);
  EXPECT_EQ(raw[0], 0xba);
  EXPECT_EQ(raw[31], 0xad);
}

TEST(Hash, AlgorithmNamesAsOpenSsl) {
  EXPECT_NO_THROW(createHash("SHA256"));
  EXPECT_NO_THROW(createHash("sha-256"));
  try {
    createHash("md4");
    FAIL() << "no throw";
  } catch (const Error& e) {
    EXPECT_EQ(e.message, "Digest method not supported");
  }
}

TEST(Hash, RejectsUseAfterDigest) {
  Hash h = createHash("sha256");
  h.update("abc");
  (void)h.digest("hex");
  try {
    h.update("more");
    FAIL() << "no throw";
  } catch (const Error& e) {
    EXPECT_EQ(e.code, "ERR_CRYPTO_HASH_FINALIZED");
  }
  EXPECT_THROW((void)h.digest("hex"), Error);
}

TEST(Hash, UnknownEncodingThrowsBeforeFinalizing) {
  Hash h = createHash("sha256");
  h.update("abc");
  EXPECT_THROW((void)h.digest("nope"), Error);
  EXPECT_EQ(h.digest("hex"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

}  // namespace
}  // namespace nodecc::crypto
