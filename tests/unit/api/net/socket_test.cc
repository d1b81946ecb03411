// net::Socket over real loopback connections: data both ways, 'end'/'close' order, byte
// counts, half-open, destroy, timeouts, addresses and socket options.
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <memory>
#include <string>
#include <vector>

#include "api/net/socket_backend.h"
#include "unit/api/net/net_test_util.h"

namespace nodecc {
namespace {

using Log = std::vector<std::string>;
using SocketTest = test::NetTest;

int intOption(net::Socket& s, int level, int name) {
  int v = -1;
  socklen_t len = sizeof v;
  getsockopt(s.backend()->stream().fd(), level, name, &v, &len);
  return v;
}

TEST_F(SocketTest, DataRoundTripsBothWaysThenEndAndCloseWithoutError) {
  test::Watchdog dog(10000);
  Log serverLog, clientLog;
  uint64_t serverRead = 0, serverWritten = 0, clientRead = 0, clientWritten = 0;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.on("data", [&](const Buffer& chunk) {
      serverLog.push_back("data " + chunk.toString());
      socket.write("pong:" + chunk.toString());
    });
    socket.on("end", [&] { serverLog.push_back("end"); });
    socket.on("close", [&](bool hadError) {
      serverLog.push_back(hadError ? "close true" : "close false");
      serverRead = socket.bytesRead();
      serverWritten = socket.bytesWritten();
    });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.on("connect", [&] {
      clientLog.push_back("connect");
      client.write("ping");
    });
    client.on("data", [&](const Buffer& chunk) {
      clientLog.push_back("data " + chunk.toString());
      client.end();
    });
    client.on("end", [&] { clientLog.push_back("end"); });
    client.on("close", [&](bool hadError) {
      clientLog.push_back(hadError ? "close true" : "close false");
      clientRead = client.bytesRead();
      clientWritten = client.bytesWritten();
      server.close();
    });
  });
  nodecc::run();
  EXPECT_EQ(serverLog, (Log{"data ping", "end", "close false"}));
  EXPECT_EQ(clientLog, (Log{"connect", "data pong:ping", "end", "close false"}));
  EXPECT_EQ(serverRead, 4u);
  EXPECT_EQ(serverWritten, 9u);
  EXPECT_EQ(clientRead, 9u);
  EXPECT_EQ(clientWritten, 4u);
}

TEST_F(SocketTest, EightMegabytesEchoIntact) {
  test::Watchdog dog(60000);
  const std::string payload = test::patternBytes(8 << 20);
  std::string echoed;
  uint64_t serverRead = 0, serverWritten = 0;
  bool clientClosedCleanly = false;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.on("data", [&](const Buffer& chunk) {
      // Echo with backpressure, as stream.pipe() would.
      if (!socket.write(chunk)) {
        socket.pause();
        socket.once("drain", [&socket] { socket.resume(); });
      }
    });
    socket.on("end", [&] { socket.end(); });
    socket.on("close", [&](bool) {
      serverRead = socket.bytesRead();
      serverWritten = socket.bytesWritten();
    });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.on("connect", [&] {
      client.write(payload);
      client.end();
    });
    client.on("data", [&](const Buffer& chunk) { echoed.append(chunk.view()); });
    client.on("close", [&](bool hadError) {
      clientClosedCleanly = !hadError;
      EXPECT_EQ(client.bytesRead(), payload.size());
      EXPECT_EQ(client.bytesWritten(), payload.size());
      server.close();
    });
  });
  nodecc::run();
  EXPECT_TRUE(clientClosedCleanly);
  EXPECT_EQ(echoed.size(), payload.size());
  EXPECT_TRUE(echoed == payload) << "the echoed bytes differ from the payload";
  EXPECT_EQ(serverRead, payload.size());
  EXPECT_EQ(serverWritten, payload.size());
}

TEST_F(SocketTest, AllowHalfOpenServerWritesAfterEndAndClientReadsIt) {
  test::Watchdog dog(10000);
  Log serverLog;
  std::string clientGot;
  bool clientSawEnd = false;
  auto& server = net::createServer(net::ServerOptions{.allowHalfOpen = true});
  server.on("connection", [&](net::Socket& socket) {
    EXPECT_TRUE(socket.allowHalfOpen);
    socket.on("data", [](const Buffer&) {});
    socket.on("end", [&] {
      serverLog.push_back("end " + socket.readyState());
      setTimeout(
          [&socket, &serverLog] {
            serverLog.push_back(std::string("write ") +
                                (socket.write("late reply") ? "ok" : "refused"));
            socket.end(" and bye");
          },
          20);
    });
    socket.on("close",
              [&](bool hadError) { serverLog.push_back(hadError ? "close true" : "close false"); });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.on("connect", [&] { client.end("request"); });
    client.on("data", [&](const Buffer& chunk) { clientGot += chunk.toString(); });
    client.on("end", [&] { clientSawEnd = true; });
    client.on("close", [&](bool) { server.close(); });
  });
  nodecc::run();
  EXPECT_EQ(serverLog, (Log{"end writeOnly", "write ok", "close false"}));
  EXPECT_EQ(clientGot, "late reply and bye");
  EXPECT_TRUE(clientSawEnd);
}

