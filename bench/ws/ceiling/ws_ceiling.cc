// bench-ws-ceiling: the syscall floor of this machine for the WebSocket echo benchmark.
//
// One thread, level-triggered epoll, nonblocking sockets, no permessage-deflate. It does the
// least an echo server can: the upgrade (Sec-WebSocket-Key -> Sec-WebSocket-Accept, nothing
// else of the request is looked at), then for each read it unmasks every complete frame into
// an unmasked frame with the same opcode and sends them all with one write; a ping gets its
// pong, a close is answered by closing. No UTF-8 check, no limits beyond its buffers, no
// timers. Whatever a real server does on top of this is its cost above the floor: the
// messages per CPU-second of this server bound what any server's ratio to Node's ws or Go can
// be on this machine, since the kernel's share of a message is the same for all of them.
//
//   bench-ws-ceiling --port N [--host 127.0.0.1]
//
// Prints "listening" once the socket listens; SIGINT/SIGTERM end it.
#include <arpa/inet.h>
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

#include "../load/ws_proto.h"

namespace {

using namespace wsload;

constexpr size_t kReadBytes = 64 * 1024;
constexpr int kMaxEvents = 256;
constexpr int kBacklog = 4096;
constexpr size_t kMaxHeadBytes = 8192;

struct Connection {
  int fd = -1;
  bool upgraded = false;
  std::vector<uint8_t> in;  // an incomplete request head or frame left by the last read
  std::string out;          // bytes the kernel did not take yet
};

std::vector<uint8_t> gBuf(kReadBytes);
std::string gOut;

void closeConnection(int ep, Connection* c) {
  epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, nullptr);
  close(c->fd);
  delete c;
}

// Sends gOut (then c->out's remainder first); false when the connection is gone.
bool send(int ep, Connection* c, std::string_view data) {
  if (!c->out.empty()) {
    c->out.append(data);
    return true;  // EPOLLOUT is armed; order is kept
  }
  while (!data.empty()) {
    const ssize_t n = write(c->fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n < 0 && errno == EAGAIN) {
      c->out.assign(data);
      epoll_event ev{};
      ev.events = EPOLLIN | EPOLLOUT;
      ev.data.ptr = c;
      epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev);
      return true;
    }
    if (n < 0) {
      return false;
    }
    data.remove_prefix(size_t(n));
  }
  return true;
}

