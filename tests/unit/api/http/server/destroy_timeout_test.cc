// res.destroy(), req.destroy(), the idle timeouts (server.timeout, req/res.setTimeout) and
// req.setEncoding through a real server and a raw TCP client on the same loop. Node 20's
// behaviour for each (checked with the same programs in JavaScript) is in the comments; the
// compat pairs of tests/compat/http/pairs compare the event order with Node itself.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using HttpServerDestroy = test::ApiTest;
using HttpServerTimeout = test::ApiTest;
using HttpServerEncoding = test::ApiTest;
using test::Deadline;

// What the raw client saw of one connection.
struct Seen {
  std::string bytes;
  std::string error;  // the client socket's error code, if any
  int64_t closedAfterMs = -1;
};

int64_t msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                               start)
      .count();
}

// Connects to `server`, writes `writes[i]` at `delays[i]` ms, reads until the server closes,
// then closes the server. Runs the loop until everything is done.
Seen exchange(http::Server& server, std::vector<std::string> writes,
              std::vector<double> delays = {}) {
  Seen seen;
  const auto start = std::chrono::steady_clock::now();
  // A destroyed response whose handler never ends it stays an orphan until orphanTimeout (a
  // late res.end() must not reach a reused exchange); without a timeout it waits for the
  // server's end instead of leaving a timer behind the test.
  server.options.orphanTimeout = 0;
  server.listen(0, "127.0.0.1", [&] {
    net::Socket& client = net::connect(server.address().port, "127.0.0.1");
    for (size_t i = 0; i < writes.size(); ++i) {
      double delay = i < delays.size() ? delays[i] : 0;
      if (delay == 0) {
        client.write(writes[i]);
      } else {
        setTimeout([&client, w = writes[i]] { client.write(w); }, delay);
      }
    }
    client.on("data", [&seen](const Buffer& d) { seen.bytes += d.view(); });
    client.on("error", [&seen](const Error& e) { seen.error = e.code; });
    client.on("close", [&](bool) {
      seen.closedAfterMs = msSince(start);
      server.close();
    });
  });
  nodecc::run();
  return seen;
}

std::string get(const std::string& path) {
  return "GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n";
}

TEST_F(HttpServerDestroy, ResDestroyClosesWithoutAResponseAndClosesBoth) {
  // Node: the client reads nothing; 'aborted', res 'close', req 'close'.
  Deadline deadline(10000);
  std::vector<std::string> events;
  auto& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
    req.on("aborted", [&] { events.push_back("req aborted"); });
    req.on("close", [&] { events.push_back("req close"); });
    res.on("close", [&] { events.push_back("res close"); });
    res.destroy();
    EXPECT_TRUE(res.destroyed);
    EXPECT_FALSE(req.destroyed);
  });
  Seen seen = exchange(server, {get("/")});
  EXPECT_EQ(seen.bytes, "");
  EXPECT_EQ(events, (std::vector<std::string>{"req aborted", "res close", "req close"}));
}

TEST_F(HttpServerDestroy, PipelinedResDestroyWaitsForTheResponseBeforeIt) {
  // Node gives a response the socket only when the responses before it are done: the slow
  // response still reaches the client, then the connection closes.
  Deadline deadline(10000);
  auto& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    if (req.url == "/slow") {
      setTimeout([&res] { res.end("slow"); }, 50);
    } else {
      res.destroy();
    }
  });
  Seen seen = exchange(server, {get("/slow") + get("/destroy")});
  EXPECT_TRUE(seen.bytes.starts_with("HTTP/1.1 200 OK\r\n")) << seen.bytes;
  EXPECT_TRUE(seen.bytes.ends_with("\r\n\r\nslow")) << seen.bytes;
  EXPECT_GE(seen.closedAfterMs, 40);
}

