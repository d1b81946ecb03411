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
  // Node's server._connections: a destroyed connection stops counting at destroy(), before its
  // socket closes in the close phase, so the server's 'close' can come first.
  size_t openConnectionCount() const { return connections_.size() - destroyed_; }
  // 0: unlimited. Past it, new connections are accepted and closed at once (as Node).
  size_t maxConnections = 0;

  loop::core::Loop& loop() { return loop_; }
  ServerDelegate& delegate() { return delegate_; }
  ServerCoreOptions& options() { return options_; }
  net::core::Listener& listener() { return listener_; }

  // Runs for each accepted connection before it reads a byte: the API installs TLS on its
  // stream there (an https server). Null for plain HTTP.
  using AcceptHook = void (*)(void* data, ServerConnection& conn);
  void setAcceptHook(AcceptHook hook, void* data) {
    acceptHook_ = hook;
    acceptHookData_ = data;
  }

  // Called by a connection at destroy() (it closes in the close phase)...
  void connectionDestroyed(ServerConnection* conn);
  // ...and in its close phase (`destroyed`: after connectionDestroyed).
  void connectionClosed(ServerConnection* conn, bool destroyed);
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
  AcceptHook acceptHook_ = nullptr;
  size_t destroyed_ = 0;  // destroyed, not closed yet
  void* acceptHookData_ = nullptr;
  bool closing_ = false;
};

}  // namespace nodecc::http::core
