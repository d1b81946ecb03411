// The outgoing side of a ClientRequest: header storage and validation, the request head
// (Node's OutgoingMessage._storeHeader for a client) and body framing.
#include <algorithm>
#include <charconv>

#include "api/http/client/client_request.h"
#include "api/http/outgoing.h"
#include "api/http/text.h"

namespace nodecc::http {

namespace detail {

void ClientRequestImpl::setOutHeader(std::string_view name, std::string_view value, bool append) {
  // A header set again keeps its place (a JavaScript object's key does); its values replace
  // the old ones there. `append` adds a value after the others of the same name.
  size_t at = outCount;
  if (append) {
    for (size_t i = 0; i < outCount; ++i) {
      if (equalsIgnoreCase(outHeaders[i].first, name)) {
        at = i + 1;
      }
    }
  } else {
    size_t kept = 0;
    for (size_t i = 0; i < outCount; ++i) {
      if (equalsIgnoreCase(outHeaders[i].first, name)) {
        at = std::min(at, kept);
        continue;  // dropped; its slot (and string capacity) ends up past the kept ones
      }
      if (kept != i) {
        std::swap(outHeaders[kept], outHeaders[i]);
      }
      ++kept;
    }
    outCount = kept;
    at = std::min(at, outCount);
  }
  if (outHeaders.size() == outCount) {
    outHeaders.emplace_back();
  }
  // Rotate a spare slot into place.
  std::rotate(outHeaders.begin() + long(at), outHeaders.begin() + long(outCount),
              outHeaders.begin() + long(outCount) + 1);
  outHeaders[at].first.assign(name);
  outHeaders[at].second.assign(value);
  ++outCount;
}

bool ClientRequestImpl::hasOutHeader(std::string_view name) const {
  for (size_t i = 0; i < outCount; ++i) {
    if (equalsIgnoreCase(outHeaders[i].first, name)) {
      return true;
    }
  }
  return false;
}

void ClientRequestImpl::storeHead(bool fromEnd, size_t endLength) {
  head.clear();
  head += req.method;
  head += ' ';
  head += req.path;
  head += " HTTP/1.1\r\n";
  bool hasConnection = false, hasContentLength = false, hasTe = false, hasTrailer = false;
  for (size_t i = 0; i < outCount; ++i) {
    const auto& [name, value] = outHeaders[i];
    head += name;
    head += ": ";
    head += value;
    head += "\r\n";
    switch (framingField(name)) {
      case FramingField::kTrailer:
        hasTrailer = true;
        break;
      case FramingField::kConnection:
        hasConnection = true;
        // Node only marks the message last here; not reusing the socket either is what the
        // server's answer will say anyway.
        shouldKeepAlive = !mentionsWord(value, "close");
        break;
      case FramingField::kContentLength:
        hasContentLength = true;
        break;
      case FramingField::kTransferEncoding:
        hasTe = true;
        chunked = mentionsWord(value, "chunked");
        break;
      case FramingField::kDate:  // a request's Date is the caller's business
      case FramingField::kOther:
        break;
    }
  }
  if (!hasConnection && !removedConnection) {
    // A request always has an agent here, so Node always says one or the other.
    head += shouldKeepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
  }
  if (!hasContentLength && !hasTe) {
    if (!useChunkedByDefault) {
      // GET, HEAD, DELETE, OPTIONS, TRACE: Node frames no body for these and sends whatever
      // is written raw, which a server reads as the start of the next request. A body is
      // framed here instead; none is the common case and sends nothing.
      if (fromEnd && endLength > 0) {
        head += "Content-Length: ";
        detail::appendDecimal(head, endLength);
        head += "\r\n";
      } else if (!fromEnd) {
        head += "Transfer-Encoding: chunked\r\n";
        chunked = true;
      }
    } else if (!hasTrailer && !removedContentLength && fromEnd) {
      head += "Content-Length: ";
      detail::appendDecimal(head, endLength);
      head += "\r\n";
    } else if (!removedTransferEncoding) {
      head += "Transfer-Encoding: chunked\r\n";
      chunked = true;
    }
  }
  head += "\r\n";
  headStored = true;
  req.headersSent = true;
}

void ClientRequestImpl::sendBody(std::string_view data, bool last) {
  // The head leaves with the first body bytes (one write), as Node's _send prepends it; so
  // does the last chunk of a chunked body written by end(data).
  std::string& out = head;  // empty once the head has been sent
  bool headPending = !out.empty();
  if (!headPending && !chunked) {
    sendRaw(data);
    return;
  }
  if (!headPending) {
    out.clear();
  }
  if (chunked && !data.empty()) {
    detail::appendHex(out, data.size());
    out += "\r\n";
    out.append(data);
    out += "\r\n";
  } else if (!chunked) {
    out.append(data);
  }
  if (chunked && last) {
    out += "0\r\n\r\n";
  }
  sendRaw(out);
  out.clear();
}

}  // namespace detail

// --- ClientRequest facade: headers

ClientRequest::ClientRequest(detail::ClientRequestImpl& impl) : impl_(impl) {}
ClientRequest::~ClientRequest() {
  detachStream();
}

ClientRequest& ClientRequest::setHeader(std::string_view name, std::string_view value) {
  if (headersSent) {
    detail::throwHeadersSent("set");
  }
  detail::checkHeader(name, value);
  impl_.setOutHeader(name, value, false);
  return *this;
}

ClientRequest& ClientRequest::setHeader(std::string_view name,
                                        const std::vector<std::string>& values) {
  if (headersSent) {
    detail::throwHeadersSent("set");
  }
  for (const auto& v : values) {
    detail::checkHeader(name, v);
  }
  if (values.empty()) {
    return removeHeader(name);
  }
  impl_.setOutHeader(name, values[0], false);
  for (size_t i = 1; i < values.size(); ++i) {
    impl_.setOutHeader(name, values[i], true);
  }
  return *this;
}

ClientRequest& ClientRequest::setHeader(std::string_view name, uint64_t value) {
  return setHeader(name, std::string_view(std::to_string(value)));
}

std::optional<std::string> ClientRequest::getHeader(std::string_view name) const {
  std::optional<std::string> out;
  for (size_t i = 0; i < impl_.outCount; ++i) {
    const auto& [n, v] = impl_.outHeaders[i];
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

HeaderPairs ClientRequest::getHeaders() const {
  return detail::mergeHeaders(std::span(impl_.outHeaders).first(impl_.outCount));
}

std::vector<std::string> ClientRequest::getHeaderNames() const {
  std::vector<std::string> out;
  for (auto& [n, v] : getHeaders()) {
    out.push_back(n);
  }
  return out;
}

bool ClientRequest::hasHeader(std::string_view name) const {
  return impl_.hasOutHeader(name);
}

ClientRequest& ClientRequest::removeHeader(std::string_view name) {
  if (headersSent) {
    detail::throwHeadersSent("remove");
  }
  // Removing a header Node would add itself leaves it out (_removedContLen and friends).
  if (detail::equalsIgnoreCase(name, "content-length")) {
    impl_.removedContentLength = true;
  } else if (detail::equalsIgnoreCase(name, "transfer-encoding")) {
    impl_.removedTransferEncoding = true;
  } else if (detail::equalsIgnoreCase(name, "connection")) {
    impl_.removedConnection = true;
  }
  size_t kept = 0;
  for (size_t i = 0; i < impl_.outCount; ++i) {
    if (detail::equalsIgnoreCase(impl_.outHeaders[i].first, name)) {
      continue;
    }
    if (kept != i) {
      std::swap(impl_.outHeaders[kept], impl_.outHeaders[i]);
    }
    ++kept;
  }
  impl_.outCount = kept;
  return *this;
}

ClientRequest& ClientRequest::flushHeaders() {
  if (!impl_.headStored) {
    impl_.storeHead(false, 0);
  }
  impl_.sendBody({});
  return *this;
}

}  // namespace nodecc::http
