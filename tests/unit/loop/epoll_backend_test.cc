// The epoll backend, exercised only through the Backend interface (as the layers above use it).
#include "loop/epoll_backend.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "os/fd.h"

namespace nodecc::loop::core {
namespace {

struct Event {
  IoWatcher* w;
  uint32_t bits;
};

// Collects what one wait() hands out.
struct Batch {
  std::vector<Event> events;
  uint32_t bitsFor(const IoWatcher& w) const {
    uint32_t bits = 0;
    for (const Event& e : events) {
      if (e.w == &w) {
        bits |= e.bits;
      }
    }
    return bits;
  }
  size_t countFor(const IoWatcher& w) const {
    size_t n = 0;
    for (const Event& e : events) {
      n += e.w == &w;
    }
    return n;
  }
};

Batch waitOnce(Backend& b, int timeoutMs = 0) {
  Batch batch;
  b.wait(
      timeoutMs,
      [](void* ctx, IoWatcher* w, uint32_t bits) {
        static_cast<Batch*>(ctx)->events.push_back(Event{w, bits});
      },
      &batch);
  return batch;
}

struct SocketPair {
  SocketPair() {
    int fds[2];
    EXPECT_EQ(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, fds), 0);
    a.fd = fds[0];
    b.fd = fds[1];
  }
  IoWatcher a;
  IoWatcher b;
};

class EpollBackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto created = EpollBackend::create();
    ASSERT_TRUE(created.ok()) << created.error();
    backend = std::move(*created);
  }
  std::unique_ptr<Backend> backend;
};

TEST_F(EpollBackendTest, IsNamedEpoll) {
  EXPECT_STREQ(backend->name(), "epoll");
}

TEST_F(EpollBackendTest, MakeBackendGivesAWorkingBackend) {
  std::unique_ptr<Backend> b = makeBackend();
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(waitOnce(*b).events.size(), 0u);
}

TEST_F(EpollBackendTest, WaitWithNothingRegisteredReturnsNoEvents) {
  EXPECT_EQ(backend->wait(
                0, [](void*, IoWatcher*, uint32_t) { FAIL(); }, nullptr),
            0);
}

TEST_F(EpollBackendTest, WaitHonoursItsTimeout) {
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  waitOnce(*backend);  // consume the initial writable edge
  auto start = std::chrono::steady_clock::now();
  Batch batch = waitOnce(*backend, 30);
  EXPECT_TRUE(batch.events.empty());
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(29));
  backend->close(sp.a);
  backend->close(sp.b);
}

TEST_F(EpollBackendTest, FreshSocketIsWritableNotReadable) {
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  EXPECT_TRUE(sp.a.registered);
  Batch batch = waitOnce(*backend);
  uint32_t bits = batch.bitsFor(sp.a);
  EXPECT_TRUE(bits & kWritable);
  EXPECT_FALSE(bits & kReadable);
  EXPECT_FALSE(bits & kHangup);
  backend->close(sp.a);
  backend->close(sp.b);
}

// An eventfd is always writable: registered for writing it would wake every poll.
TEST_F(EpollBackendTest, ReadableOnlyInterestGetsNoWritableEdges) {
  SocketPair sp;
  sp.a.interest = kReadable;
  ASSERT_TRUE(backend->add(sp.a).ok());
  EXPECT_EQ(waitOnce(*backend).countFor(sp.a), 0u);
  ASSERT_EQ(::write(sp.b.fd, "x", 1), 1);
  uint32_t bits = waitOnce(*backend).bitsFor(sp.a);
  EXPECT_TRUE(bits & kReadable);
  EXPECT_FALSE(bits & kWritable);
  backend->close(sp.a);
  backend->close(sp.b);
}