TEST_F(SocketTest, WithoutAllowHalfOpenTheSocketEndsItselfAfterEnd) {
  test::Watchdog dog(10000);
  std::string serverStateAtEnd;
  bool clientSawEnd = false;
  bool serverClosed = false;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.on("data", [](const Buffer&) {});
    // Still writable inside 'end': the automatic end() follows the listeners.
    socket.on("end", [&] { serverStateAtEnd = socket.readyState(); });
    socket.on("close", [&](bool) { serverClosed = true; });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.allowHalfOpen = true;  // so that only the server's FIN can end the client
    client.on("connect", [&] { client.end("x"); });
    client.on("data", [](const Buffer&) {});
    client.on("end", [&] { clientSawEnd = true; });
    client.on("close", [&](bool) { server.close(); });
  });
  nodecc::run();
  EXPECT_TRUE(clientSawEnd);  // only the server's own FIN can end this client
  EXPECT_TRUE(serverClosed);
  EXPECT_EQ(serverStateAtEnd, "writeOnly");
}

TEST_F(SocketTest, DestroyWithErrorEmitsErrorThenCloseTrue) {
  test::Watchdog dog(10000);
  Log log;
  bool writeCallbackErrored = false;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.on("data", [](const Buffer&) {});
    socket.on("close", [&](bool) { server.close(); });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.on("connect", [&] {
      client.destroy(Error("ECUSTOM", "custom failure"));
      log.push_back(std::string("destroyed ") + (client.destroyed() ? "true" : "false"));
      client.write("too late", [&](Error* err) { writeCallbackErrored = err != nullptr; });
    });
    client.on("error",
              [&](const Error& err) { log.push_back("error " + err.code + " " + err.message); });
    client.on("close",
              [&](bool hadError) { log.push_back(hadError ? "close true" : "close false"); });
  });
  nodecc::run();
  EXPECT_EQ(log, (Log{"destroyed true", "error ECUSTOM custom failure", "close true"}));
  EXPECT_TRUE(writeCallbackErrored);
}

TEST_F(SocketTest, DestroyWithoutErrorClosesFalseAndThePeerSeesEnd) {
  test::Watchdog dog(10000);
  Log log;
  bool serverSawEnd = false;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.on("data", [](const Buffer&) {});
    socket.on("end", [&] { serverSawEnd = true; });
    socket.on("close", [&](bool) { server.close(); });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.on("connect", [&] { client.destroy(); });
    client.on("error", [&](const Error&) { log.push_back("error"); });
    client.on("close",
              [&](bool hadError) { log.push_back(hadError ? "close true" : "close false"); });
  });
  nodecc::run();
  EXPECT_EQ(log, (Log{"close false"}));
  EXPECT_TRUE(serverSawEnd);
}

TEST_F(SocketTest, PendingWriteCallbacksGetAnErrorWhenDestroyed) {
  test::Watchdog dog(10000);
  const std::string big = test::patternBytes(32 << 20);  // more than the kernel buffers take
  std::vector<std::string> codes;
  size_t queuedAtDestroy = 0;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.pause();  // never reads: the client's bytes stay queued
    setTimeout([&socket] { socket.destroy(); }, 100);
    socket.on("close", [&](bool) { server.close(); });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.on("connect", [&] {
      client.write(big, [&](Error* err) { codes.push_back(err ? err->code : "ok"); });
      setTimeout(
          [&] {
            queuedAtDestroy = client.writableLength();
            client.destroy();
          },
          50);
    });
  });
  nodecc::run();
  EXPECT_GT(queuedAtDestroy, 0u);
  EXPECT_EQ(codes, (std::vector<std::string>{"ERR_STREAM_DESTROYED"}));
}

TEST_F(SocketTest, ResetAndDestroyMakesThePeerReadEconnreset) {
  test::Watchdog dog(10000);
  Error got;
  bool closedWithError = false;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.on("data", [&](const Buffer&) { socket.resetAndDestroy(); });
    socket.on("close", [&](bool hadError) { EXPECT_FALSE(hadError); });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.on("connect", [&] { client.write("x"); });
    client.on("error", [&](const Error& err) { got = err; });
    client.on("close", [&](bool hadError) {
      closedWithError = hadError;
      server.close();
    });
  });
  nodecc::run();
  EXPECT_TRUE(closedWithError);
  EXPECT_EQ(got.code, "ECONNRESET");
  EXPECT_EQ(got.syscall, "read");
  EXPECT_EQ(got.errnum, -ECONNRESET);
  EXPECT_EQ(got.message, "read ECONNRESET");
}

