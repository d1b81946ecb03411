#include "http/server_core.h"

#include "http/server_connection.h"
#include "os/fd.h"

namespace nodecc::http::core {

ServerCore::ServerCore(loop::core::Loop& loop, ServerDelegate& delegate,
                       const ServerCoreOptions& options)
    : loop_(loop), delegate_(delegate), options_(options), listener_(loop, *this) {}

ServerCore::~ServerCore() {
  listener_.close();
  // Freed now, not in a close phase that may never come (the thread's runtime ending) and
  // whose callbacks would find this server gone. Each leaves the list in its close callback.
  while (ServerConnection* c = connections_.front()) {
    c->destroyNow();
  }
  loop_.cancelDeferred(flush_);
}

void ServerCore::queueFlush(ServerConnection* conn) {
  flushes_.push_back(conn);
  if (!flush_.owner) {
    loop_.queuePending(flush_);
  }
}

void ServerCore::cancelFlush(ServerConnection* conn) {
  for (ServerConnection*& c : flushes_) {
    if (c == conn) {
      c = nullptr;
    }
  }
}

void ServerCore::onFlush(loop::core::Deferred* d) {
  auto* self = static_cast<ServerCore*>(d->data);
  // Connections queued while these flush wait for the next pass.
  std::vector<ServerConnection*> batch;
  batch.swap(self->flushes_);
  for (ServerConnection* c : batch) {
    if (c != nullptr) {
      c->flushQueued();
    }
  }
  if (self->flushes_.empty()) {
    batch.clear();
    self->flushes_.swap(batch);  // keeps the capacity
  }
}

os::core::Result<void> ServerCore::listen(const net::core::Listener::Options& options) {
  closing_ = false;
  return listener_.listen(options);
}

void ServerCore::onConnection(int fd) {
  if (maxConnections > 0 && openConnectionCount() >= maxConnections) {
    os::core::closeFd(fd);
    return;
  }
  auto* conn = new ServerConnection(*this, fd);
  connections_.pushBack(conn);
  if (acceptHook_) {
    acceptHook_(acceptHookData_, *conn);
  }
  delegate_.onConnection(*conn);
}

void ServerCore::connectionDestroyed(ServerConnection* conn) {
  ++destroyed_;
  delegate_.onConnectionDestroyed(*conn);
}

void ServerCore::connectionClosed(ServerConnection* conn, bool destroyed) {
  destroyed_ -= destroyed ? 1 : 0;
  if (conn->owner) {
    connections_.unlink(conn);
  }
  delegate_.onConnectionClose(*conn);
}

void ServerCore::close() {
  closing_ = true;
  listener_.close();
  closeIdleConnections();
  for (ServerConnection* c = connections_.front(); c; c = c->next) {
    c->closeWhenIdle();
  }
}

void ServerCore::closeIdleConnections() {
  for (ServerConnection* c = connections_.front(); c;) {
    ServerConnection* next = c->next;
    if (c->idle()) {
      c->destroy();
    }
    c = next;
  }
}

void ServerCore::closeAllConnections() {
  for (ServerConnection* c = connections_.front(); c;) {
    ServerConnection* next = c->next;
    c->destroy();
    c = next;
  }
}

}  // namespace nodecc::http::core
