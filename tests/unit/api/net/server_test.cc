// net::Server: the listen forms, address(), EADDRINUSE, SO_REUSEPORT, IPv6, close(), the
// connection count and limit, ref/unref.
#include <dirent.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <string>
#include <vector>

#include "api/net/server_impl.h"
#include "unit/api/net/net_test_util.h"

namespace nodecc {
namespace {

using Log = std::vector<std::string>;
using ServerTest = test::NetTest;

bool hasIpv6Loopback() {
  int fd = ::socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    return false;
  }
  sockaddr_in6 a{};
  a.sin6_family = AF_INET6;
  a.sin6_addr = in6addr_loopback;
  bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  ::close(fd);
  return ok;
}

// Connects to port on host, sends "hi", and records what the server answered.
void ask(uint16_t port, const std::string& host, std::string* answer, Error* error,
         UniqueFunction<void()> done) {
  auto& c = net::connect(port, host);
  c.on("connect", [&c] { c.write("hi"); });
  c.on("data", [answer](const Buffer& d) { *answer += d.toString(); });
  c.on("error", [error](const Error& e) { *error = e; });
  c.on("close", [f = std::make_shared<UniqueFunction<void()>>(std::move(done))](bool) { (*f)(); });
}

// A server that answers every connection with "hello from <localAddress>" and ends.
net::Server& greeter() {
  return net::createServer(
      [](net::Socket& socket) { socket.end("hello from " + socket.localAddress()); });
}

TEST_F(ServerTest, ListenOnPortZeroEmitsListeningAndReportsTheAddress) {
  test::Watchdog dog(10000);
  Log log;
  auto& server = net::createServer();
  server.on("listening", [&] { log.push_back("listening event"); });
  server.listen(0, "127.0.0.1", [&] {
    log.push_back("listen callback");
    net::AddressInfo a = server.address();
    EXPECT_EQ(a.address, "127.0.0.1");
    EXPECT_EQ(a.family, "IPv4");
    EXPECT_GT(a.port, 0);
    EXPECT_TRUE(server.listening());
    server.close();
  });
  // As Node: listening at once, 'listening' from a later tick.
  EXPECT_TRUE(server.listening());
  log.push_back("after listen");
  nodecc::run();
  EXPECT_EQ(log, (Log{"after listen", "listening event", "listen callback"}));
  EXPECT_FALSE(server.listening());
}

TEST_F(ServerTest, EveryListenFormServes) {
  test::Watchdog dog(10000);
  std::vector<std::string> answers(4);
  std::vector<Error> errors(4);
  auto& byPort = greeter();
  auto& byHost = greeter();
  auto& byBacklog = greeter();
  auto& byOptions = greeter();
  int closed = 0;
  auto finish = [&](net::Server& s) {
    return [&] {
      s.close();
      ++closed;
    };
  };
  byPort.listen(
      0, [&] { ask(byPort.address().port, "127.0.0.1", &answers[0], &errors[0], finish(byPort)); });
  byHost.listen(0, "localhost", [&] {
    ask(byHost.address().port, "localhost", &answers[1], &errors[1], finish(byHost));
  });
  byBacklog.listen(0, "127.0.0.1", 16, [&] {
    ask(byBacklog.address().port, "127.0.0.1", &answers[2], &errors[2], finish(byBacklog));
  });
  byOptions.listen(net::ListenOptions{.port = 0, .host = "127.0.0.1", .backlog = 64}, [&] {
    ask(byOptions.address().port, "127.0.0.1", &answers[3], &errors[3], finish(byOptions));
  });
  nodecc::run();
  EXPECT_EQ(closed, 4);
  // listen(port) alone takes the any-address: "::" (dual stack, so 127.0.0.1 reaches it)
  // where IPv6 works, else 0.0.0.0.
  EXPECT_TRUE(answers[0] == "hello from ::ffff:127.0.0.1" || answers[0] == "hello from 127.0.0.1")
      << answers[0];
  EXPECT_EQ(answers[1], "hello from 127.0.0.1");
  EXPECT_EQ(answers[2], "hello from 127.0.0.1");
  EXPECT_EQ(answers[3], "hello from 127.0.0.1");
  for (const Error& e : errors) {
    EXPECT_EQ(e.code, "");
  }
}

TEST_F(ServerTest, SecondListenOnTheSamePortFailsWithEaddrinuse) {
  test::Watchdog dog(10000);
  Error got;
  bool secondListened = false;
  uint16_t port = 0;
  auto& first = net::createServer();
  auto& second = net::createServer();
  first.listen(0, "127.0.0.1", [&] {
    port = first.address().port;
    second.on("error", [&](const Error& e) {
      got = e;
      first.close();
    });
    second.listen(port, "127.0.0.1", [&] { secondListened = true; });
  });
  nodecc::run();
  EXPECT_FALSE(secondListened);
  EXPECT_FALSE(second.listening());
  EXPECT_EQ(got.code, "EADDRINUSE");
  EXPECT_EQ(got.errnum, -EADDRINUSE);
  EXPECT_EQ(got.syscall, "listen");
  EXPECT_EQ(got.address, "127.0.0.1");
  EXPECT_EQ(got.port, port);
  EXPECT_EQ(got.message,
            "listen EADDRINUSE: address already in use 127.0.0.1:" + std::to_string(port));
}

TEST_F(ServerTest, ListenTwiceThrowsErrServerAlreadyListen) {
  test::Watchdog dog(10000);
  auto& server = net::createServer();
  server.listen(0, "127.0.0.1");
  std::string code;
  try {
    server.listen(0, "127.0.0.1");
  } catch (const Error& e) {
    code = e.code;
  }
  EXPECT_EQ(code, "ERR_SERVER_ALREADY_LISTEN");
  server.close();
  nodecc::run();
}

size_t openFdCount() {
  size_t n = 0;
  if (DIR* d = opendir("/proc/self/fd")) {
    while (dirent* e = readdir(d)) {
      n += e->d_name[0] != '.';
    }
    closedir(d);
  }
  return n;
}

TEST_F(ServerTest, AClosedServerHoldsNoFd) {
  test::Watchdog dog(10000);
  size_t before = openFdCount();
  for (int i = 0; i < 20; ++i) {
    auto& server = net::createServer();
    server.listen(0, "127.0.0.1");
    server.close();
  }
  nodecc::run();
  // Each listener keeps a reserve fd for EMFILE while it listens, and must give it back.
  EXPECT_EQ(openFdCount(), before);
}

TEST_F(ServerTest, AnInvalidHostIsAnError) {
  test::Watchdog dog(10000);
  Error got;
  auto& server = net::createServer();
  server.on("error", [&](const Error& e) { got = e; });
  server.listen(0, "not an address");
  nodecc::run();
  EXPECT_FALSE(server.listening());
  EXPECT_FALSE(got.code.empty());
}

TEST_F(ServerTest, ReusePortLetsTwoListenersShareAPort) {
  test::Watchdog dog(20000);
  auto& a = net::createServer([](net::Socket& s) { s.end("a"); });
  auto& b = net::createServer([](net::Socket& s) { s.end("b"); });
  constexpr int kClients = 40;
  int done = 0;
  std::string answers;
  a.listen(net::ListenOptions{.port = 0, .host = "127.0.0.1", .reusePort = true}, [&] {
    uint16_t port = a.address().port;
    b.on("error", [&](const Error& e) {
      ADD_FAILURE() << e.message;
      a.close();
    });
    b.listen(net::ListenOptions{.port = port, .host = "127.0.0.1", .reusePort = true}, [&, port] {
      EXPECT_EQ(b.address().port, port);
      for (int i = 0; i < kClients; ++i) {
        auto& c = net::connect(port, "127.0.0.1");
        c.on("data", [&](const Buffer& d) { answers += d.toString(); });
        c.on("close", [&](bool) {
          if (++done == kClients) {
            a.close();
            b.close();
          }
        });
      }
    });
  });
  nodecc::run();
  EXPECT_EQ(done, kClients);
  ASSERT_EQ(answers.size(), size_t(kClients));
  // The kernel spreads connections by a hash of the 4-tuple: 40 all landing on one listener
  // has a chance of 2^-39.
  EXPECT_NE(answers.find('a'), std::string::npos);
  EXPECT_NE(answers.find('b'), std::string::npos);
}

TEST_F(ServerTest, Ipv6LoopbackListenAndConnect) {
  if (!hasIpv6Loopback()) {
    GTEST_SKIP() << "no ::1 on this machine";
  }
  test::Watchdog dog(10000);
  std::string answer, family, remote;
  Error error;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    remote = socket.remoteAddress();
    EXPECT_EQ(socket.remoteFamily(), "IPv6");
    socket.end("six");
  });
  server.listen(0, "::1", [&] {
    family = server.address().family;
    EXPECT_EQ(server.address().address, "::1");
    ask(server.address().port, "::1", &answer, &error, [&] { server.close(); });
  });
  nodecc::run();
  EXPECT_EQ(family, "IPv6");
  EXPECT_EQ(remote, "::1");
  EXPECT_EQ(answer, "six");
  EXPECT_EQ(error.code, "");
}

