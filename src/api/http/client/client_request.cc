// ClientRequestImpl: the request's life with its socket, as Node's _http_client.js lives it:
// onSocket/tickOnSocket ('socket' from a tick, then the buffered output), write/end with
// 'drain' and 'finish', destroy and abort, socketErrorListener / socketOnEnd /
// socketCloseListener, responseKeepAlive and emitFreeNT (the socket back to the agent).
// Writing the request (write/end/'finish') is in write.cc.
#include "api/http/client/client_request.h"

#include <memory>

#include "api/http/client/agent.h"
#include "api/http/client/socket.h"
#include "api/http/incoming_ops.h"
#include "api/http/text.h"
#include "api/runtime.h"
#include "nodecc/process.h"

namespace nodecc::http::detail {

namespace {
// Recycled implementations kept per thread; past this, finished ones are freed.
constexpr size_t kMaxFreeImpls = 1024;
thread_local std::vector<std::unique_ptr<ClientRequestImpl>> tFreeImpls;

bool isIdempotent(std::string_view method) {
  return method == "GET" || method == "HEAD" || method == "OPTIONS" || method == "TRACE" ||
         method == "PUT" || method == "DELETE";
}

Error abortError() {
  Error e("ABORT_ERR", "The operation was aborted");
  e.name = "AbortError";
  return e;
}
}  // namespace

Error connResetError(const char* message) {
  return Error("ECONNRESET", message);
}

ClientRequestImpl& ClientRequestImpl::make() {
  ClientRequestImpl* impl;
  if (!tFreeImpls.empty()) {
    impl = tFreeImpls.back().release();
    tFreeImpls.pop_back();
  } else {
    impl = new ClientRequestImpl();
  }
  ++impl->generation;
  return *impl;
}

ClientRequestImpl::ClientRequestImpl()
    : req(*this),
      res(IncomingInit{clientResponseOps(), this, emptyString, emptyString, resHeaders,
                       resHeaderCount, resTrailers, resTrailerCount}) {
  recycler_.data = this;
}

ClientRequestImpl::~ClientRequestImpl() {
  if (recycler_.queued()) {
    nodecc::detail::Runtime::current().loop().stopImmediate(recycler_);
  }
}

void ClientRequestImpl::reset() {
  req.detachStream();
  res.detachStream();
  req.removeAllListeners();
  res.removeAllListeners();
  req.method.clear();
  req.path.clear();
  req.host.clear();
  req.protocol = "http:";
  req.reusedSocket = req.destroyed = req.writableEnded = req.writableFinished = false;
  req.headersSent = false;
  res.httpVersion = "1.1";
  res.httpVersionMajor = res.httpVersionMinor = 1;
  res.statusCode = 0;
  res.statusMessage.clear();
  res.complete = res.aborted = res.destroyed = false;
  res.resetEncoding();
  res.headers.invalidate();
  res.trailers.invalidate();
  resHeaderCount = resTrailerCount = 0;

  connectHost.clear();
  tls.reset();
  servername.clear();
  rejectUnauthorized = true;
  tlsName.clear();
  port = 80;
  localAddress.clear();
  localPort = 0;
  family = 0;
  maxHeaderSize = 16 * 1024;
  timeoutMs.reset();
  agent = nullptr;
  signal = AbortSignal();
  signalListener = 0;
  responseCallback = nullptr;

  outCount = 0;
  head.clear();
  headStored = chunked = useChunkedByDefault = false;
  shouldKeepAlive = true;
  removedContentLength = removedTransferEncoding = removedConnection = false;

  socket = nullptr;
  socketAnnounced = socketEverAnnounced = reused = retried = keepSent = false;
  sent.clear();
  pendingOut.clear();
  needDrain = drainScheduled = finishPending = finishScheduled = false;
  writeCallbacks.clear();
  finishCallbacks.clear();
  destroyError.reset();
  hadError = aborted = closeEmitted = queuedInAgent = false;
  hasResponse = responseDone = resEnded = resCloseEmitted = resDestroyed = false;
  flow = Flow::kNull;
  flushScheduled = dumped = readStopped = false;
  buffered.clear();
  bufferedBytes = 0;
}

void ClientRequestImpl::recycleIfDone() {
  if (recycleQueued_ || !closeEmitted || (hasResponse && !resCloseEmitted) || socket != nullptr ||
      queuedInAgent) {
    return;
  }
  // Not from a tick: what the last 'close' (or 'end') set off in this same drain, nextTicks
  // and promise continuations (`co_await res.text()` and then reading res), comes first.
  recycleQueued_ = true;
  nodecc::detail::Runtime::current().loop().startImmediate(recycler_);
}

void ClientRequestImpl::onRecycle(loop::core::Immediate* i) {
  auto* self = static_cast<ClientRequestImpl*>(i->data);
  self->recycleQueued_ = false;
  self->recycle();
}

void ClientRequestImpl::recycle() {
  AgentImpl* a = agent;
  reset();
  ++generation;  // stale callbacks see a different generation from now on
  if (a) {
    a->release();
  }
  if (tFreeImpls.size() < kMaxFreeImpls) {
    tFreeImpls.emplace_back(this);
  } else {
    delete this;
  }
}

// --- starting

void ClientRequestImpl::start() {
  listenSignal();
  agent->addRequest(*this);
}

void ClientRequestImpl::listenSignal() {
  if (!signal.valid()) {
    return;
  }
  uint64_t gen = generation;
  if (signal.aborted()) {
    process::nextTick([this, gen] {
      if (gen == generation) {
        Error e = abortError();
        destroy(&e);
      }
    });
    return;
  }
  signalListener = signal.addEventListener("abort", [this, gen] {
    if (gen == generation) {
      Error e = abortError();
      destroy(&e);
    }
  });
}

void ClientRequestImpl::unlistenSignal() {
  if (signalListener != 0) {
    signal.removeEventListener("abort", signalListener);
    signalListener = 0;
  }
}

// --- the socket

void ClientRequestImpl::onSocket(ClientSocket& s, bool isReused) {
  queuedInAgent = false;
  socket = &s;
  s.request = this;
  reused = isReused;
  req.reusedSocket = isReused;
  // A kept-alive socket may have been closed by the server just now; what is sent on it is
  // kept so that an idempotent request can be sent again on a fresh connection.
  keepSent = isReused && !retried && isIdempotent(req.method);
  sent.clear();
  uint64_t gen = generation;
  process::nextTick([this, gen] {
    if (gen == generation) {
      onSocketNT();
    }
  });
}

void ClientRequestImpl::onSocketNT() {
  if (socket == nullptr) {
    return;  // the socket closed meanwhile (onSocketClose told this request)
  }
  if (req.destroyed) {
    // Destroyed before it could use the socket: a healthy socket goes back to the agent.
    ClientSocket* s = socket;
    if (!destroyError && !s->closing()) {
      detachSocket();
      s->agent().socketFree(*s);
      destroyWithoutSocket(nullptr);
    } else {
      s->destroy(destroyError.get());  // onSocketClose reports it
    }
    return;
  }
  socketAnnounced = true;
  // From here on the socket carries this request: what it reads next is its response.
  socket->connection().limits.maxHeaderSize = maxHeaderSize;
  socket->connection().expectResponse(req.method == "HEAD");
  uint64_t agentTimeout = agent->options.timeout;
  if (timeoutMs || agentTimeout > 0) {
    socket->connection().setTimeout(timeoutMs ? *timeoutMs : agentTimeout);
  }
  uint64_t gen = generation;
  if (!socketEverAnnounced) {
    // A retry on a fresh connection is transparent: 'socket' was emitted for the first one.
    socketEverAnnounced = true;
    req.emit("socket", socket->facadeSocket());
    if (gen != generation || socket == nullptr) {
      return;
    }
  }
  flushPendingOut();
  checkFinished();
}

void ClientRequestImpl::detachSocket() {
  if (socket) {
    socket->request = nullptr;
    socket = nullptr;
  }
  socketAnnounced = false;
}

void ClientRequestImpl::onSocketConnect() {
  socket->facadeSocket().emit("connect");
  checkFinished();
}

void ClientRequestImpl::onSocketDrain() {
  if (needDrain && writableLength() < kClientHighWaterMark) {
    needDrain = false;
    uint64_t gen = generation;
    req.emit("drain");
    if (gen != generation) {
      return;
    }
  }
  checkFinished();
}

void ClientRequestImpl::onSocketTimeout() {
  uint64_t gen = generation;
  req.emit("timeout");
  if (gen == generation && hasResponse && !resEnded) {
    res.emit("timeout");
  }
}

void ClientRequestImpl::onSocketError(const Error& err) {
  if (!hadError) {
    hadError = true;
    req.emit("error", err);
  }
}

void ClientRequestImpl::onSocketEnd() {
  // Node's socketOnEnd: no response yet is a hang-up; the socket is destroyed either way.
  if (!hasResponse && !hadError) {
    Error e = connResetError("socket hang up");
    onSocketError(e);
  }
}

void ClientRequestImpl::onSocketClose(const Error* err) {
  // Node's socketCloseListener (preceded by socketErrorListener when the close had a cause).
  detachSocket();
  req.destroyed = true;
  uint64_t gen = generation;
  if (err) {
    onSocketError(*err);
    if (gen != generation) {
      return;
    }
  }
  if (hasResponse) {
    if (!responseDone) {
      resDestroy();
    }
  } else if (!hadError && !aborted) {
    Error e = connResetError("socket hang up");
    onSocketError(e);
  }
  if (gen != generation) {
    return;
  }
  runWriteCallbacks(err);
  emitClose();
}

void ClientRequestImpl::emitClose() {
  if (closeEmitted) {
    return;
  }
  closeEmitted = true;
  unlistenSignal();
  req.emit("close");
  recycleIfDone();
}

void ClientRequestImpl::destroyWithoutSocket(const Error* err) {
  // Node's _destroy(req, err) for a request that never used a socket.
  if (err) {
    onSocketError(*err);
  } else if (!aborted && !hadError) {
    Error e = connResetError("socket hang up");
    onSocketError(e);
  }
  runWriteCallbacks(err);
  emitClose();
}

bool ClientRequestImpl::canRetry() const {
  return reused && keepSent && !retried && !req.destroyed && !hasResponse && socket &&
         socket->connection().responseBytes() == 0;
}

void ClientRequestImpl::retry() {
  detachSocket();
  retried = true;
  reused = false;
  req.reusedSocket = false;
  keepSent = false;
  sent += pendingOut;
  pendingOut = std::move(sent);
  sent.clear();
  agent->addRequest(*this, /*preferNew=*/true);
}

void ClientRequestImpl::responseKeepAlive() {
  // Node's responseKeepAlive + emitFreeNT: the request lets go of the socket, and from a tick
  // (after the user's 'end' handlers) emits 'close' and hands the socket to the agent.
  ClientSocket* s = socket;
  s->serverTimeoutHintSecs = -1;
  for (size_t i = 0; i < resHeaderCount; ++i) {
    // Node reads /^timeout=(\d+)/ from res.headers['keep-alive'] (the first such field).
    if (!equalsIgnoreCase(resHeaders[i].name, "keep-alive")) {
      continue;
    }
    std::string_view h = resHeaders[i].value;
    if (h.size() > 8 && h.substr(0, 8) == "timeout=" && h[8] >= '0' && h[8] <= '9') {
      int64_t secs = 0;
      for (size_t j = 8; j < h.size() && h[j] >= '0' && h[j] <= '9' && secs < 1000000000; ++j) {
        secs = secs * 10 + (h[j] - '0');
      }
      s->serverTimeoutHintSecs = secs;
    }
    break;
  }
  detachSocket();
  req.destroyed = true;
  uint64_t gen = generation;
  process::nextTick([this, gen, s] {
    if (gen == generation) {
      emitClose();
    }
    s->agent().socketFree(*s);
  });
}

// --- destroying

void ClientRequestImpl::destroy(const Error* err) {
  if (req.destroyed) {
    return;
  }
  req.destroyed = true;
  if (hasResponse) {
    resDump();
  }
  if (err) {
    destroyError = std::make_unique<Error>(*err);
  }
  if (socket) {
    if (socketAnnounced) {
      socket->destroy(err);
    }
    return;  // not yet announced: onSocketNT finishes the job
  }
  if (queuedInAgent) {
    agent->removeRequest(*this);
    queuedInAgent = false;
  }
  uint64_t gen = generation;
  process::nextTick([this, gen] {
    if (gen == generation) {
      destroyWithoutSocket(destroyError.get());
    }
  });
}

void ClientRequestImpl::abort() {
  if (aborted) {
    return;
  }
  aborted = true;
  uint64_t gen = generation;
  process::nextTick([this, gen] {
    if (gen == generation) {
      req.emit("abort");
    }
  });
  destroy(nullptr);
}

void ClientRequestImpl::setTimeout(uint64_t ms) {
  timeoutMs = ms;
  if (socket && socketAnnounced) {
    socket->connection().setTimeout(ms);
  }
}

net::Socket* ClientRequestImpl::socketFacade() const {
  return socket && socketAnnounced ? &socket->facadeSocket() : nullptr;
}

void ClientRequestImpl::setNoDelay(bool on) {
  // Node applies it once the socket is there; nodecc's connections are made with
  // TCP_NODELAY already (as Node's http client sockets are, noDelay defaulting to true).
  if (socket && socketAnnounced && socket->connected()) {
    (void)socket->connection().stream().setNoDelay(on);
  }
}

void ClientRequestImpl::setKeepAlive(bool on, uint64_t delayMs) {
  if (socket && socketAnnounced && socket->connected()) {
    (void)socket->connection().stream().setKeepAlive(on, unsigned(delayMs / 1000));
  }
}

}  // namespace nodecc::http::detail

