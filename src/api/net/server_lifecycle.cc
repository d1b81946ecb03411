#include "api/net/server_lifecycle.h"

#include <cerrno>
#include <memory>

#include "api/net/server_impl.h"
#include "api/net/socket_backend.h"
#include "cluster/shared_ports.h"
#include "cluster/worker_group.h"
#include "nodecc/process.h"

namespace nodecc::net::detail {

std::optional<net::core::Listener::Options> ServerLifecycle::listenerOptions(
    const ListenOptions& options) {
  auto addr = resolveListenAddress(options.host, options.port);
  if (!addr) {
    emitErrorSoon(facade_, errorWithAddress(-EINVAL, "listen", options.host, options.port));
    return std::nullopt;
  }
  net::core::Listener::Options lo;
  lo.address = *addr;
  lo.backlog = options.backlog;
  lo.reusePort = options.reusePort;
  lo.ipv6Only = options.ipv6Only;
  return lo;
}

bool ServerLifecycle::shareWithCluster(const ListenOptions& options,
                                       net::core::Listener::Options& lo, unsigned* ordinal) {
  if (!cluster::core::inWorker()) {
    return false;
  }
  lo.reusePort = true;
  if (options.port != 0) {
    return false;
  }
  *ordinal = cluster::core::nextEphemeralOrdinal();
  if (uint16_t port = cluster::core::sharedPort(options.host, *ordinal)) {
    lo.address.setPort(port);
    return false;
  }
  return true;
}

void ServerLifecycle::recordClusterPort(const ListenOptions& options, unsigned ordinal,
                                        uint16_t port) {
  cluster::core::recordSharedPort(options.host, ordinal, port);
}

void ServerLifecycle::listened(const os::core::Result<void>& result,
                               const net::core::Listener::Options& lo, uint16_t port,
                               const net::core::Listener& listener) {
  if (!result) {
    emitErrorSoon(facade_, errorWithAddress(result.error(), "listen", lo.address.ip(), port));
    return;
  }
  closing_ = false;
  // Node's emitListeningNT: nothing when the server was closed meanwhile (a close() right
  // after listen(), or an already aborted signal's).
  process::nextTick([this, &listener] {
    if (listener.listening()) {
      facade_.emit("listening");
    }
  });
}

bool ServerLifecycle::beginClose(bool listening, UniqueFunction<void(Error*)> cb) {
  if (cb) {
    // Node makes the callback a once('close') listener, after those already added: 'close'
    // listeners run first. A server that is not listening (never was, or is already closing)
    // passes ERR_SERVER_NOT_RUNNING to it.
    auto f = std::make_shared<UniqueFunction<void(Error*)>>(std::move(cb));
    if (listening) {
      facade_.once("close", [f] { (*f)(nullptr); });
    } else {
      facade_.once("close", [f] {
        Error e("ERR_SERVER_NOT_RUNNING", "Server is not running.");
        (*f)(&e);
      });
    }
  }
  if (listening) {
    closing_ = true;
    return true;
  }
  if (!closing_) {
    // Nothing to close and no connection left: Node still emits 'close' (from a nextTick).
    emitCloseSoon();
  }
  return false;
}

void ServerLifecycle::maybeFinish(size_t connections) {
  if (!closing_ || connections > 0) {
    return;
  }
  closing_ = false;
  emitCloseSoon();
}

void ServerLifecycle::emitCloseSoon() {
  process::nextTick([this] { facade_.emit("close"); });
}

}  // namespace nodecc::net::detail
