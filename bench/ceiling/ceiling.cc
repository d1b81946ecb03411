// bench-ceiling: the syscall floor of this machine for HTTP/1.1 keep-alive benchmarks.
//
// One thread, edge-triggered epoll, nonblocking sockets. It parses nothing: every "\r\n\r\n" it
// sees on a connection is answered with one canned 13-byte-body response, so pipelined requests
// get one response each and a whole batch leaves in one write. Whatever a real server does on
// top of this (parsing, routing, headers, a Date clock) is its cost above the floor.
//
//   bench-ceiling [--port 8080] [--host 127.0.0.1] [--keep-alive-headers]
//
// --keep-alive-headers adds the two lines Node's http (and nodecc) put in every keep-alive
// response, `Connection: keep-alive` and `Keep-Alive: timeout=5`: the same 162 bytes as their
// hello. Pipelined, one wrk thread is the limit and it pays per byte it parses, so this is the
// ceiling for a server that must send what Node sends.
//
// Prints "listening on http://HOST:PORT/" once the socket listens; SIGINT/SIGTERM end it.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace {

// Same shape and size as what real servers send for hello (a Date header included, frozen), so
// the byte count on the wire is comparable.
constexpr std::string_view kResponse =
    "HTTP/1.1 200 OK\r\n"
    "Date: Thu, 01 Jan 2026 00:00:00 GMT\r\n"
    "Content-Type: text/plain\r\n"
    "Content-Length: 13\r\n"
    "\r\n"
    "Hello, World!";
constexpr std::string_view kKeepAliveResponse =
    "HTTP/1.1 200 OK\r\n"
    "Content-Type: text/plain\r\n"
    "Date: Thu, 01 Jan 2026 00:00:00 GMT\r\n"
    "Connection: keep-alive\r\n"
    "Keep-Alive: timeout=5\r\n"
    "Content-Length: 13\r\n"
    "\r\n"
    "Hello, World!";
std::string_view gResponse = kResponse;
constexpr size_t kReadBytes = 64 * 1024;
constexpr int kMaxEvents = 256;
constexpr int kBacklog = 4096;

struct Connection {
  int fd = -1;
  int matched = 0;  // how many bytes of "\r\n\r\n" the previous read ended with
  std::string out;  // responses the kernel did not take yet
};

// Counts the "\r\n\r\n" terminators in data, continuing a match carried over from the last read.
int countTerminators(std::string_view data, int& matched) {
  int count = 0;
  for (char c : data) {
    if (c == '\r') {
      matched = (matched == 2) ? 3 : 1;
    } else if (c == '\n' && (matched == 1 || matched == 3)) {
      matched += 1;
      if (matched == 4) {
        ++count;
        matched = 0;
      }
    } else {
      matched = 0;
    }
  }
  return count;
}

void closeConnection(Connection* c) {
  close(c->fd);
  delete c;
}

// Writes what is pending; false when the connection failed and was closed.
bool flush(Connection* c) {
  while (!c->out.empty()) {
    ssize_t n = send(c->fd, c->out.data(), c->out.size(), MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      if (errno == EAGAIN) {
        return true;  // EPOLLOUT (registered at accept) resumes it
      }
      closeConnection(c);
      return false;
    }
    c->out.erase(0, size_t(n));
  }
  return true;
}

// Drains the socket. A short read means the receive queue was empty at that instant, and edge
// triggering reports any later bytes, so the extra read that would only return EAGAIN is skipped.
void onReadable(Connection* c, std::vector<char>& buf) {
  for (;;) {
    ssize_t n = recv(c->fd, buf.data(), buf.size(), 0);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n < 0 && errno == EAGAIN) {
      return;
    }
    if (n <= 0) {
      closeConnection(c);
      return;
    }
    int responses = countTerminators(std::string_view(buf.data(), size_t(n)), c->matched);
    for (int i = 0; i < responses; ++i) {
      c->out.append(gResponse);
    }
    if (!flush(c)) {
      return;
    }
    if (size_t(n) < buf.size()) {
      return;
    }
  }
}

void acceptAll(int listenFd, int epfd) {
  for (;;) {
    int fd = accept4(listenFd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) {
        continue;
      }
      return;  // EAGAIN, or EMFILE and friends: the next connection retries
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    auto* c = new Connection{fd, 0, {}};
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
    ev.data.ptr = c;
    if (epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev) < 0) {
      closeConnection(c);
    }
  }
}

int listenOn(const std::string& host, int port) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    return -1;
  }
  int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(uint16_t(port));
  if (inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1 ||
      bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) < 0 || listen(fd, kBacklog) < 0) {
    close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

int main(int argc, char** argv) {
  std::string host = "127.0.0.1";
  int port = 8080;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--keep-alive-headers") == 0) {
      gResponse = kKeepAliveResponse;
    } else if (std::strcmp(argv[i], "--port") == 0 && i + 1 < argc) {
      port = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--host") == 0 && i + 1 < argc) {
      host = argv[++i];
    } else {
      std::fprintf(stderr, "usage: %s [--port N] [--host ADDR] [--keep-alive-headers]\n", argv[0]);
      return 2;
    }
  }
  int listenFd = listenOn(host, port);
  if (listenFd < 0) {
    std::fprintf(stderr, "bench-ceiling: cannot listen on %s:%d: %s\n", host.c_str(), port,
                 std::strerror(errno));
    return 1;
  }
  int epfd = epoll_create1(EPOLL_CLOEXEC);
  epoll_event lev{};
  lev.events = EPOLLIN | EPOLLET;
  lev.data.ptr = nullptr;  // nullptr marks the listening socket
  epoll_ctl(epfd, EPOLL_CTL_ADD, listenFd, &lev);
  std::printf("listening on http://%s:%d/\n", host.c_str(), port);
  std::fflush(stdout);

  std::vector<char> buf(kReadBytes);
  epoll_event events[kMaxEvents];
  for (;;) {
    int n = epoll_wait(epfd, events, kMaxEvents, -1);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    for (int i = 0; i < n; ++i) {
      auto* c = static_cast<Connection*>(events[i].data.ptr);
      if (c == nullptr) {
        acceptAll(listenFd, epfd);
        continue;
      }
      uint32_t ev = events[i].events;
      if (ev & (EPOLLERR | EPOLLHUP)) {
        closeConnection(c);
        continue;
      }
      if (ev & EPOLLOUT) {
        if (!flush(c)) {
          continue;
        }
      }
      if (ev & (EPOLLIN | EPOLLRDHUP)) {
        onReadable(c, buf);
      }
    }
  }
}