TEST_F(EpollBackendTest, WatcherCountFollowsAddAndRemove) {
  EXPECT_EQ(backend->watcherCount(), 0u);
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  ASSERT_TRUE(backend->add(sp.b).ok());
  EXPECT_EQ(backend->watcherCount(), 2u);
  IoWatcher dup;
  dup.fd = sp.a.fd;
  EXPECT_FALSE(backend->add(dup).ok());  // a failed add registers nothing
  EXPECT_EQ(backend->watcherCount(), 2u);
  backend->remove(sp.a);
  backend->remove(sp.a);
  EXPECT_EQ(backend->watcherCount(), 1u);
  backend->close(sp.b);
  backend->close(sp.a);
  EXPECT_EQ(backend->watcherCount(), 0u);
}

TEST_F(EpollBackendTest, PeerWriteMakesItReadableAndRecvDrainsToEagain) {
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  waitOnce(*backend);
  ASSERT_EQ(::write(sp.b.fd, "hello", 5), 5);
  Batch batch = waitOnce(*backend);
  EXPECT_TRUE(batch.bitsFor(sp.a) & kReadable);
  char buf[64];
  os::core::Result<size_t> n = backend->recv(sp.a, buf, sizeof buf);
  ASSERT_TRUE(n.ok()) << n.error();
  EXPECT_EQ(std::string(buf, *n), "hello");
  os::core::Result<size_t> again = backend->recv(sp.a, buf, sizeof buf);
  EXPECT_FALSE(again.ok());
  EXPECT_EQ(again.error(), -EAGAIN);
  backend->close(sp.a);
  backend->close(sp.b);
}

// process.stdin over a pipe reads through recv, which falls back to read(2) for a non-socket:
// data, EAGAIN once drained, then the writer's close as a hangup and a 0.
TEST_F(EpollBackendTest, RecvReadsAPipeToEagainThenEof) {
  int fds[2];
  ASSERT_EQ(::pipe2(fds, O_NONBLOCK | O_CLOEXEC), 0);
  IoWatcher r;
  r.fd = fds[0];
  r.interest = kReadable;
  ASSERT_TRUE(backend->add(r).ok());
  waitOnce(*backend);
  ASSERT_EQ(::write(fds[1], "line\n", 5), 5);
  EXPECT_TRUE(waitOnce(*backend).bitsFor(r) & kReadable);
  char buf[64];
  os::core::Result<size_t> n = backend->recv(r, buf, sizeof buf);
  ASSERT_TRUE(n.ok()) << n.error();
  EXPECT_EQ(std::string(buf, *n), "line\n");
  os::core::Result<size_t> again = backend->recv(r, buf, sizeof buf);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error(), -EAGAIN);
  ::close(fds[1]);
  EXPECT_TRUE(waitOnce(*backend).bitsFor(r) & kHangup);
  n = backend->recv(r, buf, sizeof buf);
  ASSERT_TRUE(n.ok()) << n.error();
  EXPECT_EQ(*n, 0u);
  backend->close(r);
}

// Edge-triggered: readiness already reported is not reported again until new data arrives.
TEST_F(EpollBackendTest, ReportsEachEdgeOnce) {
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  waitOnce(*backend);
  ASSERT_EQ(::write(sp.b.fd, "x", 1), 1);
  EXPECT_EQ(waitOnce(*backend).countFor(sp.a), 1u);
  EXPECT_EQ(waitOnce(*backend).countFor(sp.a), 0u);  // not drained, but no new edge
  ASSERT_EQ(::write(sp.b.fd, "y", 1), 1);
  EXPECT_EQ(waitOnce(*backend).countFor(sp.a), 1u);
  backend->close(sp.a);
  backend->close(sp.b);
}

