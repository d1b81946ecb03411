// Accepting under load: a burst of 10,000 connections from client threads, and fd exhaustion
// (EMFILE) that must neither spin the loop nor stop the server from serving later.
#include <dirent.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "api/net/server_impl.h"
#include "unit/api/net/net_test_util.h"

namespace nodecc {
namespace {

using AcceptTest = test::NetTest;

uint64_t nowMs() {
  return process::hrtime.bigint() / 1000000;
}

double cpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

TEST_F(AcceptTest, TenThousandConnectionsInWavesAreAllAcceptedAndServed) {
  test::Watchdog dog(120000);
  constexpr int kThreads = 4;
  constexpr int kWave = 100;  // connections each thread holds open at once
  constexpr int kPerThread = 2500;
  std::atomic<int> served{0};
  std::atomic<int> failures{0};
  std::atomic<int> threadsDone{0};
  int accepted = 0;
  std::vector<std::thread> clients;
  Timeout poll;
  uint64_t start = nowMs();

  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    ++accepted;
    socket.on("data", [&socket](const Buffer& d) { socket.end(d.toString()); });
  });
  server.listen(net::ListenOptions{.port = 0, .host = "127.0.0.1", .backlog = 1024}, [&] {
    uint16_t port = server.address().port;
    for (int t = 0; t < kThreads; ++t) {
      clients.emplace_back([&, port, t] {
        for (int base = 0; base < kPerThread; base += kWave) {
          std::vector<std::pair<int, std::string>> wave;
          for (int i = 0; i < kWave; ++i) {
            int fd = test::blockingConnect(port);
            if (fd < 0) {
              ++failures;
              continue;
            }
            std::string msg = std::to_string(t) + ":" + std::to_string(base + i);
            if (!test::blockingWrite(fd, msg)) {
              ++failures;
            }
            wave.emplace_back(fd, msg);
          }
          for (auto& [fd, msg] : wave) {
            int status;
            std::string got = test::blockingRead(fd, msg.size() + 1, 10000, &status);
            if (status == 0 && got == msg) {
              ++served;
            } else {
              ++failures;
            }
            ::close(fd);
          }
        }
        ++threadsDone;
      });
    }
    // Client threads cannot touch the loop: watch their progress from it.
    poll = setInterval(
        [&] {
          if (threadsDone.load() == kThreads) {
            clearInterval(poll);
            server.close();
          }
        },
        10);
  });
  nodecc::run();
  for (auto& t : clients) {
    t.join();
  }
  uint64_t elapsed = nowMs() - start;
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(served.load(), kThreads * kPerThread);
  EXPECT_EQ(accepted, kThreads * kPerThread);
  EXPECT_LT(elapsed, 20000u);
  std::printf("10,000 connections accepted and served in %llu ms\n",
              static_cast<unsigned long long>(elapsed));
}

// The highest fd open in this process.
int highestOpenFd() {
  int highest = -1;
  if (DIR* d = opendir("/proc/self/fd")) {
    while (dirent* e = readdir(d)) {
      if (e->d_name[0] != '.') {
        highest = std::max(highest, std::atoi(e->d_name));
      }
    }
    closedir(d);
  }
  return highest;
}

