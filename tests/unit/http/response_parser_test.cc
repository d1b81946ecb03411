// parseResponse: the status line, and how a response's body is delimited.
#include <gtest/gtest.h>

#include <string>

#include "http/parser.h"
#include "unit/http/parse_helpers.h"

namespace nodecc::http::core {
namespace {

using testing::kAccepted;
using testing::kNeedMore;
using testing::parseRes;

TEST(ResponseParser, ParsesAStatusLineAndFields) {
  const std::string res = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX: y\r\n\r\nhello";
  const auto r = parseRes(res);
  ASSERT_EQ(r.n, static_cast<ssize_t>(res.size() - 5));
  EXPECT_EQ(r.head.status, 200);
  EXPECT_EQ(r.head.reason, "OK");
  EXPECT_EQ(r.head.versionMinor, 1);
  EXPECT_EQ(r.head.headerCount, 2u);
  EXPECT_EQ(r.head.body, BodyKind::kLength);
  EXPECT_EQ(r.head.contentLength, 5u);
  EXPECT_TRUE(r.head.keepAlive);
}

TEST(ResponseParser, AcceptsAnEmptyOrMissingReason) {
  EXPECT_EQ(parseRes("HTTP/1.1 204 \r\n\r\n").head.reason, "");
  const auto r = parseRes("HTTP/1.1 204\r\n\r\n");
  ASSERT_EQ(r.outcome(), kAccepted);
  EXPECT_EQ(r.head.status, 204);
  EXPECT_EQ(parseRes("HTTP/1.1 404 Not \t Found\r\n\r\n").head.reason, "Not \t Found");
}

TEST(ResponseParser, RejectsAMalformedStatusLine) {
  for (const char* line : {"HTTP/1.1 20 OK", "HTTP/1.1 2000 OK", "HTTP/1.1 abc OK",
                           "HTTP/1.1 099 X", "HTTP/1.1  200 OK", "HTTP/1.1\t200 OK",
                           "HTTP/1.1 200\tOK", "HTTP/1.1 200 O\x01K", "http/1.1 200 OK"}) {
    EXPECT_EQ(parseRes(std::string(line) + "\r\n\r\n").outcome(), 400) << line;
  }
  EXPECT_EQ(parseRes("HTTP/2.0 200 OK\r\n\r\n").outcome(), 505);
  EXPECT_EQ(parseRes("HTTP/1.1 200 OK\n\r\n").outcome(), 400);
}

TEST(ResponseParser, HasNoBodyFor1xx204And304) {
  for (int status : {100, 101, 199, 204, 304}) {
    const auto r =
        parseRes("HTTP/1.1 " + std::to_string(status) + " X\r\nContent-Length: 10\r\n\r\n");
    ASSERT_EQ(r.outcome(), kAccepted) << status;
    EXPECT_EQ(r.head.body, BodyKind::kNone) << status;
    EXPECT_TRUE(r.head.keepAlive);
  }
}

TEST(ResponseParser, ReadsUntilCloseWithoutLengthOrChunked) {
  auto r = parseRes("HTTP/1.1 200 OK\r\n\r\n");
  EXPECT_EQ(r.head.body, BodyKind::kUntilClose);
  EXPECT_FALSE(r.head.keepAlive);
  r = parseRes("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n");
  EXPECT_EQ(r.head.body, BodyKind::kUntilClose);
  EXPECT_FALSE(r.head.keepAlive);
}

TEST(ResponseParser, ReadsChunkedAsTheFinalCoding) {
  const auto r = parseRes("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n");
  EXPECT_EQ(r.head.body, BodyKind::kChunked);
  EXPECT_TRUE(r.head.keepAlive);
}

TEST(ResponseParser, RejectsContentLengthWithTransferEncoding) {
  EXPECT_EQ(parseRes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 1\r\n\r\n")
                .outcome(),
            400);
}

TEST(ResponseParser, RejectsBadOrDuplicateContentLength) {
  EXPECT_EQ(parseRes("HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n").outcome(), 400);
  EXPECT_EQ(parseRes("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n").outcome(),
            400);
}

TEST(ResponseParser, FollowsConnectionForKeepAlive) {
  EXPECT_FALSE(
      parseRes("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n").head.keepAlive);
  EXPECT_FALSE(parseRes("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n").head.keepAlive);
  EXPECT_TRUE(parseRes("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n")
                  .head.keepAlive);
}

TEST(ResponseParser, AppliesTheFieldRulesOfRequests) {
  EXPECT_EQ(parseRes("HTTP/1.1 200 OK\r\nX : y\r\n\r\n").outcome(), 400);
  EXPECT_EQ(parseRes("HTTP/1.1 200 OK\r\nX: y\r\n z\r\n\r\n").outcome(), 400);
  EXPECT_EQ(parseRes("HTTP/1.1 200 OK\r\nX: y\nZ: 1\r\n\r\n").outcome(), 400);
  EXPECT_EQ(parseRes("HTTP/1.1 200 OK\r\nX: y").outcome(), kNeedMore);
}

TEST(ResponseParser, ResumesWhereItStopped) {
  const std::string res = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nServer: x\r\n\r\n";
  ResponseHead head;
  Header headers[8];
  ParseError err;
  size_t prev = 0;
  ssize_t n = 0;
  for (size_t len = 1; len <= res.size(); ++len) {
    const std::string copy = res.substr(0, len);  // a new buffer each time
    n = parseResponse(copy, prev, head, headers, 8, {}, &err);
    if (n != 0) {
      ASSERT_EQ(len, res.size());
      EXPECT_EQ(headers[1].value, "x");
      EXPECT_EQ(headers[1].value.data(), copy.data() + res.size() - 5);
      break;
    }
    prev = len;
  }
  EXPECT_EQ(n, static_cast<ssize_t>(res.size()));
  EXPECT_EQ(head.contentLength, 5u);
}

}  // namespace
}  // namespace nodecc::http::core