TEST_F(HttpServerDestroy, ReqDestroyOfAQueuedRequestDropsTheResponseBeforeIt) {
  // req.destroy() acts at once (the request has its socket): the slow response never goes.
  Deadline deadline(10000);
  bool slowSawClose = false;
  auto& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
    if (req.url == "/slow") {
      res.on("close", [&] { slowSawClose = true; });
      setTimeout([&res] { res.end("slow"); }, 50);
    } else {
      req.destroy();
    }
  });
  Seen seen = exchange(server, {get("/slow") + get("/destroy")});
  EXPECT_EQ(seen.bytes, "");
  EXPECT_TRUE(slowSawClose);
}

TEST_F(HttpServerDestroy, ReqDestroyWithAnErrorReachesErrorAndClientErrorListeners) {
  Deadline deadline(10000);
  std::vector<std::string> events;
  auto& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse&) {
    req.on("error", [&](const Error& e) { events.push_back("req error " + e.message); });
    req.on("aborted", [&] { events.push_back("req aborted"); });
    req.on("close", [&] { events.push_back("req close"); });
    req.destroy(Error("bad upload"));
    events.push_back("returned");
  });
  server.on("clientError",
            [&](const Error& e, net::Socket&) { events.push_back("clientError " + e.message); });
  Seen seen = exchange(server, {"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\nabc"});
  EXPECT_EQ(seen.bytes, "");
  EXPECT_EQ(events, (std::vector<std::string>{"req aborted", "returned", "clientError bad upload",
                                              "req error bad upload", "req close"}));
}

TEST_F(HttpServerDestroy, ResDestroyWithAnErrorEmitsNoErrorOnTheResponse) {
  // Node: OutgoingMessage.destroy(err) hands err to the socket only.
  Deadline deadline(10000);
  bool resError = false;
  auto& server = http::createServer([&](http::IncomingMessage&, http::ServerResponse& res) {
    res.on("error", [&](const Error&) { resError = true; });
    res.destroy(Error("no"));
  });
  Seen seen = exchange(server, {get("/")});
  EXPECT_EQ(seen.bytes, "");
  EXPECT_FALSE(resError);
}

TEST_F(HttpServerTimeout, ServerTimeoutWithoutListenersDestroysAnIdleRequest) {
  Deadline deadline(10000);
  bool closed = false;
  auto& server = http::createServer([&](http::IncomingMessage&, http::ServerResponse& res) {
    res.on("close", [&] { closed = true; });  // never answered
  });
  EXPECT_EQ(server.timeout, 0u);  // Node 20's default
  server.timeout = 60;
  Seen seen = exchange(server, {get("/")});
  EXPECT_EQ(seen.bytes, "");
  EXPECT_TRUE(closed);
  EXPECT_GE(seen.closedAfterMs, 50);
}

TEST_F(HttpServerTimeout, AServerTimeoutListenerKeepsTheConnection) {
  // The listener is told once (40 ms after the request); nothing moves until the response at
  // 150 ms, so no second 'timeout'; the connection stays open for the late response.
  Deadline deadline(10000);
  int timeouts = 0;
  auto& server = http::createServer([](http::IncomingMessage&, http::ServerResponse& res) {
    setTimeout([&res] { res.end("late"); }, 150);
  });
  server.setTimeout(40, [&](net::Socket& socket) {
    ++timeouts;
    EXPECT_FALSE(socket.destroyed());
  });
  EXPECT_EQ(server.timeout, 40u);
  Seen seen = exchange(server, {"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"});
  EXPECT_TRUE(seen.bytes.ends_with("late")) << seen.bytes;
  EXPECT_EQ(timeouts, 1);
}

