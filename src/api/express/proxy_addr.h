#pragma once
// proxy-addr 2 and forwarded: the "trust proxy" setting compiled to a function, and the
// address chain of a request (the socket's peer, then X-Forwarded-For right to left).
//
// Addresses are read as inet_pton reads them (dotted-quad IPv4, IPv6 with an IPv4-mapped
// tail); ipaddr.js's other IPv4 spellings ("127.1", hex and octal parts) are not addresses
// here, so a proxy that sends them is not trusted.
#include <string>
#include <string_view>
#include <vector>

#include "nodecc/express.h"

namespace nodecc::express::detail {

// compileTrust(val): true (every hop), a hop count, "loopback, 10.0.0.0/8" (names
// linklocal/loopback/uniquelocal, addresses, CIDR or netmask ranges), false/undefined
// (nothing), or a function. Throws TypeError as proxy-addr does for a bad address or range.
Setting::TrustFn compileTrust(const Setting& value);

// proxyaddr.all(req, trust): [socket address, X-Forwarded-For entries nearest first...], cut
// after the first address the trust function refuses.
std::vector<std::string> allAddrs(const std::string& socketAddr, std::string_view forwardedFor,
                                  const Setting::TrustFn& trust);

}  // namespace nodecc::express::detail
