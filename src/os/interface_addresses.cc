// interfaceAddresses(): libuv 1.46's uv_interface_addresses for Linux, which Node's
// os.networkInterfaces() reports.
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netpacket/packet.h>

#include <cstring>
#include <string_view>

#include "os/system_info.h"

namespace nodecc::os::core {

namespace {

bool upAndRunning(const ifaddrs* ent) {
  return (ent->ifa_flags & IFF_UP) && (ent->ifa_flags & IFF_RUNNING) && ent->ifa_addr;
}

}  // namespace

Result<std::vector<InterfaceAddress>> interfaceAddresses() {
  ifaddrs* addrs = nullptr;
  if (::getifaddrs(&addrs) != 0) {
    return lastErrno();
  }
  std::vector<InterfaceAddress> out;
  for (const ifaddrs* ent = addrs; ent; ent = ent->ifa_next) {
    if (!upAndRunning(ent) || ent->ifa_addr->sa_family == AF_PACKET) {
      continue;
    }
    InterfaceAddress a;
    a.name = ent->ifa_name;
    int family = ent->ifa_addr->sa_family;
    size_t size = family == AF_INET6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in);
    std::memcpy(&a.address, ent->ifa_addr, size);
    if (ent->ifa_netmask) {
      size_t maskSize =
          ent->ifa_netmask->sa_family == AF_INET6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in);
      std::memcpy(&a.netmask, ent->ifa_netmask, maskSize);
    }
    // A mask reported without a family takes the address's.
    a.netmask.ss_family = sa_family_t(family);
    a.internal = (ent->ifa_flags & IFF_LOOPBACK) != 0;
    out.push_back(std::move(a));
  }
  // The hardware addresses come from the AF_PACKET entries: an alias ("eth0:1") shares its
  // interface's.
  for (const ifaddrs* ent = addrs; ent; ent = ent->ifa_next) {
    if (!upAndRunning(ent) || ent->ifa_addr->sa_family != AF_PACKET) {
      continue;
    }
    std::string_view name = ent->ifa_name;
    const auto* ll = reinterpret_cast<const sockaddr_ll*>(ent->ifa_addr);
    for (InterfaceAddress& a : out) {
      std::string_view an = a.name;
      if (an.starts_with(name) && (an.size() == name.size() || an[name.size()] == ':')) {
        std::memcpy(a.mac.data(), ll->sll_addr, a.mac.size());
      }
    }
  }
  ::freeifaddrs(addrs);
  return out;
}

}  // namespace nodecc::os::core