TEST_F(EpollBackendTest, WritevSendsAllBuffersInOrder) {
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  std::string one = "GET / HTTP/1.1\r\n", two = "Host: x\r\n", three = "\r\n";
  iovec iov[3] = {{one.data(), one.size()}, {two.data(), two.size()}, {three.data(), three.size()}};
  os::core::Result<size_t> n = backend->writev(sp.a, iov, 3);
  ASSERT_TRUE(n.ok()) << n.error();
  EXPECT_EQ(*n, one.size() + two.size() + three.size());
  char buf[128];
  ssize_t got = ::read(sp.b.fd, buf, sizeof buf);
  EXPECT_EQ(std::string(buf, size_t(got)), one + two + three);
  backend->close(sp.a);
  backend->close(sp.b);
}

TEST_F(EpollBackendTest, WritevToAFullSocketReportsEagainThenWritableAfterTheReaderDrains) {
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  waitOnce(*backend);
  std::string chunk(65536, 'z');
  iovec iov{chunk.data(), chunk.size()};
  size_t sent = 0;
  os::core::Result<size_t> n = size_t(0);
  for (int i = 0; i < 10000; ++i) {
    n = backend->writev(sp.a, &iov, 1);
    if (!n.ok()) {
      break;
    }
    sent += *n;
  }
  ASSERT_FALSE(n.ok());
  EXPECT_EQ(n.error(), -EAGAIN);
  EXPECT_GT(sent, 0u);
  char buf[65536];
  size_t drained = 0;
  while (drained < sent) {
    ssize_t r = ::read(sp.b.fd, buf, sizeof buf);
    ASSERT_GT(r, 0);
    drained += size_t(r);
  }
  EXPECT_TRUE(waitOnce(*backend).bitsFor(sp.a) & kWritable);
  backend->close(sp.a);
  backend->close(sp.b);
}

TEST_F(EpollBackendTest, WritevToAPipeFallsBackToPlainWritev) {
  int fds[2];
  ASSERT_EQ(pipe2(fds, O_NONBLOCK | O_CLOEXEC), 0);
  IoWatcher r, w;
  r.fd = fds[0];
  w.fd = fds[1];
  ASSERT_TRUE(backend->add(r).ok());
  ASSERT_TRUE(backend->add(w).ok());
  waitOnce(*backend);
  std::string a = "ab", b = "cd";
  iovec iov[2] = {{a.data(), 2}, {b.data(), 2}};
  os::core::Result<size_t> n = backend->writev(w, iov, 2);
  ASSERT_TRUE(n.ok()) << n.error();
  EXPECT_EQ(*n, 4u);
  EXPECT_TRUE(waitOnce(*backend).bitsFor(r) & kReadable);
  char buf[8];
  EXPECT_EQ(::read(r.fd, buf, sizeof buf), 4);
  EXPECT_EQ(std::string(buf, 4), "abcd");
  // One buffer takes the sendto path on a socket; a pipe must still get it.
  iovec one{a.data(), 2};
  n = backend->writev(w, &one, 1);
  ASSERT_TRUE(n.ok()) << n.error();
  EXPECT_EQ(*n, 2u);
  EXPECT_EQ(::read(r.fd, buf, sizeof buf), 2);
  EXPECT_EQ(std::string(buf, 2), "ab");
  backend->close(r);
  backend->close(w);
}

TEST_F(EpollBackendTest, WritevAfterThePeerClosedIsEpipeWithoutSigpipe) {
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  backend->close(sp.b);
  std::string data = "late";
  iovec iov{data.data(), data.size()};
  os::core::Result<size_t> n = backend->writev(sp.a, &iov, 1);  // SIGPIPE would end the test binary
  ASSERT_FALSE(n.ok());
  EXPECT_EQ(n.error(), -EPIPE);
  backend->close(sp.a);
}

TEST_F(EpollBackendTest, PeerCloseIsReportedAsHangupAndRecvReturnsZero) {
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  waitOnce(*backend);
  backend->close(sp.b);
  uint32_t bits = waitOnce(*backend).bitsFor(sp.a);
  EXPECT_TRUE(bits & kHangup);
  EXPECT_TRUE(bits & kReadable);  // the reader learns of the end by reading
  char buf[8];
  os::core::Result<size_t> n = backend->recv(sp.a, buf, sizeof buf);
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(*n, 0u);
  backend->close(sp.a);
}

