#pragma once
// AgentImpl: http.Agent's pool. Per origin name ("host:port:localAddress[:family]") it keeps
// the sockets in use, the free (kept-alive, idle) sockets and the requests waiting for one,
// and applies Node's rules: a free socket first (newest with 'lifo', oldest with 'fifo'),
// else a new connection while maxSockets (per origin) and maxTotalSockets allow, else wait;
// a socket freed by a finished exchange goes to the next waiting request, else back to the
// free list (keepAlive, below maxFreeSockets), else it is closed.
//
// Lifetime: reference counted by its facade (http::Agent), its sockets and its waiting
// requests, so an Agent destroyed while requests are in flight leaves them to finish.
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "nodecc/http_client.h"
#include "tls/session_cache.h"

namespace nodecc::http::detail {

class ClientRequestImpl;
class ClientSocket;

class AgentImpl {
 public:
  AgentImpl(Agent* facade, const AgentOptions& options);
  AgentImpl(const AgentImpl&) = delete;
  AgentImpl& operator=(const AgentImpl&) = delete;

  void retain() { ++refs_; }
  void release();

  // Gives `req` a socket now (a free one, or a new connection) or queues it. preferNew: a
  // retry after a kept-alive socket failed, which wants a fresh connection if the limits
  // allow one.
  void addRequest(ClientRequestImpl& req, bool preferNew = false);
  // A queued request gave up (destroyed before it got a socket).
  void removeRequest(ClientRequestImpl& req);
  // A socket finished its exchange and may carry another (Node's 'free').
  void socketFree(ClientSocket& socket);
  // A socket closed (Node's removeSocket): it leaves the pool, and a waiting request may get
  // a new connection in its place.
  void socketClosed(ClientSocket& socket);
  // Destroys every socket (agent.destroy()).
  void destroyAll();
  // The facade is going away.
  void detachFacade();
  // The thread's runtime (and its loop) is going away: every socket is freed now, without
  // callbacks, and the agent makes no more.
  void teardown();

  // The origin name of `req` (valid until the next call).
  const std::string& nameFor(const ClientRequestImpl& req);
  std::map<std::string, size_t> counts(int which) const;  // 0 busy, 1 free, 2 waiting
  uint64_t createdSockets() const { return created_; }
  // https: the last TLS session of each origin, resumed by its next connection.
  tls::core::SessionCache tlsSessions;

  const AgentOptions options;

 private:
  struct Pool {
    std::vector<ClientSocket*> busy;
    std::deque<ClientSocket*> free;
    std::deque<ClientRequestImpl*> waiting;
  };
  ~AgentImpl() = default;

  // The facade's current settings (Node reads agent.maxSockets... at each request).
  bool keepAlive() const;
  size_t maxSockets() const;
  size_t maxTotalSockets() const;
  size_t maxFreeSockets() const;

  void assign(ClientRequestImpl& req, ClientSocket& socket, bool reused);
  ClientSocket* createSocket(ClientRequestImpl& req, Pool& pool, const std::string& name);
  // Makes room under maxTotalSockets by closing a free socket of another origin.
  bool evictFreeSocket(const std::string& except);
  void serveWaiting(const std::string& name);
  Pool* poolOf(const std::string& name);
  // The pool of `name` (nameFor's result, name_), made if missing.
  Pool& poolFor(const std::string& name);

  Agent* facade_;
  int refs_ = 0;
  bool tornDown_ = false;
  uint64_t created_ = 0;
  size_t totalSockets_ = 0;  // busy + free, over every origin
  std::unordered_map<std::string, Pool> pools_;
  std::string name_;  // nameFor's result: built in place, so a lookup allocates nothing
  // What name_ was built from: the same origin again (a proxy's every request) skips
  // building and hashing the name. lastPool_ is name_'s pool, null when not looked up yet or
  // erased since (pools_ keeps its nodes in place otherwise).
  std::string nameHost_;
  std::string nameLocal_;
  std::string nameTls_;
  uint16_t namePort_ = 0;
  int nameFamily_ = -1;  // -1: name_ not built yet
  Pool* lastPool_ = nullptr;
};

}  // namespace nodecc::http::detail
