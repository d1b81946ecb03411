#include "recorder/recorded_connections.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

namespace nodecc::recorder::core {

namespace {

std::string peerOf(const uint8_t* bytes, size_t n) {
  sockaddr_storage addr{};
  std::memcpy(&addr, bytes, std::min(n, sizeof addr));
  char host[INET6_ADDRSTRLEN] = "?";
  int port = 0;
  if (addr.ss_family == AF_INET && n >= sizeof(sockaddr_in)) {
    const auto* a = reinterpret_cast<const sockaddr_in*>(&addr);
    inet_ntop(AF_INET, &a->sin_addr, host, sizeof host);
    port = ntohs(a->sin_port);
  } else if (addr.ss_family == AF_INET6 && n >= sizeof(sockaddr_in6)) {
    const auto* a = reinterpret_cast<const sockaddr_in6*>(&addr);
    inet_ntop(AF_INET6, &a->sin6_addr, host, sizeof host);
    port = ntohs(a->sin6_port);
  } else {
    return "?";
  }
  return std::string(host) + ":" + std::to_string(port);
}

}  // namespace

std::vector<RecordedConnection> recordedConnections(const TraceReader& reader) {
  std::vector<RecordedConnection> out;
  std::unordered_map<uint64_t, size_t> open;  // recorded fd -> index in `out`
  std::unordered_set<uint64_t> accepted;      // accepted fds not registered yet
  for (const Frame& f : reader.frames()) {
    PayloadReader r(f.payload, f.length);
    if (f.type == FrameType::kAccept) {
      int64_t fd = 0;
      if (!r.i64(&fd) || fd < 0) {
        continue;
      }
      const uint8_t* bytes = nullptr;
      const size_t n = r.remaining();
      (void)r.bytes(n, &bytes);
      RecordedConnection c;
      c.peer = peerOf(bytes, n);
      c.acceptFrame = f.index;
      open[uint64_t(fd)] = out.size();
      accepted.insert(uint64_t(fd));
      out.push_back(std::move(c));
    } else if (f.type == FrameType::kAdd) {
      uint64_t fd = 0;
      (void)r.u64(&fd);
      // The accepted socket's own registration keeps it; any other socket registered on the
      // same number means the connection's fd was closed and reused.
      if (accepted.erase(fd) == 0) {
        open.erase(fd);
      }
    } else if (f.type == FrameType::kRecv) {
      uint64_t fd = 0;
      int64_t count = 0;
      if (!r.u64(&fd) || !r.i64(&count)) {
        continue;
      }
      auto it = open.find(fd);
      if (it == open.end()) {
        continue;
      }
      RecordedConnection& c = out[it->second];
      if (count == 0) {
        c.peerClosed = true;
      } else if (count > 0) {
        const uint8_t* bytes = nullptr;
        if (r.bytes(size_t(count), &bytes)) {
          c.reads.emplace_back(c.received.size(), f.index);
          c.received.append(reinterpret_cast<const char*>(bytes), size_t(count));
        }
      }
    }
  }
  return out;
}

}  // namespace nodecc::recorder::core
