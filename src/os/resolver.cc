#include "os/resolver.h"

#include <netdb.h>

#include <cerrno>
#include <cstring>

namespace nodecc::os::core {

namespace {

// getaddrinfo's codes to libuv's (uv__getaddrinfo_translate_error).
int translate(int gai) {
  switch (gai) {
    case EAI_ADDRFAMILY:
      return kEaiAddrFamily;
    case EAI_AGAIN:
      return kEaiAgain;
    case EAI_BADFLAGS:
      return kEaiBadFlags;
    case EAI_CANCELED:
      return kEaiCanceled;
    case EAI_FAIL:
      return kEaiFail;
    case EAI_FAMILY:
      return kEaiFamily;
    case EAI_MEMORY:
      return kEaiMemory;
    case EAI_NODATA:
      return kEaiNoData;
    case EAI_NONAME:
      return kEaiNoName;
    case EAI_OVERFLOW:
      return kEaiOverflow;
    case EAI_SERVICE:
      return kEaiService;
    case EAI_SOCKTYPE:
      return kEaiSockType;
    case EAI_SYSTEM:
      return errno != 0 ? -errno : kEaiFail;
    default:
      return kEaiFail;
  }
}

bool sameAddress(const ResolvedAddress& a, const addrinfo* ai) {
  return a.length == ai->ai_addrlen && std::memcmp(&a.storage, ai->ai_addr, a.length) == 0;
}

}  // namespace

int lookupHost(const std::string& host, int family, int flags, std::vector<ResolvedAddress>* out) {
  addrinfo hints{};
  hints.ai_family = family;
  hints.ai_socktype = SOCK_STREAM;  // one entry per address, not one per socket type
  hints.ai_flags = flags;
  addrinfo* list = nullptr;
  errno = 0;
  int rc = ::getaddrinfo(host.c_str(), nullptr, &hints, &list);
  if (rc != 0) {
    return translate(rc);
  }
  out->clear();
  for (const addrinfo* ai = list; ai; ai = ai->ai_next) {
    if ((ai->ai_family != AF_INET && ai->ai_family != AF_INET6) ||
        ai->ai_addrlen > sizeof(sockaddr_storage)) {
      continue;
    }
    bool seen = false;
    for (const ResolvedAddress& a : *out) {
      seen = seen || sameAddress(a, ai);
    }
    if (seen) {
      continue;
    }
    ResolvedAddress a;
    std::memcpy(&a.storage, ai->ai_addr, ai->ai_addrlen);
    a.length = ai->ai_addrlen;
    a.family = ai->ai_family;
    out->push_back(a);
  }
  ::freeaddrinfo(list);
  return out->empty() ? kEaiNoData : 0;
}

}  // namespace nodecc::os::core
