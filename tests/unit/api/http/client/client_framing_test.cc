// How responses are framed and what the client does with each framing, against a raw server
// sending exact bytes: Content-Length, chunked (trailers), close-delimited, HEAD, 204, 1xx;
// bodies cut short, hang-ups, and the framing attacks (response smuggling) that must fail.
// Expected event sequences are Node 20's for the same bytes and a non-keep-alive agent
// (checked with node; see tests/compat/client too).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "unit/api/http/client/client_test_util.h"

namespace nodecc::test {
namespace {

class ClientFraming : public ClientTest {
 protected:
  struct Outcome {
    std::vector<std::string> events;
    std::string body;
    http::HeaderPairs trailers;
  };

  // One request answered with `bytes` (then the server ends the connection if endAfter);
  // the events as "socket", "response 200", "data N", "end", "aborted", "req error CODE", ...
  Outcome exchange(const std::string& bytes, bool endAfter, const char* method = "GET") {
    Deadline deadline(10000);
    Outcome out;
    auto& ev = out.events;
    http::Agent agent(noKeepAlive());
    auto& server = rawServer([&](net::Socket& s, int) {
      s.write(bytes);
      if (endAfter) {
        s.end();
      }
    });
    server.listen(0, "127.0.0.1", [&] {
      http::RequestOptions o;
      o.agent = agent;
      o.method = method;
      auto& req = http::request(urlOf(server), o, [&](http::IncomingMessage& res) {
        ev.push_back("response " + std::to_string(res.statusCode));
        res.on("data", [&](const Buffer& d) {
          ev.push_back("data " + std::to_string(d.size()));
          out.body += d.view();
        });
        res.on("end", [&] {
          ev.push_back("end");
          for (const auto& t : res.trailers) {
            out.trailers.push_back(t);
          }
        });
        res.on("aborted", [&] { ev.push_back("aborted"); });
        res.on("error", [&](const Error& e) { ev.push_back("res error " + e.code); });
        res.on("close", [&] { ev.push_back("res close"); });
      });
      req.on("socket", [&](net::Socket&) { ev.push_back("socket"); });
      req.on("finish", [&] { ev.push_back("finish"); });
      req.on("error", [&](const Error& e) { ev.push_back("req error " + e.code); });
      req.on("close", [&] {
        ev.push_back("req close");
        server.close();
      });
      req.on("continue", [&] { ev.push_back("continue"); });
      req.on("information", [&](const http::InformationEvent& i) {
        ev.push_back("information " + std::to_string(i.statusCode));
      });
      req.end();
    });
    nodecc::run();
    return out;
  }
};

using Events = std::vector<std::string>;

TEST_F(ClientFraming, ReadsAContentLengthBody) {
  auto o = exchange("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc", false);
  EXPECT_EQ(o.events, (Events{"socket", "finish", "response 200", "data 3", "end", "res close",
                              "req close"}));
  EXPECT_EQ(o.body, "abc");
}

TEST_F(ClientFraming, ClosesAfterAConnectionCloseResponse) {
  auto o = exchange("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc", true);
  EXPECT_EQ(o.events, (Events{"socket", "finish", "response 200", "data 3", "end", "res close",
                              "req close"}));
}

TEST_F(ClientFraming, ReadsACloseDelimitedBodyToTheEnd) {
  auto o = exchange("HTTP/1.1 200 OK\r\n\r\nabc", true);
  EXPECT_EQ(o.events, (Events{"socket", "finish", "response 200", "data 3", "end", "res close",
                              "req close"}));
  EXPECT_EQ(o.body, "abc");
}

TEST_F(ClientFraming, ReadsAChunkedBodyAndItsTrailers) {
  auto o = exchange(
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      "3\r\nabc\r\n5;ext=1\r\nhello\r\n0\r\nX-Sum: 8\r\n\r\n",
      false);
  EXPECT_EQ(o.body, "abchello");
  ASSERT_EQ(o.trailers.size(), 1u);
  EXPECT_EQ(o.trailers[0], (std::pair<std::string, std::string>{"x-sum", "8"}));
  EXPECT_EQ(o.events.back(), "req close");
}

TEST_F(ClientFraming, ReportsABodyCutShortAsAbortedNeverAsEnd) {
  auto o = exchange("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", true);
  EXPECT_EQ(o.events, (Events{"socket", "finish", "response 200", "data 3", "aborted", "req close",
                              "res error ECONNRESET", "res close"}));
}

TEST_F(ClientFraming, ReportsAChunkedBodyCutShortAsAborted) {
  auto o = exchange("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n", true);
  EXPECT_EQ(o.events, (Events{"socket", "finish", "response 200", "data 3", "aborted", "req close",
                              "res error ECONNRESET", "res close"}));
}

TEST_F(ClientFraming, ReportsAHangUpBeforeAnyResponse) {
  auto o = exchange("", true);
  EXPECT_EQ(o.events, (Events{"socket", "finish", "req error ECONNRESET", "req close"}));
  auto partial = exchange("HTTP/1.1 200 OK\r\nContent-Le", true);
  EXPECT_EQ(partial.events, (Events{"socket", "finish", "req error ECONNRESET", "req close"}));
}

TEST_F(ClientFraming, DeliversInterimResponsesBeforeTheFinalOne) {
  auto o = exchange(
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
      "HTTP/1.1 204 No Content\r\n\r\n",
      false);
  EXPECT_EQ(o.events, (Events{"socket", "finish", "continue", "information 100", "information 103",
                              "response 204", "end", "res close", "req close"}));
}

TEST_F(ClientFraming, ReadsNoBodyAfterHeadWhateverTheFieldsSay) {
  auto o = exchange("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\n", false, "HEAD");
  EXPECT_EQ(o.events,
            (Events{"socket", "finish", "response 200", "end", "res close", "req close"}));
}

TEST_F(ClientFraming, ReadsNoBodyFor304) {
  auto o = exchange("HTTP/1.1 304 Not Modified\r\nContent-Length: 3\r\n\r\n", false);
  EXPECT_EQ(o.events,
            (Events{"socket", "finish", "response 304", "end", "res close", "req close"}));
}

// --- response smuggling: each must fail the request, never be read some lenient way.

TEST_F(ClientFraming, RejectsContentLengthWithTransferEncoding) {
  auto o = exchange("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc",
                    false);
  EXPECT_EQ(o.events,
            (Events{"socket", "finish", "req error HPE_UNEXPECTED_CONTENT_LENGTH", "req close"}));
}

TEST_F(ClientFraming, RejectsEveryFramingAttack) {
  struct Case {
    const char* bytes;
    const char* code;
  };
  const Case cases[] = {
      {"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc",
       "HPE_UNEXPECTED_CONTENT_LENGTH"},
      {"HTTP/1.1 200 OK\r\nContent-Length: -3\r\n\r\nabc", "HPE_INVALID_CONTENT_LENGTH"},
      {"HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\n\r\nabc", "HPE_INVALID_CONTENT_LENGTH"},
      {"HTTP/1.1 200 OK\r\nContent-Length: +3\r\n\r\nabc", "HPE_INVALID_CONTENT_LENGTH"},
      {"HTTP/1.1 200 OK\r\nContent-Length : 3\r\n\r\nabc", "HPE_INVALID_HEADER_TOKEN"},
      {"HTTP/1.1 200 OK\r\nX: a\r\n b\r\nContent-Length: 0\r\n\r\n", "HPE_INVALID_HEADER_TOKEN"},
      {"HTTP/1.1 200 OK\nContent-Length: 0\r\n\r\n", "HPE_CR_EXPECTED"},
      {"HTTP/1.1 200 OK\r\nContent-Length: 0\n\r\n", "HPE_CR_EXPECTED"},
      {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nz\r\nabc\r\n0\r\n\r\n",
       "HPE_INVALID_CHUNK_SIZE"},
      {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3 \r\nabc\r\n0\r\n\r\n",
       "HPE_INVALID_CHUNK_SIZE"},
      {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n0\r\n\r\n", nullptr},
      {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
       "ffffffffffffffffff\r\nabc\r\n",
       "HPE_INVALID_CHUNK_SIZE"},
      {"HTTP/2.0 200 OK\r\nContent-Length: 0\r\n\r\n", "HPE_INVALID_VERSION"},
      {"HTTP/1.1 2000 OK\r\nContent-Length: 0\r\n\r\n", "HPE_INVALID_STATUS"},
      {"HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\nConnection: upgrade\r\n\r\n",
       "HPE_UPGRADE_UNSUPPORTED"},
  };
  for (const Case& c : cases) {
    auto o = exchange(c.bytes, false);
    ASSERT_GE(o.events.size(), 3u) << c.bytes;
    bool failed = false;
    bool closed = false;
    for (const auto& e : o.events) {
      if (e.rfind("req error ", 0) == 0) {
        failed = true;
        if (c.code) {
          EXPECT_EQ(e, std::string("req error ") + c.code) << c.bytes;
        }
      }
      EXPECT_NE(e, "end") << "a rejected response ended normally: " << c.bytes;
      closed = closed || e == "req close";
    }
    EXPECT_TRUE(failed) << c.bytes;
    EXPECT_TRUE(closed) << c.bytes;
  }
}

TEST_F(ClientFraming, FailsTheRequestWhenBytesFollowACompleteResponse) {
  // The first response stands (Node reads it too); the bytes after it are not taken as the
  // next response: the request reports them and the connection goes.
  auto o =
      exchange("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabcHTTP/1.1 200 OK\r\n\r\n", false);
  EXPECT_EQ(o.body, "abc");
  EXPECT_EQ(o.events[2], "response 200");
  EXPECT_EQ(o.events[3], "req error HPE_UNEXPECTED_DATA");
}

TEST_F(ClientFraming, ReadsResponsesThatArriveByteByByte) {
  // Every byte in its own write, a millisecond apart: heads resume where they stopped, chunk
  // sizes and trailers are split anywhere, and the second response on the connection too.
  Deadline deadline(20000);
  const std::string first =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-A: 1\r\n\r\n"
      "4\r\nabcd\r\n1;x=y\r\ne\r\n0\r\nX-T: t\r\n\r\n";
  const std::string second = "HTTP/1.1 201 Created\r\nContent-Length: 5\r\n\r\nhello";
  auto& server = rawServer([&](net::Socket& s, int n) {
    auto bytes = std::make_shared<std::string>(n == 0 ? first : second);
    auto at = std::make_shared<size_t>(0);
    auto step = std::make_shared<std::function<void()>>();
    *step = [&s, bytes, at, step] {
      if (*at == bytes->size()) {
        *step = nullptr;
        return;
      }
      s.write(bytes->substr((*at)++, 1));
      setTimeout([step] { (*step)(); }, 1);
    };
    (*step)();
  });
  std::vector<std::string> got;
  http::Agent agent(keepAlive());
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      for (int i = 0; i < 2; ++i) {
        auto p = Promise<std::string>::withResolvers();
        http::RequestOptions o;
        o.agent = agent;
        http::get(urlOf(server), o, [&, r = p.resolve](http::IncomingMessage& res) {
          res.text().then([&, r, status = res.statusCode](std::string& body) {
            r(std::to_string(status) + " " + body + " " + std::string(res.trailers["x-t"]));
          });
        });
        got.push_back(co_await p.promise);
      }
      agent.destroy();
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(got, (std::vector<std::string>{"200 abcde t", "201 hello "}));
  EXPECT_EQ(agent.createdSocketCount(), 1u);
}

TEST_F(ClientFraming, RejectsAHeadOverMaxHeaderSize) {
  std::string big = "HTTP/1.1 200 OK\r\nX: " + std::string(20000, 'a') + "\r\n\r\n";
  auto o = exchange(big, false);
  EXPECT_EQ(o.events, (Events{"socket", "finish", "req error HPE_HEADER_OVERFLOW", "req close"}));
}

}  // namespace
}  // namespace nodecc::test
