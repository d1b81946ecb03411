// http::Agent: keep-alive reuse (connections counted at the server), maxSockets queueing,
// maxTotalSockets, maxFreeSockets, lifo/fifo, idle timeouts and the server's Keep-Alive hint,
// and the one retry of an idempotent request whose kept-alive socket died under it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "unit/api/http/client/client_test_util.h"

namespace nodecc::test {
namespace {

class ClientAgent : public ClientTest {};

// GET url through `agent`; resolves with the body (rejects on 'error').
Promise<std::string> getText(const std::string& url, http::Agent& agent, bool* reused = nullptr) {
  auto p = Promise<std::string>::withResolvers();
  http::RequestOptions o;
  o.agent = agent;
  auto& req = http::get(url, o, [r = p.resolve](http::IncomingMessage& res) {
    res.text().then([r](std::string& s) { r(s); }, [r](std::exception_ptr e) { r.reject(e); });
  });
  if (reused) {
    req.on("socket", [reused, &req](net::Socket&) { *reused = req.reusedSocket; });
  }
  req.on("error", [r = p.resolve](const Error& e) { r.reject(std::make_exception_ptr(e)); });
  return p.promise;
}

http::Server& countingServer(int* connections, uint64_t delayMs = 0) {
  auto& server =
      http::createServer([delayMs](http::IncomingMessage& req, http::ServerResponse& res) {
        if (delayMs == 0) {
          res.end("ok " + req.url);
          return;
        }
        setTimeout([&res, &req] { res.end("ok " + req.url); }, double(delayMs));
      });
  server.on("connection", [connections](net::Socket&) { ++*connections; });
  return server;
}

TEST_F(ClientAgent, ReusesOneConnectionForSequentialRequests) {
  Deadline deadline(10000);
  int connections = 0;
  std::vector<bool> reusedFlags;
  http::Agent agent(keepAlive());
  auto& server = countingServer(&connections);
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      for (int i = 0; i < 5; ++i) {
        bool reused = false;
        std::string body = co_await getText(urlOf(server, "/" + std::to_string(i)), agent, &reused);
        EXPECT_EQ(body, "ok /" + std::to_string(i));
        reusedFlags.push_back(reused);
      }
      EXPECT_EQ(agent.freeSockets().size(), 1u);
      agent.destroy();
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(connections, 1);
  EXPECT_EQ(agent.createdSocketCount(), 1u);
  EXPECT_EQ(reusedFlags, (std::vector<bool>{false, true, true, true, true}));
}

TEST_F(ClientAgent, KeepsEachOriginsSocketsApartWhenRequestsAlternate) {
  Deadline deadline(10000);
  int connectionsA = 0, connectionsB = 0;
  http::Agent agent(keepAlive());
  auto& a = countingServer(&connectionsA);
  auto& b = countingServer(&connectionsB);
  a.listen(0, "127.0.0.1", [&] {
    b.listen(0, "127.0.0.1", [&] {
      spawn([&]() -> Promise<> {
        for (int i = 0; i < 6; ++i) {
          http::Server& s = i % 2 == 0 ? a : b;
          std::string body = co_await getText(urlOf(s, "/" + std::to_string(i)), agent);
          EXPECT_EQ(body, "ok /" + std::to_string(i));
        }
        EXPECT_EQ(agent.freeSockets().size(), 2u);
        agent.destroy();
        a.close();
        b.close();
      });
    });
  });
  nodecc::run();
  EXPECT_EQ(connectionsA, 1);
  EXPECT_EQ(connectionsB, 1);
  EXPECT_EQ(agent.createdSocketCount(), 2u);
}

TEST_F(ClientAgent, OpensAConnectionPerRequestWithoutKeepAlive) {
  Deadline deadline(10000);
  int connections = 0;
  http::Agent agent(noKeepAlive());
  auto& server = countingServer(&connections);
  std::string connectionHeader;
  server.on("request", [&](http::IncomingMessage& req, http::ServerResponse&) {
    connectionHeader = std::string(req.headers["connection"]);
  });
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      for (int i = 0; i < 3; ++i) {
        co_await getText(urlOf(server), agent);
      }
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(connections, 3);
  EXPECT_EQ(connectionHeader, "close");
  EXPECT_TRUE(agent.freeSockets().empty());
}

TEST_F(ClientAgent, QueuesRequestsBeyondMaxSockets) {
  Deadline deadline(10000);
  int connections = 0;
  http::AgentOptions ao = keepAlive();
  ao.maxSockets = 2;
  http::Agent agent(ao);
  auto& server = countingServer(&connections, 20);
  int done = 0;
  size_t maxBusy = 0;
  server.listen(0, "127.0.0.1", [&] {
    std::string name = "127.0.0.1:" + std::to_string(server.address().port) + ":";
    for (int i = 0; i < 6; ++i) {
      getText(urlOf(server, "/" + std::to_string(i)), agent).then([&, name](std::string& body) {
        maxBusy = std::max(maxBusy, agent.sockets()[name]);
        if (++done == 6) {
          agent.destroy();
          server.close();
        }
      });
    }
    EXPECT_EQ(agent.sockets()[name], 2u);
    EXPECT_EQ(agent.requests()[name], 4u);
  });
  nodecc::run();
  EXPECT_EQ(done, 6);
  EXPECT_EQ(connections, 2);
  EXPECT_EQ(agent.createdSocketCount(), 2u);
  EXPECT_LE(maxBusy, 2u);
}

TEST_F(ClientAgent, QueuesAcrossOriginsBeyondMaxTotalSockets) {
  Deadline deadline(10000);
  int connectionsA = 0, connectionsB = 0;
  http::AgentOptions ao;  // no keep-alive: a socket closes after its request
  ao.maxTotalSockets = 1;
  http::Agent agent(ao);
  auto& a = countingServer(&connectionsA, 10);
  auto& b = countingServer(&connectionsB, 10);
  int done = 0;
  a.listen(0, "127.0.0.1", [&] {
    b.listen(0, "127.0.0.1", [&] {
      for (auto* s : {&a, &b, &a, &b}) {
        getText(urlOf(*s), agent).then([&](std::string&) {
          EXPECT_LE(agent.createdSocketCount() - uint64_t(done), 1u);
          if (++done == 4) {
            a.close();
            b.close();
          }
        });
      }
      size_t total = 0;
      for (auto& [n, c] : agent.sockets()) {
        total += c;
      }
      EXPECT_EQ(total, 1u);
    });
  });
  nodecc::run();
  EXPECT_EQ(done, 4);
  EXPECT_EQ(connectionsA, 2);
  EXPECT_EQ(connectionsB, 2);
}

TEST_F(ClientAgent, KeepsAtMostMaxFreeSockets) {
  Deadline deadline(10000);
  int connections = 0;
  http::AgentOptions ao = keepAlive();
  ao.maxFreeSockets = 1;
  http::Agent agent(ao);
  auto& server = countingServer(&connections, 10);
  int done = 0;
  server.listen(0, "127.0.0.1", [&] {
    for (int i = 0; i < 3; ++i) {
      getText(urlOf(server), agent).then([&](std::string&) {
        if (++done == 3) {
          setImmediate([&] {
            size_t free = 0;
            for (auto& [n, c] : agent.freeSockets()) {
              free += c;
            }
            EXPECT_EQ(free, 1u);
            agent.destroy();
            server.close();
          });
        }
      });
    }
  });
  nodecc::run();
  EXPECT_EQ(connections, 3);
}

TEST_F(ClientAgent, HandsOutFreeSocketsLifoOrFifo) {
  for (const char* scheduling : {"lifo", "fifo"}) {
    Deadline deadline(10000);
    http::AgentOptions ao = keepAlive();
    ao.scheduling = scheduling;
    http::Agent agent(ao);
    int connections = 0;
    // Responses end in request order: /0 at once, /1 later, so /0's socket is freed first.
    auto& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
      setTimeout([&res] { res.end("x"); }, req.url == "/1" ? 30.0 : 1.0);
    });
    server.on("connection", [&](net::Socket&) { ++connections; });
    std::vector<uint16_t> ports(2);
    uint16_t third = 0;
    int done = 0;
    server.listen(0, "127.0.0.1", [&] {
      for (int i = 0; i < 2; ++i) {
        http::RequestOptions o;
        o.agent = agent;
        auto& req =
            http::get(urlOf(server, "/" + std::to_string(i)), o, [&](http::IncomingMessage& res) {
              res.resume();
              res.on("end", [&] {
                if (++done < 2) {
                  return;
                }
                setImmediate([&] {
                  http::RequestOptions o2;
                  o2.agent = agent;
                  auto& r3 = http::get(urlOf(server), o2, [&](http::IncomingMessage& res3) {
                    res3.resume();
                    res3.on("end", [&] {
                      agent.destroy();
                      server.close();
                    });
                  });
                  r3.on("socket", [&](net::Socket& s) { third = s.localPort(); });
                });
              });
            });
        req.on("socket", [&ports, i, &req](net::Socket& s) {
          s.on("connect", [&ports, i, &s] { ports[size_t(i)] = s.localPort(); });
        });
      }
    });
    nodecc::run();
    EXPECT_EQ(connections, 2) << scheduling;
    EXPECT_EQ(third, std::string(scheduling) == "lifo" ? ports[1] : ports[0]) << scheduling;
  }
}

