// fetch() over plain HTTP against nodecc's server and raw servers: Response fields, Headers,
// text/arrayBuffer/stream bodies with backpressure, redirects, failures and aborts.
#include <gtest/gtest.h>
#include <nodecc/fetch.h>

#include <string>
#include <vector>

#include "api/fetch/agent.h"
#include "unit/api/http/client/client_test_util.h"

namespace nodecc::test {
namespace {

// fetch's own pool is closed too before the loop is checked.
class Fetch : public ClientTest {
 protected:
  void TearDown() override {
    detail::fetchAgent().destroy();
    ClientTest::TearDown();
  }
};

// Inits are named, not braced in the co_await operand: GCC 12.2 copies an aggregate temporary
// there into the coroutine frame and destroys both (a compiler bug; see docs/http-client.md).

http::Server& echoServer() {
  return http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    auto body = std::make_shared<std::string>();
    req.on("data", [body](const Buffer& b) { *body += b.toString(); });
    req.on("end", [&req, &res, body] {
      if (req.url == "/redirect") {
        res.writeHead(302, {{"Location", "/final?x=1"}});
        res.end();
        return;
      }
      if (req.url == "/see-other") {
        res.writeHead(303, {{"Location", "/final"}});
        res.end();
        return;
      }
      res.setHeader("X-Method", req.method);
      res.setHeader("X-Content-Type", std::string(req.headers["content-type"]));
      res.setHeader("Set-Cookie", std::vector<std::string>{"a=1", "b=2"});
      res.end(req.method + " " + req.url + " " + *body);
    });
  });
}

TEST_F(Fetch, ReadsAResponse) {
  Deadline deadline(10000);
  auto& server = echoServer();
  Response got;
  std::string text;
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      got = co_await fetch(urlOf(server, "/a"));
      text = co_await got.text();
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(got.status, 200);
  EXPECT_TRUE(got.ok);
  EXPECT_EQ(got.statusText, "OK");
  EXPECT_EQ(text, "GET /a ");
  EXPECT_TRUE(got.bodyUsed());
  EXPECT_EQ(got.headers.get("x-method"), "GET");
  EXPECT_EQ(got.headers.getSetCookie(), (std::vector<std::string>{"a=1", "b=2"}));
  auto entries = got.headers.entries();
  EXPECT_TRUE(std::is_sorted(entries.begin(), entries.end()));
}

// `co_return res.end(...)` in an async handler (issue 16: "no member named return_value"
// under GCC 12 while end() returned ServerResponse&).
TEST_F(Fetch, AsyncHandlerCoReturnsEnd) {
  Deadline deadline(10000);
  auto& server =
      http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) -> Promise<> {
        if (req.url == "/early") {
          co_return res.end("early");
        }
        co_await timers::promises::setTimeout(1);
        co_return res.end("late");
      });
  std::string early, late;
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      auto a = co_await fetch(urlOf(server, "/early"));
      early = co_await a.text();
      auto b = co_await fetch(urlOf(server, "/other"));
      late = co_await b.text();
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(early, "early");
  EXPECT_EQ(late, "late");
}

// The documented form of a POST (the init named before co_await) under ASan: the braced
// form in the co_await operand is the double free that GCC 12 makes (compile_fail test).
TEST_F(Fetch, PostsABodyWithTheDefaultContentType) {
  Deadline deadline(10000);
  auto& server = echoServer();
  std::string text, contentType;
  std::string secondRead;
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      RequestInit post{.method = "POST", .body = "hello"};
      auto res = co_await fetch(urlOf(server, "/p"), post);
      contentType = res.headers.get("x-content-type").value_or("");
      text = co_await res.text();
      try {
        co_await res.text();
      } catch (const Error& e) {
        secondRead = e.message;
      }
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(text, "POST /p hello");
  EXPECT_EQ(contentType, "text/plain;charset=UTF-8");
  EXPECT_EQ(secondRead, "Body is unusable: Body has already been read");
}

TEST_F(Fetch, StreamsTheBodyThroughAReader) {
  Deadline deadline(20000);
  constexpr size_t kTotal = 2 << 20;
  auto& server = http::createServer(
      [](http::IncomingMessage&, http::ServerResponse& res) { res.end(std::string(kTotal, 'z')); });
  size_t got = 0;
  int chunks = 0;
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      auto res = co_await fetch(urlOf(server));
      auto reader = res.body.getReader();
      EXPECT_TRUE(res.body.locked());
      for (;;) {
        auto r = co_await reader.read();
        if (r.done) {
          break;
        }
        got += r.value.size();
        if (++chunks == 2) {
          co_await timers::promises::setTimeout(20);  // a slow reader
        }
      }
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(got, kTotal);
  EXPECT_GT(chunks, 2);
}

