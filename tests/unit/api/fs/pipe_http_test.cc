// readStream.pipe(res) with a real HTTP client on a blocking socket in another thread: the
// file is read only as fast as the client takes it (backpressure through ServerResponse's
// write()/'drain'), and a client that goes away makes the source close its fd.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "unit/api/api_test_util.h"
#include "unit/fs/fs_test_util.h"

namespace nodecc {
namespace {

using PipeHttp = test::ApiTest;
using fs::test::TempDir;

constexpr size_t kFileBytes = 64 * 1024 * 1024;

int connectTo(uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  const char req[] = "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  (void)::write(fd, req, sizeof req - 1);
  return fd;
}

// Reads until EOF or until `limit` bytes; returns the bytes read.
size_t drain(int fd, size_t limit) {
  std::string buf(1 << 16, '\0');
  size_t total = 0;
  while (total < limit) {
    ssize_t n = ::read(fd, buf.data(), buf.size());
    if (n <= 0) {
      break;
    }
    total += size_t(n);
  }
  return total;
}

void makeFile(const std::string& path) {
  fs::writeFileSync(path, std::string(kFileBytes, 'f'));
}

TEST_F(PipeHttp, ASlowClientHoldsTheFileReadBack) {
  TempDir dir;
  makeFile(dir / "big");
  auto readSoFar = std::make_shared<size_t>(0);
  size_t readWhileStalled = 0;
  size_t sourceTotal = 0;
  size_t clientGot = 0;
  std::thread client;
  http::Server* serverPtr = nullptr;  // the handler runs after it is set
  http::Server& server = http::createServer([&](http::IncomingMessage&, http::ServerResponse& res) {
    fs::ReadStream& rs = fs::createReadStream(dir / "big");
    rs.on("data", [readSoFar](const Buffer& c) { *readSoFar += c.size(); });
    rs.on("close", [&, readSoFar] {
      sourceTotal = *readSoFar;
      serverPtr->close();
    });
    rs.pipe(res);
    setTimeout([&, readSoFar] { readWhileStalled = *readSoFar; }, 400);
  });
  serverPtr = &server;
  server.listen(0, "127.0.0.1", [&] {
    uint16_t port = server.address().port;
    client = std::thread([&, port] {
      int fd = connectTo(port);
      ASSERT_GE(fd, 0);
      std::this_thread::sleep_for(std::chrono::milliseconds(700));  // not reading
      clientGot = drain(fd, size_t(-1));
      ::close(fd);
    });
  });
  nodecc::run();
  client.join();
  EXPECT_GT(readWhileStalled, 0u);
  EXPECT_LT(readWhileStalled, kFileBytes / 2) << "the source did not wait for the client";
  EXPECT_EQ(sourceTotal, kFileBytes);
  EXPECT_GT(clientGot, kFileBytes);  // the body plus the head and chunk framing
}

TEST_F(PipeHttp, AClientGoingAwayDestroysTheSource) {
  TempDir dir;
  makeFile(dir / "big");
  auto readSoFar = std::make_shared<size_t>(0);
  size_t sourceTotal = 0;
  bool sourceEnded = false;
  bool responseClosed = false;
  std::thread client;
  http::Server* serverPtr = nullptr;  // the handler runs after it is set
  http::Server& server = http::createServer([&](http::IncomingMessage&, http::ServerResponse& res) {
    fs::ReadStream& rs = fs::createReadStream(dir / "big");
    rs.on("data", [readSoFar](const Buffer& c) { *readSoFar += c.size(); });
    rs.on("end", [&] { sourceEnded = true; });
    rs.on("close", [&, readSoFar] {
      sourceTotal = *readSoFar;
      serverPtr->close();
    });
    res.on("close", [&] {
      responseClosed = true;
      // An aborted exchange is recycled only once res.end() was called (releaseApiHold in
      // api/http/server/exchange.cc): without this, each aborted response leaks its exchange.
      if (!res.writableEnded) {
        res.end();
      }
    });
    rs.pipe(res);
  });
  serverPtr = &server;
  server.listen(0, "127.0.0.1", [&] {
    uint16_t port = server.address().port;
    client = std::thread([port] {
      int fd = connectTo(port);
      ASSERT_GE(fd, 0);
      drain(fd, 1 << 20);
      ::close(fd);  // gone after 1 MiB
    });
  });
  nodecc::run();
  client.join();
  EXPECT_TRUE(responseClosed);
  EXPECT_FALSE(sourceEnded);
  EXPECT_LT(sourceTotal, kFileBytes / 2);
}

}  // namespace
}  // namespace nodecc