TEST_F(HttpServerTimeout, ActivityRestartsTheCount) {
  // A write every 20 ms keeps a 50 ms timeout from firing.
  Deadline deadline(10000);
  int timeouts = 0;
  auto& server = http::createServer([&](http::IncomingMessage&, http::ServerResponse& res) {
    res.setTimeout(50, [&] { ++timeouts; });
    auto n = std::make_shared<int>(0);
    auto tick = std::make_shared<Timeout>();
    *tick = setInterval(
        [&res, n, tick] {
          res.write("x");
          if (++*n == 8) {
            clearInterval(*tick);
            res.end();
          }
        },
        20);
  });
  Seen seen = exchange(server, {"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"});
  EXPECT_TRUE(seen.bytes.ends_with("0\r\n\r\n")) << seen.bytes;
  EXPECT_EQ(timeouts, 0);
}

TEST_F(HttpServerTimeout, ACompleteRequestIsNotToldAndTheConnectionIsDestroyed) {
  // Node's socketOnTimeout emits on the request only while it is incomplete: a GET's
  // req.setTimeout callback never runs, and with no other listener the socket is destroyed.
  Deadline deadline(10000);
  bool told = false;
  auto& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse&) {
    req.setTimeout(40, [&] { told = true; });
  });
  Seen seen = exchange(server, {get("/")});
  EXPECT_FALSE(told);
  EXPECT_EQ(seen.bytes, "");
}

TEST_F(HttpServerTimeout, ARequestAfterAKeepAliveWaitStartsFromTheServerTimeout) {
  // The first request sets a 30 ms timeout for its connection; the second one, after a
  // keep-alive wait, is back at server.timeout (0: none), so its 100 ms wait is not cut.
  Deadline deadline(10000);
  int requests = 0;
  auto& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
    if (++requests == 1) {
      req.setTimeout(30);
      res.end("first");
    } else {
      setTimeout([&res] { res.end("second"); }, 100);
    }
  });
  Seen seen = exchange(server, {get("/"), "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
                       {0, 60});
  EXPECT_EQ(requests, 2);
  EXPECT_TRUE(seen.bytes.ends_with("second")) << seen.bytes;
}

TEST_F(HttpServerTimeout, ASocketTimeoutListenerRunsAfterTheDestroy) {
  Deadline deadline(10000);
  bool destroyedThen = false;
  auto& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse&) {
    net::Socket& socket = req.socket();
    socket.setTimeout(40, [&] { destroyedThen = socket.destroyed(); });
  });
  Seen seen = exchange(server, {get("/")});
  EXPECT_EQ(seen.bytes, "");
  EXPECT_TRUE(destroyedThen);
}

TEST_F(HttpServerEncoding, Utf8SplitAcrossReadsStaysWhole) {
  Deadline deadline(10000);
  std::vector<std::string> chunks;
  auto& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
    req.setEncoding("utf8");
    EXPECT_EQ(req.readableEncoding(), "utf8");
    req.on("data", [&](const std::string& s) { chunks.push_back(s); });
    req.on("end", [&res] { res.end(); });
  });
  // "€" is e2 82 ac: one byte per write, 20 ms apart, then an incomplete "€" at the end.
  exchange(server,
           {"POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 6\r\n\r\n\xe2",
            "\x82", "\xac", "a\xe2\x82"},
           {0, 20, 40, 60});
  EXPECT_EQ(chunks, (std::vector<std::string>{"\xe2\x82\xac", "a", "\xef\xbf\xbd"}));
}

TEST_F(HttpServerEncoding, UnknownEncodingThrowsAndKeepsBuffers) {
  Deadline deadline(10000);
  std::string body;
  auto& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
    try {
      req.setEncoding("klingon");
      ADD_FAILURE() << "no throw";
    } catch (const Error& e) {
      EXPECT_EQ(e.code, "ERR_UNKNOWN_ENCODING");
    }
    EXPECT_EQ(req.readableEncoding(), "");
    req.on("data", [&](const Buffer& b) { body += b.view(); });
    req.on("end", [&res] { res.end(); });
  });
  exchange(server,
           {"POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\nhi"});
  EXPECT_EQ(body, "hi");
}

}  // namespace
}  // namespace nodecc
