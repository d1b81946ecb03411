// The request-line and field-line rules of parseRequest (RFC 9112 / RFC 9110), each accepted
// and rejected with the expected status.
#include "http/parser.h"

#include <gtest/gtest.h>

#include <string>

#include "unit/http/parse_helpers.h"

namespace nodecc::http::core {
namespace {

using testing::getWith;
using testing::kAccepted;
using testing::kNeedMore;
using testing::parseReq;
using testing::requestOutcome;

TEST(Parser, ParsesABrowserGet) {
  const std::string req =
      "GET /index.html?q=1 HTTP/1.1\r\n"
      "Host: example.com\r\n"
      "User-Agent: Mozilla/5.0\r\n"
      "Accept:  text/html \t\r\n"
      "X-Empty:\r\n"
      "\r\n";
  const auto r = parseReq(req);
  ASSERT_EQ(r.n, static_cast<ssize_t>(req.size()));
  EXPECT_EQ(r.head.method, "GET");
  EXPECT_EQ(r.head.target, "/index.html?q=1");
  EXPECT_EQ(r.head.versionMajor, 1);
  EXPECT_EQ(r.head.versionMinor, 1);
  ASSERT_EQ(r.head.headerCount, 4u);
  EXPECT_EQ(r.headers[0].name, "Host");
  EXPECT_EQ(r.headers[0].value, "example.com");
  EXPECT_EQ(r.headers[2].value, "text/html");  // OWS trimmed on both sides
  EXPECT_EQ(r.headers[3].value, "");
  EXPECT_EQ(r.head.host, "example.com");
  EXPECT_EQ(r.head.body, BodyKind::kNone);
  EXPECT_TRUE(r.head.keepAlive);
  EXPECT_FALSE(r.head.upgrade);
  EXPECT_EQ(r.head.expect, "");
  // Views point into the input.
  EXPECT_EQ(r.head.target.data(), req.data() + 4);
}

TEST(Parser, ReturnsIncompleteUntilTheEmptyLine) {
  const std::string req = "GET / HTTP/1.1\r\nHost: a\r\n\r\n";
  for (size_t n = 0; n < req.size(); ++n) {
    EXPECT_EQ(requestOutcome(req.substr(0, n)), kNeedMore) << n;
  }
  EXPECT_EQ(requestOutcome(req), kAccepted);
}

TEST(Parser, ConsumesOnlyTheHead) {
  const std::string req = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabcGET";
  const auto r = parseReq(req);
  EXPECT_EQ(r.n, static_cast<ssize_t>(req.size() - 6));
}

TEST(Parser, SkipsEmptyLinesBeforeTheRequestLine) {  // RFC 9112 §2.2
  const std::string req = "\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n";
  const auto r = parseReq(req);
  ASSERT_EQ(r.n, static_cast<ssize_t>(req.size()));
  EXPECT_EQ(r.head.method, "GET");
  EXPECT_EQ(requestOutcome("\n\nGET / HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("\r\rGET / HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
}

// --- method

TEST(Parser, AcceptsEveryMethodOfNode) {
  for (const char* m :
       {"GET",      "POST",      "HEAD",       "PUT",        "DELETE", "OPTIONS",    "PATCH",
        "TRACE",    "ACL",       "BIND",       "CHECKOUT",   "COPY",   "LINK",       "LOCK",
        "M-SEARCH", "MERGE",     "MKACTIVITY", "MKCALENDAR", "MKCOL",  "MOVE",       "NOTIFY",
        "PROPFIND", "PROPPATCH", "PURGE",      "QUERY",      "REBIND", "REPORT",     "SEARCH",
        "SOURCE",   "SUBSCRIBE", "UNBIND",     "UNLINK",     "UNLOCK", "UNSUBSCRIBE"}) {
    const std::string req = std::string(m) + " / HTTP/1.1\r\nHost: a\r\n\r\n";
    const auto r = parseReq(req);
    EXPECT_EQ(r.outcome(), kAccepted) << m;
    EXPECT_EQ(r.head.method, m);
  }
}

TEST(Parser, RejectsAnUnknownMethodWith501) {
  EXPECT_EQ(requestOutcome("BREW / HTTP/1.1\r\nHost: a\r\n\r\n"), 501);
  EXPECT_EQ(requestOutcome("get / HTTP/1.1\r\nHost: a\r\n\r\n"), 501);  // case-sensitive
  EXPECT_EQ(requestOutcome("MKCOLA / HTTP/1.1\r\n\r\n"), 501);
  EXPECT_EQ(parseReq("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n").err.code,
            std::string_view("HPE_INVALID_METHOD"));
}

TEST(Parser, RejectsAnInvalidMethodByteAtOnce) {
  EXPECT_EQ(requestOutcome("G@"), 400);
  EXPECT_EQ(requestOutcome("GE\x01"), 400);
  EXPECT_EQ(requestOutcome("G\tET"), 400);
  EXPECT_EQ(requestOutcome(" GET"), 400);  // empty method
  EXPECT_EQ(requestOutcome(std::string_view("\0", 1)), 400);
}

TEST(Parser, RejectsAMethodLongerThanAnyKnownAtOnce) {
  EXPECT_EQ(requestOutcome("ABCDEFGHIJKL"), 501);
  EXPECT_EQ(requestOutcome("UNSUBSCRIBE"), kNeedMore);
}

// --- request-target

TEST(Parser, AcceptsTheFourTargetForms) {
  EXPECT_EQ(parseReq("GET /a/b?c=d#e HTTP/1.1\r\nHost: a\r\n\r\n").head.target, "/a/b?c=d#e");
  EXPECT_EQ(requestOutcome("GET http://example.com/x HTTP/1.1\r\nHost: example.com\r\n\r\n"),
            kAccepted);
  EXPECT_EQ(requestOutcome("GET http://example.com HTTP/1.1\r\nHost: a\r\n\r\n"), kAccepted);
  EXPECT_EQ(requestOutcome("GET http://u:p%41@example.com:8080/x HTTP/1.1\r\nHost: a\r\n\r\n"),
            kAccepted);
  EXPECT_EQ(requestOutcome("GET https://[::1]:8443/ HTTP/1.1\r\nHost: a\r\n\r\n"), kAccepted);
  EXPECT_EQ(requestOutcome("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"),
            kAccepted);
  EXPECT_EQ(requestOutcome("CONNECT [2001:db8::1]:443 HTTP/1.1\r\nHost: a\r\n\r\n"), kAccepted);
  EXPECT_EQ(requestOutcome("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n"), kAccepted);
}

TEST(Parser, RejectsATargetFormTheMethodDoesNotAllow) {
  EXPECT_EQ(requestOutcome("GET * HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("CONNECT / HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("CONNECT example.com HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("CONNECT example.com: HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("CONNECT http://example.com:80/ HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("GET example.com:80 HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("GET index.html HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("GET http:/x HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("GET http:///x HTTP/1.1\r\nHost: a\r\n\r\n"), 400);  // no host
  EXPECT_EQ(requestOutcome("GET 1http://a/ HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("OPTIONS ** HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
}

TEST(Parser, RejectsWhitespaceControlsAndNonAsciiInTheTarget) {
  EXPECT_EQ(requestOutcome("GET /a\tb HTTP/1.1\r\n"), 400);
  EXPECT_EQ(requestOutcome("GET /a\x01"), 400);
  EXPECT_EQ(requestOutcome("GET /a\x7f"), 400);
  EXPECT_EQ(requestOutcome("GET /caf\xc3\xa9 HTTP/1.1\r\n"), 400);
  EXPECT_EQ(requestOutcome("GET /a\r\n"), 400);  // HTTP/0.9 simple request
  EXPECT_EQ(requestOutcome("GET /a\n"), 400);
  EXPECT_EQ(requestOutcome(std::string_view("GET /\0", 6)), 400);
}

TEST(Parser, RejectsAnythingButOneSpaceBetweenParts) {
  EXPECT_EQ(requestOutcome("GET  / HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("GET /  HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1 \r\nHost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("GET\t/ HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
}

TEST(Parser, RejectsATargetLongerThanMaxUriLengthWith414AtOnce) {
  ParserLimits limits;
  limits.maxUriLength = 10;
  EXPECT_EQ(requestOutcome("GET /123456789 HTTP/1.1\r\nHost: a\r\n\r\n", limits), kAccepted);
  EXPECT_EQ(requestOutcome("GET /1234567890 HTTP/1.1\r\nHost: a\r\n\r\n", limits), 414);
  EXPECT_EQ(requestOutcome("GET /1234567890", limits), 414);  // no need to wait for the SP
  EXPECT_EQ(parseReq("GET /1234567890", limits).err.code, std::string_view("HPE_URI_TOO_LONG"));
}

// --- version

TEST(Parser, AcceptsHttp10AndHttp11) {
  const auto r = parseReq("GET / HTTP/1.0\r\n\r\n");
  ASSERT_EQ(r.outcome(), kAccepted);
  EXPECT_EQ(r.head.versionMajor, 1);
  EXPECT_EQ(r.head.versionMinor, 0);
}

TEST(Parser, RejectsOtherWellFormedVersionsWith505) {
  for (const char* v : {"HTTP/2.0", "HTTP/1.2", "HTTP/3.0", "HTTP/0.9", "HTTP/9.9"}) {
    const auto r = parseReq(std::string("GET / ") + v + "\r\nHost: a\r\n\r\n");
    EXPECT_EQ(r.outcome(), 505) << v;
    EXPECT_EQ(r.err.code, std::string_view("HPE_INVALID_VERSION"));
  }
  EXPECT_EQ(requestOutcome("GET / HTTP/5.6"), 505);  // without waiting for the CRLF
}

TEST(Parser, RejectsMalformedVersionsWith400) {
  for (const char* v : {"HTTP/1.10", "HTTP/11.1", "http/1.1", "HTTP/1", "HTTP/1.x", "HTTP 1.1",
                        "HTTPS/1.1", "ICE/1.0", "RTSP/1.0", "HTTP/1.1x", "HTTP/.1"}) {
    EXPECT_EQ(requestOutcome(std::string("GET / ") + v + "\r\nHost: a\r\n\r\n"), 400) << v;
  }
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\n"), 400);
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\rX"), 400);
}

// --- field lines

TEST(Parser, RejectsANameThatIsNotAToken) {
  EXPECT_EQ(requestOutcome(getWith("Fo@: x\r\n")), 400);
  EXPECT_EQ(requestOutcome(getWith(": x\r\n")), 400);
  EXPECT_EQ(requestOutcome(getWith("Fo\to: x\r\n")), 400);
  EXPECT_EQ(requestOutcome(getWith("F\xc3\xa9: x\r\n")), 400);
  EXPECT_EQ(requestOutcome(getWith("NoColon\r\n")), 400);
  EXPECT_EQ(parseReq(getWith("Fo@: x\r\n")).err.code, std::string_view("HPE_INVALID_HEADER_TOKEN"));
}

TEST(Parser, RejectsWhitespaceBeforeTheColon) {
  EXPECT_EQ(requestOutcome(getWith("Content-Length : 4\r\n")), 400);
  EXPECT_EQ(requestOutcome(getWith("X\t: y\r\n")), 400);
}

TEST(Parser, RejectsObsFold) {
  EXPECT_EQ(requestOutcome(getWith("X: a\r\n b\r\n")), 400);
  EXPECT_EQ(requestOutcome(getWith("X: a\r\n\tb\r\n")), 400);
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\r\n Host: a"), 400);  // before any field, at once
}

TEST(Parser, RejectsBareCrAndBareLf) {
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\r\nHost: a\nX: y\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\r\nHost: a\rX: y\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\r\nHost: a\r\n\n"), 400);
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\r\nHost: a\r\n\rX"), 400);
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\r\nX: a\nb"), 400);  // at once
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\r\nX:\n"), 400);
}

TEST(Parser, RejectsNulAndControlsInValuesButAllowsHtabAndObsText) {
  EXPECT_EQ(requestOutcome(getWith(std::string("X: a\0b\r\n", 8))), 400);
  EXPECT_EQ(requestOutcome(getWith("X: a\x01")), 400);
  EXPECT_EQ(requestOutcome(getWith("X: a\x1f"
                                   "b\r\n")),
            400);
  EXPECT_EQ(requestOutcome(getWith("X: a\x7f"
                                   "b\r\n")),
            400);
  EXPECT_EQ(requestOutcome(getWith("X: a\x0b"
                                   "b\r\n")),
            400);
  const auto r = parseReq(getWith("X: a\tb\r\nY: D\xfcsseldorf \xff\x80\r\n"));
  ASSERT_EQ(r.outcome(), kAccepted);
  EXPECT_EQ(r.header("X"), "a\tb");
  EXPECT_EQ(r.header("Y"), "D\xfcsseldorf \xff\x80");
}

TEST(Parser, TrimsOwsAroundValues) {
  const auto r = parseReq(getWith("A: \t x y \t \r\nB:\t\r\nC:z\r\n"));
  ASSERT_EQ(r.outcome(), kAccepted);
  EXPECT_EQ(r.header("A"), "x y");
  EXPECT_EQ(r.header("B"), "");
  EXPECT_EQ(r.header("C"), "z");
}

// --- Host

TEST(Parser, RequiresHostOnHttp11) {
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\r\n\r\n"), 400);
  EXPECT_EQ(parseReq("GET / HTTP/1.1\r\n\r\n").err.code, std::string_view("HPE_INVALID_HOST"));
  EXPECT_EQ(requestOutcome("GET / HTTP/1.0\r\n\r\n"), kAccepted);
  ParserLimits lax;
  lax.requireHost = false;
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\r\n\r\n", lax), kAccepted);
}

TEST(Parser, RejectsASecondHost) {
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n"), 400);
  EXPECT_EQ(requestOutcome("GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n"), 400);
}

TEST(Parser, AcceptsValidHosts) {
  for (const char* h : {"example.com", "example.com:8080", "127.0.0.1", "127.0.0.1:80", "[::1]",
                        "[::1]:80", "[2001:db8::1]", "[::ffff:192.0.2.1]", "[1:2:3:4:5:6:7:8]",
                        "[v1.fe:ed]", "xn--bcher-kva.example", "a%41b", "under_score.example",
                        "0.0.0.0=5000", "h:", "", "localhost:65535"}) {
    const auto r = parseReq(std::string("GET / HTTP/1.1\r\nHost: ") + h + "\r\n\r\n");
    EXPECT_EQ(r.outcome(), kAccepted) << h;
    EXPECT_EQ(r.head.host, h);
  }
}

TEST(Parser, RejectsInvalidHosts) {
  for (const char* h : {"a b", "a/b", "a@b", "[::1", "::1", "[::1]x", "[1:2:3:4:5:6:7:8:9]",
                        "[1::2::3]", "[12345::]", "[::1.2.3]", "[::256.1.1.1]", "h:99999",
                        "h:123456", "h:abc", "h:80:80", "a%4", "a%zz", "[v.x]", "a\"b"}) {
    EXPECT_EQ(requestOutcome(std::string("GET / HTTP/1.1\r\nHost: ") + h + "\r\n\r\n"), 400) << h;
  }
}

// --- Content-Length and Transfer-Encoding

TEST(Parser, ReadsContentLength) {
  auto r = parseReq(getWith("Content-Length: 42\r\n"));
  ASSERT_EQ(r.outcome(), kAccepted);
  EXPECT_EQ(r.head.body, BodyKind::kLength);
  EXPECT_EQ(r.head.contentLength, 42u);
  r = parseReq(getWith("content-length:  003 \r\n"));
  EXPECT_EQ(r.head.contentLength, 3u);
  r = parseReq(getWith("Content-Length: 18446744073709551615\r\n"));
  ASSERT_EQ(r.outcome(), kAccepted);
  EXPECT_EQ(r.head.contentLength, UINT64_MAX);
  r = parseReq(getWith("Content-Length: 0\r\n"));
  EXPECT_EQ(r.head.body, BodyKind::kLength);
  EXPECT_EQ(r.head.contentLength, 0u);
}

TEST(Parser, RejectsContentLengthThatIsNotDigits) {
  for (const char* v : {"", "4 2", "-1", "+1", "0x10", "1.0", "1,1", "1e3", "abc"}) {
    const auto r = parseReq(getWith(std::string("Content-Length: ") + v + "\r\n"));
    EXPECT_EQ(r.outcome(), 400) << v;
    EXPECT_EQ(r.err.code, std::string_view("HPE_INVALID_CONTENT_LENGTH")) << v;
  }
}

TEST(Parser, RejectsContentLengthOverflow) {
  EXPECT_EQ(requestOutcome(getWith("Content-Length: 18446744073709551616\r\n")), 400);
  EXPECT_EQ(requestOutcome(getWith("Content-Length: 1000000000000000000000\r\n")), 400);
}

TEST(Parser, RejectsDuplicateContentLength) {
  EXPECT_EQ(requestOutcome(getWith("Content-Length: 1\r\nContent-Length: 2\r\n")), 400);
  EXPECT_EQ(requestOutcome(getWith("Content-Length: 1\r\nContent-Length: 1\r\n")), 400);
}

TEST(Parser, AcceptsChunkedAsTheFinalTransferCoding) {
  for (const char* te :
       {"Transfer-Encoding: chunked\r\n", "Transfer-Encoding: Chunked\r\n",
        "Transfer-Encoding: gzip, chunked\r\n", "Transfer-Encoding: gzip ,\t chunked \r\n",
        "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n"}) {
    const auto r = parseReq(getWith(te));
    EXPECT_EQ(r.outcome(), kAccepted) << te;
    EXPECT_EQ(r.head.body, BodyKind::kChunked) << te;
  }
}

TEST(Parser, RejectsTransferEncodingWithoutChunkedLast) {
  for (const char* te : {"Transfer-Encoding: gzip\r\n", "Transfer-Encoding: identity\r\n",
                         "Transfer-Encoding: chunked, gzip\r\n", "Transfer-Encoding:\r\n",
                         "Transfer-Encoding: chunked, chunked\r\n",
                         "Transfer-Encoding: chunked\r\nTransfer-Encoding: gzip\r\n",
                         "Transfer-Encoding: chunkedchunked\r\n"}) {
    const auto r = parseReq(getWith(te));
    EXPECT_EQ(r.outcome(), 400) << te;
    EXPECT_EQ(r.err.code, std::string_view("HPE_INVALID_TRANSFER_ENCODING")) << te;
  }
}

TEST(Parser, RejectsContentLengthWithTransferEncoding) {
  EXPECT_EQ(requestOutcome(getWith("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n")), 400);
  EXPECT_EQ(requestOutcome(getWith("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n")), 400);
}

TEST(Parser, RejectsTransferEncodingOnHttp10) {
  EXPECT_EQ(requestOutcome("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n"), 400);
}

// --- Connection, Upgrade, Expect

TEST(Parser, KeepsHttp11AliveUnlessConnectionClose) {
  EXPECT_TRUE(parseReq(getWith("")).head.keepAlive);
  EXPECT_FALSE(parseReq(getWith("Connection: close\r\n")).head.keepAlive);
  EXPECT_FALSE(parseReq(getWith("Connection: CLOSE\r\n")).head.keepAlive);
  EXPECT_FALSE(parseReq(getWith("Connection: keep-alive, close\r\n")).head.keepAlive);
  EXPECT_FALSE(parseReq(getWith("Connection: foo\r\nConnection: close\r\n")).head.keepAlive);
  EXPECT_TRUE(parseReq(getWith("Connection: closed, xclose\r\n")).head.keepAlive);
}

TEST(Parser, KeepsHttp10AliveOnlyWithConnectionKeepAlive) {
  EXPECT_FALSE(parseReq("GET / HTTP/1.0\r\n\r\n").head.keepAlive);
  EXPECT_TRUE(parseReq("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").head.keepAlive);
  EXPECT_TRUE(parseReq("GET / HTTP/1.0\r\nConnection: te , keep-alive\r\n\r\n").head.keepAlive);
  EXPECT_FALSE(parseReq("GET / HTTP/1.0\r\nConnection: keep-alive\r\nConnection: close\r\n\r\n")
                   .head.keepAlive);
}

TEST(Parser, FlagsUpgradeOnlyWithConnectionTokenAndUpgradeField) {
  EXPECT_TRUE(parseReq(getWith("Connection: Upgrade\r\nUpgrade: websocket\r\n")).head.upgrade);
  EXPECT_TRUE(
      parseReq(getWith("Connection: keep-alive, upgrade\r\nUpgrade: h2c\r\n")).head.upgrade);
  EXPECT_FALSE(parseReq(getWith("Connection: upgrade\r\n")).head.upgrade);
  EXPECT_FALSE(parseReq(getWith("Upgrade: websocket\r\n")).head.upgrade);
  EXPECT_TRUE(parseReq("CONNECT a:443 HTTP/1.1\r\nHost: a:443\r\n\r\n").head.upgrade);
}

TEST(Parser, ReportsTheRawExpectValue) {
  EXPECT_EQ(parseReq(getWith("Expect: 100-continue\r\n")).head.expect, "100-continue");
  EXPECT_EQ(parseReq(getWith("Expect: something-else\r\n")).head.expect, "something-else");
  EXPECT_EQ(parseReq(getWith("")).head.expect, "");
}

// --- limits

TEST(Parser, RejectsAHeadLargerThanMaxHeaderSizeWith431) {
  ParserLimits limits;
  limits.maxHeaderSize = 64;
  const std::string start = "GET / HTTP/1.1\r\nHost: a\r\nX: ";
  std::string head = start + std::string(64 - start.size() - 4, 'x') + "\r\n\r\n";
  ASSERT_EQ(head.size(), 64u);
  EXPECT_EQ(requestOutcome(head, limits), kAccepted);  // exactly at the limit
  head = start + std::string(64 - start.size() - 3, 'x') + "\r\n\r\n";
  EXPECT_EQ(requestOutcome(head, limits), 431);
  EXPECT_EQ(parseReq(head, limits).err.code, std::string_view("HPE_HEADER_OVERFLOW"));
  // Without waiting for the end of the head: as soon as the limit is reached.
  EXPECT_EQ(requestOutcome(std::string("GET / HTTP/1.1\r\nX: ") + std::string(60, 'x'), limits),
            431);
  EXPECT_EQ(requestOutcome(std::string("GET / HTTP/1.1\r\nX: ") + std::string(45, 'x'), limits),
            431);  // 64 bytes, no end yet: cannot end within the limit any more
  EXPECT_EQ(requestOutcome(std::string("GET / HTTP/1.1\r\nX: ") + std::string(44, 'x'), limits),
            kNeedMore);
}

TEST(Parser, RejectsMoreFieldsThanMaxHeadersCountWith431) {
  ParserLimits limits;
  limits.maxHeadersCount = 3;
  EXPECT_EQ(requestOutcome(getWith("A: 1\r\nB: 2\r\n"), limits), kAccepted);
  EXPECT_EQ(requestOutcome(getWith("A: 1\r\nB: 2\r\nC: 3\r\n"), limits), 431);
  EXPECT_EQ(requestOutcome("GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\nD", limits), 431);  // early
}

TEST(Parser, TreatsASmallHeadersCapAsTheCountLimit) {
  std::vector<Header> slots(2);
  RequestHead head;
  ParseError err;
  const std::string two = getWith("A: 1\r\n");
  EXPECT_GT(parseRequest(two, 0, head, slots.data(), 2, {}, &err), 0);
  const std::string three = getWith("A: 1\r\nB: 2\r\n");
  EXPECT_EQ(parseRequest(three, 0, head, slots.data(), 2, {}, &err), kError);
  EXPECT_EQ(err.status, 431);
}

}  // namespace
}  // namespace nodecc::http::core
