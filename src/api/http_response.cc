#include <algorithm>
#include <charconv>
#include <cstdio>

#include "api/http_exchange.h"
#include "api/http_text.h"
#include "api/runtime.h"
#include "http/date_cache.h"
#include "http/status_codes.h"
#include "nodecc/process.h"

namespace nodecc::http {

std::string_view statusCodeText(int status) { return ::nodecc::http::statusReason(status); }

const std::vector<std::string>& methods() {
  static const std::vector<std::string> kMethods = {
      "ACL",       "BIND",       "CHECKOUT", "CONNECT", "COPY",     "DELETE",      "GET",
      "HEAD",      "LINK",       "LOCK",     "M-SEARCH", "MERGE",   "MKACTIVITY",  "MKCALENDAR",
      "MKCOL",     "MOVE",       "NOTIFY",   "OPTIONS", "PATCH",    "POST",        "PROPFIND",
      "PROPPATCH", "PURGE",      "PUT",      "QUERY",   "REBIND",   "REPORT",      "SEARCH",
      "SOURCE",    "SUBSCRIBE",  "TRACE",    "UNBIND",  "UNLINK",   "UNLOCK",      "UNSUBSCRIBE"};
  return kMethods;
}

namespace {

[[noreturn]] void throwHeadersSent(const char* what) {
  throw Error("ERR_HTTP_HEADERS_SENT",
              std::string("Cannot ") + what + " headers after they are sent to the client");
}

void checkHeader(std::string_view name, std::string_view value) {
  if (!detail::isToken(name)) {
    throw TypeError("ERR_INVALID_HTTP_TOKEN",
                    "Header name must be a valid HTTP token [\"" + std::string(name) + "\"]");
  }
  if (!detail::isValidHeaderValue(value)) {
    throw TypeError("ERR_INVALID_CHAR",
                    "Invalid character in header content [\"" + std::string(name) + "\"]");
  }
}

void appendDecimal(std::string& out, uint64_t v) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, size_t(end - buf));
}

void appendHex(std::string& out, uint64_t v) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, 16);
  out.append(buf, size_t(end - buf));
}

bool containsTokenIgnoreCase(std::string_view list, std::string_view token) {
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    std::string_view item = list.substr(start, comma == std::string_view::npos ? list.npos
                                                                               : comma - start);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) {
      item.remove_prefix(1);
    }
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) {
      item.remove_suffix(1);
    }
    if (detail::equalsIgnoreCase(item, token)) {
      return true;
    }
    if (comma == std::string_view::npos) {
      break;
    }
    start = comma + 1;
  }
  return false;
}

}  // namespace

