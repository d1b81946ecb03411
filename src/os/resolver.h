#pragma once
// Name resolution: getaddrinfo(3), which blocks (files, then DNS). Call it from a thread-pool
// worker, never from a loop thread. Part of the determinism seam: what the resolver answered
// enters the program only through here.
//
// Errors are libuv's UV_EAI_* numbers (-3000 and below), which cannot be mistaken for a
// -errno; EAI_SYSTEM comes back as the -errno it carried.
#include <sys/socket.h>

#include <cstdint>
#include <string>
#include <vector>

namespace nodecc::os::core {

// libuv's numbering of getaddrinfo's failures (uv-errno.h), which Node reports as err.errno.
enum LookupError : int {
  kEaiAddrFamily = -3000,
  kEaiAgain = -3001,
  kEaiBadFlags = -3002,
  kEaiCanceled = -3003,
  kEaiFail = -3004,
  kEaiFamily = -3005,
  kEaiMemory = -3006,
  kEaiNoData = -3007,
  kEaiNoName = -3008,
  kEaiOverflow = -3009,
  kEaiService = -3010,
  kEaiSockType = -3011,
};

// One address getaddrinfo returned (port 0).
struct ResolvedAddress {
  sockaddr_storage storage{};
  socklen_t length = 0;
  int family = 0;  // AF_INET or AF_INET6
};

// Resolves `host` for TCP: family AF_UNSPEC, AF_INET or AF_INET6; `flags` are AI_* hints
// (AI_ADDRCONFIG, AI_V4MAPPED, AI_ALL). Addresses come back in the resolver's order (Node's
// "verbatim"), duplicates removed. Returns 0, a LookupError, or a -errno.
int lookupHost(const std::string& host, int family, int flags, std::vector<ResolvedAddress>* out);

}  // namespace nodecc::os::core