TEST_F(ClientAgent, ClosesAnIdleSocketAfterTheAgentTimeout) {
  Deadline deadline(10000);
  int connections = 0;
  http::AgentOptions ao = keepAlive();
  ao.timeout = 50;
  http::Agent agent(ao);
  auto& server = countingServer(&connections);
  bool closedIdle = false;
  server.listen(0, "127.0.0.1", [&] {
    http::RequestOptions o;
    o.agent = agent;
    auto& req = http::get(urlOf(server), o, [](http::IncomingMessage& res) { res.resume(); });
    req.on("socket", [&](net::Socket& s) {
      s.on("close", [&](bool) {
        closedIdle = agent.freeSockets().empty();
        server.close();
      });
    });
  });
  auto start = process::hrtime.bigint();
  nodecc::run();
  auto ms = (process::hrtime.bigint() - start) / 1000000;
  EXPECT_TRUE(closedIdle);
  EXPECT_GE(ms, 50u);
  EXPECT_LT(ms, 3000u);
}

TEST_F(ClientAgent, DoesNotKeepASocketTheServerWillCloseInUnderASecond) {
  // "Keep-Alive: timeout=1": Node's keepSocketAlive refuses (hint - 1 s <= 0).
  Deadline deadline(10000);
  int connections = 0;
  http::Agent agent(keepAlive());
  http::ServerOptions so;
  so.keepAliveTimeout = 1000;
  auto& server = http::createServer(
      so, [](http::IncomingMessage&, http::ServerResponse& res) { res.end("x"); });
  server.on("connection", [&](net::Socket&) { ++connections; });
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      co_await getText(urlOf(server), agent);
      co_await getText(urlOf(server), agent);
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(connections, 2);
}

