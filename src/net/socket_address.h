#pragma once
// SocketAddress: an IPv4 or IPv6 address and port (a sockaddr_storage with its length).
#include <netinet/in.h>
#include <sys/socket.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace nodecc::net::core {

class SocketAddress {
 public:
  SocketAddress() = default;
  // An IP literal ("127.0.0.1", "::1", "::ffff:1.2.3.4"); nullopt when `ip` is not one.
  static std::optional<SocketAddress> parse(std::string_view ip, uint16_t port);
  static SocketAddress fromRaw(const sockaddr* addr, socklen_t len);

  int family() const { return storage_.ss_family; }  // AF_INET, AF_INET6, or AF_UNSPEC
  bool valid() const { return len_ > 0; }
  std::string ip() const;
  uint16_t port() const;
  void setPort(uint16_t port);
  // Node's address().family: "IPv4" / "IPv6".
  std::string_view familyName() const { return family() == AF_INET6 ? "IPv6" : "IPv4"; }

  const sockaddr* raw() const { return reinterpret_cast<const sockaddr*>(&storage_); }
  socklen_t length() const { return len_; }

 private:
  sockaddr_storage storage_{};
  socklen_t len_ = 0;
};

}  // namespace nodecc::net::core
