// http::ServerOptions::noDelay (Node's http.createServer({noDelay})): TCP_NODELAY on each
// accepted socket when true (the default, as in Node 20), Nagle's algorithm left on when false.
// Each test reads the option back from the kernel: the request handler finds the accepted
// socket's fd in /proc/self/fd by its two ports and asks getsockopt.
#include <dirent.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <nodecc/nodecc.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using HttpServerOptions = test::ApiTest;
using test::Deadline;

// The IPv4 port of a socket address, 0 when it is not AF_INET.
uint16_t portOf(const sockaddr_storage& ss) {
  if (ss.ss_family != AF_INET) {
    return 0;
  }
  return ntohs(reinterpret_cast<const sockaddr_in&>(ss).sin_port);
}

// The fds of this process's TCP sockets bound to `localPort` and connected to `peerPort`.
std::vector<int> socketsBetween(uint16_t localPort, uint16_t peerPort) {
  std::vector<int> found;
  DIR* dir = opendir("/proc/self/fd");
  if (dir == nullptr) {
    ADD_FAILURE() << "opendir(/proc/self/fd): " << std::strerror(errno);
    return found;
  }
  while (const dirent* e = readdir(dir)) {
    char* end = nullptr;
    long fd = std::strtol(e->d_name, &end, 10);
    if (end == e->d_name || *end != '\0' || fd == dirfd(dir)) {
      continue;
    }
    struct stat st {};
    if (fstat(int(fd), &st) != 0 || !S_ISSOCK(st.st_mode)) {
      continue;
    }
    sockaddr_storage local{}, peer{};
    socklen_t localLen = sizeof local, peerLen = sizeof peer;
    if (getsockname(int(fd), reinterpret_cast<sockaddr*>(&local), &localLen) != 0 ||
        getpeername(int(fd), reinterpret_cast<sockaddr*>(&peer), &peerLen) != 0) {
      continue;  // not connected (the listener) or not an inet socket
    }
    if (portOf(local) == localPort && portOf(peer) == peerPort) {
      found.push_back(int(fd));
    }
  }
  closedir(dir);
  return found;
}

// What one server of a run saw.
struct Probe {
  int noDelay = -1;  // the accepted socket's TCP_NODELAY in the handler; -1: socket not found
  bool handled = false;
  std::string response;  // every byte the client read
  uint16_t serverPort = 0;
  uint16_t clientPort = 0;
};

// Starts one http server per entry of `options` (all at once, on this thread's loop), sends
// each one request over a plain net client from 127.0.0.1, and runs the loop until every
// server has closed. Returns the TCP_NODELAY each server's accepted socket had.
std::vector<int> acceptedSocketsNoDelay(const std::vector<http::ServerOptions>& options) {
  std::vector<Probe> probes(options.size());  // not resized below: the callbacks hold references
  for (size_t i = 0; i < options.size(); ++i) {
    Probe& p = probes[i];
    auto handler = [&p](http::IncomingMessage&, http::ServerResponse& res) {
      p.handled = true;
      std::vector<int> fds = socketsBetween(p.serverPort, p.clientPort);
      EXPECT_EQ(fds.size(), 1u) << "accepted sockets from client port " << p.clientPort;
      if (fds.size() == 1) {
        int value = -1;
        socklen_t len = sizeof value;
        EXPECT_EQ(getsockopt(fds[0], IPPROTO_TCP, TCP_NODELAY, &value, &len), 0)
            << std::strerror(errno);
        p.noDelay = value != 0 ? 1 : 0;  // any non-zero value means set
      }
      res.end("ok");
    };
    auto& server = http::createServer(options[i], handler);
    server.on("error", [](const Error& err) { ADD_FAILURE() << "server error: " << err.message; });
    server.listen(0, "127.0.0.1", [&p, &server] {
      p.serverPort = server.address().port;
      net::Socket& client = net::connect(p.serverPort, "127.0.0.1");
      client.on("connect", [&p, &client] {
        p.clientPort = client.localPort();
        client.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
      });
      client.on("data", [&p](const Buffer& d) { p.response += d.view(); });
      client.on("error", [](const Error& e) { ADD_FAILURE() << "client error: " << e.message; });
      client.on("close", [&server] { server.close(); });
    });
  }
  nodecc::run();
  std::vector<int> seen;
  for (const Probe& p : probes) {
    EXPECT_TRUE(p.handled);
    EXPECT_TRUE(p.response.starts_with("HTTP/1.1 200 OK\r\n")) << p.response;
    EXPECT_NE(p.serverPort, 0u);
    EXPECT_NE(p.clientPort, 0u);
    seen.push_back(p.noDelay);
  }
  return seen;
}

int acceptedSocketNoDelay(const http::ServerOptions& options) {
  return acceptedSocketsNoDelay({options}).at(0);
}

TEST_F(HttpServerOptions, NoDelayTrueSetsTcpNoDelayOnAcceptedSockets) {
  Deadline deadline(10000);
  http::ServerOptions options;
  options.noDelay = true;
  EXPECT_EQ(acceptedSocketNoDelay(options), 1);
}

TEST_F(HttpServerOptions, NoDelayFalseLeavesNagleOnForAcceptedSockets) {
  // Node with {noDelay: false} makes no setsockopt call: the socket keeps the kernel's
  // default, TCP_NODELAY off.
  Deadline deadline(10000);
  http::ServerOptions options;
  options.noDelay = false;
  EXPECT_EQ(acceptedSocketNoDelay(options), 0);
}

TEST_F(HttpServerOptions, NoDelayDefaultsToTrueAsInNode) {
  // Node 20's http.createServer() calls setsockopt(TCP_NODELAY, 1) on each accepted socket
  // (checked with strace), as its docs give: noDelay, default true.
  Deadline deadline(10000);
  EXPECT_TRUE(http::ServerOptions{}.noDelay);
  EXPECT_EQ(acceptedSocketNoDelay(http::ServerOptions{}), 1);
}

TEST_F(HttpServerOptions, EachServerAppliesItsOwnNoDelay) {
  // Three servers on one loop at once: no server's option leaks into another's sockets.
  Deadline deadline(10000);
  http::ServerOptions on;
  on.noDelay = true;
  http::ServerOptions off;
  off.noDelay = false;
  EXPECT_EQ(acceptedSocketsNoDelay({on, off, on}), (std::vector<int>{1, 0, 1}));
}

}  // namespace
}  // namespace nodecc
