// proxy-addr's subnet matching (trustSingle/trustMulti, which are the same test over one or
// several subnets) over inet_pton's parse.
#include "api/express/proxy_addr.h"

#include <arpa/inet.h>

#include <cstring>
#include <optional>

namespace nodecc::express::detail {

namespace {

struct Ip {
  bool v4 = true;
  uint8_t b[16] = {};
  bool isV4Mapped() const {
    static const uint8_t prefix[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    return !v4 && std::memcmp(b, prefix, 12) == 0;
  }
  Ip toV4() const {
    Ip out;
    out.v4 = true;
    std::memcpy(out.b, b + 12, 4);
    return out;
  }
  Ip toV4Mapped() const {
    Ip out;
    out.v4 = false;
    out.b[10] = out.b[11] = 0xff;
    std::memcpy(out.b + 12, b, 4);
    return out;
  }
  bool match(const Ip& net, int bits) const {
    for (int i = 0; i < bits; ++i) {
      int byte = i / 8;
      int mask = 0x80 >> (i % 8);
      if ((b[byte] & mask) != (net.b[byte] & mask)) {
        return false;
      }
    }
    return true;
  }
};

std::optional<Ip> parseIp(const std::string& s) {
  Ip ip;
  if (inet_pton(AF_INET, s.c_str(), ip.b) == 1) {
    ip.v4 = true;
    return ip;
  }
  if (inet_pton(AF_INET6, s.c_str(), ip.b) == 1) {
    ip.v4 = false;
    return ip;
  }
  return std::nullopt;
}

struct Subnet {
  Ip ip;
  int range;
};

std::string trim(std::string_view s) {
  size_t b = 0;
  size_t e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) {
    ++b;
  }
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) {
    --e;
  }
  return std::string(s.substr(b, e - b));
}

Subnet parseNotation(const std::string& note) {
  size_t pos = note.rfind('/');
  std::string str = pos != std::string::npos ? note.substr(0, pos) : note;
  auto ip = parseIp(str);
  if (!ip) {
    throw TypeError("", "invalid IP address: " + str);
  }
  if (pos == std::string::npos && ip->isV4Mapped()) {
    ip = ip->toV4();
  }
  int max = ip->v4 ? 32 : 128;
  int range = max;
  if (pos != std::string::npos) {
    std::string r = note.substr(pos + 1);
    bool digits = !r.empty();
    for (char c : r) {
      digits = digits && c >= '0' && c <= '9';
    }
    if (digits) {
      range = r.size() > 4 ? 1000 : std::stoi(r);
    } else if (ip->v4 && parseIp(r) && parseIp(r)->v4) {
      // A netmask: its prefix length (ipaddr's prefixLengthFromSubnetMask), null otherwise.
      Ip mask = *parseIp(r);
      uint32_t m = (uint32_t(mask.b[0]) << 24) | (mask.b[1] << 16) | (mask.b[2] << 8) | mask.b[3];
      int len = 0;
      while (len < 32 && (m & (0x80000000u >> len))) {
        ++len;
      }
      range = (len == 32 ? 0u : (m << len)) == 0 ? len : 0;
    } else {
      range = 0;
    }
  }
  if (range <= 0 || range > max) {
    throw TypeError("", "invalid range on address: " + note);
  }
  return Subnet{*ip, range};
}

bool trusted(const std::vector<Subnet>& subnets, const std::string& addr) {
  auto parsed = parseIp(addr);
  if (!parsed) {
    return false;
  }
  Ip ip = *parsed;
  if (!ip.v4 && ip.isV4Mapped()) {
    ip = ip.toV4();
  }
  for (const Subnet& s : subnets) {
    Ip t = ip;
    if (ip.v4 != s.ip.v4) {
      if (s.ip.v4 && !ip.isV4Mapped()) {
        continue;
      }
      if (!s.ip.v4 && !(s.range >= 96 && s.ip.isV4Mapped())) {
        continue;
      }
      t = s.ip.v4 ? ip.toV4() : ip.toV4Mapped();
    } else if (!ip.v4 && s.ip.isV4Mapped()) {
      continue;
    }
    if (t.match(s.ip, s.range)) {
      return true;
    }
  }
  return false;
}

}  // namespace

Setting::TrustFn compileTrust(const Setting& value) {
  if (value.isFunction()) {
    return value.function();
  }
  if (value.isBool() && value.truthy()) {
    return [](const std::string&, size_t) { return true; };
  }
  if (value.isNumber()) {
    double n = value.number();
    return [n](const std::string&, size_t i) { return double(i) < n; };
  }
  std::vector<std::string> list;
  if (value.isString()) {
    std::string_view s = value.string();
    size_t start = 0;
    for (;;) {
      size_t comma = s.find(',', start);
      list.push_back(trim(s.substr(start, comma - start)));
      if (comma == std::string_view::npos) {
        break;
      }
      start = comma + 1;
    }
  }
  std::vector<Subnet> subnets;
  for (const std::string& v : list) {
    if (v == "linklocal") {
      subnets.push_back(parseNotation("169.254.0.0/16"));
      subnets.push_back(parseNotation("fe80::/10"));
    } else if (v == "loopback") {
      subnets.push_back(parseNotation("127.0.0.1/8"));
      subnets.push_back(parseNotation("::1/128"));
    } else if (v == "uniquelocal") {
      for (const char* n : {"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"}) {
        subnets.push_back(parseNotation(n));
      }
    } else {
      subnets.push_back(parseNotation(v));
    }
  }
  if (subnets.empty()) {
    return [](const std::string&, size_t) { return false; };
  }
  return [subnets = std::move(subnets)](const std::string& addr, size_t) {
    return trusted(subnets, addr);
  };
}

std::vector<std::string> allAddrs(const std::string& socketAddr, std::string_view header,
                                  const Setting::TrustFn& trust) {
  std::vector<std::string> addrs{socketAddr};
  // forwarded's parse: right to left, split on ',', spaces trimmed.
  size_t end = header.size();
  size_t start = header.size();
  for (size_t i = header.size(); i-- > 0;) {
    char c = header[i];
    if (c == ' ') {
      if (start == end) {
        start = end = i;
      }
    } else if (c == ',') {
      if (start != end) {
        addrs.emplace_back(header.substr(start, end - start));
      }
      start = end = i;
    } else {
      start = i;
    }
  }
  if (start != end) {
    addrs.emplace_back(header.substr(start, end - start));
  }
  if (!trust) {
    addrs.resize(1);
    return addrs;
  }
  for (size_t i = 0; i + 1 < addrs.size(); ++i) {
    if (!trust(addrs[i], i)) {
      addrs.resize(i + 1);
      break;
    }
  }
  return addrs;
}

}  // namespace nodecc::express::detail