TEST_F(ClientAgent, DropsAPooledSocketTheServerClosed) {
  Deadline deadline(10000);
  int connections = 0;
  http::Agent agent(keepAlive());
  auto& server = countingServer(&connections);
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      co_await getText(urlOf(server), agent);
      server.closeIdleConnections();
      co_await timers::promises::setTimeout(50);
      EXPECT_TRUE(agent.freeSockets().empty());
      EXPECT_EQ(co_await getText(urlOf(server), agent), "ok /");
      agent.destroy();
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(connections, 2);
}

TEST_F(ClientAgent, RetriesAnIdempotentRequestOnceWhenAReusedSocketDies) {
  // The server answers the first request of each connection and drops the connection at the
  // second one without a byte, as a server closing an idle keep-alive connection does just
  // as the client reuses it.
  Deadline deadline(10000);
  int connections = 0;
  http::Agent agent(keepAlive());
  auto& server = rawServer(
      [](net::Socket& s, int n) {
        if (n == 0) {
          s.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
        } else {
          s.destroy();
        }
      },
      &connections);
  std::vector<std::string> outcomes;
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      outcomes.push_back(co_await getText(urlOf(server), agent));
      outcomes.push_back(co_await getText(urlOf(server), agent));  // retried
      // A POST is not retried: its body might have been acted on.
      auto p = Promise<std::string>::withResolvers();
      http::RequestOptions o;
      o.agent = agent;
      o.method = "POST";
      auto& req = http::request(urlOf(server), o, [](http::IncomingMessage& res) { res.resume(); });
      req.on("error", [r = p.resolve](const Error& e) { r(e.code + " " + e.message); });
      req.end("x");
      outcomes.push_back(co_await p.promise);
      agent.destroy();
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(outcomes, (std::vector<std::string>{"ok", "ok", "ECONNRESET socket hang up"}));
  EXPECT_EQ(connections, 2);
}

TEST_F(ClientAgent, UsesTheGlobalAgentByDefault) {
  Deadline deadline(10000);
  int connections = 0;
  auto& server = countingServer(&connections);
  uint64_t before = http::globalAgent().createdSocketCount();
  server.listen(0, "127.0.0.1", [&] {
    spawn([&]() -> Promise<> {
      for (int i = 0; i < 3; ++i) {
        auto p = Promise<std::string>::withResolvers();
        http::get(urlOf(server), [r = p.resolve](http::IncomingMessage& res) {
          res.text().then([r](std::string& s) { r(s); });
        });
        co_await p.promise;
      }
      http::globalAgent().destroy();
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(connections, 1);
  EXPECT_EQ(http::globalAgent().createdSocketCount() - before, 1u);
}

}  // namespace
}  // namespace nodecc::test
