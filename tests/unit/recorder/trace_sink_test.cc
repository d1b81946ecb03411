#include "recorder/trace_sink.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <vector>

#include "recorder/frame_writer.h"
#include "recorder/trace_format.h"

namespace nodecc::recorder::core {
namespace {

std::string header() {
  TraceHeader h;
  h.argv = {"test"};
  return encodeHeader(h);
}

uint64_t frameValue(const Frame& f) {
  PayloadReader r(f.payload, f.length);
  uint64_t v = 0;
  EXPECT_TRUE(r.u64(&v));
  return v;
}

TEST(TraceSink, RingThatNeverFilledDumpsEveryFrameFromTheStart) {
  const std::string path = ::testing::TempDir() + "/ring_small.trace";
  TraceSink sink(TraceSink::Mode::kRing, path, header(), 1 << 20, 0);
  for (uint64_t i = 0; i < 1000; ++i) {
    emitUnsigned(sink, FrameType::kSignal, i);
  }
  ASSERT_TRUE(sink.dump());
  TraceReader r;
  ASSERT_TRUE(r.open(path)) << r.error();
  EXPECT_EQ(r.header().firstFrame, 0u);
  EXPECT_EQ(r.header().flags & kWrapped, 0);
  ASSERT_EQ(r.frames().size(), 1000u);
  EXPECT_EQ(frameValue(r.frames()[999]), 999u);
  ::unlink(path.c_str());
}

TEST(TraceSink, RingKeepsTheLastFramesAndMarksTheWrap) {
  const std::string path = ::testing::TempDir() + "/ring_wrap.trace";
  const size_t capacity = 256u << 10;
  TraceSink sink(TraceSink::Mode::kRing, path, header(), capacity, 0);
  const std::string payload(100, 'x');
  const uint64_t total = 20000;  // ~2.1 MB of frames through a 256 KiB ring
  for (uint64_t i = 0; i < total; ++i) {
    emitRecv(sink, 5, 100, payload.data(), payload.size());
    emitUnsigned(sink, FrameType::kSignal, i);
  }
  ASSERT_TRUE(sink.dump());
  TraceReader r;
  ASSERT_TRUE(r.open(path)) << r.error();
  EXPECT_NE(r.header().flags & kWrapped, 0);
  EXPECT_GT(r.header().firstFrame, 0u);
  const auto& frames = r.frames();
  ASSERT_FALSE(frames.empty());
  // What is kept is contiguous, ends with the last frame written, and fills most of the ring.
  EXPECT_EQ(frames.back().index, 2 * total - 1);
  EXPECT_EQ(frameValue(frames.back()), total - 1);
  EXPECT_EQ(frames.front().index, r.header().firstFrame);
  size_t kept = 0;
  for (const Frame& f : frames) {
    kept += 1 + varintSize(f.length) + f.length;
  }
  EXPECT_GT(kept, capacity * 3 / 4);
  EXPECT_LE(kept, capacity);
  ::unlink(path.c_str());
}

TEST(TraceSink, FileRotatesIntoSegmentsThatReadAsOneTrace) {
  const std::string path = ::testing::TempDir() + "/rotated.trace";
  const uint64_t total = 100000;
  {
    TraceSink sink(TraceSink::Mode::kFile, path, header(), 0, 64u << 10);
    const std::string payload(40, 'y');
    for (uint64_t i = 0; i < total; ++i) {
      emitRecv(sink, 5, 40, payload.data(), payload.size());
    }
  }
  ASSERT_EQ(::access((path + ".1").c_str(), F_OK), 0);
  TraceReader r;
  ASSERT_TRUE(r.open(path)) << r.error();
  EXPECT_EQ(r.frames().size(), total);
  EXPECT_EQ(r.frames().back().index, total - 1);
  for (int i = 0; ::access((i == 0 ? path : path + "." + std::to_string(i)).c_str(), F_OK) == 0;
       ++i) {
    ::unlink((i == 0 ? path : path + "." + std::to_string(i)).c_str());
  }
}

TEST(TraceSink, OversizedFrameGetsAChunkOfItsOwn) {
  const std::string path = ::testing::TempDir() + "/big.trace";
  TraceSink sink(TraceSink::Mode::kRing, path, header(), 1 << 20, 0);
  const std::string big(300u << 10, 'z');  // past the 128 KiB chunk of a 1 MiB ring
  emitRecv(sink, 5, int64_t(big.size()), big.data(), big.size());
  emitUnsigned(sink, FrameType::kSignal, 1);
  ASSERT_TRUE(sink.dump());
  TraceReader r;
  ASSERT_TRUE(r.open(path)) << r.error();
  ASSERT_EQ(r.frames().size(), 2u);
  EXPECT_EQ(r.frames()[0].length, 1 + big.size() + varintSize(zigzag(int64_t(big.size()))));
  ::unlink(path.c_str());
}

// openFrame/closeFrame (wait and drain frames) leave one byte for the payload's length: a
// payload of 128 bytes or more is moved up to make room for its longer varint.
TEST(TraceSink, FramesOfUnknownLengthReadBackOnEitherSideOf128Bytes) {
  const std::string path = ::testing::TempDir() + "/open_close.trace";
  TraceSink sink(TraceSink::Mode::kRing, path, header(), 1 << 20, 0);
  const std::vector<uint64_t> counts = {0, 1, 126, 127, 128, 129, 300, 20000};
  for (uint64_t n : counts) {
    uint8_t* payload = openFrame(sink, FrameType::kDrain, kMaxVarint * (1 + n));
    uint8_t* q = putVarint(payload, n);
    for (uint64_t i = 0; i < n; ++i) {
      q = putVarint(q, i % 100);  // one byte each: n = 127 makes the first 128-byte payload
    }
    closeFrame(sink, payload, q);
  }
  emitUnsigned(sink, FrameType::kSignal, 7);
  ASSERT_TRUE(sink.dump());
  TraceReader r;
  ASSERT_TRUE(r.open(path)) << r.error();
  ASSERT_EQ(r.frames().size(), counts.size() + 1);
  for (size_t k = 0; k < counts.size(); ++k) {
    const Frame& f = r.frames()[k];
    EXPECT_EQ(f.type, FrameType::kDrain);
    PayloadReader p(f.payload, f.length);
    uint64_t n = 0;
    ASSERT_TRUE(p.u64(&n));
    ASSERT_EQ(n, counts[k]);
    for (uint64_t i = 0; i < n; ++i) {
      uint64_t v = 0;
      ASSERT_TRUE(p.u64(&v)) << "count " << n << ", entry " << i;
      EXPECT_EQ(v, i % 100);
    }
    EXPECT_EQ(p.remaining(), 0u);
  }
  EXPECT_EQ(frameValue(r.frames().back()), 7u);
  ::unlink(path.c_str());
}

// A write frame of a count below 8192 skips putVarint's loop: read and write frames must read
// back the same on either side of each varint width (one byte below 128, two below 16384).
TEST(TraceSink, ReadAndWriteFramesReadBackAcrossVarintWidths) {
  const std::string path = ::testing::TempDir() + "/widths.trace";
  TraceSink sink(TraceSink::Mode::kRing, path, header(), 8u << 20, 0);
  std::string bytes(20000, '\0');
  for (size_t i = 0; i < bytes.size(); ++i) {
    bytes[i] = char(i * 7);
  }
  const std::vector<int> fds = {0, 127, 128, 16383, 16384, 1 << 20};
  const std::vector<size_t> sizes = {0, 1, 59, 124, 125, 126, 8191, 8192, 16379, 16380, 20000};
  const std::vector<int64_t> results = {-11, 0, 63, 64, 8191, 8192, 1 << 20};
  for (int fd : fds) {
    for (size_t n : sizes) {
      emitRecv(sink, fd, int64_t(n), bytes.data(), n);
    }
    emitRecv(sink, fd, -104, nullptr, 0);
  }
  for (int64_t r : results) {
    emitWrite(sink, r, 0x0123456789abcdefull);
  }
  ASSERT_TRUE(sink.dump());
  TraceReader t;
  ASSERT_TRUE(t.open(path)) << t.error();
  ASSERT_EQ(t.frames().size(), fds.size() * (sizes.size() + 1) + results.size());
  size_t k = 0;
  for (int fd : fds) {
    for (size_t i = 0; i <= sizes.size(); ++i) {
      const Frame& f = t.frames()[k++];
      ASSERT_EQ(f.type, FrameType::kRecv);
      PayloadReader p(f.payload, f.length);
      uint64_t gotFd = 0;
      int64_t count = 0;
      ASSERT_TRUE(p.u64(&gotFd));
      ASSERT_TRUE(p.i64(&count));
      EXPECT_EQ(gotFd, uint64_t(fd));
      const int64_t want = i < sizes.size() ? int64_t(sizes[i]) : -104;
      EXPECT_EQ(count, want) << "fd " << fd;
      const size_t n = want > 0 ? size_t(want) : 0;
      ASSERT_EQ(p.remaining(), n) << "fd " << fd << ", count " << want;
      const uint8_t* got = nullptr;
      ASSERT_TRUE(p.bytes(n, &got));
      EXPECT_EQ(std::memcmp(got, bytes.data(), n), 0);
    }
  }
  for (int64_t r : results) {
    const Frame& f = t.frames()[k++];
    ASSERT_EQ(f.type, FrameType::kWrite);
    PayloadReader p(f.payload, f.length);
    int64_t count = 0;
    ASSERT_TRUE(p.i64(&count));
    EXPECT_EQ(count, r);
    if (r >= 0) {
      uint64_t hash = 0;
      ASSERT_TRUE(p.fixed64(&hash));
      EXPECT_EQ(hash, 0x0123456789abcdefull);
    }
    EXPECT_EQ(p.remaining(), 0u) << "write " << r;
  }
  ::unlink(path.c_str());
}

}  // namespace
}  // namespace nodecc::recorder::core
