#include "api/http/client/agent.h"

#include <algorithm>
#include <charconv>

#include "api/http/client/client_request.h"
#include "api/http/client/socket.h"
#include "api/per_runtime.h"
#include "api/runtime.h"

namespace nodecc::http::detail {

AgentImpl::AgentImpl(Agent* facade, const AgentOptions& o) : options(o), facade_(facade) {}

void AgentImpl::release() {
  if (--refs_ == 0) {
    delete this;
  }
}

bool AgentImpl::keepAlive() const {
  return facade_ ? facade_->keepAlive : options.keepAlive;
}
size_t AgentImpl::maxSockets() const {
  return facade_ ? facade_->maxSockets : options.maxSockets;
}
size_t AgentImpl::maxTotalSockets() const {
  return facade_ ? facade_->maxTotalSockets : options.maxTotalSockets;
}
size_t AgentImpl::maxFreeSockets() const {
  return facade_ ? facade_->maxFreeSockets : options.maxFreeSockets;
}

const std::string& AgentImpl::nameFor(const ClientRequestImpl& req) {
  // Node's getName: host:port:localAddress, and :family when one was asked for.
  int family = (req.family == 4 || req.family == 6) ? req.family : 0;
  if (nameFamily_ == family && namePort_ == req.port && nameHost_ == req.connectHost &&
      nameLocal_ == req.localAddress && nameTls_ == req.tlsName) {
    return name_;
  }
  std::string& name = name_;
  name.assign(req.connectHost);
  name += ':';
  char digits[8];
  auto [end, ec] = std::to_chars(digits, digits + sizeof digits, req.port);
  name.append(digits, size_t(end - digits));
  name += ':';
  name += req.localAddress;
  if (family != 0) {
    name += ':';
    name += char('0' + family);
  }
  // https: the TLS settings too, as Node's https.Agent (a connection verified for one name
  // never serves another).
  name += req.tlsName;
  nameHost_.assign(req.connectHost);
  nameLocal_.assign(req.localAddress);
  nameTls_.assign(req.tlsName);
  namePort_ = req.port;
  nameFamily_ = family;
  lastPool_ = nullptr;
  return name;
}

AgentImpl::Pool* AgentImpl::poolOf(const std::string& name) {
  if (lastPool_ && name == name_) {
    return lastPool_;
  }
  auto it = pools_.find(name);
  return it == pools_.end() ? nullptr : &it->second;
}

AgentImpl::Pool& AgentImpl::poolFor(const std::string& name) {
  if (!lastPool_) {
    lastPool_ = &pools_[name];
  }
  return *lastPool_;
}

void AgentImpl::addRequest(ClientRequestImpl& req, bool preferNew) {
  if (tornDown_) {
    return;  // the thread is ending: nothing runs any more
  }
  const std::string& name = nameFor(req);
  Pool& pool = poolFor(name);
  // A free socket that is already closing (agent.destroy() closed it; it leaves the pool in
  // its close phase) serves no request.
  auto open = [](ClientSocket* s) { return !s->closing(); };
  auto freeAt = pool.free.end();
  if (options.scheduling == "fifo") {
    freeAt = std::find_if(pool.free.begin(), pool.free.end(), open);
  } else if (auto r = std::find_if(pool.free.rbegin(), pool.free.rend(), open);
             r != pool.free.rend()) {
    freeAt = std::prev(r.base());
  }
  if (freeAt != pool.free.end() &&
      !(preferNew && pool.busy.size() + pool.free.size() < maxSockets() &&
        totalSockets_ < maxTotalSockets())) {
    ClientSocket* s = *freeAt;
    pool.free.erase(freeAt);
    s->unpark();
    pool.busy.push_back(s);
    assign(req, *s, true);
    return;
  }
  if (pool.busy.size() + pool.free.size() < maxSockets() && totalSockets_ < maxTotalSockets()) {
    ClientSocket* s = createSocket(req, pool, name);
    assign(req, *s, false);
    s->start(req);
    return;
  }
  req.queuedInAgent = true;
  pool.waiting.push_back(&req);
}

void AgentImpl::removeRequest(ClientRequestImpl& req) {
  if (Pool* pool = poolOf(nameFor(req))) {
    auto it = std::find(pool->waiting.begin(), pool->waiting.end(), &req);
    if (it != pool->waiting.end()) {
      pool->waiting.erase(it);
    }
  }
}

ClientSocket* AgentImpl::createSocket(ClientRequestImpl& req, Pool& pool, const std::string& name) {
  auto* s = new ClientSocket(*this, name);
  pool.busy.push_back(s);
  ++totalSockets_;
  ++created_;
  return s;
}

void AgentImpl::assign(ClientRequestImpl& req, ClientSocket& socket, bool reused) {
  req.onSocket(socket, reused);
}

void AgentImpl::socketFree(ClientSocket& socket) {
  Pool* pool = poolOf(socket.name());
  if (pool == nullptr) {
    return;
  }
  if (socket.closing() || (socket.connected() && !socket.connection().reusable())) {
    socket.close();
    return;
  }
  if (!pool->waiting.empty()) {
    // The next request of this origin takes the socket as it is.
    ClientRequestImpl* next = pool->waiting.front();
    pool->waiting.pop_front();
    assign(*next, socket, true);
    return;
  }
  size_t count = pool->busy.size() + pool->free.size();
  bool keep = keepAlive() && count <= maxSockets() && totalSockets_ <= maxTotalSockets() &&
              pool->free.size() < maxFreeSockets();
  // A request of another origin waiting for room under maxTotalSockets comes first.
  for (auto& [name, p] : pools_) {
    keep = keep && p.waiting.empty();
  }
  if (!keep) {
    socket.close();
    return;
  }
  // Node's keepSocketAlive: the server's "Keep-Alive: timeout=N" hint shortens the idle
  // timeout to N-1 s (a second of margin against the server closing first); N <= 1 means the
  // socket cannot be kept safely.
  uint64_t timeout = options.timeout;
  if (socket.serverTimeoutHintSecs >= 0) {
    int64_t hintMs = socket.serverTimeoutHintSecs * 1000 - 1000;
    if (hintMs <= 0) {
      socket.close();
      return;
    }
    if (uint64_t(hintMs) < timeout) {
      timeout = uint64_t(hintMs);
    }
  }
  auto it = std::find(pool->busy.begin(), pool->busy.end(), &socket);
  if (it != pool->busy.end()) {
    pool->busy.erase(it);
  }
  pool->free.push_back(&socket);
  socket.park(timeout, facade_ ? facade_->keepAliveMsecs : options.keepAliveMsecs);
}

void AgentImpl::socketClosed(ClientSocket& socket) {
  Pool* pool = poolOf(socket.name());
  if (pool == nullptr) {
    return;
  }
  auto busy = std::find(pool->busy.begin(), pool->busy.end(), &socket);
  if (busy != pool->busy.end()) {
    pool->busy.erase(busy);
    --totalSockets_;
  } else {
    auto free = std::find(pool->free.begin(), pool->free.end(), &socket);
    if (free != pool->free.end()) {
      pool->free.erase(free);
      --totalSockets_;
    }
  }
  serveWaiting(socket.name());
}

void AgentImpl::serveWaiting(const std::string& closedName) {
  // A socket went away: a waiting request may get a new connection in its place, one of
  // this origin first, else of an origin that has no socket at all.
  Pool* pool = poolOf(closedName);
  std::string name = closedName;
  if (pool == nullptr || pool->waiting.empty()) {
    pool = nullptr;
    for (auto& [n, p] : pools_) {
      if (!p.waiting.empty() && p.busy.empty() && p.free.empty()) {
        pool = &p;
        name = n;
        break;
      }
    }
  }
  if (pool == nullptr || pool->waiting.empty()) {
    if (Pool* p = poolOf(closedName);
        p && p->busy.empty() && p->free.empty() && p->waiting.empty()) {
      if (p == lastPool_) {
        lastPool_ = nullptr;
      }
      pools_.erase(closedName);
    }
    return;
  }
  if (pool->busy.size() + pool->free.size() >= maxSockets() || totalSockets_ >= maxTotalSockets()) {
    return;
  }
  ClientRequestImpl* next = pool->waiting.front();
  pool->waiting.pop_front();
  next->queuedInAgent = false;
  ClientSocket* s = createSocket(*next, *pool, name);
  assign(*next, *s, false);
  s->start(*next);
}

void AgentImpl::destroyAll() {
  std::vector<ClientSocket*> all;
  for (auto& [name, pool] : pools_) {
    all.insert(all.end(), pool.busy.begin(), pool.busy.end());
    all.insert(all.end(), pool.free.begin(), pool.free.end());
  }
  for (ClientSocket* s : all) {
    s->close();
  }
}

void AgentImpl::detachFacade() {
  facade_ = nullptr;
  // Idle sockets go now, without a loop iteration (the facade may be going away with the
  // thread's runtime, after the last one); sockets in use close as usual.
  std::vector<ClientSocket*> idle;
  for (auto& [name, pool] : pools_) {
    idle.insert(idle.end(), pool.free.begin(), pool.free.end());
    pool.free.clear();
  }
  totalSockets_ -= idle.size();
  for (ClientSocket* s : idle) {
    s->dispose();
  }
  destroyAll();
}

void AgentImpl::teardown() {
  if (tornDown_) {
    return;
  }
  tornDown_ = true;
  std::vector<ClientSocket*> all;
  for (auto& [name, pool] : pools_) {
    all.insert(all.end(), pool.busy.begin(), pool.busy.end());
    all.insert(all.end(), pool.free.begin(), pool.free.end());
  }
  pools_.clear();
  lastPool_ = nullptr;
  totalSockets_ = 0;
  for (ClientSocket* s : all) {
    if (s->request) {
      s->request->socket = nullptr;  // the request will never run again either
      s->request = nullptr;
    }
    s->dispose();
  }
}

std::map<std::string, size_t> AgentImpl::counts(int which) const {
  std::map<std::string, size_t> out;
  for (const auto& [name, pool] : pools_) {
    size_t n = which == 0 ? pool.busy.size() : which == 1 ? pool.free.size() : pool.waiting.size();
    if (n > 0) {
      out[name] = n;
    }
  }
  return out;
}

}  // namespace nodecc::http::detail

