#include "nodecc/dns.h"

#include <netdb.h>
#include <sys/socket.h>

#include <memory>

#include "api/default_thread_pool.h"
#include "api/net/dns_lookup.h"
#include "api/runtime.h"
#include "net/socket_address.h"
#include "nodecc/process.h"
#include "os/errno_table.h"

namespace nodecc::dns {

namespace detail {

struct LookupRequest final : threadpool::core::WorkRequest {
  LookupRequest(std::string_view h, int fam, int fl, LookupCallback c)
      : threadpool::core::WorkRequest(&LookupRequest::work, &LookupRequest::done),
        host(h),
        family(fam),
        flags(fl),
        cb(std::move(c)) {}

  static void work(threadpool::core::WorkRequest* r) {
    auto* self = static_cast<LookupRequest*>(r);
    self->err = os::core::lookupHost(self->host, self->family, self->flags, &self->addresses);
  }
  static void done(threadpool::core::WorkRequest* r, int status) {
    std::unique_ptr<LookupRequest> self(static_cast<LookupRequest*>(r));
    if (!self->cb) {
      return;  // cancelled
    }
    int err = status < 0 ? os::core::kEaiCanceled : self->err;
    self->cb(err, self->addresses);
  }

  std::string host;
  int family;
  int flags;
  int err = 0;
  std::vector<os::core::ResolvedAddress> addresses;
  LookupCallback cb;
};

LookupRequest* startLookup(std::string_view host, int family, int flags, LookupCallback cb) {
  auto* req = new LookupRequest(host, family, flags, std::move(cb));
  nodecc::detail::defaultThreadPool().submit(nodecc::detail::Runtime::current().loop(), *req);
  return req;
}

void cancelLookup(LookupRequest* request) {
  // The worker may be inside getaddrinfo, which cannot be interrupted: the request runs to its
  // end and is freed then; only its callback is dropped.
  request->cb = nullptr;
}

namespace {
// libuv's names for its EAI codes (uv_err_name), with Node's ENOTFOUND for "no such name".
struct EaiName {
  int code;
  const char* name;
};
constexpr EaiName kEaiNames[] = {
    {os::core::kEaiAddrFamily, "EAI_ADDRFAMILY"},
    {os::core::kEaiAgain, "EAI_AGAIN"},
    {os::core::kEaiBadFlags, "EAI_BADFLAGS"},
    {os::core::kEaiCanceled, "EAI_CANCELED"},
    {os::core::kEaiFail, "EAI_FAIL"},
    {os::core::kEaiFamily, "EAI_FAMILY"},
    {os::core::kEaiMemory, "EAI_MEMORY"},
    {os::core::kEaiNoData, "ENOTFOUND"},
    {os::core::kEaiNoName, "ENOTFOUND"},
    {os::core::kEaiOverflow, "EAI_OVERFLOW"},
    {os::core::kEaiService, "EAI_SERVICE"},
    {os::core::kEaiSockType, "EAI_SOCKTYPE"},
};
}  // namespace

Error lookupError(int err, std::string_view host) {
  std::string code;
  for (const EaiName& e : kEaiNames) {
    if (e.code == err) {
      code = e.name;
    }
  }
  if (code.empty()) {
    code = std::string(os::core::errnoName(err));
  }
  Error e(code, "getaddrinfo " + code + " " + std::string(host));
  e.errnum = err;
  e.syscall = "getaddrinfo";
  return e;
}

int toAddressFamily(int family) {
  return family == 4 ? AF_INET : family == 6 ? AF_INET6 : AF_UNSPEC;
}

}  // namespace detail

namespace {

LookupAddress toLookupAddress(const os::core::ResolvedAddress& a) {
  auto addr =
      net::core::SocketAddress::fromRaw(reinterpret_cast<const sockaddr*>(&a.storage), a.length);
  return LookupAddress{addr.ip(), a.family == AF_INET6 ? 6 : 4};
}

void checkFamily(int family) {
  if (family != 0 && family != 4 && family != 6) {
    throw TypeError("ERR_INVALID_ARG_VALUE",
                    "The property 'options.family' must be one of: 0, 4, 6. Received " +
                        std::to_string(family));
  }
}

// The answer without a resolver: "" (Node's null) and IP literals.
bool answerAtOnce(std::string_view hostname, int family,
                  UniqueFunction<void(Error*, std::vector<LookupAddress>)>& cb) {
  if (hostname.empty()) {
    process::nextTick(
        [cb = std::move(cb), family]() mutable { cb(nullptr, std::vector<LookupAddress>{}); });
    return true;
  }
  if (auto ip = net::core::SocketAddress::parse(hostname, 0)) {
    LookupAddress a{std::string(hostname), ip->family() == AF_INET6 ? 6 : 4};
    process::nextTick(
        [cb = std::move(cb), a]() mutable { cb(nullptr, std::vector<LookupAddress>{a}); });
    return true;
  }
  return false;
}

void lookupAll(std::string_view hostname, const LookupOptions& options,
               UniqueFunction<void(Error*, std::vector<LookupAddress>)> cb) {
  checkFamily(options.family);
  if (answerAtOnce(hostname, options.family, cb)) {
    return;
  }
  detail::startLookup(hostname, detail::toAddressFamily(options.family), options.hints,
                      [cb = std::move(cb), host = std::string(hostname)](
                          int err, std::vector<os::core::ResolvedAddress>& addresses) mutable {
                        if (err != 0) {
                          Error e = detail::lookupError(err, host);
                          cb(&e, {});
                          return;
                        }
                        std::vector<LookupAddress> out;
                        out.reserve(addresses.size());
                        for (const auto& a : addresses) {
                          out.push_back(toLookupAddress(a));
                        }
                        cb(nullptr, std::move(out));
                      });
}

}  // namespace

void lookup(std::string_view hostname, UniqueFunction<void(Error*, std::string, int)> callback) {
  lookup(hostname, LookupOptions{}, std::move(callback));
}

void lookup(std::string_view hostname, const LookupOptions& options,
            UniqueFunction<void(Error*, std::string, int)> callback) {
  int family = options.family;
  lookupAll(hostname, options,
            [cb = std::move(callback), family](Error* err, std::vector<LookupAddress> all) mutable {
              if (err) {
                cb(err, std::string(), 0);
              } else if (all.empty()) {
                cb(nullptr, std::string(), family == 6 ? 6 : 4);  // Node: (null, null, 4)
              } else {
                cb(nullptr, std::move(all[0].address), all[0].family);
              }
            });
}

void lookup(std::string_view hostname, const LookupOptions& options,
            UniqueFunction<void(Error*, std::vector<LookupAddress>)> callback) {
  lookupAll(hostname, options, std::move(callback));
}

namespace promises {

Promise<LookupAddress> lookup(std::string_view hostname, const LookupOptions& options) {
  auto p = Promise<LookupAddress>::withResolvers();
  dns::lookup(hostname, options, [r = p.resolve](Error* err, std::string address, int family) {
    if (err) {
      r.reject(std::make_exception_ptr(*err));
    } else {
      r(LookupAddress{std::move(address), family});
    }
  });
  return p.promise;
}

Promise<std::vector<LookupAddress>> lookupAll(std::string_view hostname,
                                              const LookupOptions& options) {
  auto p = Promise<std::vector<LookupAddress>>::withResolvers();
  dns::lookup(hostname, options, [r = p.resolve](Error* err, std::vector<LookupAddress> addresses) {
    if (err) {
      r.reject(std::make_exception_ptr(*err));
    } else {
      r(std::move(addresses));
    }
  });
  return p.promise;
}

}  // namespace promises
}  // namespace nodecc::dns
