// Failures a request reports as Node does: connection refused, a name that does not resolve,
// timeouts, destroy/abort (also through an AbortSignal), bad arguments; and the request body:
// write() with 'drain', 100-continue, the exact bytes of the request head.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "os/resolver.h"
#include "unit/api/http/client/client_test_util.h"

namespace nodecc::test {
namespace {

class ClientErrors : public ClientTest {};

struct Seen {
  std::vector<std::string> events;
  Error error;
};

void watch(http::ClientRequest& req, Seen& seen) {
  req.on("error", [&seen](const Error& e) {
    seen.events.push_back("error " + e.code);
    seen.error = e;
  });
  req.on("close", [&seen] { seen.events.push_back("close"); });
}

TEST_F(ClientErrors, ReportsConnectionRefused) {
  Deadline deadline(10000);
  // A port nothing listens on: listen, note the port, close.
  auto& probe = net::createServer();
  uint16_t port = 0;
  Seen seen;
  probe.listen(0, "127.0.0.1", [&] {
    port = probe.address().port;
    probe.close([&](Error*) {
      auto& req = http::get("http://127.0.0.1:" + std::to_string(port) + "/");
      watch(req, seen);
    });
  });
  nodecc::run();
  EXPECT_EQ(seen.events, (std::vector<std::string>{"error ECONNREFUSED", "close"}));
  EXPECT_EQ(seen.error.message, "connect ECONNREFUSED 127.0.0.1:" + std::to_string(port));
  EXPECT_EQ(seen.error.syscall, "connect");
  EXPECT_EQ(seen.error.errnum, -ECONNREFUSED);
}

TEST_F(ClientErrors, ReportsANameThatDoesNotResolve) {
  std::vector<os::core::ResolvedAddress> unused;
  if (os::core::lookupHost("nonexistent.invalid", 0, 0, &unused) == os::core::kEaiAgain) {
    GTEST_SKIP() << "the system resolver cannot answer here";
  }
  Deadline deadline(20000);
  Seen seen;
  auto& req = http::get("http://nonexistent.invalid/");
  watch(req, seen);
  nodecc::run();
  EXPECT_EQ(seen.events, (std::vector<std::string>{"error ENOTFOUND", "close"}));
  EXPECT_EQ(seen.error.message, "getaddrinfo ENOTFOUND nonexistent.invalid");
  EXPECT_EQ(seen.error.syscall, "getaddrinfo");
  EXPECT_EQ(seen.error.errnum, -3008);
}

TEST_F(ClientErrors, ResolvesLocalhost) {
  Deadline deadline(10000);
  auto& server = http::createServer(
      [](http::IncomingMessage&, http::ServerResponse& res) { res.end("local"); });
  std::string body;
  server.listen(0, "127.0.0.1", [&] {
    http::RequestOptions o;
    o.agent = false;
    auto& req = http::get("http://localhost:" + std::to_string(server.address().port) + "/", o,
                          [&](http::IncomingMessage& res) {
                            res.text().then([&](std::string& s) {
                              body = s;
                              server.close();
                            });
                          });
    req.on("error", [&](const Error& e) {
      ADD_FAILURE() << e.message;
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(body, "local");
}

TEST_F(ClientErrors, EmitsTimeoutAndLetsTheCallerDestroy) {
  Deadline deadline(10000);
  auto& server = rawServer([](net::Socket&, int) {});  // never answers
  Seen seen;
  uint64_t start = 0, fired = 0;
  server.listen(0, "127.0.0.1", [&] {
    http::RequestOptions o;
    o.agent = false;
    o.timeout = 50;
    start = process::hrtime.bigint();
    auto& req = http::get(urlOf(server), o);
    req.on("timeout", [&] {
      fired = process::hrtime.bigint();
      seen.events.push_back("timeout");
      req.destroy();
    });
    watch(req, seen);
    req.on("close", [&] { server.close(); });
  });
  nodecc::run();
  EXPECT_EQ(seen.events, (std::vector<std::string>{"timeout", "error ECONNRESET", "close"}));
  EXPECT_EQ(seen.error.message, "socket hang up");
  EXPECT_GE((fired - start) / 1000000, 49u);
}

TEST_F(ClientErrors, SetTimeoutAfterTheResponseStartedTimesOutTheResponseToo) {
  Deadline deadline(10000);
  auto& server = rawServer([](net::Socket& s, int) {
    s.write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc");  // then stalls
  });
  std::vector<std::string> events;
  server.listen(0, "127.0.0.1", [&] {
    http::RequestOptions o;
    o.agent = false;
    auto& req = http::get(urlOf(server), o, [&](http::IncomingMessage& res) {
      res.resume();
      res.on("timeout", [&] { events.push_back("res timeout"); });
      res.on("aborted", [&] { events.push_back("aborted"); });
    });
    req.setTimeout(30, [&] {
      events.push_back("req timeout");
      req.destroy();
    });
    req.on("error", [&](const Error& e) { events.push_back("error " + e.code); });
    req.on("close", [&] {
      events.push_back("close");
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(events, (std::vector<std::string>{"req timeout", "res timeout", "aborted", "close"}));
}

TEST_F(ClientErrors, DestroyBeforeASocketIsAHangUp) {
  Deadline deadline(10000);
  auto& server =
      http::createServer([](http::IncomingMessage&, http::ServerResponse& res) { res.end(); });
  Seen seen, withError;
  server.listen(0, "127.0.0.1", [&] {
    http::RequestOptions o;
    o.agent = false;
    auto& a = http::get(urlOf(server), o);
    watch(a, seen);
    a.destroy();
    auto& b = http::get(urlOf(server), o);
    watch(b, withError);
    b.destroy(Error("EMINE", "mine"));
    b.on("close", [&] { server.close(); });
  });
  nodecc::run();
  EXPECT_EQ(seen.events, (std::vector<std::string>{"error ECONNRESET", "close"}));
  EXPECT_EQ(seen.error.message, "socket hang up");
  EXPECT_EQ(withError.events, (std::vector<std::string>{"error EMINE", "close"}));
}

TEST_F(ClientErrors, AbortsThroughAnAbortSignal) {
  Deadline deadline(10000);
  auto& server = rawServer([](net::Socket& s, int) {
    s.write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc");  // then stalls
  });
  AbortController before, during;
  Seen a, b;
  std::vector<std::string> resEvents;
  server.listen(0, "127.0.0.1", [&] {
    before.abort();
    http::RequestOptions o;
    o.agent = false;
    o.signal = before.signal;
    watch(http::get(urlOf(server), o), a);
    o.signal = during.signal;
    auto& req = http::get(urlOf(server), o, [&](http::IncomingMessage& res) {
      res.on("data", [&](const Buffer&) { during.abort(); });
      res.on("aborted", [&] { resEvents.push_back("aborted"); });
      res.on("error", [&](const Error& e) { resEvents.push_back("res error " + e.code); });
      res.on("close", [&] {
        resEvents.push_back("res close");
        server.close();
      });
    });
    watch(req, b);
  });
  nodecc::run();
  EXPECT_EQ(a.events, (std::vector<std::string>{"error ABORT_ERR", "close"}));
  EXPECT_EQ(a.error.name, "AbortError");
  EXPECT_EQ(b.events, (std::vector<std::string>{"error ABORT_ERR", "close"}));
  EXPECT_EQ(resEvents, (std::vector<std::string>{"aborted", "res error ECONNRESET", "res close"}));
}

TEST_F(ClientErrors, AbortSignalTimeoutAbortsTheRequest) {
  Deadline deadline(10000);
  auto& server = rawServer([](net::Socket&, int) {});
  Seen seen;
  server.listen(0, "127.0.0.1", [&] {
    http::RequestOptions o;
    o.agent = false;
    o.signal = AbortSignal::timeout(30);
    auto& req = http::get(urlOf(server), o);
    watch(req, seen);
    req.on("close", [&] { server.close(); });
  });
  nodecc::run();
  EXPECT_EQ(seen.events, (std::vector<std::string>{"error ABORT_ERR", "close"}));
}

TEST_F(ClientErrors, ThrowsForBadArgumentsAsNodeDoes) {
  auto codeOf = [](auto&& f) {
    try {
      f();
    } catch (const Error& e) {
      return e.code;
    }
    return std::string("no throw");
  };
  EXPECT_EQ(codeOf([] { http::get("https://127.0.0.1/"); }), "ERR_INVALID_PROTOCOL");
  EXPECT_EQ(codeOf([] { http::get("not a url"); }), "ERR_INVALID_URL");
  http::RequestOptions o;
  o.path = "/a b";
  EXPECT_EQ(codeOf([&] { http::request(o); }), "ERR_UNESCAPED_CHARACTERS");
  o.path = "/";
  o.method = "GE T";
  EXPECT_EQ(codeOf([&] { http::request(o); }), "ERR_INVALID_HTTP_TOKEN");
  o.method = "GET";
  o.headers = {{"Bad Name", "x"}};
  EXPECT_EQ(codeOf([&] { http::request(o); }), "ERR_INVALID_HTTP_TOKEN");
  o.headers = {{"X", "a\r\nb"}};
  EXPECT_EQ(codeOf([&] { http::request(o); }), "ERR_INVALID_CHAR");
  o.headers = {};
  o.agent = true;
  EXPECT_EQ(codeOf([&] { http::request(o); }), "ERR_INVALID_ARG_TYPE");
  nodecc::run();
}

TEST_F(ClientErrors, SendsTheRequestHeadNodeSends) {
  // The bytes are Node 20's for the same calls (captured from node against a raw server).
  Deadline deadline(10000);
  std::vector<std::string> received;
  auto& server = net::createServer([&](net::Socket& s) {
    auto buf = std::make_shared<std::string>();
    s.on("data", [buf](const Buffer& d) { *buf += d.view(); });
    s.on("end", [&, buf] {
      received.push_back(*buf);
      s.end();
    });
  });
  server.listen(0, "127.0.0.1", [&] {
    http::RequestOptions o;
    o.agent = false;
    o.hostname = "127.0.0.1";
    o.port = server.address().port;
    std::string hp = "127.0.0.1:" + std::to_string(o.port);
    auto fire = [&](http::ClientRequest& req) {
      req.on("error", [](const Error&) {});
      req.on("socket", [&req](net::Socket& s) { req.on("finish", [&s] { s.end(); }); });
    };
    o.method = "POST";
    fire(http::request(o).end("abc"));
    o.headers = {{"X-A", "1"}, {"x-b", "2"}, {"x-b", "3"}};
    auto& w = http::request(o);
    w.setHeader("X-A", "one");
    w.write("ab");
    w.end("c");
    fire(w);
    o.headers = {};
    o.method = "GET";
    o.auth = "u:p";
    fire(http::request(o).end());
    (void)hp;
  });
  int connections = 0;
  server.on("connection", [&](net::Socket&) {
    if (++connections == 3) {
      server.close();
    }
  });
  nodecc::run();
  ASSERT_EQ(received.size(), 3u);
  std::sort(received.begin(), received.end());
  std::string hp = "Host: 127.0.0.1:";
  auto strip = [](std::string s) {  // the port differs per run
    size_t at = s.find("127.0.0.1:");
    size_t end = s.find("\r\n", at);
    return s.substr(0, at + 10) + s.substr(end);
  };
  EXPECT_EQ(strip(received[0]),
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:\r\nAuthorization: Basic dTpw\r\n"
            "Connection: close\r\n\r\n");
  EXPECT_EQ(strip(received[1]),
            "POST / HTTP/1.1\r\nHost: 127.0.0.1:\r\nConnection: close\r\nContent-Length: 3\r\n"
            "\r\nabc");
  EXPECT_EQ(
      strip(received[2]),
      "POST / HTTP/1.1\r\nX-A: one\r\nx-b: 2\r\nx-b: 3\r\nHost: 127.0.0.1:\r\n"
      "Connection: close\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n1\r\nc\r\n0\r\n\r\n");
}

TEST_F(ClientErrors, StreamsARequestBodyWithBackpressure) {
  Deadline deadline(20000);
  constexpr size_t kTotal = 8 << 20;
  size_t serverGot = 0;
  auto& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
    req.on("data", [&](const Buffer& b) { serverGot += b.size(); });
    req.on("end", [&] { res.end(std::to_string(serverGot)); });
  });
  std::string answer;
  int drains = 0;
  server.listen(0, "127.0.0.1", [&] {
    http::RequestOptions o;
    o.agent = false;
    o.method = "PUT";
    auto& req = http::request(urlOf(server), o, [&](http::IncomingMessage& res) {
      res.text().then([&](std::string& s) {
        answer = s;
        server.close();
      });
    });
    auto sent = std::make_shared<size_t>(0);
    auto chunk = std::make_shared<std::string>(64 * 1024, 'x');
    auto pump = std::make_shared<std::function<void()>>();
    *pump = [&req, sent, chunk, pump] {
      while (*sent < kTotal) {
        *sent += chunk->size();
        if (!req.write(*chunk)) {
          return;  // 'drain' calls again
        }
      }
      req.end();
    };
    req.on("drain", [&drains, pump] {
      ++drains;
      (*pump)();
    });
    (*pump)();
    req.on("close", [pump] { *pump = nullptr; });
  });
  nodecc::run();
  EXPECT_EQ(answer, std::to_string(kTotal));
  EXPECT_GT(drains, 0);
}

TEST_F(ClientErrors, SendsTheBodyAfter100Continue) {
  Deadline deadline(10000);
  std::string got;
  std::vector<std::string> events;
  auto& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
    req.on("data", [&](const Buffer& b) { got += b.toString(); });
    req.on("end", [&] { res.end("thanks"); });
  });
  server.listen(0, "127.0.0.1", [&] {
    http::RequestOptions o;
    o.agent = false;
    o.method = "PUT";
    o.headers = {{"Expect", "100-continue"}};
    auto& req = http::request(urlOf(server), o, [&](http::IncomingMessage& res) {
      events.push_back("response " + std::to_string(res.statusCode));
      res.resume();
      res.on("end", [&] { server.close(); });
    });
    req.on("continue", [&] {
      events.push_back("continue");
      req.end("the body");
    });
  });
  nodecc::run();
  EXPECT_EQ(events, (std::vector<std::string>{"continue", "response 200"}));
  EXPECT_EQ(got, "the body");
}

TEST_F(ClientErrors, PausesTheResponseAndPushesBackOnTheServer) {
  Deadline deadline(20000);
  constexpr size_t kTotal = 4 << 20;
  auto& server = http::createServer(
      [](http::IncomingMessage&, http::ServerResponse& res) { res.end(std::string(kTotal, 'y')); });
  size_t got = 0;
  bool dataWhilePaused = false;
  server.listen(0, "127.0.0.1", [&] {
    http::RequestOptions o;
    o.agent = false;
    http::get(urlOf(server), o, [&](http::IncomingMessage& res) {
      auto paused = std::make_shared<bool>(false);
      res.on("data", [&, paused](const Buffer& b) {
        dataWhilePaused = dataWhilePaused || *paused;
        got += b.size();
        if (got >= kTotal / 2 && got - b.size() < kTotal / 2) {
          *paused = true;
          res.pause();
          EXPECT_TRUE(res.isPaused());
          setTimeout(
              [&res, paused] {
                *paused = false;
                res.resume();
              },
              50);
        }
      });
      res.on("end", [&] { server.close(); });
    });
  });
  nodecc::run();
  EXPECT_EQ(got, kTotal);
  EXPECT_FALSE(dataWhilePaused);
}

}  // namespace
}  // namespace nodecc::test