namespace nodecc::http {

namespace {
const AgentOptions& validated(const AgentOptions& o) {
  if (o.scheduling != "lifo" && o.scheduling != "fifo") {
    throw TypeError("ERR_INVALID_ARG_VALUE",
                    "The argument 'scheduling' must be one of: 'fifo', 'lifo'. Received '" +
                        o.scheduling + "'");
  }
  return o;
}
}  // namespace

namespace {
// Owned by the thread's runtime: frees the agent's sockets while the loop still exists, so an
// Agent may live longer than the runtime (a static or thread_local one).
struct AgentTeardown {
  explicit AgentTeardown(detail::AgentImpl* i) : impl(i) { impl->retain(); }
  ~AgentTeardown() {
    impl->teardown();
    impl->release();
  }
  detail::AgentImpl* impl;
};
}  // namespace

Agent::Agent(const AgentOptions& o)
    : options(validated(o)),
      keepAlive(o.keepAlive),
      keepAliveMsecs(o.keepAliveMsecs),
      maxSockets(o.maxSockets == 0 ? AgentOptions::kInfinity : o.maxSockets),
      maxTotalSockets(o.maxTotalSockets == 0 ? AgentOptions::kInfinity : o.maxTotalSockets),
      maxFreeSockets(o.maxFreeSockets),
      impl_(new detail::AgentImpl(this, o)) {
  impl_->retain();
  nodecc::detail::Runtime::current().adopt(new AgentTeardown(impl_));
}

Agent::~Agent() {
  impl_->detachFacade();
  impl_->release();
}

std::map<std::string, size_t> Agent::sockets() const {
  return impl_->counts(0);
}
std::map<std::string, size_t> Agent::freeSockets() const {
  return impl_->counts(1);
}
std::map<std::string, size_t> Agent::requests() const {
  return impl_->counts(2);
}
std::string Agent::getName(const RequestOptions& o) const {
  std::string name = !o.hostname.empty() ? o.hostname : !o.host.empty() ? o.host : "localhost";
  name += ':';
  name += std::to_string(o.port != 0 ? o.port : o.defaultPort);
  name += ':';
  name += o.localAddress;
  if (o.family == 4 || o.family == 6) {
    name += ':';
    name += char('0' + o.family);
  }
  return name;
}

uint64_t Agent::createdSocketCount() const {
  return impl_->createdSockets();
}
void Agent::destroy() {
  impl_->destroyAll();
}

Agent& globalAgent() {
  return nodecc::detail::perRuntime<Agent>([] {
    AgentOptions o;
    o.keepAlive = true;
    o.scheduling = "lifo";
    o.timeout = 5000;
    return new Agent(o);
  });
}

}  // namespace nodecc::http
