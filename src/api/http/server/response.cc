#include <algorithm>
#include <cstdio>
#include <tuple>
#include <utility>

#include "api/http/outgoing.h"
#include "api/http/server/exchange.h"
#include "api/http/text.h"
#include "api/runtime.h"
#include "http/date_cache.h"
#include "http/status_codes.h"
#include "nodecc/detail/response_filter.h"
#include "nodecc/process.h"

namespace nodecc::http {

std::string_view statusCodeText(int status) {
  return http::core::statusReason(status);
}

const std::vector<std::string>& methods() {
  static const std::vector<std::string> kMethods = {
      "ACL",       "BIND",      "CHECKOUT", "CONNECT",  "COPY",   "DELETE",     "GET",
      "HEAD",      "LINK",      "LOCK",     "M-SEARCH", "MERGE",  "MKACTIVITY", "MKCALENDAR",
      "MKCOL",     "MOVE",      "NOTIFY",   "OPTIONS",  "PATCH",  "POST",       "PROPFIND",
      "PROPPATCH", "PURGE",     "PUT",      "QUERY",    "REBIND", "REPORT",     "SEARCH",
      "SOURCE",    "SUBSCRIBE", "TRACE",    "UNBIND",   "UNLINK", "UNLOCK",     "UNSUBSCRIBE"};
  return kMethods;
}

namespace {

// setHeader(name, values): a name already set keeps the place of its first line and takes
// the new values there (Node keeps headers in an object keyed by the lower-cased name, and
// assigning an existing key keeps its position); a new name goes last.
void placeHeader(std::vector<std::pair<std::string, std::string>>& headers, std::string_view name,
                 const std::string_view* values, size_t count) {
  size_t at = headers.size();
  for (size_t i = 0; i < headers.size(); ++i) {
    if (detail::equalsIgnoreCase(headers[i].first, name)) {
      at = i;
      break;
    }
  }
  if (at < headers.size()) {
    headers.erase(
        std::remove_if(headers.begin() + at, headers.end(),
                       [&](const auto& p) { return detail::equalsIgnoreCase(p.first, name); }),
        headers.end());
  }
  for (size_t i = 0; i < count; ++i) {
    if (at + i == headers.size()) {
      // A new name (the common case): built in place, no temporaries moved.
      headers.emplace_back(std::piecewise_construct, std::forward_as_tuple(name),
                           std::forward_as_tuple(values[i]));
    } else {
      headers.emplace(headers.begin() + long(at + i), std::string(name), std::string(values[i]));
    }
  }
}

}  // namespace

// --- ServerResponse

ServerResponse::ServerResponse(detail::ExchangeImpl& ex) : ex_(ex) {}
ServerResponse::~ServerResponse() {
  detachStream();
}

ServerResponse& ServerResponse::setHeader(std::string_view name, std::string_view value) {
  if (headersSent) {
    detail::throwHeadersSent("set");
  }
  detail::checkHeader(name, value);
  placeHeader(ex_.outHeaders, name, &value, 1);
  return *this;
}

ServerResponse& ServerResponse::setHeader(std::string_view name,
                                          const std::vector<std::string>& values) {
  if (headersSent) {
    detail::throwHeadersSent("set");
  }
  for (const auto& v : values) {
    detail::checkHeader(name, v);
  }
  std::vector<std::string_view> views(values.begin(), values.end());
  std::string joined;
  if (views.size() >= 2 && detail::equalsIgnoreCase(name, "cookie")) {
    // Node sends a Cookie list as one field, joined with "; " (RFC 6265 §5.4).
    for (size_t i = 0; i < views.size(); ++i) {
      joined += i ? "; " : "";
      joined += views[i];
    }
    views.assign(1, joined);
  }
  placeHeader(ex_.outHeaders, name, views.data(), views.size());
  return *this;
}

ServerResponse& ServerResponse::setHeader(std::string_view name, uint64_t value) {
  return setHeader(name, std::string_view(std::to_string(value)));
}

std::optional<std::string> ServerResponse::getHeader(std::string_view name) const {
  std::optional<std::string> out;
  for (const auto& [n, v] : ex_.outHeaders) {
    if (detail::equalsIgnoreCase(n, name)) {
      if (out) {
        *out += ", ";
        *out += v;
      } else {
        out = v;
      }
    }
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> ServerResponse::getHeaders() const {
  return detail::mergeHeaders(ex_.outHeaders);
}

std::vector<std::string> ServerResponse::getHeaderNames() const {
  std::vector<std::string> out;
  for (auto& [n, v] : getHeaders()) {
    out.push_back(n);
  }
  return out;
}

bool ServerResponse::hasHeader(std::string_view name) const {
  for (const auto& [n, v] : ex_.outHeaders) {
    if (detail::equalsIgnoreCase(n, name)) {
      return true;
    }
  }
  return false;
}

ServerResponse& ServerResponse::removeHeader(std::string_view name) {
  if (headersSent) {
    detail::throwHeadersSent("remove");
  }
  if (detail::equalsIgnoreCase(name, "connection")) {
    ex_.removedConnection = true;
  } else if (detail::equalsIgnoreCase(name, "content-length")) {
    ex_.removedContentLength = true;
  } else if (detail::equalsIgnoreCase(name, "transfer-encoding")) {
    ex_.removedTransferEncoding = true;
  } else if (detail::equalsIgnoreCase(name, "date")) {
    sendDate = false;
  }
  auto& h = ex_.outHeaders;
  h.erase(std::remove_if(h.begin(), h.end(),
                         [&](const auto& p) { return detail::equalsIgnoreCase(p.first, name); }),
          h.end());
  return *this;
}

ServerResponse& ServerResponse::writeHead(int status) {
  return writeHead(status, std::string_view(), HeaderList{});
}

ServerResponse& ServerResponse::writeHead(int status, std::string_view message) {
  return writeHead(status, message, HeaderList{});
}

ServerResponse& ServerResponse::writeHead(int status, HeaderList headers) {
  return writeHead(status, std::string_view(), headers);
}

ServerResponse& ServerResponse::writeHead(int status, std::string_view message,
                                          HeaderList headers) {
  std::vector<std::pair<std::string, std::string>> list;
  for (const auto& [n, v] : headers) {
    list.emplace_back(std::string(n), std::string(v));
  }
  return writeHead(status, message, list);
}

namespace {
// What every writeHead() checks and sets before its fields are stored.
void beginHead(ServerResponse& res, int status, std::string_view message,
               const std::vector<std::pair<std::string, std::string>>& headers) {
  if (res.headersSent) {
    throw Error("ERR_HTTP_HEADERS_SENT", "Cannot write headers after they are sent to the client");
  }
  if (status < 100 || status > 999) {
    throw RangeError("ERR_HTTP_INVALID_STATUS_CODE",
                     "Invalid status code: " + std::to_string(status));
  }
  res.statusCode = status;
  if (!message.empty()) {
    res.statusMessage.assign(message);
  }
  for (const auto& [n, v] : headers) {
    detail::checkHeader(n, v);
  }
}
}  // namespace

ServerResponse& ServerResponse::writeHead(
    int status, std::string_view message,
    const std::vector<std::pair<std::string, std::string>>& headers) {
  if (filter_ && !filter_->headersFired_ && !headersSent) [[unlikely]] {
    writeHeadFiltered(status, message, headers);
    return *this;
  }
  beginHead(*this, status, message, headers);
  if (ex_.outHeaders.empty()) {
    // Only writeHead() gives headers: they go out as given, repeated names too (Node passes
    // the object or array straight to _storeHeader).
    ex_.outHeaders.assign(headers.begin(), headers.end());
  } else {
    // Mixed with setHeader(): each pair is a setHeader(), so a name already set keeps its
    // place and takes the new value (Node's "slow case").
    for (const auto& [n, v] : headers) {
      std::string_view value = v;
      placeHeader(ex_.outHeaders, n, &value, 1);
    }
  }
  ex_.storeHead(false, 0);
  return *this;
}

ServerResponse& ServerResponse::writeHead(
    int status, std::string_view message,
    std::vector<std::pair<std::string, std::string>>&& headers) {
  if (!ex_.outHeaders.empty() || filter_) {
    return writeHead(status, message, std::as_const(headers));
  }
  beginHead(*this, status, message, headers);
  // Swapped rather than copied: the exchange's emptied list goes to the caller's temporary.
  ex_.outHeaders.swap(headers);
  ex_.storeHead(false, 0);
  return *this;
}

void ServerResponse::writeHeadFiltered(
    int status, std::string_view message,
    const std::vector<std::pair<std::string, std::string>>& headers) {
  filter_->headersFired_ = true;
  statusCode = status;
  for (const auto& [n, v] : headers) {
    setHeader(n, std::string_view(v));
  }
  filter_->onHeaders(*this);
  // on-headers passes the status on alone when the listener changed it.
  writeHead(statusCode, statusCode == status ? message : std::string_view(), HeaderList{});
}

void ServerResponse::setFilter(std::unique_ptr<detail::ResponseFilter> filter) {
  filter_ = std::move(filter);
}

// Inlined into write() and end(), whose bodies they were: a call and its frame on every
// response otherwise (callgrind: hello +35 instructions).
[[gnu::always_inline]] inline bool ServerResponse::writeUnfiltered(
    std::string_view chunk, UniqueFunction<void(Error*)>&& cb) {
  if (writableEnded) {
    Error e("ERR_STREAM_WRITE_AFTER_END", "write after end");
    if (cb) {
      process::nextTick([cb = std::move(cb), e]() mutable { cb(&e); });
    }
    emit("error", static_cast<const Error&>(e));
    return false;
  }
  if (!ex_.headStored) {
    ex_.storeHead(false, 0);
  }
  ex_.sendHeadIfNeeded();
  ex_.writeBody(chunk);
  if (cb) {
    process::nextTick([cb = std::move(cb)]() mutable { cb(nullptr); });
  }
  // As Node's _writeRaw: once the connection is gone (reset, a write failed) the bytes go
  // nowhere and write() returns false, so a handler that honours it stops making them. It
  // returned true, and a 64 MiB body whose client had left was produced in full in one
  // callback, holding up every other connection (tests/integration/robustness/test_faults.py).
  auto* conn = ex_.connection();
  if (ex_.aborted() || conn == nullptr || conn->stream().failed() || conn->stream().closing()) {
    return false;
  }
  bool below = ex_.pendingBytes() < ex_.server.facade.options.highWaterMark;
  if (!below) {
    ex_.needDrain = true;
  }
  return below;
}

bool ServerResponse::write(std::string_view chunk, UniqueFunction<void(Error*)> cb) {
  if (filter_) [[unlikely]] {
    return filter_->write(*this, chunk, std::move(cb));
  }
  return writeUnfiltered(chunk, std::move(cb));
}

bool ServerResponse::write(const Buffer& chunk, UniqueFunction<void(Error*)> cb) {
  return write(chunk.view(), std::move(cb));
}

void ServerResponse::end(UniqueFunction<void()> cb) {
  end(std::string_view(), std::move(cb));
}

[[gnu::always_inline]] inline void ServerResponse::endUnfiltered(std::string_view data,
                                                                 UniqueFunction<void()>&& cb) {
  if (writableEnded) {
    if (cb) {
      process::nextTick([cb = std::move(cb)]() mutable { cb(); });
    }
    return;
  }
  if (!ex_.headStored) {
    // Before the response counts as ended: a head that throws (an invalid statusMessage) leaves
    // it open, so that the server's 500 for the exception can still go out (as Node, whose
    // end() builds the header before it sets finished).
    ex_.storeHead(true, ex_.hasBody ? data.size() : 0);
  }
  writableEnded = true;
  if (cb) {
    ex_.finishCallbacks.push_back(std::move(cb));
  }
  if (ex_.aborted()) {
    writableFinished = true;  // nothing is left to send (Node: the socket is gone)
    ex_.releaseApiHold();
    return;
  }
  if (!ex_.headFlushed && !ex_.chunked && ex_.hasBody &&
      data.size() <= detail::ExchangeImpl::kHeadBodyCoalesceBytes) {
    ex_.head += data;  // a small body leaves in the head's write
    ex_.sendHeadIfNeeded();
  } else {
    ex_.sendHeadIfNeeded();
    ex_.writeBody(data);
  }
  ex_.finishResponse();
  // Node computes writableFinished: ended, and nothing left in the socket's buffer. Bytes of a
  // response at the head of the line leave in this callback's write (cork), so they count as
  // handed over unless the socket is already backed up; a pipelined response held behind an
  // earlier one is not finished yet.
  if (!ex_.aborted() && ex_.connection() && ex_.pendingBytes() == 0 &&
      ex_.connection()->stream().queuedBytes() == 0) {
    writableFinished = true;
  }
}

void ServerResponse::end(std::string_view data, UniqueFunction<void()> cb) {
  if (filter_) [[unlikely]] {
    filter_->end(*this, data, std::move(cb));
    return;
  }
  endUnfiltered(data, std::move(cb));
}

void ServerResponse::end(const Buffer& data, UniqueFunction<void()> cb) {
  end(data.view(), std::move(cb));
}

ServerResponse& ServerResponse::flushHeaders() {
  if (filter_ && !ex_.headStored) {
    writeHead(statusCode);  // Node's _implicitHeader, which on-headers sees
  }
  if (!ex_.headStored) {
    ex_.storeHead(false, 0);
  }
  ex_.sendHeadIfNeeded();
  return *this;
}

ServerResponse& ServerResponse::addTrailers(HeaderList trailers) {
  for (const auto& [n, v] : trailers) {
    detail::checkHeader(n, v);
    ex_.outTrailers.emplace_back(std::string(n), std::string(v));
  }
  return *this;
}

ServerResponse& ServerResponse::writeContinue() {
  ex_.sent100 = true;
  ex_.write(std::string_view("HTTP/1.1 100 Continue\r\n\r\n"));
  return *this;
}

ServerResponse& ServerResponse::destroy() {
  ex_.destroyResponse(nullptr);
  return *this;
}

ServerResponse& ServerResponse::destroy(const Error& err) {
  ex_.destroyResponse(&err);
  return *this;
}

ServerResponse& ServerResponse::setTimeout(uint64_t ms) {
  if (!ex_.aborted() && ex_.connection() != nullptr) {
    ex_.connection()->setIdleTimeout(ms);
  }
  return *this;
}

// --- ResponseFilter's access to the response underneath

namespace detail {

bool ResponseFilter::writeThrough(ServerResponse& res, std::string_view chunk,
                                  UniqueFunction<void(Error*)> cb) {
  return res.writeUnfiltered(chunk, std::move(cb));
}

void ResponseFilter::endThrough(ServerResponse& res, std::string_view data,
                                UniqueFunction<void()> cb) {
  res.endUnfiltered(data, std::move(cb));
}

bool ResponseFilter::gone(ServerResponse& res) {
  ExchangeImpl& ex = res.ex_;
  auto* conn = ex.connection();
  return ex.aborted() || conn == nullptr || conn->stream().failed() || conn->stream().closing();
}

bool ResponseFilter::writable(ServerResponse& res) {
  if (gone(res)) {
    return false;
  }
  ExchangeImpl& ex = res.ex_;
  if (ex.pendingBytes() < ex.server.facade.options.highWaterMark) {
    return true;
  }
  ex.needDrain = true;
  return false;
}

}  // namespace detail

IncomingMessage& ServerResponse::req() {
  return ex_.req;
}

net::Socket& ServerResponse::socket() {
  return ex_.server.socketOf(*ex_.connection());
}

}  // namespace nodecc::http
