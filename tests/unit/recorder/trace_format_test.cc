#include "recorder/trace_format.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "recorder/frame_writer.h"
#include "recorder/trace_sink.h"

namespace nodecc::recorder::core {
namespace {

TraceHeader sampleHeader() {
  TraceHeader h;
  h.buildId = std::string("\x01\x02\xab\xcd", 4);
  h.loopId = 0;
  h.pid = 4242;
  h.startWallMs = 1700000000123;
  h.cwd = "/srv/app";
  h.argv = {"./app", "--port", "8080"};
  h.env = {"HOME=/root", "PATH=/usr/bin"};
  return h;
}

// A trace of a few frames of every shape, as the recorder writes them.
std::string sampleTrace() {
  std::string header = encodeHeader(sampleHeader());
  // ctest runs each test of this file as its own process, in parallel: one
  // shared name let one process remove the file another was about to read.
  std::string path =
      ::testing::TempDir() + "/format_sample." + std::to_string(::getpid()) + ".trace";
  {
    TraceSink sink(TraceSink::Mode::kFile, path, header, 0, 0);
    emitUnsigned(sink, FrameType::kAdd, 7);
    emitRecv(sink, 7, 5, "hello", 5);
    emitRecv(sink, 7, -11, nullptr, 0);
    emitWrite(sink, 3, hashBytes("abc", 3));
    emitTagged(sink, FrameType::kClock, uint8_t(ClockId::kMonotonicNs), 123456789, nullptr, 0);
    emitSigned(sink, FrameType::kConnect, -111);
    emitUnsigned(sink, FrameType::kSignal, 15);
  }
  std::string bytes;
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    ADD_FAILURE() << "cannot reopen " << path;
    return bytes;
  }
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    bytes.append(buf, n);
  }
  std::fclose(f);
  std::remove(path.c_str());
  return bytes;
}

TEST(Varint, RoundTripsEdgeValues) {
  for (uint64_t v : {0ull, 1ull, 127ull, 128ull, 300ull, 1ull << 35, ~0ull}) {
    uint8_t buf[kMaxVarint];
    uint8_t* end = putVarint(buf, v);
    EXPECT_EQ(size_t(end - buf), varintSize(v));
    const uint8_t* p = buf;
    uint64_t out = 0;
    ASSERT_TRUE(getVarint(&p, end, &out));
    EXPECT_EQ(out, v);
  }
  for (int64_t v : {0ll, -1ll, 1ll, -9223372036854775807ll - 1, 9223372036854775807ll}) {
    EXPECT_EQ(unzigzag(zigzag(v)), v);
  }
}

TEST(Varint, RejectsOverlongAndTruncated) {
  uint8_t overlong[11];
  std::memset(overlong, 0xff, sizeof overlong);
  const uint8_t* p = overlong;
  uint64_t v;
  EXPECT_FALSE(getVarint(&p, overlong + sizeof overlong, &v));
  uint8_t cut[] = {0x80, 0x80};
  p = cut;
  EXPECT_FALSE(getVarint(&p, cut + 2, &v));
}

// Replay stops at the first write whose bytes hash differently: a changed byte anywhere,
// in a piece of any length (the short tail, the overlapping last word), must show.
TEST(WriteHasher, EveryChangedByteChangesTheHash) {
  for (size_t len = 1; len <= 40; ++len) {
    std::string bytes(len, '\0');
    for (size_t i = 0; i < len; ++i) {
      bytes[i] = char('a' + i % 26);
    }
    const uint64_t h = hashBytes(bytes.data(), len);
    for (size_t i = 0; i < len; ++i) {
      std::string changed = bytes;
      changed[i] ^= 0x20;
      EXPECT_NE(hashBytes(changed.data(), len), h) << "length " << len << ", byte " << i;
    }
    EXPECT_NE(hashBytes(bytes.data(), len - 1), h) << "a shorter write, length " << len;
  }
}

TEST(WriteHasher, SwappedWordsAndMovedPieceBoundariesChangeTheHash) {
  const std::string a = "0123456789abcdefGHIJKLMNOPQRSTUV";
  const std::string swapped = a.substr(8, 8) + a.substr(0, 8) + a.substr(16);
  EXPECT_NE(hashBytes(a.data(), a.size()), hashBytes(swapped.data(), swapped.size()));
  WriteHasher split1, split2;
  split1.add(a.data(), 10);
  split1.add(a.data() + 10, a.size() - 10);
  split2.add(a.data(), 11);
  split2.add(a.data() + 11, a.size() - 11);
  EXPECT_NE(split1.finish(), split2.finish());
}

