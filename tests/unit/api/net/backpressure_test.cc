// Write backpressure: write() returns false once bytes wait past writableHighWaterMark, 'drain'
// follows when they have gone, write callbacks run in order, and a paused reader makes TCP
// push back on the writer.
#include <string>
#include <vector>

#include "unit/api/net/net_test_util.h"

namespace nodecc {
namespace {

using BackpressureTest = test::NetTest;

TEST_F(BackpressureTest, WriteReturnsFalsePastHighWaterMarkAgainstAPausedPeerThenDrain) {
  test::Watchdog dog(20000);
  const std::string chunk = test::patternBytes(64 * 1024);
  net::Socket* serverSide = nullptr;
  uint64_t received = 0;
  uint64_t sent = 0;
  int falseReturns = 0;
  int drains = 0;
  size_t queuedWhenFull = 0;
  bool resumed = false;
  bool drainAfterResume = false;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    serverSide = &socket;
    socket.pause();
    socket.on("data", [&](const Buffer& d) { received += d.size(); });
    socket.on("end", [&] { socket.end(); });
    socket.on("close", [&](bool) { server.close(); });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& c = net::connect(server.address().port, "127.0.0.1");
    c.on("connect", [&] {
      while (c.write(chunk)) {
        sent += chunk.size();
      }
      sent += chunk.size();
      ++falseReturns;
      queuedWhenFull = c.writableLength();
      setTimeout(
          [&] {
            resumed = true;
            serverSide->resume();
          },
          50);
    });
    c.on("drain", [&] {
      ++drains;
      drainAfterResume = resumed;
      EXPECT_EQ(c.writableLength(), 0u);
      c.end();
    });
    c.on("data", [](const Buffer&) {});
  });
  nodecc::run();
  EXPECT_EQ(falseReturns, 1);
  EXPECT_GE(queuedWhenFull, size_t(16 * 1024));
  EXPECT_EQ(drains, 1);
  EXPECT_TRUE(drainAfterResume);
  EXPECT_EQ(received, sent);
}

// Writes 64 KiB chunks against a paused peer until write() returns false; returns how many
// bytes were queued then.
size_t queuedWhenWriteTurnsFalse(size_t highWaterMark) {
  const std::string chunk(64 * 1024, 'q');
  size_t queued = 0;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.pause();
    setTimeout([&socket] { socket.resume(); }, 20);
    socket.on("data", [](const Buffer&) {});
    socket.on("end", [&] { socket.end(); });
    socket.on("close", [&](bool) { server.close(); });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& c = net::connect(server.address().port, "127.0.0.1");
    if (highWaterMark > 0) {
      c.writableHighWaterMark = highWaterMark;
    }
    c.on("connect", [&] {
      while (c.write(chunk)) {
      }
      queued = c.writableLength();
      c.end();
    });
    c.on("data", [](const Buffer&) {});
  });
  nodecc::run();
  return queued;
}

TEST_F(BackpressureTest, WriteTurnsFalseExactlyWhenTheQueueReachesHighWaterMark) {
  test::Watchdog dog(20000);
  // The write before the last returned true (queue below the mark), the last one added 64 KiB.
  size_t byDefault = queuedWhenWriteTurnsFalse(0);
  EXPECT_GE(byDefault, size_t(16 * 1024));
  EXPECT_LT(byDefault, size_t(16 * 1024 + 64 * 1024));
  size_t custom = queuedWhenWriteTurnsFalse(4 << 20);
  EXPECT_GE(custom, size_t(4 << 20));
  EXPECT_LT(custom, size_t((4 << 20) + 64 * 1024));
}