TEST_F(ServerTest, Ipv6OnlyRefusesIpv4WhileDualStackAcceptsIt) {
  if (!hasIpv6Loopback()) {
    GTEST_SKIP() << "no ::1 on this machine";
  }
  test::Watchdog dog(10000);
  std::string dualAnswer, onlyAnswer, onlySixAnswer;
  Error dualError, onlyError, onlySixError;
  auto& dual = greeter();
  auto& only = greeter();
  int pending = 3;
  auto done = [&] {
    if (--pending == 0) {
      dual.close();
      only.close();
    }
  };
  dual.listen(net::ListenOptions{.port = 0, .host = "::"}, [&] {
    EXPECT_EQ(dual.address().family, "IPv6");
    ask(dual.address().port, "127.0.0.1", &dualAnswer, &dualError, done);
  });
  only.listen(net::ListenOptions{.port = 0, .host = "::", .ipv6Only = true}, [&] {
    ask(only.address().port, "127.0.0.1", &onlyAnswer, &onlyError, done);
    ask(only.address().port, "::1", &onlySixAnswer, &onlySixError, done);
  });
  nodecc::run();
  EXPECT_EQ(dualAnswer, "hello from ::ffff:127.0.0.1");
  EXPECT_EQ(dualError.code, "");
  EXPECT_EQ(onlyAnswer, "");
  EXPECT_EQ(onlyError.code, "ECONNREFUSED");
  EXPECT_EQ(onlySixAnswer, "hello from ::1");
}

