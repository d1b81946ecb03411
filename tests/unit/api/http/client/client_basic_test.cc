// http::request / http::get against nodecc's own server: status, headers, bodies of every
// framing, the event order of a simple exchange.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "unit/api/http/client/client_test_util.h"

namespace nodecc::test {
namespace {

class HttpClient : public ClientTest {};

TEST_F(HttpClient, GetsAResponseFromANodeccServer) {
  Deadline deadline(10000);
  std::vector<std::string> events;
  std::string body;
  int status = 0;
  auto& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    res.setHeader("X-Test", "yes");
    res.end("hello " + req.url);
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& req = http::get(urlOf(server, "/a?b=1"), [&](http::IncomingMessage& res) {
      events.push_back("response");
      status = res.statusCode;
      EXPECT_EQ(res.headers["x-test"], "yes");
      EXPECT_EQ(res.statusMessage, "OK");
      res.on("data", [&](const Buffer& chunk) { body += chunk.toString(); });
      res.on("end", [&] { events.push_back("end"); });
      res.on("close", [&] {
        events.push_back("res close");
        server.close();
      });
    });
    req.on("socket", [&](net::Socket&) { events.push_back("socket"); });
    req.on("finish", [&] { events.push_back("finish"); });
    req.on("close", [&] { events.push_back("req close"); });
  });
  nodecc::run();
  EXPECT_EQ(status, 200);
  EXPECT_EQ(body, "hello /a?b=1");
  EXPECT_EQ(events, (std::vector<std::string>{"socket", "finish", "response", "end", "req close",
                                              "res close"}));
}

TEST_F(HttpClient, KeepsEveryDataChunkIntactAcrossResponses) {
  // Small chunks share per-thread slabs (as Node's Buffer pool): a chunk kept, or changed,
  // must not see another response's bytes. 300 bodies of 100 bytes span several slabs.
  Deadline deadline(20000);
  constexpr int kResponses = 300;
  auto& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    res.end(std::string(100, req.url[1]) + req.url);
  });
  std::vector<Buffer> kept;
  std::vector<std::string> expected;
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      for (int i = 0; i < kResponses; ++i) {
        std::string path = "/" + std::string(1, char('a' + i % 26)) + std::to_string(i);
        expected.push_back(std::string(100, path[1]) + path);
        auto p = Promise<>::withResolvers();
        http::get(urlOf(server, path), [&, r = p.resolve](http::IncomingMessage& res) {
          res.on("data", [&](const Buffer& chunk) { kept.push_back(chunk); });
          res.on("end", [r] { r(); });
        });
        co_await p.promise;
        if (i == 1 && !kept.empty()) {
          kept.front()[0] = '!';  // changes that chunk alone
          expected.front()[0] = '!';
        }
      }
      server.close();
    });
  });
  nodecc::run();
  std::string joined;
  for (const Buffer& b : kept) {
    joined += b.view();
  }
  std::string want;
  for (const std::string& e : expected) {
    want += e;
  }
  EXPECT_EQ(joined, want);
}

TEST_F(HttpClient, ConnectsFromLocalAddressAndPort) {
  Deadline deadline(10000);
  // A port free right now for the client's end (bound before connecting).
  auto& probe = net::createServer();
  uint16_t localPort = 0;
  std::string seenFrom;
  auto& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
    seenFrom = req.socket().remoteAddress() + ":" + std::to_string(req.socket().remotePort());
    res.end("ok");
  });
  int status = 0;
  probe.listen(0, "127.0.0.1", [&] {
    localPort = probe.address().port;
    probe.close([&](Error*) {
      server.listen(0, "127.0.0.1", [&] {
        http::RequestOptions o;
        o.agent = false;
        o.localAddress = "127.0.0.1";
        o.localPort = localPort;
        o.family = 4;
        http::get(urlOf(server), o, [&](http::IncomingMessage& res) {
          status = res.statusCode;
          res.resume();
          res.on("end", [&] { server.close(); });
        });
      });
    });
  });
  nodecc::run();
  EXPECT_EQ(status, 200);
  EXPECT_EQ(seenFrom, "127.0.0.1:" + std::to_string(localPort));
}

TEST_F(HttpClient, ReportsABadLocalAddress) {
  Deadline deadline(10000);
  auto& server =
      http::createServer([](http::IncomingMessage&, http::ServerResponse& res) { res.end(); });
  std::string code;
  server.listen(0, "127.0.0.1", [&] {
    http::RequestOptions o;
    o.agent = false;
    o.localAddress = "192.0.2.1";  // TEST-NET-1: not an address of this machine
    auto& req = http::get(urlOf(server), o);
    req.on("error", [&](const Error& e) { code = e.code; });
    req.on("close", [&] { server.close(); });
  });
  nodecc::run();
  EXPECT_EQ(code, "EADDRNOTAVAIL");
}

}  // namespace
}  // namespace nodecc::test
