// Buffer's C++ side: shared storage, handles, sizes and the numeric families' contracts. What
// Node defines byte for byte is compared with Node itself by compat.buffer.table.
#include "nodecc/buffer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "nodecc/error.h"

namespace nodecc {
namespace {

TEST(Buffer, SubarrayAndCopiesShareTheBytes) {
  Buffer a = Buffer::from("hello");
  Buffer view = a.subarray(1, -1);
  Buffer copy = a;
  a[1] = 'E';
  EXPECT_EQ(view.toString(), "Ell");
  EXPECT_EQ(copy.toString(), "hEllo");
  EXPECT_EQ(Buffer::from(a).data() == a.data(), false) << "Buffer.from(buffer) copies";
}

TEST(Buffer, AdoptKeepsTheStringsBytes) {
  std::string s(100, 'x');
  const char* bytes = s.data();
  Buffer b = Buffer::adopt(std::move(s));
  EXPECT_EQ(reinterpret_cast<const char*>(b.data()), bytes);
  Buffer tail = b.subarray(90);
  b = Buffer();
  EXPECT_EQ(tail.toString(), std::string(10, 'x'));
}

TEST(Buffer, CopyWritesThroughTheTargetHandle) {
  Buffer src = Buffer::from("abcdef");
  Buffer dst = Buffer::alloc(4);
  EXPECT_EQ(src.copy(dst.subarray(1), 0, 2), 3u);
  EXPECT_EQ(dst.toString("hex"), "00636465");
}

TEST(Buffer, CopyAndFillWithinOneStorage) {
  Buffer b = Buffer::from("abcdef");
  EXPECT_EQ(b.copy(b, 2, 0, 4), 4u);
  EXPECT_EQ(b.toString(), "ababcd");
  Buffer c = Buffer::from("xyz123");
  c.fill(c.subarray(0, 2), 2);
  EXPECT_EQ(c.toString(), "xyxyxy");
}

TEST(Buffer, AllocPastMaxLengthThrowsRangeError) {
  try {
    Buffer::allocUnsafe(buffer::kMaxLength + 1);
    FAIL() << "no throw";
  } catch (const RangeError& e) {
    EXPECT_EQ(e.code, "ERR_OUT_OF_RANGE");
    EXPECT_EQ(e.message,
              "The value of \"size\" is out of range. It must be >= 0 && <= 4294967296. "
              "Received 4_294_967_297");
  }
}

TEST(Buffer, IsBufferOnlyForBuffers) {
  EXPECT_TRUE(Buffer::isBuffer(Buffer()));
  EXPECT_FALSE(Buffer::isBuffer(std::string("x")));
  EXPECT_FALSE(Buffer::isBuffer(42));
}

TEST(Buffer, FromNumbersKeepsTheLowByte) {
  EXPECT_EQ(Buffer::from({1, 256, -1, 300}).toString("hex"), "0100ff2c");
  EXPECT_EQ(Buffer::from(std::vector<uint8_t>{7, 8}).toString("hex"), "0708");
}

TEST(Buffer, ConcatCutsOrPads) {
  std::vector<Buffer> list = {Buffer::from("ab"), Buffer::from("cd")};
  EXPECT_EQ(Buffer::concat(list).toString(), "abcd");
  EXPECT_EQ(Buffer::concat(list, 3).toString(), "abc");
  EXPECT_EQ(Buffer::concat(list, 6).toString("hex"), "616263640000");
  EXPECT_TRUE(Buffer::concat({}).empty());
}

TEST(Buffer, ReadsAndWritesRoundTrip) {
  Buffer b = Buffer::alloc(16);
  EXPECT_EQ(b.writeUInt32BE(0xdeadbeef, 0), 4u);
  EXPECT_EQ(b.readUInt32LE(0), 0xefbeaddeu);
  EXPECT_EQ(b.writeInt16LE(-2, 4), 6u);
  EXPECT_EQ(b.readInt16LE(4), -2);
  EXPECT_EQ(b.readUInt16LE(4), 0xfffeu);
  EXPECT_EQ(b.writeBigInt64BE(-5, 8), 16u);
  EXPECT_EQ(b.readBigInt64BE(8), -5);
  EXPECT_EQ(b.readBigUInt64BE(8), uint64_t(-5));
  b.writeDoubleLE(1.5, 8);
  EXPECT_EQ(b.readDoubleLE(8), 1.5);
  b.writeFloatBE(0.1, 0);
  EXPECT_EQ(b.readFloatBE(0), double(0.1f));
  b.writeIntBE(-123456789012, 2, 6);
  EXPECT_EQ(b.readIntBE(2, 6), -123456789012);
  b.writeUIntLE(0xabcdef, 1, 3);
  EXPECT_EQ(b.readUIntLE(1, 3), 0xabcdefu);
}

TEST(Buffer, ReadPastTheEndNamesTheLastValidOffset) {
  Buffer b = Buffer::alloc(8);
  try {
    (void)b.readUInt32LE(5);
    FAIL() << "no throw";
  } catch (const RangeError& e) {
    EXPECT_EQ(e.toString(),
              "RangeError [ERR_OUT_OF_RANGE]: The value of \"offset\" is out of range. It must be "
              ">= 0 and <= 4. Received 5");
  }
  EXPECT_THROW((void)Buffer::alloc(3).readUInt32LE(0), RangeError);
}

TEST(Buffer, WriteFloatOverflowsToInfinityAsJavaScript) {
  Buffer b = Buffer::alloc(4);
  b.writeFloatLE(1e40);
  EXPECT_EQ(b.toString("hex"), "0000807f");
  b.writeFloatLE(-1e300);
  EXPECT_EQ(b.toString("hex"), "000080ff");
}

TEST(Buffer, ToJsonIsNodesSerialization) {
  EXPECT_EQ(Buffer::from({1, 2, 255}).toJSON(), R"({"type":"Buffer","data":[1,2,255]})");
  EXPECT_EQ(Buffer().toJSON(), R"({"type":"Buffer","data":[]})");
}

TEST(Buffer, SearchesLongHaystacks) {
  std::string hay(100000, 'a');
  hay += "needle";
  hay += std::string(1000, 'b');
  Buffer b = Buffer::from(hay);
  EXPECT_EQ(b.indexOf("needle"), 100000);
  EXPECT_EQ(b.lastIndexOf("needle"), 100000);
  EXPECT_EQ(b.indexOf('n'), 100000);
  EXPECT_EQ(b.lastIndexOf('a'), 99999);
  EXPECT_TRUE(b.includes(Buffer::from("eb")));
  EXPECT_EQ(b.indexOf("needle", 100001), -1);
}

// Haystacks of two letters make many false candidates, so the searches switch to their
// fallbacks (memmem forward, Horspool backward); every answer is checked against a naive scan.
TEST(Buffer, SearchesAgreeWithANaiveScan) {
  uint32_t seed = 12345;
  auto next = [&seed] {
    seed = seed * 1103515245 + 12345;
    return seed >> 16;
  };
  for (int round = 0; round < 200; ++round) {
    std::string hay(1 + next() % 3000, 'a');
    for (char& c : hay) {
      c = next() % 5 == 0 ? 'b' : 'a';
    }
    std::string needle(1 + next() % 7, 'a');
    for (char& c : needle) {
      c = next() % 4 == 0 ? 'b' : 'a';
    }
    Buffer b = Buffer::from(hay);
    for (int64_t from : {int64_t(0), int64_t(next() % hay.size()), int64_t(hay.size())}) {
      size_t first = hay.find(needle, size_t(from));
      EXPECT_EQ(b.indexOf(needle, from), first == std::string::npos ? -1 : int64_t(first));
      size_t last = hay.rfind(needle, size_t(from));
      EXPECT_EQ(b.lastIndexOf(needle, from), last == std::string::npos ? -1 : int64_t(last))
          << hay.size() << " " << needle << " " << from;
    }
  }
}

}  // namespace
}  // namespace nodecc
