#pragma once
// ServerCore: the HTTP/1.1 server of one loop: a Listener and the connections it accepted. The
// delegate (the Node-style API) turns exchanges into request/response objects and events.
//
// close(): stops listening, closes idle connections at once and the others after their
// current exchanges, as Node's server.close() (which also closes idle connections since Node
// 19). closeAllConnections() destroys every connection.
#include <cstddef>
#include <vector>

#include "http/server_core_options.h"
#include "http/server_delegate.h"
#include "loop/intrusive_list.h"
#include "loop/loop.h"
#include "net/listener.h"

namespace nodecc::http::core {

class ServerConnection;

class ServerCore final : public net::core::Listener::Handler {
 public:
  ServerCore(loop::core::Loop& loop, ServerDelegate& delegate, const ServerCoreOptions& options);
  ~ServerCore() override;
  ServerCore(const ServerCore&) = delete;
  ServerCore& operator=(const ServerCore&) = delete;

  os::core::Result<void> listen(const net::core::Listener::Options& options);
  void close();
  void closeIdleConnections();
  void closeAllConnections();
  bool closing() const { return closing_; }
  size_t connectionCount() const { return connections_.size(); }
  // 0: unlimited. Past it, new connections are accepted and closed at once (as Node).
  size_t maxConnections = 0;

  loop::core::Loop& loop() { return loop_; }
  ServerDelegate& delegate() { return delegate_; }
  ServerCoreOptions& options() { return options_; }
  net::core::Listener& listener() { return listener_; }

  // Called by a connection in its close phase.
  void connectionClosed(ServerConnection* conn);
  // Output written outside the connection's own read callback (a response answered from a
  // timer, an upstream's data) gathers in its cork buffer and goes out at the end of the loop
  // iteration, as Node corks a response's socket until the next tick: a head and its body,
  // written by two calls, then leave in one send.
  void queueFlush(ServerConnection* conn);
  void cancelFlush(ServerConnection* conn);

 private:
  void onConnection(int fd) override;
  static void onFlush(loop::core::Deferred* d);

  loop::core::Loop& loop_;
  ServerDelegate& delegate_;
  ServerCoreOptions options_;
  net::core::Listener listener_;
  loop::core::IntrusiveList<ServerConnection> connections_;
  std::vector<ServerConnection*> flushes_;
  loop::core::Deferred flush_{&ServerCore::onFlush, this};
  bool closing_ = false;
};

}  // namespace nodecc::http::core
