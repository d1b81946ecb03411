// The bytes of a server response: the head Node's OutgoingMessage._storeHeader builds, the
// body framing (Content-Length or chunked), the end of a response and a failed one. The
// ServerResponse facade that drives this is in response.cc.
#include "api/http/outgoing.h"
#include "api/http/server/exchange.h"
#include "api/http/text.h"
#include "api/runtime.h"
#include "http/date_cache.h"
#include "http/status_codes.h"
#include "nodecc/process.h"

namespace nodecc::http {

namespace {

bool containsTokenIgnoreCase(std::string_view list, std::string_view token) {
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    std::string_view item =
        list.substr(start, comma == std::string_view::npos ? list.npos : comma - start);
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

// "Connection: keep-alive" and Node's Keep-Alive hint (timeout in seconds, and the request
// cap when there is one), for a connection that stays open.
void appendKeepAliveFields(detail::HeadBuffer& out, const ServerOptions& opts) {
  out += "Connection: keep-alive\r\n";
  if (opts.keepAliveTimeout > 0) {
    out += "Keep-Alive: timeout=";
    out.appendDecimal(opts.keepAliveTimeout / 1000);
    if (opts.maxRequestsPerSocket > 0) {
      out += ", max=";
      out.appendDecimal(opts.maxRequestsPerSocket);
    }
    out += "\r\n";
  }
}

}  // namespace

namespace detail {

// Node's ServerResponse.writeHead (the part after the headers are merged) and
// OutgoingMessage._storeHeader. Throws, with nothing stored, when the status message has a
// forbidden character or a Trailer field is set on a response that cannot be chunked.
void ExchangeImpl::storeHead(bool fromEnd, size_t endLength) {
  int status = res.statusCode;
  std::string_view line;  // the precomputed status line, when the reason is Node's own
  if (res.statusMessage.empty()) {
    line = core::statusLine(status);
    std::string_view standard = core::statusReason(status);
    res.statusMessage.assign(standard.empty() ? std::string_view("unknown") : standard);
  } else if (std::string_view(res.statusMessage) == core::statusReason(status)) {
    line = core::statusLine(status);  // the standard reason given again (a proxy passing one on)
  } else if (!isValidHeaderValue(res.statusMessage)) {
    throw TypeError("ERR_INVALID_CHAR", "Invalid character in statusMessage");
  }
  if (status == 204 || status == 304 || (status >= 100 && status <= 199)) {
    hasBody = false;
  }
  if (expectContinue && !sent100) {
    // The client may still send the body it held back for the 100: the connection cannot
    // carry another request.
    keepAlive = false;
  }
  head.clear();
  if (!line.empty()) {
    head += line;
  } else {
    head += "HTTP/1.1 ";
    head.appendDecimal(uint64_t(status));
    head += ' ';
    head += res.statusMessage;
    head += "\r\n";
  }

  bool hasConnection = false, hasContentLength = false, hasTe = false, hasDate = false,
       hasTrailer = false;
  for (const auto& [name, value] : outHeaders) {
    head += name;
    head += ": ";
    head += value;
    head += "\r\n";
    switch (framingField(name)) {
      case FramingField::kDate:
        hasDate = true;
        break;
      case FramingField::kTrailer:
        hasTrailer = true;
        break;
      case FramingField::kConnection:
        hasConnection = true;
        removedConnection = false;
        if (containsTokenIgnoreCase(value, "close")) {
          last = true;
        } else {
          keepAlive = true;
        }
        break;
      case FramingField::kContentLength:
        hasContentLength = true;
        removedContentLength = false;
        break;
      case FramingField::kTransferEncoding:
        hasTe = true;
        removedTransferEncoding = false;
        if (containsTokenIgnoreCase(value, "chunked")) {
          chunked = true;
        }
        break;
      case FramingField::kOther:
        break;
    }
  }
  if (chunked && (status == 204 || status == 304)) {
    chunked = false;
    keepAlive = false;
  }
  const bool withDate = res.sendDate && !hasDate;
  // removeHeader("Connection") leaves the field out: an HTTP/1.1 connection then stays
  // persistent (Node's _removedConnection), one that was to close still closes.
  const bool withConnection = !hasConnection && !removedConnection;
  const bool sendKeepAlive = keepAlive && (hasContentLength || useChunkedByDefault);
  appendDateAndConnection(withDate, withConnection, sendKeepAlive);
  if (!hasContentLength && !hasTe) {
    if (!hasBody) {
      chunked = false;
    } else if (!useChunkedByDefault) {
      last = true;
    } else if (!hasTrailer && !removedContentLength && fromEnd) {
      head += "Content-Length: ";
      head.appendDecimal(endLength);
      head += "\r\n";
    } else if (!removedTransferEncoding) {
      head += "Transfer-Encoding: chunked\r\n";
      chunked = true;
    } else {
      // Neither length nor chunked: the body ends with the connection.
      last = true;
    }
  }
  if (!chunked && hasTrailer) {
    head.clear();
    throw Error("ERR_HTTP_TRAILER_INVALID", "Trailers are invalid with this transfer encoding");
  }
  head += "\r\n";
  headStored = true;
  res.headersSent = true;
}

bool ExchangeImpl::mustClose() const {
  const ServerOptions& opts = server.facade.options;
  const bool maxReached = opts.maxRequestsPerSocket > 0 && connection() &&
                          connection()->requestCount() >= opts.maxRequestsPerSocket;
  return maxReached || server.core->closing();
}

void ExchangeImpl::appendDateAndConnection(bool withDate, bool withConnection, bool sendKeepAlive) {
  const bool closing = sendKeepAlive && mustClose();
  if (withDate && withConnection && sendKeepAlive && !closing) {
    head += server.keepAliveTail();
    return;
  }
  if (withDate) {
    head += "Date: ";
    head += core::httpDate();
    head += "\r\n";
  }
  if (!withConnection) {
    return;
  }
  if (sendKeepAlive && !closing) {
    appendKeepAliveFields(head, server.facade.options);
  } else {
    last = true;
    head += "Connection: close\r\n";
  }
}

void ExchangeImpl::respondRaw(std::string_view fields, std::string_view body,
                              net::core::SharedFile* file, int64_t offset, size_t len) {
  const bool withHead = body.size() <= kHeadBodyCoalesceBytes;
  if (!beginRawResponse(fields, withHead ? body : std::string_view())) {
    return;
  }
  if (!withHead) {
    write(body);
  }
  if (file != nullptr && len > 0) {
    sendFile(file, offset, len);
  }
  finishResponse();
}

bool ExchangeImpl::beginRawResponse(std::string_view fields, std::string_view bodyStart) {
  if (res.writableEnded) {
    return false;
  }
  res.writableEnded = true;
  res.headersSent = true;
  headStored = true;
  headFlushed = true;
  chunked = false;
  if (aborted()) {
    releaseApiHold();
    return false;
  }
  head.assign(fields);
  appendDateAndConnection(true, true, keepAlive);
  head += "\r\n";
  head += bodyStart;
  write(std::string_view(head));
  return true;
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
    detail::appendHex(frame, data.size());
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
  uint64_t gen = generation;
  // Node's order: 'finish' once the bytes are handed to the socket (a tick later); there the
  // unread request is dumped and res 'close' queued (resOnFinish, which runs before the user's
  // 'finish' listeners); the request's 'end' follows the dump, its 'close' the later of its
  // 'end' and res 'close'.
  process::nextTick([this, gen] {
    if (gen != generation) {
      return;
    }
    res.writableFinished = true;
    finishEmitted = true;
    if (finishCallbacks.empty() && res.listenerCount("finish") == 0 &&
        res.listenerCount("close") == 0 && req.listenerCount("end") == 0 &&
        req.listenerCount("close") == 0) {
      // Nobody can see the events that follow (the common case): skip their ticks. An unread
      // body is still discarded (and pulled off the wire while it arrives).
      if (!consuming && !flushScheduled && !aborted()) {
        dump(false);
      }
      closeEmitted = requestCloseEmitted = true;
      releaseApiHold();
      return;
    }
    if (!consuming && !flushScheduled && !aborted()) {
      dump();
    }
    process::nextTick([this, gen] {
      if (gen != generation || closeEmitted) {
        return;
      }
      closeEmitted = true;
      auto afterClose = [this, gen] {
        if (gen != generation) {
          return;
        }
        if (quietAbort && !endEmitted) {
          requestCloseEmitted = true;  // never emitted: its body will not come (Node's too)
          releaseApiHold();
        } else if (endEmitted) {
          scheduleRequestClose();
        } else if (requestCloseEmitted) {
          releaseApiHold();  // the request was abandoned (abandonRequest) and has closed
        }
      };
      cleanUpOnThrow([this] { res.emit("close"); }, afterClose);
      afterClose();
    });
    auto callbacks = std::move(finishCallbacks);
    finishCallbacks.clear();
    res.emit("finish");
    for (auto& cb : callbacks) {
      cb();
    }
  });
}

void ExchangeImpl::failResponse(std::exception_ptr) {
  // A handler threw: 500 if nothing was sent yet, and this connection closes either way.
  if (res.writableEnded) {
    return;
  }
  // A body filter (compression) has no say in the 500, nor in cutting a response short.
  res.filter_.reset();
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

std::string_view HttpServerImpl::rebuildKeepAliveTail() {
  const core::HttpDateStamp date = core::httpDateStamp(loop.now());
  tail_.validUntilMs = date.validUntilMs;
  tail_.keepAliveTimeout = facade.options.keepAliveTimeout;
  tail_.maxRequestsPerSocket = facade.options.maxRequestsPerSocket;
  HeadBuffer& t = tail_.text;
  t.assign("Date: ");
  t += date.text;
  t += "\r\n";
  appendKeepAliveFields(t, facade.options);
  return t.view();
}

}  // namespace detail

}  // namespace nodecc::http
