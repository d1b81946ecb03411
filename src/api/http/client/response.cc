// The response side of a ClientRequestImpl: Node's parserOnIncomingClient (1xx, 'response',
// _dump when nobody listens) and the response as a Readable: chunks emitted while flowing or
// held while paused (reading from the socket stops past the high-water mark), 'end' once the
// body is complete and consumed, then responseOnEnd (the socket kept alive or closed), and
// 'close'; or 'aborted' / 'error' / 'close' when the connection ends it early.
#include <cstring>

#include "api/http/client/agent.h"
#include "api/http/client/client_request.h"
#include "api/http/client/socket.h"
#include "api/http/incoming_ops.h"
#include "api/http/text.h"
#include "nodecc/process.h"

namespace nodecc::http::detail {

namespace {
// Node's readableHighWaterMark for an IncomingMessage.
constexpr size_t kHighWaterMark = 16 * 1024;

// Body chunks up to half a slab are cut from a per-thread 8 KiB slab, as Node's Buffer pool
// serves small Buffers: one allocation per slab instead of one per response (the proxy's
// 13-byte bodies: 15.4 -> 14.2 allocations per proxied request). A chunk the user keeps
// keeps its slab alive, as in Node.
constexpr size_t kSlabBytes = 8 * 1024;
thread_local Buffer tSlab;
thread_local size_t tSlabUsed = 0;

Buffer copyChunk(std::string_view data) {
  Buffer chunk;
  if (data.size() > kSlabBytes / 2) {
    chunk = Buffer::allocUnsafe(data.size());
  } else {
    if (tSlab.empty() || kSlabBytes - tSlabUsed < data.size()) {
      tSlab = Buffer::allocUnsafe(kSlabBytes);
      tSlabUsed = 0;
    }
    chunk = tSlab.subarray(tSlabUsed, tSlabUsed + data.size());
    tSlabUsed += (data.size() + 7) & ~size_t(7);  // 8-byte aligned, as Node's pool
  }
  if (!data.empty()) {
    std::memcpy(chunk.data(), data.data(), data.size());
  }
  return chunk;
}

ClientRequestImpl& implOf(void* ctx) {
  return *static_cast<ClientRequestImpl*>(ctx);
}

const IncomingOps kClientOps = {
    [](void* ctx) -> net::Socket& {
      auto& impl = implOf(ctx);
      if (!impl.socket) {
        // Node's res.socket is null once the socket went back to the agent.
        throw Error("ERR_SOCKET_CLOSED", "The response no longer has a socket");
      }
      return impl.socket->facadeSocket();
    },
    [](void* ctx) { implOf(ctx).resPause(); }, [](void* ctx) { implOf(ctx).resResume(); },
    [](const void* ctx) {
      return static_cast<const ClientRequestImpl*>(ctx)->flow == ClientRequestImpl::Flow::kPaused;
    },
    // Readable.on('data') resumes a stream that was not explicitly paused.
    [](void* ctx) {
      auto& impl = implOf(ctx);
      if (impl.flow != ClientRequestImpl::Flow::kPaused) {
        impl.resResume();
      }
    },
    // res.destroy([err]): the response is aborted and its socket destroyed (the socket's
    // close reports err, if any, on the request).
    [](void* ctx, const Error* err) {
      auto& impl = implOf(ctx);
      if (impl.res.destroyed) {
        return;
      }
      impl.res.destroyed = true;
      bool ended = impl.resEnded;
      impl.resDestroy();
      if (!ended && impl.socket) {
        impl.socket->destroy(err);
      }
    },
    [](void* ctx, uint64_t ms) { implOf(ctx).setTimeout(ms); },
    [](void* ctx) {
      auto& impl = implOf(ctx);
      if (impl.buffered.size() > 1) {
        Buffer all = Buffer::concat(impl.buffered);
        impl.buffered.clear();
        impl.buffered.push_back(std::move(all));
      }
    },
    [](const void* ctx) { return static_cast<const ClientRequestImpl*>(ctx)->resEnded; },
    [](void* ctx, const Error* err) { kClientOps.destroy(ctx, err); },  // as destroy(err)
};

void copyFields(std::vector<http::core::OwnedHeader>& to, size_t* count,
                const http::core::Header* from, size_t n) {
  if (to.size() < n) {
    to.resize(n);
  }
  for (size_t i = 0; i < n; ++i) {
    to[i].name.assign(from[i].name);
    to[i].value.assign(from[i].value);
  }
  *count = n;
}

void setVersion(IncomingMessage& m, const http::core::ResponseHead& head) {
  m.httpVersionMajor = head.versionMajor;
  m.httpVersionMinor = head.versionMinor;
  const char version[3] = {char('0' + head.versionMajor), '.', char('0' + head.versionMinor)};
  if (std::string_view(m.httpVersion) != std::string_view(version, 3)) {
    m.httpVersion.assign(version, 3);  // a recycled response says "1.1" already, as most do
  }
}
}  // namespace

const IncomingOps& clientResponseOps() {
  return kClientOps;
}

void ClientRequestImpl::onInformation(const http::core::ResponseHead& head,
                                      const http::core::Header* headers) {
  uint64_t gen = generation;
  if (head.status == 100) {
    req.emit("continue");
    if (gen != generation) {
      return;
    }
  }
  if (req.listenerCount("information") == 0) {
    return;
  }
  InformationEvent ev;
  ev.httpVersionMajor = head.versionMajor;
  ev.httpVersionMinor = head.versionMinor;
  ev.httpVersion = std::to_string(head.versionMajor) + "." + std::to_string(head.versionMinor);
  ev.statusCode = head.status;
  ev.statusMessage.assign(head.reason);
  std::vector<http::core::OwnedHeader> list;
  size_t count = 0;
  copyFields(list, &count, headers, head.headerCount);
  RawHeaders raw = nodecc::detail::Access::make<RawHeaders>(&list, &count);
  IncomingHttpHeaders joined(raw);
  for (const auto& pair : joined) {
    ev.headers.push_back(pair);
  }
  for (std::string_view s : raw) {
    ev.rawHeaders.emplace_back(s);
  }
  req.emit("information", static_cast<const InformationEvent&>(ev));
}

void ClientRequestImpl::onResponseHead(const http::core::ResponseHead& head,
                                       const http::core::Header* headers) {
  hasResponse = true;
  keepSent = false;  // an answer began: no retry from here on
  sent.clear();
  copyFields(resHeaders, &resHeaderCount, headers, head.headerCount);
  setVersion(res, head);
  res.statusCode = head.status;
  res.statusMessage.assign(head.reason);
  res.headers.invalidate();
  res.trailers.invalidate();
  // The server must say keep-alive too for the socket to be reused.
  if (shouldKeepAlive && !head.keepAlive) {
    shouldKeepAlive = false;
  }
  // Nobody can read a response without a 'response' listener: it is dumped, so that the
  // socket is not left hanging in a paused state (Node does the same).
  if (aborted || (!responseCallback && req.listenerCount("response") == 0)) {
    resDump();
    return;
  }
  if (responseCallback) {
    ResponseListener cb = std::move(responseCallback);
    responseCallback = nullptr;
    uint64_t gen = generation;
    cb(res);
    if (gen != generation) {
      return;
    }
  }
  req.emit("response", res);
}

void ClientRequestImpl::onResponseBody(std::string_view data) {
  if (resDestroyed || dumped || data.empty()) {
    return;
  }
  Buffer chunk = copyChunk(data);
  if (flow == Flow::kFlowing && buffered.empty() && !flushScheduled &&
      res.listenerCount("data") > 0) {
    res.emitData(chunk);
    return;
  }
  bufferedBytes += chunk.size();
  buffered.push_back(std::move(chunk));
  if (bufferedBytes >= kHighWaterMark && !readStopped && socket) {
    // Nobody takes the bytes as fast as they come: stop reading, TCP pushes back.
    readStopped = true;
    socket->connection().pauseReading();
  }
  resFlowIfWanted();
}

void ClientRequestImpl::onResponseComplete(const http::core::Header* trailers, size_t count) {
  responseDone = true;
  res.complete = true;
  keepSent = false;
  if (count > 0) {
    copyFields(resTrailers, &resTrailerCount, trailers, count);
    res.trailers.invalidate();
  }
  if (flow == Flow::kFlowing && buffered.empty() && !flushScheduled) {
    scheduleEnd();
  } else {
    resFlowIfWanted();
  }
}

void ClientRequestImpl::resPause() {
  flow = Flow::kPaused;
}

void ClientRequestImpl::resResume() {
  flow = Flow::kFlowing;
  resFlowIfWanted();
}

void ClientRequestImpl::resDump() {
  // Node's _dump: the body is read and dropped so the socket can be reused.
  if (dumped) {
    return;
  }
  dumped = true;
  res.removeAllListeners("data");
  buffered.clear();
  bufferedBytes = 0;
  flow = Flow::kFlowing;
  resFlowIfWanted();
}

void ClientRequestImpl::resFlowIfWanted() {
  if (flushScheduled || resEnded || resDestroyed || flow != Flow::kFlowing) {
    return;
  }
  flushScheduled = true;
  uint64_t gen = generation;
  process::nextTick([this, gen] {
    if (gen != generation) {
      return;
    }
    flushScheduled = false;
    if (resDestroyed || flow != Flow::kFlowing) {
      return;
    }
    // Each chunk leaves `buffered` only as it is emitted, so bytes arriving meanwhile (from
    // resumed reading) queue behind the rest.
    while (!buffered.empty() && flow == Flow::kFlowing) {
      Buffer b = std::move(buffered.front());
      buffered.erase(buffered.begin());
      bufferedBytes -= b.size();
      res.emitData(b);
      if (gen != generation || resDestroyed) {
        return;
      }
    }
    if (flow != Flow::kFlowing) {
      return;
    }
    if (readStopped && socket) {
      readStopped = false;
      socket->connection().resumeReading();  // may deliver more (and complete) at once
      if (gen != generation || resDestroyed) {
        return;
      }
    }
    if (responseDone && buffered.empty() && !flushScheduled) {
      scheduleEnd();
    }
  });
}

void ClientRequestImpl::scheduleEnd() {
  // 'end' from its own tick after the last 'data' (Node's endReadableNT).
  uint64_t gen = generation;
  process::nextTick([this, gen] {
    if (gen == generation && buffered.empty() && flow == Flow::kFlowing) {
      emitEnd();
    }
  });
}

void ClientRequestImpl::emitEnd() {
  if (resEnded || resDestroyed) {
    return;
  }
  resEnded = true;
  // Node's responseOnEnd, the first 'end' listener: keep the socket for the next request or
  // close it.
  if (socket) {
    if (!shouldKeepAlive || !socket->connection().reusable()) {
      socket->closeSoon();
    } else if (req.writableFinished) {
      responseKeepAlive();
    }
  }
  uint64_t gen = generation;
  res.emitDecoderTail();
  if (gen != generation) {
    return;
  }
  res.emit("end");
  // autoDestroy: 'close' follows two ticks later (destroy's callback, then emitCloseNT).
  process::nextTick([this, gen] {
    process::nextTick([this, gen] {
      if (gen == generation && !resCloseEmitted) {
        resCloseEmitted = true;
        res.emit("close");
        recycleIfDone();
      }
    });
  });
}

void ClientRequestImpl::resDestroy() {
  // Node's res.destroy(connResetException('aborted')): 'aborted' now; 'error' (only to a
  // listener) and 'close' two ticks later.
  if (resDestroyed) {
    return;
  }
  resDestroyed = true;
  buffered.clear();
  bufferedBytes = 0;
  uint64_t gen = generation;
  if (!resEnded) {
    res.aborted = true;
    res.emit("aborted");
  }
  process::nextTick([this, gen] {
    process::nextTick([this, gen] {
      if (gen != generation || resCloseEmitted) {
        return;
      }
      if (res.listenerCount("error") > 0) {
        Error e = connResetError("aborted");
        res.emit("error", static_cast<const Error&>(e));
      }
      resCloseEmitted = true;
      res.emit("close");
      recycleIfDone();
    });
  });
}

}  // namespace nodecc::http::detail
