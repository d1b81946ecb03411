// Restartability and memory safety of parseRequest: every request split at every byte boundary
// (and trickled byte by byte, in a buffer that moves between calls) parses exactly as in one
// call; invalid requests fail at the same byte with the same error; inputs that end against a
// guard page are never over-read.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "http/parser.h"
#include "http/scan.h"
#include "unit/http/guard_page.h"
#include "unit/http/parse_helpers.h"

namespace nodecc::http::core {
namespace {

using testing::kAccepted;
using testing::kNeedMore;
using testing::parseReq;
using testing::RequestResult;

const char* const kValidRequests[] = {
    "GET / HTTP/1.1\r\nHost: a\r\n\r\n",
    "\r\n\r\nGET /x HTTP/1.0\r\n\r\n",
    "GET /favicon.ico HTTP/1.1\r\n"
    "Host: 0.0.0.0=5000\r\n"
    "User-Agent: Mozilla/5.0 (X11; U; Linux i686; en-US; rv:1.9) Gecko/2008061015 Firefox/3.0\r\n"
    "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\n"
    "Accept-Language: en-us,en;q=0.5\r\n"
    "Accept-Encoding: gzip,deflate\r\n"
    "Accept-Charset: ISO-8859-1,utf-8;q=0.7,*;q=0.7\r\n"
    "Keep-Alive: 300\r\n"
    "Connection: keep-alive\r\n"
    "\r\n",
    "POST /upload?x=1 HTTP/1.1\r\nHost: [::1]:8080\r\nTransfer-Encoding: gzip, chunked\r\n"
    "Expect: 100-continue\r\nX-Tabs:\t a\tb \t\r\nX-Empty:\r\nX-Obs: \xe9\xff\r\n\r\n",
    "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
    "OPTIONS * HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n",
    "GET http://u@example.com:81/a?b#c HTTP/1.1\r\nHost: example.com:81\r\n"
    "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n\r\n",
};

const char* const kInvalidRequests[] = {
    "G@T / HTTP/1.1\r\n\r\n",
    "BREW / HTTP/1.1\r\n\r\n",
    "GET /a\tb HTTP/1.1\r\n\r\n",
    "GET / HTTP/2.0\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\nX : y\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\nX: y\r\n z\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\nX: y\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\nX: a\x01"
    "b\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n",
    "GET / HTTP/1.1\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\n\rX",
};

// Same outcome, same head and same field lines (compared by content).
void expectSame(const RequestResult& a, const RequestResult& b, const std::string& what) {
  ASSERT_EQ(a.n, b.n) << what;
  if (a.n < 0) {
    EXPECT_EQ(a.err.status, b.err.status) << what;
    EXPECT_EQ(std::string_view(a.err.code), std::string_view(b.err.code)) << what;
  }
  if (a.n <= 0) {
    return;
  }
  EXPECT_EQ(a.head.method, b.head.method) << what;
  EXPECT_EQ(a.head.target, b.head.target) << what;
  EXPECT_EQ(a.head.versionMinor, b.head.versionMinor) << what;
  EXPECT_EQ(a.head.body, b.head.body) << what;
  EXPECT_EQ(a.head.contentLength, b.head.contentLength) << what;
  EXPECT_EQ(a.head.keepAlive, b.head.keepAlive) << what;
  EXPECT_EQ(a.head.upgrade, b.head.upgrade) << what;
  EXPECT_EQ(a.head.expect, b.head.expect) << what;
  EXPECT_EQ(a.head.host, b.head.host) << what;
  ASSERT_EQ(a.headers.size(), b.headers.size()) << what;
  for (size_t i = 0; i < a.headers.size(); ++i) {
    EXPECT_EQ(a.headers[i].name, b.headers[i].name) << what;
    EXPECT_EQ(a.headers[i].value, b.headers[i].value) << what;
  }
}

// Calls parseRequest once per `lengths` entry on a fresh copy of that prefix (so the buffer
// moves every time), passing the previous length and keeping the same head. Returns the result
// of the last call, with views into `keep` (the last copy).
RequestResult feed(const std::string& in, const std::vector<size_t>& lengths, std::string& keep) {
  RequestResult r;
  std::vector<Header> slots(testing::kTestHeaderSlots);
  size_t prev = 0;
  for (size_t len : lengths) {
    keep = in.substr(0, len);
    r.n = parseRequest(keep, prev, r.head, slots.data(), slots.size(), {}, &r.err);
    if (r.n != kIncomplete) {
      break;
    }
    prev = len;
  }
  if (r.n > 0) {
    slots.resize(r.head.headerCount);
    r.headers = slots;
  }
  return r;
}

void expectViewsInto(const RequestResult& r, const std::string& buf) {
  auto inside = [&buf](std::string_view v) {
    return v.empty() || (v.data() >= buf.data() && v.data() + v.size() <= buf.data() + buf.size());
  };
  EXPECT_TRUE(inside(r.head.method));
  EXPECT_TRUE(inside(r.head.target));
  EXPECT_TRUE(inside(r.head.host));
  for (const Header& h : r.headers) {
    EXPECT_TRUE(inside(h.name) && inside(h.value));
  }
}

TEST(ParserIncremental, ParsesIdenticallyWhenSplitAtEveryBoundary) {
  for (const char* text : kValidRequests) {
    const std::string in = text;
    const RequestResult whole = parseReq(in);
    ASSERT_EQ(whole.n, static_cast<ssize_t>(in.size())) << in;
    for (size_t k = 1; k < in.size(); ++k) {
      std::string keep;
      const RequestResult split = feed(in, {k, in.size()}, keep);
      expectSame(whole, split, in + " split at " + std::to_string(k));
      expectViewsInto(split, keep);
    }
  }
}

TEST(ParserIncremental, ParsesIdenticallyWhenFedOneByteAtATime) {
  for (const char* text : kValidRequests) {
    const std::string in = text;
    std::vector<size_t> lengths;
    for (size_t len = 1; len <= in.size(); ++len) {
      lengths.push_back(len);
    }
    std::string keep;
    const RequestResult trickle = feed(in, lengths, keep);
    expectSame(parseReq(in), trickle, in);
    expectViewsInto(trickle, keep);
  }
}

TEST(ParserIncremental, FailsAtTheSameByteWithTheSameErrorWhenTrickled) {
  for (const char* text : kInvalidRequests) {
    const std::string in = text;
    // The shortest prefix a single call rejects...
    size_t firstBad = 0;
    for (size_t len = 1; len <= in.size() && firstBad == 0; ++len) {
      if (parseReq(in.substr(0, len)).n < 0) {
        firstBad = len;
      }
    }
    ASSERT_NE(firstBad, 0u) << in;
    // ...is where byte-by-byte feeding fails too, with the same error.
    std::vector<size_t> lengths;
    for (size_t len = 1; len <= in.size(); ++len) {
      lengths.push_back(len);
    }
    std::string keep;
    const RequestResult trickle = feed(in, lengths, keep);
    expectSame(parseReq(in.substr(0, firstBad)), trickle, in);
    EXPECT_EQ(keep.size(), firstBad) << in;
  }
}

TEST(ParserIncremental, StartsOverWhenPrevLenDoesNotMatch) {
  // A prevLen that was never returned, or one larger than the buffer, just restarts the scan.
  const std::string in = kValidRequests[2];
  const std::string_view prefix = std::string_view(in).substr(0, 10);
  RequestHead head;
  std::vector<Header> slots(64);
  ParseError err;
  ASSERT_EQ(parseRequest(prefix, 0, head, slots.data(), 64, {}, &err), 0);
  EXPECT_EQ(parseRequest(in, 7, head, slots.data(), 64, {}, &err), static_cast<ssize_t>(in.size()));
  EXPECT_EQ(parseRequest(prefix, 99999, head, slots.data(), 64, {}, &err), 0);
  EXPECT_EQ(parseRequest(in, 10, head, slots.data(), 64, {}, &err),
            static_cast<ssize_t>(in.size()));
  EXPECT_EQ(slots[7].value, "keep-alive");
}

TEST(ParserIncremental, ResumesInLinearTimeWhenBytesTrickle) {
  // A 2 MiB head fed one byte per call. Rescanning from the start, or from the start of the
  // current line, would take ~10^12 byte steps; resuming takes ~4 * 10^6.
  ParserLimits limits;
  limits.maxHeaderSize = 4 * 1024 * 1024;
  const std::string in = "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + std::string(1 << 20, 'v') +
                         "\r\nX-Name-" + std::string(1 << 20, 'n') + ": 1\r\n\r\n";
  RequestHead head;
  Header slots[8];
  ParseError err;
  size_t prev = 0;
  ssize_t n = 0;
  for (size_t len = 1; len <= in.size(); ++len) {
    n = parseRequest(std::string_view(in).substr(0, len), prev, head, slots, 8, limits, &err);
    if (n != 0) {
      break;
    }
    prev = len;
  }
  ASSERT_EQ(n, static_cast<ssize_t>(in.size()));
  EXPECT_EQ(slots[1].value.size(), 1u << 20);
}

TEST(ParserIncremental, NeverReadsPastTheEnd) {
  testing::GuardedBuffer guard;
  std::vector<std::string> inputs(std::begin(kValidRequests), std::end(kValidRequests));
  inputs.insert(inputs.end(), std::begin(kInvalidRequests), std::end(kInvalidRequests));
  for (const std::string& in : inputs) {
    for (size_t len = 0; len <= in.size(); ++len) {
      const std::string_view at = guard.place(std::string_view(in).substr(0, len));
      const RequestResult r = parseReq(at);
      if (len < in.size()) {
        EXPECT_NE(r.outcome(), kAccepted) << in << " len " << len;
      }
      // Resumed on the guarded copy as well.
      if (len > 0) {
        RequestHead head;
        Header slots[64];
        ParseError err;
        const std::string_view shorter = guard.place(std::string_view(in).substr(0, len - 1));
        const ssize_t first = parseRequest(shorter, 0, head, slots, 64, {}, &err);
        if (first == 0) {
          const std::string_view full = guard.place(std::string_view(in).substr(0, len));
          (void)parseRequest(full, len - 1, head, slots, 64, {}, &err);
        }
      }
    }
  }
}

TEST(ParserIncremental, NeverReadsPastTheEndOfAResponse) {
  testing::GuardedBuffer guard;
  for (const std::string in :
       {"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX: y \r\n\r\n", "HTTP/1.1 204\r\n\r\n",
        "HTTP/1.0 404 Not Found\r\n\r\n", "HTTP/1.1 200 O\x01K\r\n\r\n"}) {
    for (size_t len = 0; len <= in.size(); ++len) {
      const std::string_view at = guard.place(std::string_view(in).substr(0, len));
      ResponseHead head;
      Header slots[8];
      ParseError err;
      const ssize_t n = parseResponse(at, 0, head, slots, 8, {}, &err);
      if (len < in.size()) {
        EXPECT_LE(n, 0) << in << " len " << len;
      }
    }
  }
}

TEST(ParserIncremental, AgreesAcrossScanLevels) {
  const ScanLevel before = activeScanLevel();
  std::vector<std::string> inputs(std::begin(kValidRequests), std::end(kValidRequests));
  inputs.insert(inputs.end(), std::begin(kInvalidRequests), std::end(kInvalidRequests));
  for (const std::string& in : inputs) {
    forceScanLevel(ScanLevel::kScalar);
    const RequestResult scalar = parseReq(in);
    for (ScanLevel level : {ScanLevel::kSse42, ScanLevel::kAvx2}) {
      forceScanLevel(level);
      expectSame(scalar, parseReq(in), in);
    }
  }
  forceScanLevel(before);
}

}  // namespace
}  // namespace nodecc::http::core