TEST_F(EpollBackendTest, PeerShutdownOfItsWritingSideIsReportedAsHangup) {
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  waitOnce(*backend);
  ASSERT_EQ(::write(sp.b.fd, "last", 4), 4);
  ASSERT_EQ(::shutdown(sp.b.fd, SHUT_WR), 0);
  uint32_t bits = waitOnce(*backend).bitsFor(sp.a);
  EXPECT_TRUE(bits & kHangup);
  EXPECT_TRUE(bits & kReadable);
  char buf[8];
  os::core::Result<size_t> n = backend->recv(sp.a, buf, sizeof buf);
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(std::string(buf, *n), "last");  // data before the end is still delivered
  n = backend->recv(sp.a, buf, sizeof buf);
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(*n, 0u);
  // Half-closed: we can still write to the peer.
  std::string reply = "ok";
  iovec iov{reply.data(), reply.size()};
  EXPECT_TRUE(backend->writev(sp.a, &iov, 1).ok());
  backend->close(sp.a);
  backend->close(sp.b);
}

TEST_F(EpollBackendTest, PipeWriterCloseIsReportedAsHangupOnTheReader) {
  int fds[2];
  ASSERT_EQ(pipe2(fds, O_NONBLOCK | O_CLOEXEC), 0);
  IoWatcher r;
  r.fd = fds[0];
  ASSERT_TRUE(backend->add(r).ok());
  waitOnce(*backend);
  ::close(fds[1]);
  EXPECT_TRUE(waitOnce(*backend).bitsFor(r) & kHangup);
  backend->close(r);
}

struct RemoveCtx {
  Backend* backend;
  IoWatcher* first;
  IoWatcher* second;
  std::vector<IoWatcher*> delivered;
};

// Two watchers ready in one batch; whichever is dispatched first removes the other, whose
// already-fetched event must then not be delivered (its memory may be gone).
TEST_F(EpollBackendTest, RemoveDuringABatchSuppressesThatWatchersPendingEvent) {
  SocketPair one, two;
  ASSERT_TRUE(backend->add(one.a).ok());
  ASSERT_TRUE(backend->add(two.a).ok());
  waitOnce(*backend);
  ASSERT_EQ(::write(one.b.fd, "1", 1), 1);
  ASSERT_EQ(::write(two.b.fd, "2", 1), 1);
  RemoveCtx ctx{backend.get(), &one.a, &two.a, {}};
  int n = backend->wait(
      0,
      [](void* p, IoWatcher* w, uint32_t) {
        auto* c = static_cast<RemoveCtx*>(p);
        c->delivered.push_back(w);
        if (c->delivered.size() == 1) {
          c->backend->remove(w == c->first ? *c->second : *c->first);
        }
      },
      &ctx);
  EXPECT_EQ(n, 2);                      // both were fetched in the same batch...
  ASSERT_EQ(ctx.delivered.size(), 1u);  // ...but only the first was delivered
  IoWatcher* removed = ctx.delivered[0] == &one.a ? &two.a : &one.a;
  EXPECT_FALSE(removed->registered);
  // Removed for good: new data produces no event either.
  ASSERT_EQ(::write(ctx.delivered[0] == &one.a ? two.b.fd : one.b.fd, "3", 1), 1);
  EXPECT_EQ(waitOnce(*backend).countFor(*removed), 0u);
  backend->close(one.a);
  backend->close(one.b);
  backend->close(two.a);
  backend->close(two.b);
}