namespace detail {

// Node's OutgoingMessage._storeHeader, for a server response.
void ExchangeImpl::storeHead(bool fromEnd, size_t endLength) {
  int status = res.statusCode;
  if (status == 204 || status == 304 || (status >= 100 && status <= 199)) {
    hasBody = false;
  }
  std::string_view reason = res.statusMessage.empty() ? statusReason(status)
                                                      : std::string_view(res.statusMessage);
  head.clear();
  head += "HTTP/1.1 ";
  appendDecimal(head, uint64_t(status));
  head += ' ';
  head += reason;
  head += "\r\n";

  bool hasConnection = false, hasContentLength = false, hasTe = false, hasDate = false,
       hasTrailer = false;
  for (const auto& [name, value] : outHeaders) {
    head += name;
    head += ": ";
    head += value;
    head += "\r\n";
    if (equalsIgnoreCase(name, "connection")) {
      hasConnection = true;
      if (containsTokenIgnoreCase(value, "close")) {
        last = true;
      } else {
        keepAlive = true;
      }
    } else if (equalsIgnoreCase(name, "content-length")) {
      hasContentLength = true;
    } else if (equalsIgnoreCase(name, "transfer-encoding")) {
      hasTe = true;
      if (containsTokenIgnoreCase(value, "chunked")) {
        chunked = true;
      }
    } else if (equalsIgnoreCase(name, "date")) {
      hasDate = true;
    } else if (equalsIgnoreCase(name, "trailer")) {
      hasTrailer = true;
    }
  }
  if (res.sendDate && !hasDate) {
    head += "Date: ";
    head += httpDate();
    head += "\r\n";
  }
  if (chunked && (status == 204 || status == 304)) {
    chunked = false;
    keepAlive = false;
  }
  if (!hasConnection) {
    appendConnection(keepAlive && (hasContentLength || useChunkedByDefault));
  }
  if (!hasContentLength && !hasTe) {
    if (!hasBody) {
      chunked = false;
    } else if (!useChunkedByDefault) {
      last = true;
    } else if (!hasTrailer && fromEnd) {
      head += "Content-Length: ";
      appendDecimal(head, endLength);
      head += "\r\n";
    } else {
      head += "Transfer-Encoding: chunked\r\n";
      chunked = true;
    }
  }
  head += "\r\n";
  headStored = true;
  res.headersSent = true;
}

void ExchangeImpl::appendConnection(bool sendKeepAlive) {
  const ServerOptions& opts = server.facade.options;
  bool maxReached =
      opts.maxRequestsPerSocket > 0 && connection() &&
      connection()->requestCount() >= opts.maxRequestsPerSocket;
  if (sendKeepAlive && (maxReached || server.core->closing())) {
    head += "Connection: close\r\n";
    last = true;
  } else if (sendKeepAlive) {
    head += "Connection: keep-alive\r\n";
    if (opts.keepAliveTimeout > 0) {
      head += "Keep-Alive: timeout=";
      appendDecimal(head, opts.keepAliveTimeout / 1000);
      if (opts.maxRequestsPerSocket > 0) {
        head += ", max=";
        appendDecimal(head, opts.maxRequestsPerSocket);
      }
      head += "\r\n";
    }
  } else {
    last = true;
    head += "Connection: close\r\n";
  }
}

void ExchangeImpl::respondRaw(std::string_view fields, std::string_view body,
                              net::SharedFile* file, int64_t offset, size_t len) {
  if (res.writableEnded) {
    return;
  }
  res.writableEnded = true;
  res.headersSent = true;
  headStored = true;
  headFlushed = true;
  chunked = false;
  if (aborted()) {
    releaseApiHold();
    return;
  }
  head.assign(fields);
  head += "Date: ";
  head += httpDate();
  head += "\r\n";
  appendConnection(keepAlive);
  head += "\r\n";
  write(std::string_view(head));
  if (!body.empty()) {
    write(body);
  }
  if (file != nullptr && len > 0) {
    sendFile(file, offset, len);
  }
  finishResponse();
}

void ExchangeImpl::sendHeadIfNeeded() {
  if (!headFlushed) {
    headFlushed = true;
    write(std::string_view(head));
  }
}

void ExchangeImpl::writeBody(std::string_view data) {
  if (!hasBody || data.empty()) {
    return;
  }
  if (chunked) {
    std::string frame;
    appendHex(frame, data.size());
    frame += "\r\n";
    write(std::string_view(frame));
    write(data);
    write(std::string_view("\r\n", 2));
  } else {
    write(data);
  }
}

void ExchangeImpl::finishResponse() {
  if (chunked && hasBody) {
    std::string tail = "0\r\n";
    for (const auto& [name, value] : outTrailers) {
      tail += name;
      tail += ": ";
      tail += value;
      tail += "\r\n";
    }
    tail += "\r\n";
    write(std::move(tail));
  }
  bool keep = keepAlive && !last;
  finish(keep);
  if (!req.complete && !aborted()) {
    dump();
  }
  uint64_t gen = generation;
  // 'finish' once the bytes are handed to the socket, then 'close', each a tick later (Node).
  process::nextTick([this, gen] {
    if (gen != generation) {
      return;
    }
    res.writableFinished = true;
    finishEmitted = true;
    auto callbacks = std::move(finishCallbacks);
    finishCallbacks.clear();
    res.emit("finish");
    for (auto& cb : callbacks) {
      cb();
    }
    process::nextTick([this, gen] {
      if (gen != generation || closeEmitted) {
        return;
      }
      closeEmitted = true;
      res.emit("close");
      req.emit("close");
      releaseApiHold();
    });
  });
}

void ExchangeImpl::failResponse(std::exception_ptr) {
  // A handler threw: 500 if nothing was sent yet, and this connection closes either way.
  if (res.writableEnded) {
    return;
  }
  if (!headFlushed) {
    // A head stored by writeHead() but not yet written is replaced.
    outHeaders.clear();
    outHeaders.emplace_back("Connection", "close");
    head.clear();
    headStored = false;
    res.headersSent = false;
    res.statusCode = 500;
    res.statusMessage.clear();
    hasBody = method != "HEAD";
    chunked = false;
    keepAlive = false;
    res.end();
    return;
  }
  // Part of the response is out and it cannot be completed: what was written is sent, then
  // the connection closes with the response cut short (no final chunk), so that the client
  // sees an incomplete response rather than a complete, wrong one. (Destroying the connection
  // at once dropped even the bytes written before the throw.)
  keepAlive = false;
  last = true;
  chunked = false;
  res.end();
}

}  // namespace detail

// --- ServerResponse

ServerResponse::ServerResponse(detail::ExchangeImpl& ex) : ex_(ex) {}
ServerResponse::~ServerResponse() = default;

ServerResponse& ServerResponse::setHeader(std::string_view name, std::string_view value) {
  if (headersSent) {
    throwHeadersSent("set");
  }
  checkHeader(name, value);
  removeHeader(name);
  ex_.outHeaders.emplace_back(std::string(name), std::string(value));
  return *this;
}