TEST(TraceReader, ReadsBackHeaderAndFrames) {
  TraceReader r;
  ASSERT_TRUE(r.parse(sampleTrace(), "sample")) << r.error();
  EXPECT_EQ(r.header().pid, 4242u);
  EXPECT_EQ(r.header().startWallMs, 1700000000123);
  EXPECT_EQ(r.header().cwd, "/srv/app");
  EXPECT_EQ(r.header().argv.size(), 3u);
  EXPECT_EQ(r.header().env[1], "PATH=/usr/bin");
  EXPECT_EQ(r.header().buildId, std::string("\x01\x02\xab\xcd", 4));
  ASSERT_EQ(r.frames().size(), 7u);
  EXPECT_EQ(r.frames()[0].type, FrameType::kAdd);
  EXPECT_EQ(r.frames()[1].type, FrameType::kRecv);
  PayloadReader recv(r.frames()[1].payload, r.frames()[1].length);
  uint64_t fd;
  int64_t n;
  const uint8_t* bytes;
  ASSERT_TRUE(recv.u64(&fd));
  EXPECT_EQ(fd, 7u);
  ASSERT_TRUE(recv.i64(&n));
  ASSERT_EQ(n, 5);
  ASSERT_TRUE(recv.bytes(5, &bytes));
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(bytes), 5), "hello");
  EXPECT_EQ(r.frames()[6].index, 6u);
}

TEST(TraceReader, RejectsBadMagic) {
  std::string t = sampleTrace();
  t[0] = 'X';
  TraceReader r;
  EXPECT_FALSE(r.parse(t, "t"));
  EXPECT_NE(r.error().find("not a nodecc trace"), std::string::npos) << r.error();
}

TEST(TraceReader, RejectsOtherVersion) {
  std::string t = sampleTrace();
  t[8] = 99;
  TraceReader r;
  EXPECT_FALSE(r.parse(t, "t"));
  EXPECT_NE(r.error().find("version 99"), std::string::npos) << r.error();
}

// Version 1's recv frames do not name their fd: read as version 2 they would misattribute
// every read, so the reader refuses them and says to record again.
TEST(TraceReader, RefusesVersionOneTraces) {
  std::string t = sampleTrace();
  t[8] = 1;
  TraceReader r;
  EXPECT_FALSE(r.parse(t, "t"));
  EXPECT_NE(r.error().find("version 1, this build reads 2 (record it again"), std::string::npos)
      << r.error();
}

TEST(TraceReader, EveryTruncationIsAnErrorOrAFrameBoundary) {
  const std::string t = sampleTrace();
  TraceReader whole;
  ASSERT_TRUE(whole.parse(t, "t"));
  std::vector<size_t> boundaries;
  for (const Frame& f : whole.frames()) {
    boundaries.push_back(f.offset);
  }
  boundaries.push_back(t.size());
  for (size_t len = 0; len < t.size(); ++len) {
    TraceReader r;
    const bool ok = r.parse(t.substr(0, len), "cut");
    const bool boundary = std::find(boundaries.begin(), boundaries.end(), len) != boundaries.end();
    EXPECT_EQ(ok, boundary) << "length " << len << ": " << r.error();
    if (!ok) {
      EXPECT_NE(r.error().find("cut: "), std::string::npos);
    }
  }
}

TEST(TraceReader, RejectsUnknownFrameTypeWithItsOffset) {
  std::string t = sampleTrace();
  TraceReader whole;
  ASSERT_TRUE(whole.parse(t, "t"));
  const size_t at = whole.frames()[2].offset;
  t[at] = char(0x7f);
  TraceReader r;
  EXPECT_FALSE(r.parse(t, "t"));
  EXPECT_NE(r.error().find("frame 2: unknown type 127"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("at byte " + std::to_string(at)), std::string::npos) << r.error();
}

TEST(TraceReader, RejectsPayloadThatDoesNotMatchItsType) {
  std::string t = sampleTrace();
  TraceReader whole;
  ASSERT_TRUE(whole.parse(t, "t"));
  // The recv frame says 5 bytes were read: claim 6, the payload has 5. Its count follows the
  // type, the length and the fd, one byte each.
  const size_t at = whole.frames()[1].offset;
  t[at + 3] = char(zigzag(6));
  TraceReader r;
  EXPECT_FALSE(r.parse(t, "t"));
  EXPECT_NE(r.error().find("corrupt payload"), std::string::npos) << r.error();
}

TEST(TraceReader, MissingFileIsAnError) {
  TraceReader r;
  EXPECT_FALSE(r.open("/nonexistent/trace"));
  EXPECT_NE(r.error().find("cannot read"), std::string::npos);
}

}  // namespace
}  // namespace nodecc::recorder::core