TEST_F(ServerTest, CloseStopsAcceptingAndCallsBackAfterTheLastConnection) {
  test::Watchdog dog(10000);
  Log log;
  uint16_t port = 0;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.on("data", [](const Buffer&) {});
    socket.on("close", [&](bool) { log.push_back("socket close"); });
    server.close([&](Error* err) { log.push_back(err ? "callback " + err->code : "callback ok"); });
    log.push_back(std::string("listening ") + (server.listening() ? "true" : "false"));
    // The listening socket is gone at once: a new connection is refused.
    auto& late = net::connect(port, "127.0.0.1");
    late.on("error", [&](const Error& e) {
      log.push_back("late " + e.code);
      server.getConnections([&](Error* err, size_t n) {
        EXPECT_EQ(err, nullptr);
        log.push_back("connections " + std::to_string(n));
        socket.end();
      });
    });
  });
  server.on("close", [&] { log.push_back("close event"); });
  server.listen(0, "127.0.0.1", [&] {
    port = server.address().port;
    auto& c = net::connect(port, "127.0.0.1");
    c.on("data", [](const Buffer&) {});
  });
  nodecc::run();
  // As Node: the connection counts as gone at its destroy(), so the server's 'close' (a
  // nextTick) precedes the socket's own 'close' (the loop's close phase).
  EXPECT_EQ(log, (Log{"listening false", "late ECONNREFUSED", "connections 1", "close event",
                      "callback ok", "socket close"}));
}

TEST_F(ServerTest, CloseWhenNotListeningGivesErrServerNotRunningAndStillEmitsClose) {
  test::Watchdog dog(10000);
  Log log;
  auto& server = net::createServer();
  server.on("close", [&] { log.push_back("close event"); });
  server.close([&](Error* err) {
    ASSERT_NE(err, nullptr);
    log.push_back("callback " + err->code + " " + err->message);
  });
  log.push_back("close returned");
  nodecc::run();
  EXPECT_EQ(log, (Log{"close returned", "close event",
                      "callback ERR_SERVER_NOT_RUNNING Server is not running."}));
}

