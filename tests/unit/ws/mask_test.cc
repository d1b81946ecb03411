// applyMask against the byte-at-a-time definition (RFC 6455 §5.3), at every key offset and at
// lengths around the word and block sizes, on unaligned starts.
#include "ws/mask.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

namespace nodecc::ws::core {
namespace {

void scalarMask(char* data, size_t n, const uint8_t key[4], size_t offset) {
  for (size_t i = 0; i < n; ++i) {
    data[i] = static_cast<char>(data[i] ^ key[(offset + i) & 3]);
  }
}

TEST(Mask, MatchesTheScalarDefinitionAtEveryOffsetLengthAndAlignment) {
  std::mt19937 rng(6455);
  const uint8_t key[4] = {0x37, 0xfa, 0x21, 0x3d};
  for (size_t align = 0; align < 8; ++align) {
    for (size_t offset = 0; offset < 8; ++offset) {
      for (size_t n = 0; n <= 80; ++n) {
        std::string input(align + n, '\0');
        for (auto& c : input) {
          c = static_cast<char>(rng());
        }
        std::string expected = input;
        scalarMask(expected.data() + align, n, key, offset);
        std::string actual = input;
        applyMask(actual.data() + align, n, key, offset);
        ASSERT_EQ(actual, expected) << "align " << align << " offset " << offset << " n " << n;
      }
    }
  }
}

TEST(Mask, UnmasksThePayloadOfRfc6455sExample) {
  // §5.7: a masked "Hello" from a client.
  const uint8_t key[4] = {0x37, 0xfa, 0x21, 0x3d};
  std::string payload = "\x7f\x9f\x4d\x51\x58";
  applyMask(payload.data(), payload.size(), key);
  EXPECT_EQ(payload, "Hello");
}

TEST(Mask, UnmasksAPayloadSplitAnywhereWhenGivenTheOffset) {
  const uint8_t key[4] = {1, 2, 3, 4};
  std::string original(1000, '\0');
  for (size_t i = 0; i < original.size(); ++i) {
    original[i] = static_cast<char>(i * 7);
  }
  std::string whole = original;
  applyMask(whole.data(), whole.size(), key);
  for (size_t split = 0; split <= original.size(); split += 37) {
    std::string pieces = original;
    applyMask(pieces.data(), split, key, 0);
    applyMask(pieces.data() + split, pieces.size() - split, key, split);
    ASSERT_EQ(pieces, whole) << split;
  }
}

TEST(Mask, IsItsOwnInverse) {
  const uint8_t key[4] = {0xde, 0xad, 0xbe, 0xef};
  std::string data = "a longer payload that spans several 32-byte blocks of the fast loop ...";
  const std::string original = data;
  applyMask(data.data(), data.size(), key, 3);
  EXPECT_NE(data, original);
  applyMask(data.data(), data.size(), key, 3);
  EXPECT_EQ(data, original);
}

}  // namespace
}  // namespace nodecc::ws::core
