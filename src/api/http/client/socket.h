#pragma once
// ClientSocket: one connection of an Agent's pool: the http layer's ClientConnection, the
// net::Socket facade a "socket" listener receives, and the request it serves now (at most
// one; none while free). It resolves the host (IP literals directly, names on the thread
// pool), tries the addresses in order until one connects, forwards the connection's events
// to its request, and tells the agent when it is free or closed.
//
// Lifetime: made by AgentImpl::createSocket; deletes itself after its connection has closed
// (onClose), once its request and its agent have been told.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "api/net/dns_lookup.h"
#include "api/net/socket_backend.h"
#include "http/client_connection.h"
#include "net/socket_address.h"
#include "nodecc/http_client.h"

namespace nodecc::http::detail {

class AgentImpl;
class ClientRequestImpl;

class ClientSocket final : public http::core::ClientConnection::Owner,
                           public net::detail::SocketBackend {
 public:
  ClientSocket(AgentImpl& agent, std::string name);
  ~ClientSocket() override;

  // Resolves and connects to what `req` asks for.
  void start(const ClientRequestImpl& req);

  AgentImpl& agent() { return agent_; }
  const std::string& name() const { return name_; }
  net::Socket& facadeSocket() { return *socket_; }
  http::core::ClientConnection& connection() { return *conn_; }
  bool connected() const { return connected_; }
  bool closing() const { return closing_; }

  // The request this socket serves (null while free).
  ClientRequestImpl* request = nullptr;
  // In the agent's free list.
  bool isFree = false;
  // The last response's "Keep-Alive: timeout=N" (seconds), -1 when it had none.
  int64_t serverTimeoutHintSecs = -1;

  // Idle in the pool: unref'd, the agent's timeout, TCP keep-alive.
  void park(uint64_t timeoutMs, uint64_t keepAliveMsecs);
  // Taken from the pool for a request.
  void unpark();
  // Closes the connection now (queued bytes are dropped).
  void close();
  // Closes once the bytes queued for the peer have gone (Node's destroySoon).
  void closeSoon();
  // Frees the socket now, without callbacks or a loop iteration (an idle socket of an agent
  // going away, possibly with the thread's runtime).
  void dispose();

  // net::detail::SocketBackend (the facade's operations)
  net::core::Stream& stream() override { return conn_->stream(); }
  bool write(std::string_view data, UniqueFunction<void(Error*)> cb) override;
  void end() override;
  void destroy(const Error* err) override;
  void pause() override;
  void resume() override;
  void setTimeout(uint64_t ms) override;
  bool destroyed() const override { return closing_; }
  bool readable() const override { return !closing_; }
  bool writable() const override { return !closing_; }

 private:
  // ClientConnection::Owner
  void onConnect(int status) override;
  void onInformation(const http::core::ResponseHead& head,
                     const http::core::Header* headers) override;
  void onResponse(const http::core::ResponseHead& head, const http::core::Header* headers) override;
  void onBody(std::string_view data) override;
  void onMessageComplete(const http::core::Header* trailers, size_t count) override;
  void onParseError(const http::core::ParseError& err) override;
  void onPeerEnd() override;
  void onError(int err) override;
  void onDrain() override;
  void onTimeout() override;
  void onClose() override;

  void connectNext();
  void fail(const Error& err);

  AgentImpl& agent_;
  std::string name_;
  http::core::ClientConnection* conn_;
  std::unique_ptr<net::Socket> socket_;
  // Connecting: the addresses to try, in order, and the one being tried.
  std::vector<net::core::SocketAddress> addresses_;
  size_t next_ = 0;
  net::core::SocketAddress target_;
  net::core::SocketAddress local_;
  dns::detail::LookupRequest* lookup_ = nullptr;
  std::unique_ptr<Error> error_;  // why it closed, for the request
  bool connected_ = false;
  bool closing_ = false;
  int64_t keepAliveSetMs_ = -1;   // the TCP keep-alive delay set on the socket, -1: none
  bool needDrain_ = false;        // the facade's write() returned false
  bool closeAfterDrain_ = false;  // closeSoon() waits for the queue to empty
};

}  // namespace nodecc::http::detail