ServerResponse& ServerResponse::setHeader(std::string_view name,
                                          const std::vector<std::string>& values) {
  if (headersSent) {
    throwHeadersSent("set");
  }
  for (const auto& v : values) {
    checkHeader(name, v);
  }
  removeHeader(name);
  for (const auto& v : values) {
    ex_.outHeaders.emplace_back(std::string(name), v);
  }
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
  std::vector<std::pair<std::string, std::string>> out;
  std::string lower;
  for (const auto& [n, v] : ex_.outHeaders) {
    detail::assignLower(lower, n);
    auto it = std::find_if(out.begin(), out.end(), [&](auto& p) { return p.first == lower; });
    if (it != out.end()) {
      it->second += ", " + v;
    } else {
      out.emplace_back(lower, v);
    }
  }
  return out;
}

std::vector<std::string> ServerResponse::getHeaderNames() const {
  std::vector<std::string> out;
  for (auto& [n, v] : getHeaders()) {
    out.push_back(n);
  }
  return out;
}

bool ServerResponse::hasHeader(std::string_view name) const { return getHeader(name).has_value(); }

ServerResponse& ServerResponse::removeHeader(std::string_view name) {
  if (headersSent) {
    throwHeadersSent("remove");
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

ServerResponse& ServerResponse::writeHead(
    int status, std::string_view message,
    const std::vector<std::pair<std::string, std::string>>& headers) {
  if (headersSent) {
    throw Error("ERR_HTTP_HEADERS_SENT", "Cannot write headers after they are sent to the client");
  }
  if (status < 100 || status > 999) {
    throw RangeError("ERR_HTTP_INVALID_STATUS_CODE", "Invalid status code: " + std::to_string(status));
  }
  statusCode = status;
  if (!message.empty()) {
    statusMessage.assign(message);
  }
  // Headers given here override those set with setHeader, name by name (as Node merges them).
  for (const auto& [n, v] : headers) {
    checkHeader(n, v);
  }
  for (const auto& [n, v] : headers) {
    auto& h = ex_.outHeaders;
    h.erase(std::remove_if(h.begin(), h.end(),
                           [&](const auto& p) { return detail::equalsIgnoreCase(p.first, n); }),
            h.end());
  }
  for (const auto& [n, v] : headers) {
    ex_.outHeaders.emplace_back(n, v);
  }
  ex_.storeHead(false, 0);
  return *this;
}

bool ServerResponse::write(std::string_view chunk, UniqueFunction<void(Error*)> cb) {
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
  bool below = ex_.pendingBytes() < ex_.server.facade.options.highWaterMark;
  if (!below) {
    ex_.needDrain = true;
  }
  return below;
}

bool ServerResponse::write(const Buffer& chunk, UniqueFunction<void(Error*)> cb) {
  return write(chunk.view(), std::move(cb));
}

ServerResponse& ServerResponse::end(UniqueFunction<void()> cb) {
  return end(std::string_view(), std::move(cb));
}

ServerResponse& ServerResponse::end(std::string_view data, UniqueFunction<void()> cb) {
  if (writableEnded) {
    if (cb) {
      process::nextTick([cb = std::move(cb)]() mutable { cb(); });
    }
    return *this;
  }
  writableEnded = true;
  if (!ex_.headStored) {
    ex_.storeHead(true, ex_.hasBody ? data.size() : 0);
  }
  if (cb) {
    ex_.finishCallbacks.push_back(std::move(cb));
  }
  if (ex_.aborted()) {
    ex_.releaseApiHold();
    return *this;
  }
  ex_.sendHeadIfNeeded();
  ex_.writeBody(data);
  ex_.finishResponse();
  return *this;
}

ServerResponse& ServerResponse::end(const Buffer& data, UniqueFunction<void()> cb) {
  return end(data.view(), std::move(cb));
}

ServerResponse& ServerResponse::flushHeaders() {
  if (!ex_.headStored) {
    ex_.storeHead(false, 0);
  }
  ex_.sendHeadIfNeeded();
  return *this;
}

ServerResponse& ServerResponse::addTrailers(HeaderList trailers) {
  for (const auto& [n, v] : trailers) {
    checkHeader(n, v);
    ex_.outTrailers.emplace_back(std::string(n), std::string(v));
  }
  return *this;
}

ServerResponse& ServerResponse::writeContinue() {
  ex_.write(std::string_view("HTTP/1.1 100 Continue\r\n\r\n"));
  return *this;
}

IncomingMessage& ServerResponse::req() { return ex_.req; }

net::Socket& ServerResponse::socket() { return ex_.server.socketOf(*ex_.connection()); }

}  // namespace nodecc::http
