// ChunkedDecoder: sizes, extensions, data CRLF, trailers, limits, and feeding the bytes split
// at every boundary.
#include "http/chunked.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "unit/http/guard_page.h"

namespace nodecc::http::core {
namespace {

constexpr size_t kTrailerSlots = 16;

struct Decoded {
  std::string body;
  std::vector<std::pair<std::string, std::string>> trailers;
  bool done = false;
  int status = 0;  // error status, 0 if none
  const char* code = "";
  size_t consumed = 0;
};

// Feeds `in` as a connection would: `pieces` gives the lengths of successive reads; bytes not
// consumed stay buffered (and the buffer is copied anew each time, so views must not be kept).
Decoded decodePieces(std::string_view in, const std::vector<size_t>& pieces,
                     const ParserLimits& limits = {}) {
  Decoded out;
  ChunkedDecoder dec;
  std::string pending;
  size_t fed = 0;
  size_t piece = 0;
  for (;;) {
    const size_t add = piece < pieces.size() ? pieces[piece++] : in.size() - fed;
    pending += std::string(in.substr(fed, add));
    fed += add;
    for (;;) {
      const std::string buf = pending;  // fresh copy: the buffer "moves"
      Header trailers[kTrailerSlots];
      size_t count = 0;
      ParseError err;
      const auto step = dec.decode(buf, trailers, kTrailerSlots, &count, limits, &err);
      if (step.consumed < 0) {
        out.status = err.status;
        out.code = err.code;
        return out;
      }
      out.body += std::string(step.data);
      out.consumed += static_cast<size_t>(step.consumed);
      pending.erase(0, static_cast<size_t>(step.consumed));
      if (step.done) {
        out.done = true;
        for (size_t i = 0; i < count; ++i) {
          out.trailers.emplace_back(trailers[i].name, trailers[i].value);
        }
        return out;
      }
      if (step.consumed == 0) {
        break;
      }
    }
    if (fed == in.size()) {
      return out;
    }
  }
}

Decoded decodeAll(std::string_view in, const ParserLimits& limits = {}) {
  return decodePieces(in, {}, limits);
}

TEST(Chunked, DecodesChunksAndTheLastChunk) {
  const auto d = decodeAll("5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n");
  EXPECT_TRUE(d.done);
  EXPECT_EQ(d.body, "hello world");
  EXPECT_TRUE(d.trailers.empty());
}

TEST(Chunked, AcceptsHexInBothCasesAndLeadingZeros) {
  EXPECT_EQ(decodeAll("a\r\n0123456789\r\n0\r\n\r\n").body, "0123456789");
  EXPECT_EQ(decodeAll("A\r\n0123456789\r\n000\r\n\r\n").body, "0123456789");
  EXPECT_TRUE(decodeAll("0005\r\nhello\r\n0\r\n\r\n").done);
}

TEST(Chunked, ReturnsOneSpanPerCallAsViewsIntoTheInput) {
  ChunkedDecoder dec;
  const std::string in = "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\nNEXT";
  ParseError err;
  auto s = dec.decode(in, nullptr, 0, nullptr, {}, &err);
  EXPECT_EQ(s.consumed, 6);
  EXPECT_EQ(s.data, "abc");
  EXPECT_EQ(s.data.data(), in.data() + 3);
  s = dec.decode(std::string_view(in).substr(6), nullptr, 0, nullptr, {}, &err);
  EXPECT_EQ(s.data, "de");
  EXPECT_EQ(s.consumed, 7);
  s = dec.decode(std::string_view(in).substr(13), nullptr, 0, nullptr, {}, &err);
  EXPECT_TRUE(s.done);
  EXPECT_EQ(s.consumed, 7);  // "\r\n0\r\n\r\n"; "NEXT" is the next message's
  s = dec.decode("more", nullptr, 0, nullptr, {}, &err);
  EXPECT_TRUE(s.done);
  EXPECT_EQ(s.consumed, 0);
}

TEST(Chunked, LeavesAnIncompleteSizeLineUnconsumed) {
  ParseError err;
  for (const char* partial : {"", "5", "5\r", "5;ext", "5;e=\"x"}) {
    ChunkedDecoder dec;
    const auto s = dec.decode(partial, nullptr, 0, nullptr, {}, &err);
    EXPECT_EQ(s.consumed, 0) << partial;
    EXPECT_TRUE(s.data.empty());
    EXPECT_FALSE(s.done);
  }
}

TEST(Chunked, DecodesIdenticallyWhenSplitAtEveryBoundary) {
  const std::string in =
      "5;ilovew3;somuchlove=\"are;\\\"these\";another=withvalue\r\nhello\r\n"
      "6;blahblah;blah\r\n world\r\n"
      "1A\r\nabcdefghijklmnopqrstuvwxyz\r\n"
      "0\r\nVary: *\r\nContent-Type: text/plain\r\n\r\n";
  const Decoded whole = decodeAll(in);
  ASSERT_TRUE(whole.done);
  EXPECT_EQ(whole.body, "hello worldabcdefghijklmnopqrstuvwxyz");
  ASSERT_EQ(whole.trailers.size(), 2u);
  EXPECT_EQ(whole.trailers[1].second, "text/plain");
  for (size_t k = 1; k < in.size(); ++k) {
    const Decoded split = decodePieces(in, {k});
    EXPECT_TRUE(split.done) << k;
    EXPECT_EQ(split.body, whole.body) << k;
    EXPECT_EQ(split.trailers, whole.trailers) << k;
    EXPECT_EQ(split.consumed, in.size()) << k;
  }
  const Decoded trickle = decodePieces(in, std::vector<size_t>(in.size(), 1));
  EXPECT_TRUE(trickle.done);
  EXPECT_EQ(trickle.body, whole.body);
  EXPECT_EQ(trickle.trailers, whole.trailers);
}

TEST(Chunked, RejectsBadSizeLines) {
  for (const char* in : {"\r\n", "g\r\n", "-1\r\n", "5 \r\n", " 5\r\n", "5\n", "5\rx", "0x5\r\n",
                         "2 erfrferferf\r\naa\r\n0\r\n\r\n"}) {
    const auto d = decodeAll(in);
    EXPECT_EQ(d.status, 400) << in;
  }
  EXPECT_EQ(decodeAll("g").code, std::string_view("HPE_INVALID_CHUNK_SIZE"));  // at once
}

TEST(Chunked, RejectsSizeOverflow) {
  EXPECT_EQ(decodeAll("10000000000000000\r\n").status, 400);  // 2^64
  EXPECT_EQ(decodeAll("FFFFFFFFFFFFFFFFF").status, 400);      // at once
  const auto d = decodeAll("FFFFFFFFFFFFFFFF\r\nabc");
  EXPECT_EQ(d.status, 0);
  EXPECT_EQ(d.body, "abc");
}

TEST(Chunked, BoundsLeadingZeros) {
  const std::string ok = std::string(ChunkedDecoder::kMaxChunkSizeDigits - 1, '0') + "1\r\nx\r\n";
  EXPECT_EQ(decodeAll(ok).body, "x");
  const std::string bad = std::string(ChunkedDecoder::kMaxChunkSizeDigits, '0') + "1";
  EXPECT_EQ(decodeAll(bad).status, 400);
}

TEST(Chunked, AcceptsValidExtensions) {
  for (const char* line : {"5;a", "5;a=b", "5;a;b", "5;a=\"\"", "5;a=\"x y;z\"",
                           "5;a=\"q\\\"uote\\\\\"", "5;a=b;c=\"d\";e", "5;!#$%&'*+-.^_`|~=x"}) {
    const auto d = decodeAll(std::string(line) + "\r\nhello\r\n0\r\n\r\n");
    EXPECT_TRUE(d.done) << line;
    EXPECT_EQ(d.body, "hello") << line;
  }
}

TEST(Chunked, RejectsMalformedExtensions) {
  for (const char* line :
       {"5;", "5;=b", "5;a=", "5;a b", "5 ;a", "5;a =b", "5;a= b", "5;a=\"unbalanced", "5;a=\"x\"y",
        "5;a=b c", "5;a\x01", "5;a=\"\x01\"", "5;a,b"}) {
    const auto d = decodeAll(std::string(line) + "\r\nhello\r\n0\r\n\r\n");
    EXPECT_EQ(d.status, 400) << line;
  }
}

TEST(Chunked, RejectsExtensionsLongerThanTheLimitWith413) {
  ParserLimits limits;
  limits.maxChunkExtensionSize = 16;
  const std::string ext16 = ";" + std::string(15, 'e');
  EXPECT_TRUE(decodeAll("1" + ext16 + "\r\nx\r\n0\r\n\r\n", limits).done);
  const auto d = decodeAll("1" + ext16 + "e\r\nx\r\n0\r\n\r\n", limits);
  EXPECT_EQ(d.status, 413);
  EXPECT_EQ(d.code, std::string_view("HPE_CHUNK_EXTENSIONS_OVERFLOW"));
  EXPECT_EQ(decodeAll("1" + ext16 + "e", limits).status, 413);  // before the CRLF arrives
}

TEST(Chunked, RejectsDataNotFollowedByCrlf) {
  EXPECT_EQ(decodeAll("5\r\nhelloX").status, 400);
  EXPECT_EQ(decodeAll("5\r\nhello\rX").status, 400);
  EXPECT_EQ(decodeAll("5\r\nhello\n0\r\n\r\n").status, 400);
  EXPECT_EQ(decodeAll("3\r\nfoo\r\n\r\n").status, 400);  // missing last-chunk
  const auto d = decodeAll("5\r\nhelloX");
  EXPECT_EQ(d.body, "hello");  // the data came out before the missing CRLF was seen
}

TEST(Chunked, ParsesTrailersWithTheFieldRules) {
  const auto d = decodeAll("0\r\nVary: *\r\nX-Sum:  abc \r\n\r\n");
  ASSERT_TRUE(d.done);
  ASSERT_EQ(d.trailers.size(), 2u);
  EXPECT_EQ(d.trailers[0], (std::pair<std::string, std::string>("Vary", "*")));
  EXPECT_EQ(d.trailers[1].second, "abc");
  EXPECT_EQ(decodeAll("0\r\nX: a\r\n b\r\n\r\n").status, 400);  // obs-fold
  EXPECT_EQ(decodeAll("0\r\nX : a\r\n\r\n").status, 400);       // space before colon
  EXPECT_EQ(decodeAll("0\r\nX: a\nY: b\r\n\r\n").status, 400);  // bare LF
  EXPECT_EQ(decodeAll("0\r\n\n").status, 400);
}

TEST(Chunked, BoundsTheTrailerSection) {
  ParserLimits limits;
  limits.maxHeadersCount = 2;
  EXPECT_TRUE(decodeAll("0\r\nA: 1\r\nB: 2\r\n\r\n", limits).done);
  EXPECT_EQ(decodeAll("0\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits).status, 431);
  limits = ParserLimits{};
  limits.maxHeaderSize = 32;
  EXPECT_EQ(decodeAll("0\r\nA: " + std::string(40, 'x'), limits).status, 431);
  // A smaller trailer array lowers the count limit.
  ChunkedDecoder dec;
  Header one[1];
  size_t count = 0;
  ParseError err;
  EXPECT_LT(dec.decode("0\r\nA: 1\r\nB: 2\r\n\r\n", one, 1, &count, {}, &err).consumed, 0);
  EXPECT_EQ(err.status, 431);
}

TEST(Chunked, KeepsFailingAfterAnError) {
  ChunkedDecoder dec;
  ParseError err;
  EXPECT_LT(dec.decode("x\r\n", nullptr, 0, nullptr, {}, &err).consumed, 0);
  err = {};
  EXPECT_LT(dec.decode("5\r\nhello\r\n", nullptr, 0, nullptr, {}, &err).consumed, 0);
  EXPECT_EQ(err.status, 400);
  dec.reset();
  EXPECT_EQ(dec.decode("5\r\nhello\r\n", nullptr, 0, nullptr, {}, &err).data, "hello");
}

TEST(Chunked, ResumesALongExtensionInLinearTime) {
  // 4 MiB of extension trickled one byte per call: quadratic rescans would take minutes.
  ParserLimits limits;
  limits.maxChunkExtensionSize = 8 * 1024 * 1024;
  const std::string in = "1;e=" + std::string(4 * 1024 * 1024, 'x') + "\r\nz";
  ChunkedDecoder dec;
  ParseError err;
  for (size_t len = 1; len < in.size() - 1; ++len) {  // up to the CR: the line is incomplete
    const auto s =
        dec.decode(std::string_view(in).substr(0, len), nullptr, 0, nullptr, limits, &err);
    ASSERT_EQ(s.consumed, 0) << len;
  }
  const auto s = dec.decode(in, nullptr, 0, nullptr, limits, &err);
  EXPECT_EQ(s.consumed, static_cast<ssize_t>(in.size()));
  EXPECT_EQ(s.data, "z");
}

TEST(Chunked, NeverReadsPastTheEnd) {
  testing::GuardedBuffer guard;
  const std::string in = "5;a=\"b\"\r\nhello\r\nA\r\n0123456789\r\n0\r\nVary: *\r\n\r\n";
  for (size_t len = 0; len <= in.size(); ++len) {
    ChunkedDecoder dec;
    std::string_view rest = guard.place(std::string_view(in).substr(0, len));
    Header trailers[4];
    size_t count = 0;
    ParseError err;
    for (;;) {
      const auto s = dec.decode(rest, trailers, 4, &count, {}, &err);
      ASSERT_GE(s.consumed, 0) << len;
      rest.remove_prefix(static_cast<size_t>(s.consumed));
      if (s.done || s.consumed == 0) {
        EXPECT_EQ(s.done, len == in.size()) << len;
        break;
      }
    }
  }
}

}  // namespace
}  // namespace nodecc::http::core
