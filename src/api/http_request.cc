#include <algorithm>
#include <cstring>

#include "api/http_exchange.h"
#include "api/http_incoming_ops.h"
#include "api/http_text.h"
#include "nodecc/process.h"

namespace nodecc::http {

// --- raw and joined headers

std::string_view RawHeaders::operator[](size_t i) const {
  const auto& list = *static_cast<const std::vector<::nodecc::http::OwnedHeader>*>(list_);
  const auto& h = list[i / 2];
  return (i % 2 == 0) ? std::string_view(h.name) : std::string_view(h.value);
}

namespace {
// Fields whose duplicates Node drops (the first one wins).
bool keepFirstOnly(std::string_view lower) {
  static constexpr std::string_view kFirstOnly[] = {
      "age", "authorization", "content-length", "content-type", "etag", "expires", "from",
      "host", "if-modified-since", "if-unmodified-since", "last-modified", "location",
      "max-forwards", "proxy-authorization", "referer", "retry-after", "server", "user-agent"};
  return std::find(std::begin(kFirstOnly), std::end(kFirstOnly), lower) != std::end(kFirstOnly);
}
}  // namespace

void IncomingHttpHeaders::build() const {
  mapSize_ = 0;
  std::string lower;
  for (size_t i = 0; i + 1 < raw_.size(); i += 2) {
    detail::assignLower(lower, raw_[i]);
    std::string_view value = raw_[i + 1];
    auto* existing = static_cast<std::pair<std::string, std::string>*>(nullptr);
    for (size_t j = 0; j < mapSize_; ++j) {
      if (map_[j].first == lower) {
        existing = &map_[j];
        break;
      }
    }
    if (existing) {
      if (keepFirstOnly(lower)) {
        continue;
      }
      existing->second += lower == "cookie" ? "; " : ", ";
      existing->second += value;
      continue;
    }
    if (mapSize_ == map_.size()) {
      map_.emplace_back();
    }
    map_[mapSize_].first.assign(lower);
    map_[mapSize_].second.assign(value);
    ++mapSize_;
  }
  map_.resize(mapSize_);
  built_ = true;
}

const std::vector<std::pair<std::string, std::string>>& IncomingHttpHeaders::entries() const {
  if (!built_) {
    build();
  }
  return map_;
}

std::optional<std::string_view> IncomingHttpHeaders::get(std::string_view name) const {
  if (!built_) {
    // A field received once is its own value and one never received is absent: only a
    // repeated field needs the joined map. A handler that reads one or two fields of a request
    // (a proxy's X-Forwarded-For) then never builds the map.
    std::optional<std::string_view> once;
    bool repeated = false;
    for (size_t i = 0; i + 1 < raw_.size() && !repeated; i += 2) {
      if (detail::equalsIgnoreCase(raw_[i], name)) {
        repeated = once.has_value();
        once = raw_[i + 1];
      }
    }
    if (!repeated) {
      return once;
    }
  }
  for (const auto& [k, v] : entries()) {
    if (detail::equalsIgnoreCase(k, name)) {
      return std::string_view(v);
    }
  }
  return std::nullopt;
}

std::string_view IncomingHttpHeaders::operator[](std::string_view name) const {
  return get(name).value_or(std::string_view());
}

bool IncomingHttpHeaders::has(std::string_view name) const { return get(name).has_value(); }

size_t IncomingHttpHeaders::size() const { return entries().size(); }

std::vector<std::string_view> IncomingHttpHeaders::getAll(std::string_view name) const {
  std::vector<std::string_view> out;
  for (size_t i = 0; i + 1 < raw_.size(); i += 2) {
    if (detail::equalsIgnoreCase(raw_[i], name)) {
      out.push_back(raw_[i + 1]);
    }
  }
  return out;
}

// --- IncomingMessage

namespace {
// A server request reads from its exchange: pausing it stops reading from the connection.
detail::ExchangeImpl& exchangeOf(void* ctx) { return *static_cast<detail::ExchangeImpl*>(ctx); }

const detail::IncomingOps kServerOps = {
    [](void* ctx) -> net::Socket& {
      auto& ex = exchangeOf(ctx);
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
};
}  // namespace

IncomingMessage::IncomingMessage(detail::ExchangeImpl& ex, const std::string& m,
                                 const std::string& u, const void* headerList,
                                 const size_t* headerCount, const void* trailerList,
                                 const size_t* trailerCount)
    : IncomingMessage(kServerOps, &ex, m, u, headerList, headerCount, trailerList,
                      trailerCount) {}

IncomingMessage::IncomingMessage(const detail::IncomingOps& ops, void* ctx, const std::string& m,
                                 const std::string& u, const void* headerList,
                                 const size_t* headerCount, const void* trailerList,
                                 const size_t* trailerCount)
    : method(m),
      url(u),
      rawHeaders(headerList, headerCount),
      headers(rawHeaders),
      rawTrailers(trailerList, trailerCount),
      trailers(rawTrailers),
      ex_{&ops, ctx} {}

IncomingMessage::~IncomingMessage() = default;

net::Socket& IncomingMessage::socket() { return ex_.ops->socket(ex_.ctx); }

IncomingMessage& IncomingMessage::pause() {
  ex_.ops->pause(ex_.ctx);
  return *this;
}

IncomingMessage& IncomingMessage::resume() {
  ex_.ops->resume(ex_.ctx);
  return *this;
}

bool IncomingMessage::isPaused() const { return ex_.ops->isPaused(ex_.ctx); }

void IncomingMessage::listenerCountChanged(std::string_view event, size_t count) {
  if (event == "data" && count > 0) {
    ex_.ops->dataListenerAdded(ex_.ctx);
  }
}

Promise<Buffer> IncomingMessage::buffer() {
  auto p = Promise<Buffer>::withResolvers();
  auto chunks = std::make_shared<std::vector<Buffer>>();
  on("data", [chunks](const Buffer& b) { chunks->push_back(b); });
  once("end", [chunks, r = p.resolve] { r(Buffer::concat(*chunks)); });
  once("aborted", [r = p.resolve] {
    r.reject(std::make_exception_ptr(Error("ECONNRESET", "aborted")));
  });
  return p.promise;
}

Promise<std::string> IncomingMessage::text() {
  return buffer().then([](Buffer& b) { return b.toString(); });
}

namespace detail {

bool mentionsWord(std::string_view text, std::string_view word) {
  auto isWordChar = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  };
  for (size_t i = 0; i + word.size() <= text.size(); ++i) {
    if (equalsIgnoreCase(text.substr(i, word.size()), word) &&
        (i == 0 || !isWordChar(text[i - 1])) &&
        (i + word.size() == text.size() || !isWordChar(text[i + word.size()]))) {
      return true;
    }
  }
  return false;
}

ExchangeImpl::ExchangeImpl(HttpServerImpl& s)
    : server(s),
      req(*this, method, url, &headers, &headerCount, &trailers, &trailerCount),
      res(*this) {}

ExchangeImpl::~ExchangeImpl() = default;

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
  req.removeAllListeners();
  res.removeAllListeners();
  res.statusCode = 200;
  res.statusMessage.clear();
  res.sendDate = true;
  res.headersSent = false;
  res.writableEnded = false;
  res.writableFinished = false;

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
  consuming = endScheduled = requestCloseEmitted = false;
  buffered.clear();
  bufferedBytes = 0;
}

void ExchangeImpl::deliverBody(std::string_view data) {
  if (dumped || data.empty()) {
    return;
  }
  Buffer chunk = Buffer::from(data, "latin1");
  if (flowing && buffered.empty() && req.listenerCount("data") > 0) {
    req.emit("data", static_cast<const Buffer&>(chunk));
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
        req.emit("data", static_cast<const Buffer&>(b));
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
    if (endEmitted || aborted() || userPaused || !buffered.empty()) {
      return;
    }
    endEmitted = true;
    cleanUpOnThrow([this] { req.emit("end"); },
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
  process::nextTick([this, gen] {
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
  });
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
  req.aborted = true;
  uint64_t gen = generation;
  process::nextTick([this, gen] {
    if (gen != generation) {
      return;
    }
    // A throwing listener skips the events after it (as in Node, where the throw leaves emit),
    // not the release.
    cleanUpOnThrow(
        [this, gen] {
          if (!endEmitted || !req.complete) {
            req.emit("aborted");
          }
          if (gen == generation && !closeEmitted) {
            closeEmitted = true;
            res.emit("close");
          }
          if (gen == generation && !requestCloseEmitted) {
            requestCloseEmitted = true;
            req.emit("close");
          }
        },
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