TEST_F(EpollBackendTest, CloseDuringABatchSuppressesThatWatchersPendingEvent) {
  SocketPair one, two;
  ASSERT_TRUE(backend->add(one.a).ok());
  ASSERT_TRUE(backend->add(two.a).ok());
  waitOnce(*backend);
  ASSERT_EQ(::write(one.b.fd, "1", 1), 1);
  ASSERT_EQ(::write(two.b.fd, "2", 1), 1);
  RemoveCtx ctx{backend.get(), &one.a, &two.a, {}};
  backend->wait(
      0,
      [](void* p, IoWatcher* w, uint32_t) {
        auto* c = static_cast<RemoveCtx*>(p);
        c->delivered.push_back(w);
        if (c->delivered.size() == 1) {
          c->backend->close(w == c->first ? *c->second : *c->first);
        }
      },
      &ctx);
  ASSERT_EQ(ctx.delivered.size(), 1u);
  IoWatcher* closed = ctx.delivered[0] == &one.a ? &two.a : &one.a;
  EXPECT_EQ(closed->fd, -1);
  backend->close(one.a);
  backend->close(one.b);
  backend->close(two.a);
  backend->close(two.b);
}

TEST_F(EpollBackendTest, RemovedWatcherGetsNoMoreEventsAndCanBeAddedAgain) {
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  waitOnce(*backend);
  backend->remove(sp.a);
  EXPECT_FALSE(sp.a.registered);
  backend->remove(sp.a);  // not registered: no-op
  ASSERT_EQ(::write(sp.b.fd, "x", 1), 1);
  EXPECT_EQ(waitOnce(*backend).countFor(sp.a), 0u);
  EXPECT_TRUE(fcntl(sp.a.fd, F_GETFD) >= 0);  // remove() leaves the fd open
  ASSERT_TRUE(backend->add(sp.a).ok());
  EXPECT_TRUE(waitOnce(*backend).bitsFor(sp.a) & kReadable);
  backend->close(sp.a);
  backend->close(sp.b);
}

TEST_F(EpollBackendTest, CloseRemovesAndClosesTheFd) {
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  int fd = sp.a.fd;
  backend->close(sp.a);
  EXPECT_EQ(sp.a.fd, -1);
  EXPECT_FALSE(sp.a.registered);
  EXPECT_LT(fcntl(fd, F_GETFD), 0);
  EXPECT_EQ(errno, EBADF);
  backend->close(sp.a);  // already closed: no-op
  backend->close(sp.b);
}

TEST_F(EpollBackendTest, AddReportsErrnoForBadOrDuplicateFds) {
  IoWatcher bad;
  bad.fd = -1;
  os::core::Result<void> r = backend->add(bad);
  EXPECT_EQ(r.error(), -EBADF);
  EXPECT_FALSE(bad.registered);
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  IoWatcher dup;
  dup.fd = sp.a.fd;
  EXPECT_EQ(backend->add(dup).error(), -EEXIST);
  backend->close(sp.a);
  backend->close(sp.b);
}