// Answers the upgrade in `head` (through "\r\n\r\n"); false on a request it cannot answer.
bool upgrade(std::string_view head) {
  bool found;
  const std::string_view key = headerValue(head, "Sec-WebSocket-Key", &found);
  if (!found || key.size() != 24) {
    return false;
  }
  char accept[28];
  acceptFor(key, accept);
  gOut.append(
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Accept: ");
  gOut.append(accept, 28);
  gOut.append("\r\n\r\n");
  return true;
}

// Appends the echo of every complete frame of data[0..len) to gOut; returns the bytes used, or
// -1 to close the connection.
long echoFrames(const uint8_t* data, size_t len) {
  size_t used = 0;
  while (used + 2 <= len) {
    const uint8_t* p = data + used;
    const size_t avail = len - used;
    if (!(p[1] & 0x80)) {
      return -1;  // clients must mask
    }
    uint64_t n = p[1] & 0x7F;
    size_t hl = 2;
    if (n == 126) {
      if (avail < 4) {
        break;
      }
      n = uint64_t(p[2]) << 8 | p[3];
      hl = 4;
    } else if (n == 127) {
      if (avail < 10) {
        break;
      }
      n = 0;
      for (int i = 0; i < 8; ++i) {
        n = n << 8 | p[2 + i];
      }
      hl = 10;
    }
    if (avail < hl + 4 || avail - hl - 4 < n) {
      break;
    }
    const uint8_t opcode = p[0] & 0x0F;
    if (opcode == kClose) {
      return -1;
    }
    const uint8_t* mask = p + hl;
    const uint8_t* payload = mask + 4;
    if (opcode != kPong) {
      uint8_t header[10];
      size_t h = 0;
      header[h++] = uint8_t((p[0] & 0x80) | (opcode == kPing ? uint8_t(kPong) : opcode));
      if (n < 126) {
        header[h++] = uint8_t(n);
      } else if (n < 65536) {
        header[h++] = 126, header[h++] = uint8_t(n >> 8), header[h++] = uint8_t(n);
      } else {
        header[h++] = 127;
        for (int i = 7; i >= 0; --i) {
          header[h++] = uint8_t(n >> (8 * i));
        }
      }
      gOut.append(reinterpret_cast<char*>(header), h);
      const size_t at = gOut.size();
      gOut.resize(at + n);
      for (size_t i = 0; i < n; ++i) {
        gOut[at + i] = char(payload[i] ^ mask[i & 3]);
      }
    }
    used += hl + 4 + n;
  }
  return long(used);
}

void onReadable(int ep, Connection* c) {
  size_t keep = c->in.size();
  if (keep > gBuf.size() / 2) {
    gBuf.resize(keep * 2);
  }
  memcpy(gBuf.data(), c->in.data(), keep);
  const ssize_t n = read(c->fd, gBuf.data() + keep, gBuf.size() - keep);
  if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
    closeConnection(ep, c);
    return;
  }
  if (n < 0) {
    return;
  }
  size_t len = keep + size_t(n), used = 0;
  gOut.clear();
  if (!c->upgraded) {
    const std::string_view s(reinterpret_cast<char*>(gBuf.data()), len);
    const size_t end = s.find("\r\n\r\n");
    if (end == std::string_view::npos) {
      if (len > kMaxHeadBytes) {
        closeConnection(ep, c);
        return;
      }
      c->in.assign(gBuf.data(), gBuf.data() + len);
      return;
    }
    if (!upgrade(s.substr(0, end + 4))) {
      closeConnection(ep, c);
      return;
    }
    c->upgraded = true;
    used = end + 4;
  }
  const long echoed = echoFrames(gBuf.data() + used, len - used);
  if (echoed < 0) {
    closeConnection(ep, c);
    return;
  }
  used += size_t(echoed);
  c->in.assign(gBuf.data() + used, gBuf.data() + len);
  if (!gOut.empty() && !send(ep, c, gOut)) {
    closeConnection(ep, c);
  }
}

void onWritable(int ep, Connection* c) {
  std::string pending;
  pending.swap(c->out);
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.ptr = c;
  epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev);
  if (!send(ep, c, pending)) {
    closeConnection(ep, c);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int port = 0;
  const char* host = "127.0.0.1";
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--port") && i + 1 < argc) {
      port = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--host") && i + 1 < argc) {
      host = argv[++i];
    } else {
      fprintf(stderr, "usage: bench-ws-ceiling --port N [--host 127.0.0.1]\n");
      return 2;
    }
  }
  const int lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  int one = 1;
  setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(uint16_t(port));
  inet_pton(AF_INET, host, &addr.sin_addr);
  if (bind(lfd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      listen(lfd, kBacklog) != 0) {
    perror("bench-ws-ceiling: listen");
    return 1;
  }
  const int ep = epoll_create1(EPOLL_CLOEXEC);
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.ptr = nullptr;  // the listening socket
  epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &ev);
  printf("listening\n");
  fflush(stdout);
  std::vector<epoll_event> events(kMaxEvents);
  for (;;) {
    const int n = epoll_wait(ep, events.data(), kMaxEvents, -1);
    for (int i = 0; i < n; ++i) {
      auto* c = static_cast<Connection*>(events[size_t(i)].data.ptr);
      if (!c) {
        for (;;) {
          const int fd = accept4(lfd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
          if (fd < 0) {
            break;
          }
          setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
          auto* conn = new Connection;
          conn->fd = fd;
          epoll_event cev{};
          cev.events = EPOLLIN;
          cev.data.ptr = conn;
          epoll_ctl(ep, EPOLL_CTL_ADD, fd, &cev);
        }
        continue;
      }
      if (events[size_t(i)].events & EPOLLOUT) {
        onWritable(ep, c);
      } else {
        onReadable(ep, c);
      }
    }
  }
}
