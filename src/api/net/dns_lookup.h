#pragma once
// The thread-pool side of dns.lookup, for dns.cc and for the HTTP client's connections:
// getaddrinfo on a worker, the answer delivered on the loop that asked.
#include <string>
#include <string_view>
#include <vector>

#include "nodecc/error.h"
#include "nodecc/function.h"
#include "os/resolver.h"

namespace nodecc::dns::detail {

struct LookupRequest;
// err: 0, an os::core::LookupError or a -errno; addresses: the answer (when err is 0).
using LookupCallback =
    UniqueFunction<void(int err, std::vector<os::core::ResolvedAddress>& addresses)>;

// Starts a lookup (family AF_UNSPEC/AF_INET/AF_INET6, flags AI_*). `cb` runs once, on this
// thread's loop, unless cancel() came first. The request keeps the loop alive until it is
// done, cancelled or not, as a libuv request does.
LookupRequest* startLookup(std::string_view host, int family, int flags, LookupCallback cb);
// The callback will not run (the request finishes on its own in the background).
void cancelLookup(LookupRequest* request);

// Node's error for a failed lookup: "getaddrinfo ENOTFOUND host", code, errno, syscall.
Error lookupError(int err, std::string_view host);
// Node's family number (4 or 6) to AF_INET/AF_INET6; 0 to AF_UNSPEC.
int toAddressFamily(int family);

}  // namespace nodecc::dns::detail