TEST_F(ServerTest, SecondCloseWhileDrainingGetsErrServerNotRunning) {
  test::Watchdog dog(10000);
  Log log;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.on("data", [](const Buffer&) {});
    server.close([&](Error* err) { log.push_back(err ? "first " + err->code : "first ok"); });
    server.close([&](Error* err) { log.push_back(err ? "second " + err->code : "second ok"); });
    setTimeout([&socket] { socket.end(); }, 20);
  });
  int closeEvents = 0;
  server.on("close", [&] { ++closeEvents; });
  server.listen(0, "127.0.0.1", [&] {
    auto& c = net::connect(server.address().port, "127.0.0.1");
    c.on("data", [](const Buffer&) {});
  });
  nodecc::run();
  EXPECT_EQ(closeEvents, 1);
  EXPECT_EQ(log, (Log{"first ok", "second ERR_SERVER_NOT_RUNNING"}));
}

TEST_F(ServerTest, GetConnectionsCountsOpenConnections) {
  test::Watchdog dog(10000);
  constexpr size_t kClients = 5;
  std::vector<size_t> counts;
  std::vector<net::Socket*> accepted;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    accepted.push_back(&socket);
    socket.on("data", [](const Buffer&) {});
    server.getConnections([&, n = accepted.size()](Error*, size_t count) {
      counts.push_back(count);
      if (n == kClients) {
        // Close them one by one, counting after each destroy.
        for (net::Socket* s : accepted) {
          s->destroy();
          server.getConnections([&](Error*, size_t c) { counts.push_back(c); });
        }
        server.close();
      }
    });
  });
  server.listen(0, "127.0.0.1", [&] {
    for (size_t i = 0; i < kClients; ++i) {
      auto& c = net::connect(server.address().port, "127.0.0.1");
      c.on("data", [](const Buffer&) {});
      c.on("error", [](const Error&) {});
    }
  });
  nodecc::run();
  EXPECT_EQ(counts, (std::vector<size_t>{1, 2, 3, 4, 5, 4, 3, 2, 1, 0}));
}

TEST_F(ServerTest, ConnectionsPastMaxConnectionsAreClosed) {
  test::Watchdog dog(10000);
  constexpr int kClients = 6;
  int accepted = 0;
  int served = 0;
  int droppedClients = 0;
  int closedClients = 0;
  std::vector<net::Socket*> held;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    ++accepted;
    held.push_back(&socket);
    socket.on("data", [](const Buffer&) {});
    socket.write("served");
  });
  server.maxConnections = 2;
  server.listen(0, "127.0.0.1", [&] {
    for (int i = 0; i < kClients; ++i) {
      auto& c = net::connect(server.address().port, "127.0.0.1");
      auto got = std::make_shared<std::string>();
      c.on("data", [got](const Buffer& d) { *got += d.toString(); });
      c.on("error", [](const Error&) {});
      c.on("close", [&, got](bool) {
        ++closedClients;
        if (*got == "served") {
          ++served;
        } else {
          ++droppedClients;
        }
        if (droppedClients == kClients - 2) {
          // Every extra connection was refused service: free the two held ones.
          for (net::Socket* s : held) {
            s->end();
          }
          held.clear();
          server.close();
        }
      });
    }
  });
  nodecc::run();
  EXPECT_EQ(accepted, 2);
  EXPECT_EQ(droppedClients, kClients - 2);
  EXPECT_EQ(served, 2);
  EXPECT_EQ(closedClients, kClients);
}

TEST_F(ServerTest, UnrefdServerDoesNotKeepTheLoopAlive) {
  test::Watchdog dog(10000);
  auto& server = net::createServer();
  server.listen(0, "127.0.0.1");
  server.unref();
  uint64_t start = process::hrtime.bigint() / 1000000;
  nodecc::run();  // returns at once: only an unref'd listener is left
  EXPECT_LT(process::hrtime.bigint() / 1000000 - start, 1000u);
  EXPECT_TRUE(server.listening());

  // ref() again: the listener keeps the loop running until closed.
  server.ref();
  bool closedByTimer = false;
  setTimeout(
      [&] {
        closedByTimer = true;
        server.close();
      },
      30);
  nodecc::run();
  EXPECT_TRUE(closedByTimer);
  EXPECT_FALSE(server.listening());
}

TEST_F(ServerTest, UnrefBeforeListenStillCounts) {
  test::Watchdog dog(10000);
  auto& server = net::createServer();
  server.unref();
  server.listen(0, "127.0.0.1");
  nodecc::run();
  EXPECT_TRUE(server.listening());
  server.close();
  nodecc::run();
  EXPECT_FALSE(server.listening());
}

}  // namespace
}  // namespace nodecc