TEST_F(SocketTest, SetTimeoutFiresAfterInactivityAndLeavesTheSocketOpen) {
  test::Watchdog dog(10000);
  int timeouts = 0;
  int callbackCalls = 0;
  uint64_t firedAfterMs = 0;
  std::string stillOpenState;
  bool serverGotLateData = false;
  uint64_t start = process::hrtime.bigint() / 1000000;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.on("data",
              [&](const Buffer& d) { serverGotLateData = d.toString() == "after timeout"; });
    socket.on("end", [&] { socket.end(); });
    socket.on("close", [&](bool) { server.close(); });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.setTimeout(60, [&] { ++callbackCalls; });
    client.on("timeout", [&] {
      ++timeouts;
      firedAfterMs = process::hrtime.bigint() / 1000000 - start;
      stillOpenState = client.readyState();
      // Still usable: write, then end. No second 'timeout' without new inactivity... which we
      // prevent by turning it off.
      client.setTimeout(0);
      client.write("after timeout");
      setTimeout([&client] { client.end(); }, 100);
    });
    client.on("data", [](const Buffer&) {});
  });
  nodecc::run();
  EXPECT_EQ(timeouts, 1);
  EXPECT_EQ(callbackCalls, 1);
  EXPECT_GE(firedAfterMs, 59u);
  EXPECT_EQ(stillOpenState, "open");
  EXPECT_TRUE(serverGotLateData);
}

TEST_F(SocketTest, ActivityRestartsTheTimeoutAndZeroDisablesIt) {
  test::Watchdog dog(10000);
  std::vector<uint64_t> timeoutsAt;
  std::vector<uint64_t> dataAt;  // when the server read each ping
  size_t pingsBeforeTimeout = 0;
  int disabledTimeouts = 0;
  Timeout pinger;
  uint64_t start = process::hrtime.bigint() / 1000000;
  auto now = [start] { return process::hrtime.bigint() / 1000000 - start; };
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    // Pings at 40, 80, 120 ms keep a 100 ms timeout from firing until 220 ms.
    socket.setTimeout(100);
    socket.on("timeout", [&] {
      timeoutsAt.push_back(now());
      pingsBeforeTimeout = dataAt.size();
      socket.end();
    });
    socket.on("data", [&](const Buffer& b) {
      for (size_t i = 0; i + 4 <= b.size(); i += 4) {
        dataAt.push_back(now());
      }
    });
    socket.on("close", [&](bool) { server.close(); });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.setTimeout(30);
    client.on("timeout", [&] { ++disabledTimeouts; });
    client.setTimeout(0);
    auto pings = std::make_shared<int>(0);
    pinger = setInterval(
        [&client, pings, &pinger] {
          client.write("ping");
          if (++*pings == 3) {
            clearInterval(pinger);
          }
        },
        40);
    client.on("data", [](const Buffer&) {});
    // On a loaded machine a ping can come late enough for the timeout to fire first.
    client.on("close", [&](bool) { clearInterval(pinger); });
  });
  nodecc::run();
  EXPECT_EQ(disabledTimeouts, 0);
  ASSERT_EQ(timeoutsAt.size(), 1u);
  ASSERT_GE(pingsBeforeTimeout, 1u);
  // The timeout counts from the last activity, not from setTimeout().
  EXPECT_GE(timeoutsAt[0], dataAt[pingsBeforeTimeout - 1] + 95);
  bool onTime = dataAt.size() == 3 && dataAt[0] < 95 && dataAt[1] - dataAt[0] < 95 &&
                dataAt[2] - dataAt[1] < 95;
  if (onTime) {
    EXPECT_EQ(pingsBeforeTimeout, 3u);
    EXPECT_GE(timeoutsAt[0], 215u);
  }
}

