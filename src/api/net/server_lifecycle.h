#pragma once
// ServerLifecycle: what net::Server and http::Server share around their listener: listen()
// (resolve the host, bind, then 'listening' or 'error' from a nextTick, as Node) and close()
// (ERR_SERVER_NOT_RUNNING when not running; the callbacks and 'close' once the last connection
// is gone).
#include <cstddef>
#include <optional>
#include <vector>

#include "net/listener.h"
#include "nodecc/events.h"
#include "nodecc/function.h"
#include "nodecc/net.h"

namespace nodecc::net::detail {

class ServerLifecycle {
 public:
  explicit ServerLifecycle(EventEmitter& facade) : facade_(facade) {}

  // bind(const net::core::Listener::Options&) -> os::core::Result<void> does the listening on
  // `listener`. In a cluster worker every listener shares its port with the other workers'
  // (SO_REUSEPORT), an ephemeral one (port 0) too: the first worker's choice is reused.
  template <class Bind>
  void listen(const ListenOptions& options, const net::core::Listener& listener, Bind&& bind) {
    auto lo = listenerOptions(options);
    if (!lo) {
      return;
    }
    unsigned ordinal = 0;
    bool shared = shareWithCluster(options, *lo, &ordinal);
    os::core::Result<void> r = bind(*lo);
    if (r && shared) {
      recordClusterPort(options, ordinal, listener.address().port());
    }
    listened(r, *lo, options.port, listener);
  }
  // As Node, cb becomes a once('close') listener: it gets nullptr, or ERR_SERVER_NOT_RUNNING
  // when the server was not listening (then 'close' is emitted anyway, from a nextTick, unless
  // an earlier close is still waiting for connections). True when closing began (the caller
  // then stops its listener and calls maybeFinish).
  bool beginClose(bool listening, UniqueFunction<void(Error*)> cb);
  // Emits 'close' (from a nextTick) once closing and no connection is left.
  void maybeFinish(size_t connections);
  bool closing() const { return closing_; }

 private:
  std::optional<net::core::Listener::Options> listenerOptions(const ListenOptions& options);
  static bool shareWithCluster(const ListenOptions& options, net::core::Listener::Options& lo,
                               unsigned* ordinal);
  static void recordClusterPort(const ListenOptions& options, unsigned ordinal, uint16_t port);
  void emitCloseSoon();
  void listened(const os::core::Result<void>& result, const net::core::Listener::Options& lo,
                uint16_t port, const net::core::Listener& listener);

  EventEmitter& facade_;
  bool closing_ = false;
};

}  // namespace nodecc::net::detail
