// A server's request/response exchange (ExchangeImpl): how its IncomingMessage reads from the
// connection, and the request side's delivery of body, end, abort and close.
#include "api/http/server/exchange.h"

#include <algorithm>
#include <cstring>

#include "api/http/incoming_ops.h"
#include "api/http/text.h"
#include "nodecc/process.h"

namespace nodecc::http {

namespace {
// A server request reads from its exchange: pausing it stops reading from the connection.
detail::ExchangeImpl& exchangeOf(void* ctx) {
  return *static_cast<detail::ExchangeImpl*>(ctx);
}

const detail::IncomingOps kServerOps = {
    [](void* ctx) -> net::Socket& {
      auto& ex = exchangeOf(ctx);
      if (ex.upgradedSocket != nullptr) {
        return *ex.upgradedSocket;
      }
      return ex.server.socketOf(*ex.connection());
    },
    [](void* ctx) {
      auto& ex = exchangeOf(ctx);
      ex.userPaused = true;
      ex.flowing = false;
      if (!ex.aborted() && !ex.req.complete) {
        ex.connection()->pauseReading();
      }
    },
    [](void* ctx) {
      auto& ex = exchangeOf(ctx);
      ex.userPaused = false;
      ex.flowing = true;
      ex.flowIfWanted();
      if (!ex.aborted() && !ex.req.complete) {
        ex.connection()->resumeReading();
      }
    },
    [](const void* ctx) { return static_cast<const detail::ExchangeImpl*>(ctx)->userPaused; },
    // Without this, a body larger than highWaterMark that arrives before 'end' stays buffered
    // with reading paused, and a handler that only listens to 'data' waits forever.
    [](void* ctx) { exchangeOf(ctx).flowIfWanted(); },
    [](void* ctx, const Error* err) { exchangeOf(ctx).destroyRequest(err); },
    [](void* ctx, uint64_t ms) {
      auto& ex = exchangeOf(ctx);
      if (!ex.aborted() && ex.connection() != nullptr) {
        ex.connection()->setIdleTimeout(ms);
      }
    },
    [](void* ctx) {
      auto& ex = exchangeOf(ctx);
      if (ex.buffered.size() > 1) {
        Buffer all = Buffer::concat(ex.buffered);
        ex.buffered.clear();
        ex.buffered.push_back(std::move(all));
      }
    },
    [](const void* ctx) { return static_cast<const detail::ExchangeImpl*>(ctx)->endEmitted; },
    [](void* ctx, const Error* err) { exchangeOf(ctx).abandonRequest(err); },
};
}  // namespace

namespace detail {

ExchangeImpl::ExchangeImpl(HttpServerImpl& s)
    : server(s),
      req(IncomingInit{kServerOps, this, method, url, headers, headerCount, trailers,
                       trailerCount}),
      res(*this) {}

ExchangeImpl::~ExchangeImpl() {
  dropWatches();
}

void ExchangeImpl::watch(ExchangeWatch* w) {
  w->ex = this;
  w->generation = generation;
  w->next = watches;
  watches = w;
}

void ExchangeImpl::unwatch(ExchangeWatch* w) {
  for (ExchangeWatch** at = &watches; *at != nullptr; at = &(*at)->next) {
    if (*at == w) {
      *at = w->next;
      break;
    }
  }
  w->ex = nullptr;
  w->next = nullptr;
}

void ExchangeImpl::begin() {
  req.httpVersionMajor = versionMajor;
  req.httpVersionMinor = versionMinor;
  req.httpVersion.assign(1, char('0' + versionMajor));
  req.httpVersion += '.';
  req.httpVersion += char('0' + versionMinor);
  req.headers.invalidate();
  req.trailers.invalidate();
  req.complete = false;
  req.aborted = false;
  req.destroyed = false;
  req.resetEncoding();
  req.detachStream();
  res.detachStream();
  if (destroyError) {
    destroyError.reset();
  }
  req.removeAllListeners();
  res.removeAllListeners();
  if (res.filter_) {
    res.filter_.reset();  // the previous response's (compression's state)
  }
  res.statusCode = 200;
  res.statusMessage.clear();
  res.sendDate = true;
  res.headersSent = false;
  res.writableEnded = false;
  res.writableFinished = false;
  res.destroyed = false;

  outHeaders.clear();
  outTrailers.clear();
  head.clear();
  headStored = headFlushed = false;
  hasBody = method != "HEAD";
  chunked = false;
  keepAlive = keepAliveRequested;
  last = false;
  // HTTP/1.0 clients get no chunked coding (unless they asked for it with TE).
  useChunkedByDefault = versionMajor > 1 || (versionMajor == 1 && versionMinor >= 1) ||
                        mentionsWord(req.headers["te"], "chunked");
  removedConnection = removedContentLength = removedTransferEncoding = false;
  expectContinue = sent100 = false;
  finishEmitted = closeEmitted = needDrain = false;
  finishCallbacks.clear();
  apiHoldReleased = false;
  asyncPending = asyncThrew = false;

  flowing = userPaused = endPending = endEmitted = dumped = flushScheduled = false;
  consuming = endScheduled = requestCloseEmitted = abortedEmitted = quietAbort = false;
  buffered.clear();
  bufferedBytes = 0;
}

void ExchangeImpl::deliverBody(std::string_view data) {
  if (dumped || data.empty()) {
    return;
  }
  Buffer chunk = Buffer::from(data);  // the bytes as they are
  if (flowing && buffered.empty() && req.listenerCount("data") > 0) {
    req.emitData(chunk);
    return;
  }
  // Nobody reads yet: hold the bytes (as a paused Readable does) and push back on the client
  // past the high-water mark.
  bufferedBytes += chunk.size();
  buffered.push_back(std::move(chunk));
  if (bufferedBytes >= server.facade.options.highWaterMark && !aborted()) {
    connection()->pauseReading();
  }
}

void ExchangeImpl::deliverEnd() {
  req.complete = true;
  // The trailers arrived with the end of the body: a map built before (req.trailers read in
  // the handler) was empty.
  req.trailers.invalidate();
  endPending = true;
  flowIfWanted();
}

void ExchangeImpl::flowIfWanted() {
  // A 'data' listener or resume() makes the request flow (from a nextTick, as Readable). An
  // 'end' listener alone does not: as in Node, 'end' then comes once the response is done and
  // the unread request is dumped.
  if (flushScheduled || endEmitted) {
    return;
  }
  bool wants = !userPaused && (flowing || req.listenerCount("data") > 0 || dumped);
  if (!wants) {
    return;
  }
  flushScheduled = true;
  uint64_t gen = generation;
  process::nextTick([this, gen] {
    flushScheduled = false;
    if (gen != generation || userPaused) {
      return;
    }
    flowing = true;
    consuming = true;
    // Emit what was held before reading more: resuming first delivers newer bytes (at once,
    // from the connection's buffered input) ahead of these. Each chunk leaves `buffered` only
    // as it is emitted, so bytes arriving meanwhile queue behind the rest.
    while (!buffered.empty() && !userPaused) {
      Buffer b = std::move(buffered.front());
      buffered.erase(buffered.begin());
      bufferedBytes -= b.size();
      if (!dumped) {
        req.emitData(b);
      }
      if (gen != generation) {
        return;
      }
    }
    if (userPaused) {
      return;
    }
    // Also when the body is complete: holding it may have paused reading at highWaterMark in
    // the very read that completed it, and the next request on the connection would wait
    // behind that pause until the keep-alive timer reset it (found by tests/soak).
    if (!aborted() && connection()) {
      connection()->resumeReading();
      if (gen != generation) {
        return;
      }
    }
    if (endPending && buffered.empty()) {
      scheduleEnd();
    }
  });
}

void ExchangeImpl::scheduleEnd() {
  // A tick after the last 'data', as Readable's endReadable.
  if (endScheduled || endEmitted) {
    return;
  }
  endScheduled = true;
  uint64_t gen = generation;
  process::nextTick([this, gen] {
    if (gen != generation) {
      return;
    }
    endScheduled = false;
    if (endEmitted || aborted() || userPaused || !buffered.empty() || req.destroyed) {
      return;
    }
    endEmitted = true;
    cleanUpOnThrow(
        [this, gen] {
          req.emitDecoderTail();
          if (gen == generation) {
            req.emit("end");
          }
        },
        [this, gen] {
          if (gen == generation && closeEmitted) {
            scheduleRequestClose();
          }
        });
    if (gen == generation && closeEmitted) {
      scheduleRequestClose();
    }
  });
}

void ExchangeImpl::scheduleRequestClose() {
  // Node destroys the request once it has ended and its response has closed: 'close' a tick
  // after the later of the two.
  uint64_t gen = generation;
  process::nextTick([this, gen] { emitRequestClose(gen); });
}

void ExchangeImpl::emitRequestClose(uint64_t gen) {
  if (gen != generation || requestCloseEmitted) {
    return;
  }
  requestCloseEmitted = true;
  cleanUpOnThrow([this] { req.emit("close"); },
                 [this, gen] {
                   if (gen == generation) {
                     releaseApiHold();
                   }
                 });
  if (gen == generation) {
    releaseApiHold();
  }
}

void ExchangeImpl::dump(bool flow) {
  // The response is done and nobody read the body: discard it and let the request end (Node's
  // req._dump(), which resumes even a paused request).
  if (dumped) {
    return;
  }
  dumped = true;
  userPaused = false;
  buffered.clear();
  bufferedBytes = 0;
  // Also when the body is complete: reading may have stopped because its unread bytes reached
  // highWaterMark, and a request pipelined behind it would wait for good. (Called from the
  // 'finish' tick, while the connection object still exists even if it closed.)
  if (!aborted() && connection()) {
    connection()->resumeReading();
  }
  if (flow) {
    flowIfWanted();
  }
}

void ExchangeImpl::onAborted() {
  if (res.writableEnded && !finishEmitted && !res.destroyed && !req.destroyed) {
    quietAbort = true;  // the 'finish' tick queued by end() carries on (response_wire.cc)
    return;
  }
  req.aborted = true;
  uint64_t gen = generation;
  process::nextTick([this, gen] {
    if (gen != generation) {
      return;
    }
    // A throwing listener skips the events after it (as in Node, where the throw leaves emit),
    // not the release.
    cleanUpOnThrow([this, gen] { emitAbortEvents(gen); },
                   [this, gen] {
                     if (gen == generation) {
                       closeEmitted = requestCloseEmitted = true;
                       releaseApiHold();
                     }
                   });
    // The object lives on until the handler has ended the response too.
    if (gen == generation) {
      releaseApiHold();
    }
  });
}

void ExchangeImpl::emitAbortEvents(uint64_t gen) {
  if (!abortedEmitted && (!endEmitted || !req.complete)) {
    abortedEmitted = true;
    req.emit("aborted");
  }
  // Node destroys each request still waiting for its response with ECONNRESET 'aborted'
  // (abortIncoming), or with the error req.destroy(err) was given; IncomingMessage emits it only
  // when it has 'error' listeners.
  auto requestError = [this] {
    if (requestCloseEmitted || req.listenerCount("error") == 0) {
      return;
    }
    if (destroyError) {
      req.emit("error", static_cast<const Error&>(*destroyError));
    } else if (!req.destroyed) {
      req.emit("error", static_cast<const Error&>(Error("ECONNRESET", "aborted")));
    }
  };
  if (req.destroyed) {
    // req.destroy(): the request closes first, its response when the socket has closed.
    requestError();
    if (gen == generation && !requestCloseEmitted) {
      requestCloseEmitted = true;
      req.emit("close");
    }
    if (gen == generation && !closeEmitted) {
      closeEmitted = true;
      res.emit("close");
    }
    return;
  }
  if (gen == generation && !closeEmitted) {
    closeEmitted = true;
    res.emit("close");
  }
  if (gen == generation) {
    requestError();
  }
  if (gen == generation && !requestCloseEmitted) {
    requestCloseEmitted = true;
    req.emit("close");
  }
}

void ExchangeImpl::destroyRequest(const Error* err) {
  if (err != nullptr && !req.destroyed && !(endEmitted && req.complete)) {
    destroyError = std::make_unique<Error>(*err);
  }
  if (!markRequestDestroyed()) {
    return;
  }
  if (!aborted() && connection() != nullptr) {
    server.destroyConnection(*connection(), err);
  }
}

bool ExchangeImpl::markRequestDestroyed() {
  if (req.destroyed) {
    return false;
  }
  req.destroyed = true;
  if (endEmitted && req.complete) {
    return false;  // read to its end: Node leaves the socket alone
  }
  req.aborted = true;
  if (!abortedEmitted) {
    abortedEmitted = true;
    req.emit("aborted");  // at once, as IncomingMessage._destroy
  }
  return true;
}

void ExchangeImpl::abandonRequest(const Error* err) {
  if (!markRequestDestroyed()) {
    return;
  }
  dump(false);
  std::shared_ptr<Error> error = err != nullptr ? std::make_shared<Error>(*err) : nullptr;
  uint64_t gen = generation;
  process::nextTick([this, gen, error] {
    if (gen != generation || requestCloseEmitted) {
      return;
    }
    cleanUpOnThrow(
        [this, &error] {
          if (error && req.listenerCount("error") > 0) {
            req.emit("error", static_cast<const Error&>(*error));
          }
        },
        [this, gen] { emitRequestClose(gen); });
    emitRequestClose(gen);
  });
}

void ExchangeImpl::destroyResponse(const Error* err) {
  if (res.destroyed) {
    return;
  }
  res.destroyed = true;
  if (aborted() || connection() == nullptr) {
    return;
  }
  if (err != nullptr) {
    server.reportSocketError(*connection(), *err);
  }
  destroyConnection();  // now, or once the responses before this one have gone
}

void ExchangeImpl::releaseApiHold() {
  if (apiHoldReleased || !closeEmitted || !requestCloseEmitted || asyncPending) {
    return;
  }
  if (orphan.owner != nullptr) {
    if (res.writableEnded) {  // the handler ended it at last
      server.releaseOrphan(this);
      release();
    }
    return;
  }
  if (res.writableEnded || (aborted() && asyncThrew)) {
    apiHoldReleased = true;
    release();
  } else if (aborted()) {
    // The client left and the handler has not ended the response (it ends it on the request's
    // 'end', which never comes, or from a timer or an fs callback still to run): reusing the
    // exchange now would let such a late res.end() write into another client's response.
    server.adoptOrphan(this);
  }
}

void ExchangeImpl::release() {
  if (--holds == 0) {
    server.recycle(this);
  }
}

}  // namespace detail
}  // namespace nodecc::http
