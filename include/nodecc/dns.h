#pragma once
// Node's `dns.lookup`: the system resolver (getaddrinfo: /etc/hosts, then DNS), run on the
// thread pool as Node runs it on libuv's, so it never blocks the loop.
//
//   dns::lookup("localhost", [](Error* err, std::string address, int family) { ... });
//   auto all = co_await dns::promises::lookupAll("example.com");
//
// Addresses come in the resolver's order (Node's default "verbatim"). Failures are Node's:
// "getaddrinfo ENOTFOUND nonexistent.invalid" (code ENOTFOUND, errno -3008, syscall
// getaddrinfo; Node's err.hostname has no field in nodecc's Error), EAI_AGAIN, ... An IP
// literal is answered without a resolver call. Callbacks run on the calling thread's loop.
#include <string>
#include <string_view>
#include <vector>

#include "nodecc/error.h"
#include "nodecc/function.h"
#include "nodecc/promise.h"

namespace nodecc::dns {

// dns.ADDRCONFIG, dns.V4MAPPED, dns.ALL (the getaddrinfo hints Node exposes).
inline constexpr int ADDRCONFIG = 0x20;  // AI_ADDRCONFIG
inline constexpr int V4MAPPED = 0x08;    // AI_V4MAPPED
inline constexpr int ALL = 0x10;         // AI_ALL

struct LookupAddress {
  std::string address;
  int family = 4;  // 4 or 6
};

struct LookupOptions {
  int family = 0;  // 0 (both), 4 or 6; anything else throws ERR_INVALID_ARG_VALUE
  int hints = 0;
  // Only for the callback form taking (Error*, std::string, int): the first address. The
  // vector forms always return them all.
  bool all = false;
};

// dns.lookup(hostname[, options], callback(err, address, family)).
void lookup(std::string_view hostname, UniqueFunction<void(Error*, std::string, int)> callback);
void lookup(std::string_view hostname, const LookupOptions& options,
            UniqueFunction<void(Error*, std::string, int)> callback);
// dns.lookup(hostname, {all: true}, callback(err, addresses)).
void lookup(std::string_view hostname, const LookupOptions& options,
            UniqueFunction<void(Error*, std::vector<LookupAddress>)> callback);

namespace promises {
// dns.promises.lookup(hostname[, options]) -> {address, family}.
Promise<LookupAddress> lookup(std::string_view hostname, const LookupOptions& options = {});
// dns.promises.lookup(hostname, {all: true}) -> [{address, family}, ...].
Promise<std::vector<LookupAddress>> lookupAll(std::string_view hostname,
                                              const LookupOptions& options = {});
}  // namespace promises

}  // namespace nodecc::dns