TEST_F(Fetch, FollowsRedirectsUnlessToldNotTo) {
  Deadline deadline(10000);
  auto& server = echoServer();
  std::string followed, finalUrl, expectedUrl, seeOther;
  bool redirected = false;
  int manualStatus = 0;
  std::string errorMessage;
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      auto res = co_await fetch(urlOf(server, "/redirect"));
      followed = co_await res.text();
      finalUrl = res.url;
      expectedUrl = urlOf(server, "/final?x=1");
      redirected = res.redirected;
      RequestInit manualInit{.redirect = "manual"};
      auto manual = co_await fetch(urlOf(server, "/redirect"), manualInit);
      manualStatus = manual.status;
      co_await manual.text();
      try {
        RequestInit errorInit{.redirect = "error"};
        co_await fetch(urlOf(server, "/redirect"), errorInit);
      } catch (const Error& e) {
        errorMessage = e.message + " (" + (e.cause ? e.cause->message : "no cause") + ")";
      }
      RequestInit postInit{.method = "POST", .body = "x"};
      auto other = co_await fetch(urlOf(server, "/see-other"), postInit);
      seeOther = co_await other.text();
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(followed, "GET /final?x=1 ");
  EXPECT_EQ(finalUrl, expectedUrl);
  EXPECT_TRUE(redirected);
  EXPECT_EQ(manualStatus, 302);
  EXPECT_EQ(errorMessage, "fetch failed (unexpected redirect)");
  EXPECT_EQ(seeOther, "GET /final ");
}

TEST_F(Fetch, RejectsWithFetchFailed) {
  Deadline deadline(10000);
  auto& probe = net::createServer();
  std::vector<std::string> seen;
  probe.listen(0, "127.0.0.1", [&] {
    uint16_t port = probe.address().port;
    probe.close([&, port](Error*) {
      spawn([&, port]() -> Promise<> {
        for (std::string url :
             {"http://127.0.0.1:" + std::to_string(port) + "/",
              std::string("http://127.0.0.1:6000/"), std::string("https://127.0.0.1/"),
              std::string("ftp://127.0.0.1/"), std::string("not a url")}) {
          try {
            co_await fetch(url);
            seen.push_back("resolved");
          } catch (const Error& e) {
            // undici's shape: a TypeError without a code, what failed in err.cause.
            seen.push_back(e.name + " " + e.code + e.message + " / " +
                           (e.cause ? e.cause->name + " " + e.cause->code + " " + e.cause->message
                                    : std::string("no cause")));
          }
        }
      });
    });
  });
  nodecc::run();
  // Node 20 gives these five (with port 443 refused here as there).
  ASSERT_EQ(seen.size(), 5u);
  const std::string refused =
      "TypeError fetch failed / Error ECONNREFUSED connect ECONNREFUSED 127.0.0.1:";
  EXPECT_EQ(seen[0].substr(0, refused.size()), refused);
  EXPECT_EQ(seen[1], "TypeError fetch failed / Error  bad port");
  EXPECT_EQ(seen[2],
            "TypeError fetch failed / Error ECONNREFUSED connect ECONNREFUSED 127.0.0.1:443");
  EXPECT_EQ(seen[3], "TypeError fetch failed / Error  unknown scheme");
  EXPECT_EQ(seen[4],
            "TypeError Failed to parse URL from not a url / TypeError ERR_INVALID_URL Invalid URL");
}

TEST_F(Fetch, RejectsWithTheSignalsReason) {
  Deadline deadline(10000);
  auto& server = rawServer([](net::Socket&, int) {});  // never answers
  std::vector<std::string> seen;
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      try {
        RequestInit aborted{.signal = AbortSignal::abort()};
        co_await fetch(urlOf(server), aborted);
      } catch (const Error& e) {
        seen.push_back(e.name + ": " + e.message);
      }
      AbortController ac;
      setTimeout([&ac] { ac.abort(); }, 20);
      try {
        RequestInit withSignal{.signal = ac.signal};
        co_await fetch(urlOf(server), withSignal);
      } catch (const Error& e) {
        seen.push_back(e.name + ": " + e.message);
      }
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(seen, (std::vector<std::string>{"AbortError: This operation was aborted",
                                            "AbortError: This operation was aborted"}));
}

TEST_F(Fetch, RejectsABodyCutShort) {
  Deadline deadline(10000);
  auto& server = rawServer([](net::Socket& s, int) {
    s.write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc");
    s.end();
  });
  std::string error;
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      auto res = co_await fetch(urlOf(server));
      try {
        co_await res.text();
      } catch (const Error& e) {
        error = e.name + ": " + e.message;
      }
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(error, "TypeError: terminated");
}

TEST_F(Fetch, FreesTheConnectionOfAResponseNobodyReads) {
  Deadline deadline(10000);
  auto& server = http::createServer([](http::IncomingMessage&, http::ServerResponse& res) {
    res.write(std::string(1 << 20, 'q'));    // never ends by itself
    res.on("close", [&res] { res.end(); });  // the server keeps an exchange until it is ended
  });
  int status = 0;
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      {
        auto res = co_await fetch(urlOf(server));
        status = res.status;
      }  // dropped unread: the request is destroyed, so the loop is not held
      co_await timers::promises::setTimeout(20);
      server.closeAllConnections();
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(status, 200);
}

TEST_F(Fetch, HeadersAreCaseInsensitiveAndNormalized) {
  Headers h{{"Content-Type", " text/html "}, {"X-A", "1"}};
  h.append("x-a", "2");
  EXPECT_EQ(h.get("content-type"), "text/html");
  EXPECT_EQ(h.get("X-A"), "1, 2");
  h.set("X-a", "3");
  EXPECT_EQ(h.get("x-a"), "3");
  h.remove("X-A");
  EXPECT_FALSE(h.has("x-a"));
  EXPECT_THROW(h.append("bad name", "x"), TypeError);
}

}  // namespace
}  // namespace nodecc::test
