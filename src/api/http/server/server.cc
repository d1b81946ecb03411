#include <algorithm>
#include <cerrno>
#include <cstdio>

#include "api/close_on_abort.h"
#include "api/http/server/exchange.h"
#include "api/http/text.h"
#include "api/net/server_impl.h"
#include "api/net/socket_backend.h"
#include "api/net/tcp_socket.h"
#include "api/runtime.h"
#include "api/tls/secure_server.h"
#include "nodecc/process.h"
#include "os/fd.h"

namespace nodecc::http {

namespace detail {

namespace {
// Exchanges kept for reuse per server; beyond this, finished ones are freed.
constexpr size_t kMaxFreeExchanges = 1024;
}  // namespace

// The socket facade of an HTTP connection: the connection owns the stream.
class HttpSocket final : public net::detail::SocketBackend {
 public:
  explicit HttpSocket(http::core::ServerConnection& conn)
      : conn_(conn), socket_(std::make_unique<net::Socket>(this)) {
    facade = socket_.get();
  }
  net::Socket& socket() { return *socket_; }
  net::core::Stream& stream() override { return conn_.stream(); }
  bool write(std::string_view data, UniqueFunction<void(Error*)> cb) override {
    conn_.stream().write(data);
    if (cb) {
      process::nextTick([cb = std::move(cb)]() mutable { cb(nullptr); });
    }
    return true;
  }
  void end() override { conn_.closeWhenIdle(); }
  void destroy(const Error* err) override;
  void pause() override { conn_.pauseReading(); }
  void resume() override { conn_.resumeReading(); }
  void setTimeout(uint64_t ms) override { conn_.setIdleTimeout(ms); }
  bool destroyed() const override { return !conn_.stream().isOpen(); }
  bool readable() const override { return conn_.stream().isOpen(); }
  bool writable() const override { return conn_.stream().isOpen(); }

