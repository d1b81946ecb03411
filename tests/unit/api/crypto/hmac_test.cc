// HMAC against RFC 4231's vectors, and the behaviours of Hmac and Hash objects as values.
#include <gtest/gtest.h>

#include <string>

#include "nodecc/crypto.h"

namespace nodecc::crypto {
namespace {

TEST(Hmac, MatchesRfc4231) {
  Buffer key = Buffer::alloc(20, 0x0b);
  EXPECT_EQ(createHmac("sha256", key).update("Hi There").digest("hex"),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  EXPECT_EQ(createHmac("sha512", "Jefe").update("what do ya want for nothing?").digest("hex"),
            "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f"
            "65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737");
  // A key longer than the block is hashed first.
  Buffer longKey = Buffer::alloc(131, 0xaa);
  EXPECT_EQ(createHmac("sha256", longKey)
                .update("Test Using Larger Than Block-Size Key - Hash Key First")
                .digest("hex"),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}

TEST(Hmac, EmptyKeyIsAValidKey) {
  EXPECT_EQ(createHmac("sha256", "").update("").digest("hex"),
            "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad");
}

TEST(Hmac, SecondDigestIsEmptyAsNodes) {
  Hmac h = createHmac("sha1", "k");
  EXPECT_EQ(h.digest().size(), 20u);
  EXPECT_EQ(h.digest("hex"), "");
  EXPECT_THROW(h.update("x"), Error);
}

TEST(Hash, MovesKeepTheState) {
  Hash a = createHash("sha256");
  a.update("a");
  Hash b = std::move(a);
  b.update("bc");
  EXPECT_EQ(b.digest("hex"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Hash, CopyIsIndependent) {
  Hash a = createHash("md5").update("ab");
  Hash b = a.copy();
  a.update("c");
  EXPECT_EQ(a.digest("hex"), "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(b.digest("hex"), "187ef4436122d1cc2f40dc2b92f0eba0");
}

TEST(Hash, OneShotMatchesTheStreamingForm) {
  for (const char* alg : {"md5", "sha1", "sha256", "sha512", "sha3-256", "shake128"}) {
    EXPECT_EQ(hash(alg, "abc"), createHash(alg).update("abc").digest("hex")) << alg;
  }
}

TEST(Hash, ListsWhatItAccepts) {
  for (const std::string& name : getHashes()) {
    EXPECT_NO_THROW(createHash(name)) << name;
  }
  EXPECT_GT(getHashes().size(), 20u);
}

TEST(TimingSafeEqual, ComparesAllBytes) {
  EXPECT_TRUE(timingSafeEqual(Buffer::from("abc"), Buffer::from("abc")));
  EXPECT_FALSE(timingSafeEqual(Buffer::from("abc"), Buffer::from("abd")));
  EXPECT_THROW(timingSafeEqual(Buffer::from("a"), Buffer::from("ab")), RangeError);
}

TEST(Random, BytesDiffer) {
  EXPECT_NE(randomBytes(32).toString("hex"), randomBytes(32).toString("hex"));
  EXPECT_NE(randomUUID(), randomUUID());
}

}  // namespace
}  // namespace nodecc::crypto