TEST_F(AcceptTest, FdExhaustionNeitherSpinsNorStopsTheServer) {
  test::Watchdog dog(60000);
  // The server may hold this many connections before accept() fails with EMFILE.
  constexpr int kSpareFds = 6;
  constexpr int kFirstWave = 24;     // connect at once: kSpareFds served, the rest dropped
  constexpr int kDuringWindow = 10;  // one every 50 ms while the CPU time is measured
  enum Phase { kStart, kFirstWaveDone, kWindowDone, kFdsFreed, kFinished };
  std::atomic<int> phase{kStart};
  std::atomic<int> served{0}, dropped{0}, hung{0}, windowDropped{0};
  std::atomic<bool> recovered{false};
  std::vector<net::Socket*> held;
  std::vector<int> fillers;
  rlimit saved{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &saved), 0);
  double cpuAtStart = -1;
  double windowCpu = -1;
  std::thread client;
  Timeout poll;

  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    held.push_back(&socket);
    socket.on("data", [](const Buffer&) {});
    socket.on("error", [](const Error&) {});
    socket.on("close", [&](bool) { std::erase(held, &socket); });
    socket.write("served");
  });
  auto exhaust = [&] {
    uint16_t port = server.address().port;
    // Every client socket is made now, before the limit: connect() needs no new fd.
    std::vector<int> socks;
    for (int i = 0; i < kFirstWave + kDuringWindow + 1; ++i) {
      socks.push_back(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
      ASSERT_GE(socks.back(), 0);
    }
    // Fill the holes below the highest open fd, so that the limit leaves exactly kSpareFds.
    int highest = highestOpenFd();
    for (;;) {
      int fd = ::dup(0);
      ASSERT_GE(fd, 0);
      if (fd > highest) {
        ::close(fd);
        break;
      }
      fillers.push_back(fd);
    }
    rlimit low = saved;
    low.rlim_cur = rlim_t(highest + 1 + kSpareFds);
    ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &low), 0);

    client = std::thread([&, port, socks] {
      sockaddr_in a{};
      a.sin_family = AF_INET;
      a.sin_port = htons(port);
      a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      auto connectAndAsk = [&](int fd) {
        if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) < 0) {
          return -errno;
        }
        test::blockingWrite(fd, "hi");
        int status;
        std::string got = test::blockingRead(fd, 6, 3000, &status);
        if (got == "served") {
          return 1;
        }
        return status == -ETIMEDOUT ? -ETIMEDOUT : 0;  // 0: EOF or reset, i.e. dropped
      };
      // Wave 1: all connect first (the kernel completes them), then each waits for an answer.
      for (int i = 0; i < kFirstWave; ++i) {
        if (::connect(socks[i], reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) {
          test::blockingWrite(socks[i], "hi");
        }
      }
      for (int i = 0; i < kFirstWave; ++i) {
        int status;
        std::string got = test::blockingRead(socks[i], 6, 3000, &status);
        if (got == "served") {
          ++served;
        } else if (status == -ETIMEDOUT) {
          ++hung;
        } else {
          ++dropped;
        }
      }
      phase = kFirstWaveDone;
      // The window: the server is out of fds while connections keep coming.
      for (int i = 0; i < kDuringWindow; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        int r = connectAndAsk(socks[kFirstWave + i]);
        if (r == 0) {
          ++windowDropped;
        } else if (r == -ETIMEDOUT) {
          ++hung;
        }
      }
      phase = kWindowDone;
      while (phase.load() != kFdsFreed) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      recovered = connectAndAsk(socks.back()) == 1;
      for (int fd : socks) {
        ::close(fd);
      }
      phase = kFinished;
    });

    poll = setInterval(
        [&] {
          switch (phase.load()) {
            case kFirstWaveDone:
              if (cpuAtStart < 0) {
                cpuAtStart = cpuSeconds();
              }
              break;
            case kWindowDone:
              if (windowCpu < 0) {
                windowCpu = cpuSeconds() - cpuAtStart;
                // Free the server's fds: destroy() closes at once ('close' follows and erases).
                for (net::Socket* s : std::vector<net::Socket*>(held)) {
                  s->destroy();
                }
                phase = kFdsFreed;
              }
              break;
            case kFinished:
              clearInterval(poll);
              for (net::Socket* s : std::vector<net::Socket*>(held)) {
                s->destroy();
              }
              server.close();
              break;
            default:
              break;
          }
        },
        5);
  };
  server.listen(0, "127.0.0.1", [&] {
    // In the sanitizer build UBSan checks the dynamic type of each virtual call, and its first
    // check of a type writes to a pipe: with no fd left that reads as a false "invalid vptr".
    // One ordinary connection first warms its cache for the paths the test takes.
    auto& warm = net::connect(server.address().port, "127.0.0.1");
    warm.on("data", [&warm](const Buffer&) { warm.end(); });
    warm.on("close", [&](bool) { exhaust(); });
  });
  nodecc::run();
  client.join();
  setrlimit(RLIMIT_NOFILE, &saved);
  for (int fd : fillers) {
    ::close(fd);
  }
  EXPECT_EQ(hung.load(), 0);
  EXPECT_GE(served.load(), 1);
  EXPECT_LE(served.load(), kSpareFds);
  EXPECT_GE(dropped.load(), kFirstWave - kSpareFds);
  EXPECT_EQ(served.load() + dropped.load(), kFirstWave);
  EXPECT_EQ(windowDropped.load(), kDuringWindow);
  EXPECT_GE(nodecc::detail::Access::impl(server)->listener.droppedForFdExhaustion(),
            size_t(kFirstWave - kSpareFds));
  EXPECT_TRUE(recovered.load());
  // About 0.5 s passed in the window (10 x 50 ms); a spinning accept loop would burn all of it.
  EXPECT_GE(windowCpu, 0.0);
  EXPECT_LT(windowCpu, 0.3);
  std::printf("EMFILE: served %d, dropped %d + %d, CPU in the window %.3f s\n", served.load(),
              dropped.load(), windowDropped.load(), windowCpu);
}

}  // namespace
}  // namespace nodecc
