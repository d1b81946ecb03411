// writeFrameHeader's bytes for each length encoding, with and without a mask, and the close
// code tables.
#include "ws/frame.h"

#include <gtest/gtest.h>

#include <string>

#include "ws/close_code.h"

namespace nodecc::ws::core {
namespace {

std::string header(Opcode op, bool fin, bool rsv1, uint64_t length, const uint8_t* key) {
  char buf[kMaxFrameHeaderBytes];
  return std::string(buf, writeFrameHeader(buf, op, fin, rsv1, length, key));
}

TEST(FrameHeader, UsesTheShortestLengthEncoding) {
  EXPECT_EQ(header(Opcode::kText, true, false, 5, nullptr), std::string("\x81\x05", 2));
  EXPECT_EQ(header(Opcode::kBinary, true, false, 125, nullptr), std::string("\x82\x7d", 2));
  EXPECT_EQ(header(Opcode::kBinary, true, false, 126, nullptr), std::string("\x82\x7e\x00\x7e", 4));
  EXPECT_EQ(header(Opcode::kBinary, true, false, 65535, nullptr),
            std::string("\x82\x7e\xff\xff", 4));
  EXPECT_EQ(header(Opcode::kBinary, true, false, 65536, nullptr),
            std::string("\x82\x7f\x00\x00\x00\x00\x00\x01\x00\x00", 10));
  EXPECT_EQ(header(Opcode::kBinary, true, false, 0x0102030405060708ull, nullptr),
            std::string("\x82\x7f\x01\x02\x03\x04\x05\x06\x07\x08", 10));
}

TEST(FrameHeader, SetsFinRsv1AndTheMaskingKey) {
  const uint8_t key[4] = {0x37, 0xfa, 0x21, 0x3d};
  // RFC 6455 §5.7's masked "Hello" header.
  EXPECT_EQ(header(Opcode::kText, true, false, 5, key), std::string("\x81\x85\x37\xfa\x21\x3d", 6));
  EXPECT_EQ(header(Opcode::kText, false, true, 0, nullptr), std::string("\x41\x00", 2));
  EXPECT_EQ(header(Opcode::kContinuation, true, false, 300, key),
            std::string("\x80\xfe\x01\x2c\x37\xfa\x21\x3d", 8));
  EXPECT_EQ(header(Opcode::kBinary, true, false, 70000, key).size(), kMaxFrameHeaderBytes);
}

TEST(CloseCode, AcceptsWhatWsAcceptsFromAPeer) {
  for (uint16_t code :
       {1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 4000, 4999}) {
    EXPECT_TRUE(isValidReceivedCloseCode(code)) << code;
    EXPECT_TRUE(isValidSentCloseCode(code)) << code;
  }
  for (uint16_t code : {0, 999, 1004, 1005, 1006, 1015, 1016, 2000, 2999, 5000, 65535}) {
    EXPECT_FALSE(isValidReceivedCloseCode(code)) << code;
    EXPECT_FALSE(isValidSentCloseCode(code)) << code;
  }
}

}  // namespace
}  // namespace nodecc::ws::core