// A loopback listener on an ephemeral port.
struct Listener {
  Listener() {
    w.fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(::bind(w.fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    EXPECT_EQ(::listen(w.fd, 16), 0);
    socklen_t len = sizeof addr;
    ::getsockname(w.fd, reinterpret_cast<sockaddr*>(&addr), &len);
    this->addr = addr;
  }
  IoWatcher w;
  sockaddr_in addr{};
};

TEST_F(EpollBackendTest, ConnectAndAcceptOverLoopback) {
  Listener listener;
  ASSERT_TRUE(backend->add(listener.w).ok());
  waitOnce(*backend);
  sockaddr_storage peer{};
  socklen_t peerLen = 0;
  EXPECT_EQ(backend->accept(listener.w, &peer, &peerLen).error(), -EAGAIN);

  IoWatcher client;
  client.fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  ASSERT_TRUE(backend->add(client).ok());
  os::core::Result<void> c = backend->connect(
      client, reinterpret_cast<const sockaddr*>(&listener.addr), sizeof listener.addr);
  ASSERT_TRUE(c.ok() || c.error() == -EINPROGRESS) << c.error();

  // Generous wait: the listener becomes readable and the client writable.
  bool listenerReady = false, clientWritable = false;
  for (int i = 0; i < 100 && !(listenerReady && clientWritable); ++i) {
    Batch batch = waitOnce(*backend, 100);
    listenerReady |= (batch.bitsFor(listener.w) & kReadable) != 0;
    clientWritable |= (batch.bitsFor(client) & kWritable) != 0;
  }
  EXPECT_TRUE(listenerReady);
  EXPECT_TRUE(clientWritable);

  os::core::Result<int> accepted = backend->accept(listener.w, &peer, &peerLen);
  ASSERT_TRUE(accepted.ok()) << accepted.error();
  os::core::Fd server(*accepted);
  EXPECT_EQ(peerLen, socklen_t(sizeof(sockaddr_in)));
  EXPECT_EQ(reinterpret_cast<sockaddr_in&>(peer).sin_family, AF_INET);
  EXPECT_TRUE(fcntl(server.get(), F_GETFL) & O_NONBLOCK);
  EXPECT_TRUE(fcntl(server.get(), F_GETFD) & FD_CLOEXEC);
  EXPECT_EQ(backend->accept(listener.w, &peer, &peerLen).error(), -EAGAIN);

  backend->close(client);
  backend->close(listener.w);
}

TEST_F(EpollBackendTest, ConnectToAClosedPortFails) {
  Listener listener;
  sockaddr_in addr = listener.addr;
  ::close(listener.w.fd);  // the port is free again: nobody listens
  IoWatcher client;
  client.fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  ASSERT_TRUE(backend->add(client).ok());
  os::core::Result<void> c =
      backend->connect(client, reinterpret_cast<const sockaddr*>(&addr), sizeof addr);
  if (c.error() == -EINPROGRESS) {
    uint32_t bits = 0;
    for (int i = 0; i < 100 && !(bits & kError); ++i) {
      bits |= waitOnce(*backend, 100).bitsFor(client);
    }
    EXPECT_TRUE(bits & kError);
    int err = 0;
    socklen_t len = sizeof err;
    ::getsockopt(client.fd, SOL_SOCKET, SO_ERROR, &err, &len);
    EXPECT_EQ(err, ECONNREFUSED);
  } else {
    EXPECT_EQ(c.error(), -ECONNREFUSED);
  }
  backend->close(client);
}

TEST_F(EpollBackendTest, SendfileSendsFileBytesAndAdvancesTheOffset) {
  char path[] = "/tmp/nodecc-sendfile-XXXXXX";
  int file = ::mkstemp(path);
  ASSERT_GE(file, 0);
  ::unlink(path);
  os::core::Fd fileFd(file);
  std::string content = "0123456789abcdef";
  ASSERT_EQ(::write(file, content.data(), content.size()), ssize_t(content.size()));
  SocketPair sp;
  ASSERT_TRUE(backend->add(sp.a).ok());
  int64_t offset = 4;
  os::core::Result<size_t> n = backend->sendfile(sp.a, file, &offset, 6);
  ASSERT_TRUE(n.ok()) << n.error();
  EXPECT_EQ(*n, 6u);
  EXPECT_EQ(offset, 10);
  char buf[16];
  ssize_t got = ::read(sp.b.fd, buf, sizeof buf);
  EXPECT_EQ(std::string(buf, size_t(got)), "456789");
  backend->close(sp.a);
  backend->close(sp.b);
}

TEST_F(EpollBackendTest, SendfileFromABadFdReportsErrno) {
  SocketPair sp;
  int64_t offset = 0;
  os::core::Result<size_t> n = backend->sendfile(sp.a, -1, &offset, 10);
  EXPECT_EQ(n.error(), -EBADF);
  EXPECT_EQ(offset, 0);
  backend->close(sp.a);
  backend->close(sp.b);
}

}  // namespace
}  // namespace nodecc::loop::core