namespace nodecc::http {

// --- ClientRequest facade: writing and control

bool ClientRequest::write(std::string_view chunk, UniqueFunction<void(Error*)> cb) {
  return impl_.write(chunk, std::move(cb));
}

bool ClientRequest::write(const Buffer& chunk, UniqueFunction<void(Error*)> cb) {
  return impl_.write(chunk.view(), std::move(cb));
}

ClientRequest& ClientRequest::end(UniqueFunction<void()> cb) {
  impl_.end({}, false, std::move(cb));
  return *this;
}

ClientRequest& ClientRequest::end(std::string_view data, UniqueFunction<void()> cb) {
  impl_.end(data, true, std::move(cb));
  return *this;
}

ClientRequest& ClientRequest::end(const Buffer& data, UniqueFunction<void()> cb) {
  impl_.end(data.view(), true, std::move(cb));
  return *this;
}

ClientRequest& ClientRequest::destroy() {
  impl_.destroy(nullptr);
  return *this;
}

ClientRequest& ClientRequest::destroy(const Error& err) {
  impl_.destroy(&err);
  return *this;
}

ClientRequest& ClientRequest::abort() {
  impl_.abort();
  return *this;
}

ClientRequest& ClientRequest::setTimeout(uint64_t ms, UniqueFunction<void()> cb) {
  if (cb) {
    once("timeout", [f = std::make_shared<UniqueFunction<void()>>(std::move(cb))] { (*f)(); });
  }
  impl_.setTimeout(ms);
  return *this;
}

ClientRequest& ClientRequest::setNoDelay(bool noDelay) {
  impl_.setNoDelay(noDelay);
  return *this;
}

ClientRequest& ClientRequest::setSocketKeepAlive(bool enable, uint64_t initialDelayMs) {
  impl_.setKeepAlive(enable, initialDelayMs);
  return *this;
}

net::Socket* ClientRequest::socket() const {
  return impl_.socketFacade();
}

size_t ClientRequest::writableLength() const {
  return impl_.writableLength();
}

}  // namespace nodecc::http