TEST_F(SocketTest, AddressesOfBothEndsMatch) {
  test::Watchdog dog(10000);
  std::string serverRemote, serverLocal, serverFamily;
  uint16_t serverRemotePort = 0, serverLocalPort = 0;
  std::string clientRemote, clientLocal, clientFamily;
  uint16_t clientRemotePort = 0, clientLocalPort = 0, listenPort = 0;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    serverRemote = socket.remoteAddress();
    serverRemotePort = socket.remotePort();
    serverFamily = socket.remoteFamily();
    serverLocal = socket.localAddress();
    serverLocalPort = socket.localPort();
    socket.end();
  });
  server.listen(0, "127.0.0.1", [&] {
    listenPort = server.address().port;
    auto& client = net::connect(listenPort, "127.0.0.1");
    client.on("connect", [&] {
      clientRemote = client.remoteAddress();
      clientRemotePort = client.remotePort();
      clientFamily = client.remoteFamily();
      clientLocal = client.localAddress();
      clientLocalPort = client.localPort();
    });
    client.on("data", [](const Buffer&) {});
    client.on("close", [&](bool) { server.close(); });
  });
  nodecc::run();
  EXPECT_EQ(serverRemote, "127.0.0.1");
  EXPECT_EQ(serverFamily, "IPv4");
  EXPECT_EQ(serverLocal, "127.0.0.1");
  EXPECT_EQ(serverLocalPort, listenPort);
  EXPECT_EQ(clientRemote, "127.0.0.1");
  EXPECT_EQ(clientFamily, "IPv4");
  EXPECT_EQ(clientRemotePort, listenPort);
  EXPECT_EQ(clientLocalPort, serverRemotePort);
  EXPECT_EQ(clientLocal, "127.0.0.1");
}

TEST_F(SocketTest, NoDelayAndKeepAliveReachTheSocket) {
  test::Watchdog dog(10000);
  int noDelayOn = -1, noDelayOff = -1, keepAlive = -1, keepIdle = -1;
  int acceptedNoDelay = -1, acceptedKeepAlive = -1, acceptedKeepIdle = -1;
  auto& server = net::createServer(
      net::ServerOptions{.noDelay = true, .keepAlive = true, .keepAliveInitialDelay = 7000},
      [&](net::Socket& socket) {
        acceptedNoDelay = intOption(socket, IPPROTO_TCP, TCP_NODELAY);
        acceptedKeepAlive = intOption(socket, SOL_SOCKET, SO_KEEPALIVE);
        acceptedKeepIdle = intOption(socket, IPPROTO_TCP, TCP_KEEPIDLE);
        socket.end();
      });
  server.listen(0, "127.0.0.1", [&] {
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.on("connect", [&] {
      client.setNoDelay(true);
      noDelayOn = intOption(client, IPPROTO_TCP, TCP_NODELAY);
      client.setNoDelay(false);
      noDelayOff = intOption(client, IPPROTO_TCP, TCP_NODELAY);
      client.setKeepAlive(true, 3000);
      keepAlive = intOption(client, SOL_SOCKET, SO_KEEPALIVE);
      keepIdle = intOption(client, IPPROTO_TCP, TCP_KEEPIDLE);
    });
    client.on("data", [](const Buffer&) {});
    client.on("close", [&](bool) { server.close(); });
  });
  nodecc::run();
  EXPECT_NE(noDelayOn, 0);
  EXPECT_EQ(noDelayOff, 0);
  EXPECT_NE(keepAlive, 0);
  EXPECT_EQ(keepIdle, 3);
  EXPECT_NE(acceptedNoDelay, 0);
  EXPECT_NE(acceptedKeepAlive, 0);
  EXPECT_EQ(acceptedKeepIdle, 7);
}

TEST_F(SocketTest, PauseOnConnectHoldsDataUntilResume) {
  test::Watchdog dog(10000);
  Log log;
  auto& server = net::createServer(net::ServerOptions{.pauseOnConnect = true});
  server.on("connection", [&](net::Socket& socket) {
    socket.on("data", [&](const Buffer& d) { log.push_back("data " + d.toString()); });
    setTimeout(
        [&] {
          log.push_back("resume");
          socket.resume();
        },
        50);
    socket.on("end", [&] { socket.end(); });
    socket.on("close", [&](bool) { server.close(); });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.on("connect", [&] { client.end("early"); });
    client.on("data", [](const Buffer&) {});
  });
  nodecc::run();
  EXPECT_EQ(log, (Log{"resume", "data early"}));
}

TEST_F(SocketTest, UnrefdSocketDoesNotKeepTheLoopAlive) {
  test::Watchdog dog(10000);
  net::Socket* accepted = nullptr;
  net::Socket* client = nullptr;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    accepted = &socket;
    socket.unref();
    server.close();  // the listener goes; only the two sockets remain, both unref'd
  });
  server.listen(0, "127.0.0.1", [&] {
    client = &net::connect(server.address().port, "127.0.0.1");
    client->on("connect", [&] { client->unref(); });
  });
  nodecc::run();  // returns although both sockets are open
  ASSERT_NE(accepted, nullptr);
  ASSERT_NE(client, nullptr);
  EXPECT_EQ(client->readyState(), "open");
  // Tidy up: ref'd again, they keep the loop alive until they close.
  bool closed = false;
  client->ref();
  client->on("close", [&](bool) { closed = true; });
  client->on("data", [](const Buffer&) {});
  accepted->on("end", [accepted] { accepted->end(); });
  client->end();
  nodecc::run();
  EXPECT_TRUE(closed);
}

}  // namespace
}  // namespace nodecc
