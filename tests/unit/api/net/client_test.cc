// net::connect / createConnection: 'connect' and 'ready', writes and end() issued before the
// connection is up, ECONNREFUSED, bad hosts, readyState.
#include <string>
#include <vector>

#include "unit/api/net/net_test_util.h"

namespace nodecc {
namespace {

using Log = std::vector<std::string>;
using ClientTest = test::NetTest;

TEST_F(ClientTest, ConnectListenerThenConnectAndReadyEvents) {
  test::Watchdog dog(10000);
  Log log;
  auto& server = net::createServer([](net::Socket& s) { s.end(); });
  server.listen(0, "127.0.0.1", [&] {
    auto& c = net::createConnection(server.address().port, "127.0.0.1",
                                    [&] { log.push_back("connect listener"); });
    log.push_back("connecting " + c.readyState() + (c.connecting() ? " true" : " false"));
    c.on("connect", [&] {
      log.push_back("connect " + c.readyState() + (c.connecting() ? " true" : " false"));
    });
    c.on("ready", [&] { log.push_back("ready"); });
    c.on("data", [](const Buffer&) {});
    c.on("end", [&] { log.push_back("end"); });
    c.on("close", [&](bool hadError) {
      log.push_back(std::string("close ") + (hadError ? "true" : "false") + " " + c.readyState());
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(log, (Log{"connecting opening true", "connect listener", "connect open false", "ready",
                      "end", "close false closed"}));
}

TEST_F(ClientTest, WritesAndEndBeforeConnectAreSentOnceConnected) {
  test::Watchdog dog(10000);
  std::string received;
  bool serverSawEnd = false;
  std::vector<std::string> callbacks;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.on("data", [&](const Buffer& d) { received += d.toString(); });
    socket.on("end", [&] { serverSawEnd = true; });
    socket.on("close", [&](bool) { server.close(); });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& c = net::connect(server.address().port, "127.0.0.1");
    // All of this happens while the socket is still connecting.
    EXPECT_TRUE(c.write("one ", [&](Error* e) { callbacks.push_back(e ? e->code : "one"); }));
    EXPECT_TRUE(
        c.write(Buffer::from("two "), [&](Error* e) { callbacks.push_back(e ? e->code : "two"); }));
    c.end("three");
    EXPECT_EQ(c.readyState(), "opening");
    c.on("data", [](const Buffer&) {});
  });
  nodecc::run();
  EXPECT_EQ(received, "one two three");
  EXPECT_TRUE(serverSawEnd);
  EXPECT_EQ(callbacks, (std::vector<std::string>{"one", "two"}));
}

TEST_F(ClientTest, RefusedConnectionEmitsErrorThenClose) {
  test::Watchdog dog(10000);
  Log log;
  Error got;
  uint16_t port = 0;
  auto& server = net::createServer();
  server.listen(0, "127.0.0.1", [&] {
    port = server.address().port;
    server.close([&](Error*) {
      auto& c = net::connect(port, "127.0.0.1", [&] { log.push_back("connected"); });
      c.on("error", [&](const Error& e) {
        got = e;
        log.push_back(std::string("error destroyed ") + (c.destroyed() ? "true" : "false"));
      });
      c.on("close", [&](bool hadError) { log.push_back(hadError ? "close true" : "close false"); });
    });
  });
  nodecc::run();
  EXPECT_EQ(log, (Log{"error destroyed true", "close true"}));
  EXPECT_EQ(got.code, "ECONNREFUSED");
  EXPECT_EQ(got.errnum, -ECONNREFUSED);
  EXPECT_EQ(got.syscall, "connect");
  EXPECT_EQ(got.address, "127.0.0.1");
  EXPECT_EQ(got.port, port);
  EXPECT_EQ(got.message, "connect ECONNREFUSED 127.0.0.1:" + std::to_string(port));
}

TEST_F(ClientTest, LocalhostConnectsOverIpv4Loopback) {
  test::Watchdog dog(10000);
  std::string answer;
  auto& server = net::createServer([](net::Socket& s) { s.end(s.remoteAddress()); });
  server.listen(0, "127.0.0.1", [&] {
    auto& c = net::connect(server.address().port, "localhost");
    c.on("data", [&](const Buffer& d) { answer += d.toString(); });
    c.on("close", [&](bool) { server.close(); });
  });
  nodecc::run();
  EXPECT_EQ(answer, "127.0.0.1");
}

TEST_F(ClientTest, AHostThatIsNotAnAddressIsAnErrorNotAHang) {
  test::Watchdog dog(10000);
  Log log;
  auto& c = net::connect(80, "not a host");
  c.on("connect", [&] { log.push_back("connect"); });
  c.on("error", [&](const Error& e) { log.push_back("error " + e.syscall); });
  c.on("close", [&](bool hadError) { log.push_back(hadError ? "close true" : "close false"); });
  nodecc::run();
  EXPECT_EQ(log, (Log{"error connect", "close true"}));
}

TEST_F(ClientTest, UnhandledSocketErrorIsAnUncaughtExceptionAndCloseStillFollows) {
  test::Watchdog dog(10000);
  std::string uncaught;
  bool closed = false;
  auto onUncaught = [&](std::exception_ptr e, const std::string&) {
    uncaught = test::messageOf(e);
  };
  process::on("uncaughtException", onUncaught);
  uint16_t port = 0;
  auto& server = net::createServer();
  server.listen(0, "127.0.0.1", [&] {
    port = server.address().port;
    server.close([&](Error*) {
      auto& c = net::connect(port, "127.0.0.1");
      c.on("close", [&](bool) { closed = true; });
    });
  });
  nodecc::run();
  process::off("uncaughtException", onUncaught);
  EXPECT_EQ(uncaught, "connect ECONNREFUSED 127.0.0.1:" + std::to_string(port));
  EXPECT_TRUE(closed);
}

}  // namespace
}  // namespace nodecc
