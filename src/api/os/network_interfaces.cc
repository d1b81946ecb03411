// os.networkInterfaces(): Node's entries from libuv's addresses (node_os.cc and lib/os.js).
#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <cstdio>

#include "nodecc/os.h"
#include "os/system_info.h"

namespace nodecc::os {

namespace {

std::string addressText(const sockaddr_storage& a) {
  char buf[INET6_ADDRSTRLEN] = {};
  if (a.ss_family == AF_INET6) {
    ::inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6&>(a).sin6_addr, buf, sizeof buf);
  } else {
    ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in&>(a).sin_addr, buf, sizeof buf);
  }
  return buf;
}

// The prefix length of a contiguous mask, or nullopt (Node's getCIDR returns null when a 1
// follows a 0).
std::optional<unsigned> prefixLength(const sockaddr_storage& mask) {
  const uint8_t* bytes;
  size_t n;
  if (mask.ss_family == AF_INET6) {
    bytes = reinterpret_cast<const sockaddr_in6&>(mask).sin6_addr.s6_addr;
    n = 16;
  } else {
    bytes = reinterpret_cast<const uint8_t*>(&reinterpret_cast<const sockaddr_in&>(mask).sin_addr);
    n = 4;
  }
  unsigned ones = 0;
  bool zeros = false;
  for (size_t i = 0; i < n; ++i) {
    for (int bit = 7; bit >= 0; --bit) {
      bool one = (bytes[i] >> bit) & 1;
      if (one && zeros) {
        return std::nullopt;
      }
      zeros = zeros || !one;
      ones += one ? 1 : 0;
    }
  }
  return ones;
}

}  // namespace

const std::vector<NetworkInterfaceInfo>* NetworkInterfaces::find(std::string_view name) const {
  for (const Entry& e : entries) {
    if (e.first == name) {
      return &e.second;
    }
  }
  return nullptr;
}

const std::vector<NetworkInterfaceInfo>& NetworkInterfaces::operator[](
    std::string_view name) const& {
  static const std::vector<NetworkInterfaceInfo> kNone;
  const std::vector<NetworkInterfaceInfo>* found = find(name);
  return found ? *found : kNone;
}

std::vector<NetworkInterfaceInfo> NetworkInterfaces::operator[](std::string_view name) && {
  for (Entry& e : entries) {
    if (e.first == name) {
      return std::move(e.second);
    }
  }
  return {};
}

NetworkInterfaces networkInterfaces() {
  // Node returns {} when uv_interface_addresses fails.
  NetworkInterfaces out;
  core::Result<std::vector<core::InterfaceAddress>> addresses = core::interfaceAddresses();
  if (!addresses) {
    return out;
  }
  for (const core::InterfaceAddress& a : *addresses) {
    NetworkInterfaceInfo info;
    bool v6 = a.address.ss_family == AF_INET6;
    info.address = addressText(a.address);
    info.netmask = addressText(a.netmask);
    info.family = v6 ? "IPv6" : "IPv4";
    char mac[18];
    std::snprintf(mac, sizeof mac, "%02x:%02x:%02x:%02x:%02x:%02x", a.mac[0], a.mac[1], a.mac[2],
                  a.mac[3], a.mac[4], a.mac[5]);
    info.mac = mac;
    info.internal = a.internal;
    if (std::optional<unsigned> prefix = prefixLength(a.netmask)) {
      info.cidr = info.address + "/" + std::to_string(*prefix);
    }
    if (v6) {
      info.scopeid = reinterpret_cast<const sockaddr_in6&>(a.address).sin6_scope_id;
    }
    auto same = [&](const NetworkInterfaces::Entry& e) { return e.first == a.name; };
    auto it = std::find_if(out.entries.begin(), out.entries.end(), same);
    if (it != out.entries.end()) {
      it->second.push_back(std::move(info));
    } else {
      out.entries.emplace_back(a.name, std::vector<NetworkInterfaceInfo>{std::move(info)});
    }
  }
  return out;
}

}  // namespace nodecc::os