TEST_F(BackpressureTest, NoDrainAfterEnd) {
  test::Watchdog dog(20000);
  const std::string chunk(64 * 1024, 'e');
  int drains = 0;
  uint64_t sent = 0, received = 0;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.pause();
    setTimeout([&socket] { socket.resume(); }, 30);
    socket.on("data", [&](const Buffer& d) { received += d.size(); });
    socket.on("end", [&] { socket.end(); });
    socket.on("close", [&](bool) { server.close(); });
  });
  server.listen(0, "127.0.0.1", [&] {
    auto& c = net::connect(server.address().port, "127.0.0.1");
    c.on("connect", [&] {
      do {
        sent += chunk.size();
      } while (c.write(chunk));
      c.end();  // Node emits no 'drain' once the writable side is ending
    });
    c.on("drain", [&] { ++drains; });
    c.on("data", [](const Buffer&) {});
  });
  nodecc::run();
  EXPECT_EQ(drains, 0);
  EXPECT_EQ(received, sent);
}

TEST_F(BackpressureTest, WriteCallbacksRunInOrderOnceTheirBytesAreSent) {
  test::Watchdog dog(20000);
  constexpr int kWrites = 200;
  std::vector<int> order;
  uint64_t received = 0;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    socket.pause();
    setTimeout([&socket] { socket.resume(); }, 30);
    socket.on("data", [&](const Buffer& d) { received += d.size(); });
    socket.on("end", [&] { socket.end(); });
    socket.on("close", [&](bool) { server.close(); });
  });
  const std::string chunk = test::patternBytes(100 * 1000);
  server.listen(0, "127.0.0.1", [&] {
    auto& c = net::connect(server.address().port, "127.0.0.1");
    c.on("connect", [&] {
      for (int i = 0; i < kWrites; ++i) {
        c.write(chunk, [&, i](Error* err) {
          EXPECT_EQ(err, nullptr);
          order.push_back(i);
        });
      }
      c.end();
    });
    c.on("data", [](const Buffer&) {});
  });
  nodecc::run();
  ASSERT_EQ(order.size(), size_t(kWrites));
  for (int i = 0; i < kWrites; ++i) {
    EXPECT_EQ(order[i], i);
  }
  EXPECT_EQ(received, uint64_t(kWrites) * chunk.size());
}

TEST_F(BackpressureTest, PausedReaderMakesTcpPushBackOnTheWriter) {
  test::Watchdog dog(20000);
  constexpr size_t kChunk = 1 << 20;
  constexpr int kTicks = 30;
  net::Socket* serverSide = nullptr;
  net::Socket* client = nullptr;
  std::vector<size_t> queued;
  uint64_t receivedWhilePaused = 0;
  uint64_t received = 0;
  bool paused = false;
  uint64_t total = 0;
  Timeout sampler;
  auto& server = net::createServer();
  server.on("connection", [&](net::Socket& socket) {
    serverSide = &socket;
    socket.pause();
    paused = true;
    socket.on("data", [&](const Buffer& d) {
      received += d.size();
      if (paused) {
        receivedWhilePaused += d.size();
      }
    });
    socket.on("end", [&] { socket.end(); });
    socket.on("close", [&](bool) { server.close(); });
  });
  server.listen(0, "127.0.0.1", [&] {
    client = &net::connect(server.address().port, "127.0.0.1");
    client->on("data", [](const Buffer&) {});
    client->on("connect", [&] {
      // Keep writing 1 MiB every 10 ms, ignoring the return value, for 300 ms: with the
      // server paused, the kernel buffers (a few MiB) fill, and from then on the client's own
      // queue must take every byte written.
      const std::string chunk(kChunk, 'p');
      int ticks = 0;
      sampler = setInterval(
          [&, chunk, ticks]() mutable {
            client->write(chunk);
            total += chunk.size();
            queued.push_back(client->writableLength());
            if (++ticks == kTicks) {
              clearInterval(sampler);
              paused = false;
              serverSide->resume();
              client->end();
            }
          },
          10);
    });
  });
  nodecc::run();
  ASSERT_EQ(queued.size(), size_t(kTicks));
  EXPECT_EQ(receivedWhilePaused, 0u);
  // Once the kernel buffers are full, each write lands whole in the queue.
  for (int i = kTicks - 5; i < kTicks; ++i) {
    EXPECT_EQ(queued[i] - queued[i - 1], kChunk) << "sample " << i;
  }
  EXPECT_GT(queued.back(), 5 * kChunk);
  EXPECT_EQ(received, total);
}

}  // namespace
}  // namespace nodecc
