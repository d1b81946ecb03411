#include <algorithm>
#include <cstring>

#include "api/http_exchange.h"
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

IncomingMessage::IncomingMessage(detail::ExchangeImpl& ex, const std::string& m,
                                 const std::string& u, const void* headerList,
                                 const size_t* headerCount, const void* trailerList,
                                 const size_t* trailerCount)
    : method(m),
      url(u),
      rawHeaders(headerList, headerCount),
      headers(rawHeaders),
      rawTrailers(trailerList, trailerCount),
      trailers(rawTrailers),
      ex_(ex) {}

IncomingMessage::~IncomingMessage() = default;

net::Socket& IncomingMessage::socket() { return ex_.server.socketOf(*ex_.connection()); }

IncomingMessage& IncomingMessage::pause() {
  ex_.userPaused = true;
  ex_.flowing = false;
  if (!ex_.aborted() && !complete) {
    ex_.connection()->pauseReading();
  }
  return *this;
}

IncomingMessage& IncomingMessage::resume() {
  ex_.userPaused = false;
  ex_.flowing = true;
  ex_.flowIfWanted();
  if (!ex_.aborted() && !complete) {
    ex_.connection()->resumeReading();
  }
  return *this;
}

bool IncomingMessage::isPaused() const { return ex_.userPaused; }

void IncomingMessage::listenerCountChanged(std::string_view event, size_t count) {
  // Without this, a body larger than highWaterMark that arrives before 'end' stays buffered
  // with reading paused, and a handler that only listens to 'data' waits forever.
  if (event == "data" && count > 0) {
    ex_.flowIfWanted();
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

namespace {
// Node's test of an HTTP/1.0 request's TE field: /(?:^|\W)chunked(?:$|\W)/i.
bool mentionsChunked(std::string_view te) {
  auto isWord = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  };
  constexpr std::string_view kChunked = "chunked";
  for (size_t i = 0; i + kChunked.size() <= te.size(); ++i) {
    if (equalsIgnoreCase(te.substr(i, kChunked.size()), kChunked) &&
        (i == 0 || !isWord(te[i - 1])) &&
        (i + kChunked.size() == te.size() || !isWord(te[i + kChunked.size()]))) {
      return true;
    }
  }
  return false;
}
}  // namespace

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
                        mentionsChunked(req.headers["te"]);
  finishEmitted = closeEmitted = needDrain = false;
  finishCallbacks.clear();
  apiHoldReleased = false;

  flowing = userPaused = endPending = endEmitted = dumped = flushScheduled = false;
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
  endPending = true;
  flowIfWanted();
}

void ExchangeImpl::flowIfWanted() {
  // A 'data' listener or resume() makes the request flow (from a nextTick, as Readable).
  if (flushScheduled || endEmitted) {
    return;
  }
  bool wants = !userPaused && (flowing || req.listenerCount("data") > 0 ||
                               req.listenerCount("end") > 0 || dumped);
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
    if (!aborted() && !req.complete && connection()) {
      connection()->resumeReading();
      if (gen != generation) {
        return;
      }
    }
    if (endPending && !endEmitted && buffered.empty()) {
      endEmitted = true;
      req.emit("end");
    }
  });
}

void ExchangeImpl::dump() {
  // The response is done and nobody read the body: discard it (Node's req._dump()).
  if (dumped) {
    return;
  }
  dumped = true;
  buffered.clear();
  bufferedBytes = 0;
  if (!aborted() && !req.complete && connection()) {
    connection()->resumeReading();
  }
  flowIfWanted();
}

void ExchangeImpl::onAborted() {
  req.aborted = true;
  uint64_t gen = generation;
  process::nextTick([this, gen] {
    if (gen != generation) {
      return;
    }
    if (!req.complete) {
      req.emit("aborted");
    }
    if (!closeEmitted) {
      closeEmitted = true;
      res.emit("close");
      req.emit("close");
    }
    // The object lives on until the handler has ended the response too.
    releaseApiHold();
  });
}

void ExchangeImpl::releaseApiHold() {
  if (!apiHoldReleased && closeEmitted && res.writableEnded) {
    apiHoldReleased = true;
    release();
  }
}

void ExchangeImpl::release() {
  if (--holds == 0) {
    server.recycle(this);
  }
}

}  // namespace detail
}  // namespace nodecc::http