 private:
  http::core::ServerConnection& conn_;
  std::unique_ptr<net::Socket> socket_;
};

void HttpSocket::destroy(const Error* err) {
  auto* server = static_cast<HttpServerImpl*>(&conn_.server().delegate());
  server->destroyConnection(conn_, err);
}

HttpServerImpl::HttpServerImpl(Server& f, loop::core::Loop& l) : facade(f), loop(l), lifecycle_(f) {
  orphanTimer_.data = this;
  orphanTimer_.refed = false;  // waiting orphans do not keep the process alive
}

HttpServerImpl::~HttpServerImpl() {
  loop.cancelDeferred(trim_);
  if (orphanTimer_.active()) {
    loop.stopTimer(orphanTimer_);
  }
  core.reset();
  while (OrphanLink* o = orphans_.popFront()) {
    delete o->ex;
  }
  for (ExchangeImpl* ex : free_) {
    delete ex;
  }
}

void HttpServerImpl::listen(const net::ListenOptions& options) {
  const ServerOptions& o = facade.options;
  http::core::ServerCoreOptions co;
  co.limits.maxHeaderSize = o.maxHeaderSize;
  co.limits.maxHeadersCount = o.maxHeadersCount;
  co.limits.maxUriLength = o.maxUriLength;
  co.limits.requireHost = o.requireHostHeader;
  co.keepAliveTimeoutMs = o.keepAliveTimeout;
  co.headersTimeoutMs = o.headersTimeout;
  co.requestTimeoutMs = o.requestTimeout;
  co.maxRequestsPerSocket = o.maxRequestsPerSocket;
  co.highWaterMark = o.highWaterMark;
  co.noDelay = o.noDelay;
  if (!core) {
    core = std::make_unique<http::core::ServerCore>(loop, *this, co);
  } else {
    core->options() = co;
  }
  core->maxConnections = facade.maxConnections;
  if (tls) {
    core->setAcceptHook(&HttpServerImpl::attachTls, this);
  }
  lifecycle_.listen(options, core->listener(),
                    [this](const net::core::Listener::Options& lo) { return core->listen(lo); });
}

void HttpServerImpl::close(UniqueFunction<void(Error*)> cb) {
  bool listening = core && core->listener().listening();
  if (lifecycle_.beginClose(listening, std::move(cb))) {
    core->close();
    lifecycle_.maybeFinish(core->openConnectionCount());
  }
}

net::Socket& HttpServerImpl::socketOf(http::core::ServerConnection& conn) {
  if (!conn.userData) {
    conn.userData = new HttpSocket(conn);
  }
  return static_cast<HttpSocket*>(conn.userData)->socket();
}

void HttpServerImpl::onConnection(http::core::ServerConnection& conn) {
  if (facade.timeout != 0) {
    conn.setServerTimeout(facade.timeout);  // Node: socket.setTimeout(server.timeout)
  }
  if (facade.listenerCount("connection") > 0) {
    facade.emit("connection", socketOf(conn));
  }
}

void HttpServerImpl::onConnectionDestroyed(http::core::ServerConnection&) {
  if (core) {
    lifecycle_.maybeFinish(core->openConnectionCount());
  }
}

void HttpServerImpl::onConnectionClose(http::core::ServerConnection& conn) {
  if (auto* s = static_cast<HttpSocket*>(conn.userData)) {
    conn.userData = nullptr;
    s->socket().emit("close", false);
    delete s;
  }
  if (core) {
    lifecycle_.maybeFinish(core->openConnectionCount());
  }
}

http::core::Exchange* HttpServerImpl::newExchange(http::core::ServerConnection&) {
  ExchangeImpl* ex;
  if (!free_.empty()) {
    ex = free_.back();
    free_.pop_back();
  } else {
    ex = new ExchangeImpl(*this);
  }
  ++ex->generation;
  ++live_;
  ex->holds = 2;  // the http layer's, and the event sequence's
  return ex;
}

void HttpServerImpl::releaseExchange(http::core::Exchange* ex) {
  static_cast<ExchangeImpl*>(ex)->release();
}

void HttpServerImpl::recycle(ExchangeImpl* ex) {
  // Never deleted here: nextTick callbacks queued for this exchange (each checks the
  // generation it was queued for) may still be waiting to read it. The surplus is trimmed in
  // the pending phase, when every tick queued before has run.
  --live_;
  if (ex->watches != nullptr) {
    ex->dropWatches();  // a serveStatic lookup outlived the request: it must not answer it
  }
  free_.push_back(ex);
  if (free_.size() > kMaxFreeExchanges && !trim_.queued()) {
    loop.queuePending(trim_);
  }
}

void HttpServerImpl::adoptOrphan(ExchangeImpl* ex) {
  // Its events are over (Node emits nothing on a destroyed request or response): their
  // listeners go now, and with them whatever their closures hold; so does the unread body.
  ex->req.removeAllListeners();
  ex->res.removeAllListeners();
  ex->buffered.clear();
  ex->bufferedBytes = 0;
  ex->orphan.ex = ex;
  ex->orphan.since = loop.now();
  orphans_.pushBack(&ex->orphan);
  if (orphans_.size() > facade.options.maxOrphans) {
    OrphanLink* oldest = orphans_.front();
    releaseOrphan(oldest->ex);
    oldest->ex->release();
  }
  armOrphanTimer();
}

void HttpServerImpl::releaseOrphan(ExchangeImpl* ex) {
  orphans_.unlink(&ex->orphan);
  ex->apiHoldReleased = true;
}

void HttpServerImpl::armOrphanTimer() {
  if (orphanTimer_.active() || orphans_.empty()) {
    return;
  }
  const uint64_t timeout = facade.options.orphanTimeout;
  if (timeout == 0) {
    return;  // orphans wait for their handlers, bounded by maxOrphans only
  }
  const int64_t due = orphans_.front()->since + int64_t(timeout);
  loop.startTimer(orphanTimer_, uint64_t(std::max<int64_t>(1, due - loop.now())));
}

void HttpServerImpl::onOrphanTimer(loop::core::Timer* t) {
  auto* self = static_cast<HttpServerImpl*>(t->data);
  const int64_t timeout = int64_t(self->facade.options.orphanTimeout);
  while (!self->orphans_.empty() && self->orphans_.front()->since + timeout <= self->loop.now()) {
    ExchangeImpl* ex = self->orphans_.front()->ex;
    self->releaseOrphan(ex);
    ex->release();
  }
  self->armOrphanTimer();
}

void HttpServerImpl::onTrim(loop::core::Deferred* d) {
  auto* self = static_cast<HttpServerImpl*>(d->data);
  while (self->free_.size() > kMaxFreeExchanges) {
    delete self->free_.back();
    self->free_.pop_back();
  }
}

void HttpServerImpl::onRequest(http::core::Exchange& base) {
  auto& ex = static_cast<ExchangeImpl&>(base);
  ex.begin();
  if (ex.method == "CONNECT") {
    // Node destroys the socket of a CONNECT request when the server has no 'connect' listener
    // (nodecc has no 'connect' event yet): the bytes after it belong to a tunnel, not to
    // HTTP. The request never reaches a handler, so the API's hold on it ends here.
    ex.apiHoldReleased = true;
    ex.release();
    ex.connection()->destroy();
    return;
  }
  uint64_t generation = ex.generation;
  try {
    if (!ex.expect.empty() && ex.versionMajor == 1 && ex.versionMinor >= 1) {
      // As Node: 100-continue anywhere in the list (any case) is a 100-continue request.
      if (mentionsWord(ex.expect, "100-continue")) {
        ex.expectContinue = true;
        if (facade.listenerCount("checkContinue") > 0) {
          facade.emit("checkContinue", ex.req, ex.res);
          return;
        }
        ex.res.writeContinue();
      } else {
        if (facade.listenerCount("checkExpectation") > 0) {
          facade.emit("checkExpectation", ex.req, ex.res);
        } else {
          ex.res.writeHead(417);
          ex.res.end();
        }
        return;
      }
    }
    facade.emit("request", ex.req, ex.res);
  } catch (...) {
    handleException(ex, generation, std::current_exception());
  }
}

void HttpServerImpl::onUpgrade(http::core::Exchange& base, int fd,
                               std::unique_ptr<net::core::Stream::Filter> filter,
                               std::string_view rest) {
  auto& ex = static_cast<ExchangeImpl&>(base);
  ex.begin();
  ex.req.complete = true;  // as Node: the request of an upgrade has no body of its own
  // The bytes after the head go first: the socket's reads reuse the buffer `rest` points into.
  Buffer head = Buffer::from(rest);
  auto* socket = new net::detail::TcpSocket(loop);
  if (!socket->adopt(fd, std::move(filter))) {
    // Not watchable (the loop is out of descriptors' room): as a connection that failed.
    delete socket;
    os::core::closeFd(fd);
    ex.apiHoldReleased = true;
    ex.release();
    return;
  }
  ex.upgradedSocket = &socket->socket();
  uint64_t generation = ex.generation;
  try {
    facade.emit("upgrade", ex.req, socket->socket(), static_cast<const Buffer&>(head));
  } catch (...) {
    // As Node: an exception from an 'upgrade' listener is uncaught; that socket is destroyed
    // (nobody took it over), the server goes on.
    if (ex.generation == generation && !socket->destroyed()) {
      socket->destroy(nullptr);
    }
    if (process::listenerCount("uncaughtException") > 0) {
      process::emit("uncaughtException", std::current_exception(),
                    std::string("uncaughtException"));
    } else {
      nodecc::detail::printUncaught(std::current_exception());
    }
  }
  ex.upgradedSocket = nullptr;
  ex.req.removeAllListeners();
  ex.apiHoldReleased = true;
  ex.release();
}

void HttpServerImpl::setAsyncListener(AsyncRequestListener l) {
  asyncListener_ = std::move(l);
  // A 'request' listener like the synchronous one, so that a 'checkContinue' listener that
  // emits 'request' itself reaches it too. A rejected promise answers 500 as a throw does.
  facade.on("request", [this](IncomingMessage& req, ServerResponse& res) {
    ExchangeImpl& ex = ExchangeImpl::of(req);
    uint64_t generation = ex.generation;
    Promise<> p = asyncListener_(req, res);
    // The coroutine holds req and res until it returns: the exchange is not reused before (a
    // client that leaves mid-handler must not hand the suspended handler another request).
    ex.asyncPending = p.isPending();
    p.then(
        [&ex, generation] {
          if (ex.generation == generation) {
            ex.asyncPending = false;
            ex.releaseApiHold();
          }
        },
        [this, &ex, generation](std::exception_ptr e) {
          const bool mine = ex.generation == generation;
          if (mine) {
            ex.asyncPending = false;
            ex.asyncThrew = true;
          }
          handleException(ex, generation, e);
          if (mine && ex.generation == generation) {
            ex.releaseApiHold();
          }
        });
  });
}

void HttpServerImpl::handleException(ExchangeImpl& ex, uint64_t generation, std::exception_ptr e) {
  if (ex.generation == generation && !ex.aborted()) {
    ex.failResponse(e);
  }
  if (process::listenerCount("uncaughtException") > 0) {
    process::emit("uncaughtException", e, std::string("uncaughtException"));
  } else {
    nodecc::detail::printUncaught(e);
  }
}

void HttpServerImpl::onBody(http::core::Exchange& ex, std::string_view data) {
  static_cast<ExchangeImpl&>(ex).deliverBody(data);
}

void HttpServerImpl::onBodyEnd(http::core::Exchange& ex) {
  static_cast<ExchangeImpl&>(ex).deliverEnd();
}

void HttpServerImpl::onAbort(http::core::Exchange& ex) {
  static_cast<ExchangeImpl&>(ex).onAborted();
}

void HttpServerImpl::onDrain(http::core::Exchange& base) {
  auto& ex = static_cast<ExchangeImpl&>(base);
  if (!ex.needDrain) {
    return;
  }
  // From a tick, as Node emits 'drain' after the write completes: the connection may call this
  // in the middle of its own bookkeeping (flushing), where user code must not run.
  uint64_t gen = ex.generation;
  process::nextTick([this, &ex, gen] {
    if (gen != ex.generation || ex.aborted() || !ex.needDrain ||
        ex.pendingBytes() >= facade.options.highWaterMark) {
      return;
    }
    ex.needDrain = false;
    ex.res.emit("drain");
  });
}

void HttpServerImpl::destroyConnection(http::core::ServerConnection& conn, const Error* err) {
  if (err != nullptr) {
    reportSocketError(conn, *err);
  }
  conn.destroy();
}

void HttpServerImpl::reportSocketError(http::core::ServerConnection& conn, const Error& err) {
  // The connection object is deleted in the loop's close phase, after the ticks queued now.
  auto* c = &conn;
  process::nextTick([this, c, e = err] {
    if (facade.listenerCount("clientError") > 0) {
      facade.emit("clientError", e, socketOf(*c));
    }
    if (c->userData != nullptr) {
      net::Socket& s = socketOf(*c);
      if (s.listenerCount("error") > 0) {
        s.emit("error", e);
      }
    }
  });
}

void HttpServerImpl::onTimeout(http::core::ServerConnection& conn) {
  // Node's socketOnTimeout: the request if its body is still arriving, the response being
  // sent, the server; with no listener among them the socket is destroyed. The socket's own
  // 'timeout' listeners (socket.setTimeout's callback) follow, as theirs were added later.
  try {
    net::Socket& socket = socketOf(conn);
    bool handled = false;
    if (auto* r = static_cast<ExchangeImpl*>(conn.receiving()); r != nullptr && !r->req.complete) {
      handled = r->req.emit("timeout", socket);
    }
    if (auto* h = static_cast<ExchangeImpl*>(conn.current()); h != nullptr && !h->aborted()) {
      handled = h->res.emit("timeout", socket) || handled;
    }
    handled = facade.emit("timeout", socket) || handled;
    if (!handled) {
      conn.destroy();
    }
    socket.emit("timeout");
  } catch (...) {
    if (process::listenerCount("uncaughtException") > 0) {
      process::emit("uncaughtException", std::current_exception(),
                    std::string("uncaughtException"));
    } else {
      nodecc::detail::printUncaught(std::current_exception());
    }
  }
}

bool HttpServerImpl::onClientError(http::core::ServerConnection& conn,
                                   const http::core::ParseError& err) {
  if (facade.listenerCount("clientError") == 0) {
    return false;
  }
  Error e(err.code, err.status == 408 ? "Request timeout" : "Parse Error");
  facade.emit("clientError", static_cast<const Error&>(e), socketOf(conn));
  return true;
}

}  // namespace detail

// --- Server facade

Server::Server(const ServerOptions& o)
    : options(o),
      impl_(new detail::HttpServerImpl(*this, nodecc::detail::Runtime::current().loop())) {}

Server::~Server() {
  delete impl_;
}

Server& Server::listen(uint16_t port, UniqueFunction<void()> cb) {
  return listen(net::ListenOptions{port, "", 511, false, false}, std::move(cb));
}

Server& Server::listen(uint16_t port, std::string_view host, UniqueFunction<void()> cb) {
  return listen(net::ListenOptions{port, std::string(host), 511, false, false}, std::move(cb));
}

Server& Server::listen(const net::ListenOptions& o, UniqueFunction<void()> cb) {
  if (cb) {
    once("listening", [f = std::make_shared<UniqueFunction<void()>>(std::move(cb))] { (*f)(); });
  }
  nodecc::detail::closeOnAbort(*this, o.signal,
                               [](EventEmitter& server) { static_cast<Server&>(server).close(); });
  impl_->listen(o);
  return *this;
}

Server& Server::close(UniqueFunction<void(Error*)> cb) {
  impl_->close(std::move(cb));
  return *this;
}

void Server::closeIdleConnections() {
  if (impl_->core) {
    impl_->core->closeIdleConnections();
  }
}

void Server::closeAllConnections() {
  if (impl_->core) {
    impl_->core->closeAllConnections();
  }
}

net::AddressInfo Server::address() const {
  if (!impl_->core) {
    return {};
  }
  auto a = impl_->core->listener().address();
  return net::AddressInfo{a.ip(), std::string(a.familyName()), a.port()};
}

bool Server::listening() const {
  return impl_->core && impl_->core->listener().listening();
}

void Server::getConnections(UniqueFunction<void(Error*, size_t)> cb) const {
  size_t n = impl_->core ? impl_->core->openConnectionCount() : 0;
  process::nextTick([cb = std::move(cb), n]() mutable { cb(nullptr, n); });
}

Server& Server::setTimeout(uint64_t ms) {
  timeout = ms;
  return *this;
}

Server& Server::ref() {
  if (impl_->core) {
    impl_->core->listener().ref();
  }
  return *this;
}

Server& Server::unref() {
  if (impl_->core) {
    impl_->core->listener().unref();
  }
  return *this;
}

Server& createServer() {
  return createServer(ServerOptions{});
}

Server& createServer(const ServerOptions& options) {
  return detail::adoptServer(std::make_unique<Server>(options));
}

namespace detail {

Server& adoptServer(std::unique_ptr<Server> server) {
  Server* s = server.release();
  nodecc::detail::Runtime& rt = nodecc::detail::Runtime::current();
  rt.adopt(s);
  rt.addServer([s] {
    if (s->listening()) {
      s->close();
    }
  });
  return *s;
}

void addRequestListener(Server& s, RequestListener listener) {
  if (listener) {
    s.on("request", [l = std::make_shared<RequestListener>(std::move(listener))](
                        IncomingMessage& req, ServerResponse& res) { (*l)(req, res); });
  }
}

Server& createServer(const ServerOptions& options, RequestListener listener) {
  Server& s = http::createServer(options);
  addRequestListener(s, std::move(listener));
  return s;
}

Server& createAsyncServer(const ServerOptions& options, AsyncRequestListener listener) {
  Server& s = http::createServer(options);
  nodecc::detail::Access::impl(s)->setAsyncListener(std::move(listener));
  return s;
}

}  // namespace detail
}  // namespace nodecc::http
