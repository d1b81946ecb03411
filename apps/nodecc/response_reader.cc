#include "response_reader.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace nodecc::cli {

namespace {
// Bytes read per recv: a response is usually far smaller.
constexpr size_t kReadChunk = 64 * 1024;
}  // namespace

std::string HttpResponse::summary(int timeoutMs) const {
  switch (outcome) {
    case Outcome::kResponse:
      return statusLine;
    case Outcome::kRefused:
      return "no response: connection refused";
    case Outcome::kClosed:
      return "no response: the server closed the connection";
    case Outcome::kTimeout:
      return "no response within " + std::to_string(timeoutMs) + " ms";
    case Outcome::kMalformed:
      return "a malformed response";
    case Outcome::kNotSent:
      return "not sent: the server had closed the connection";
  }
  return "?";
}

ResponseReader::~ResponseReader() {
  close();
}

void ResponseReader::close() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  done_ = true;
}

HttpResponse ResponseReader::fail(HttpResponse::Outcome outcome) {
  close();
  HttpResponse r;
  r.outcome = outcome;
  return r;
}

bool ResponseReader::sendAll(const std::string& bytes) {
  size_t sent = 0;
  while (sent < bytes.size()) {
    pollfd p{fd_, POLLOUT, 0};
    if (::poll(&p, 1, timeoutMs_) <= 0) {
      timedOut_ = true;
      return false;
    }
    const ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno != EINTR && errno != EAGAIN) {
      return false;
    }
    sent += n > 0 ? size_t(n) : 0;
  }
  return true;
}

bool ResponseReader::fill() {
  pollfd p{fd_, POLLIN, 0};
  const int ready = ::poll(&p, 1, timeoutMs_);
  if (ready == 0) {
    timedOut_ = true;
    return false;
  }
  if (ready < 0) {
    return false;
  }
  char chunk[kReadChunk];
  const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
  if (n <= 0) {
    return false;
  }
  buf_.append(chunk, size_t(n));
  return true;
}

HttpResponse ResponseReader::exchange(const std::string& request, bool head) {
  if (done_) {
    return HttpResponse{};
  }
  if (fd_ < 0) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port_);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd_ < 0 || ::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
      return fail(HttpResponse::Outcome::kRefused);
    }
    const int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  timedOut_ = false;
  if (!sendAll(request)) {
    return fail(timedOut_ ? HttpResponse::Outcome::kTimeout : HttpResponse::Outcome::kClosed);
  }
  HttpResponse r = readResponse(head);
  if (r.outcome != HttpResponse::Outcome::kResponse || r.closes) {
    close();
  }
  return r;
}

HttpResponse ResponseReader::readResponse(bool head) {
  using Outcome = HttpResponse::Outcome;
  for (;;) {
    size_t end;
    while ((end = headEnd(buf_)) == std::string::npos) {
      if (!fill()) {
        return fail(timedOut_ ? Outcome::kTimeout : Outcome::kClosed);
      }
    }
    HttpResponse r;
    parseHead(std::string_view(buf_).substr(0, end), &r.statusLine, &r.headers);
    if (r.statusLine.compare(0, 5, "HTTP/") != 0 || r.statusLine.size() < 12) {
      return fail(Outcome::kMalformed);
    }
    r.status = std::atoi(r.statusLine.c_str() + 9);
    buf_.erase(0, end);
    if (r.status >= 100 && r.status < 200 && r.status != 101) {
      continue;  // 100 Continue and the like: the final response follows
    }
    r.outcome = Outcome::kResponse;
    const bool http10 = r.statusLine.compare(0, 8, "HTTP/1.0") == 0;
    r.closes = headerHasToken(r.headers, "connection", "close") ||
               (http10 && !headerHasToken(r.headers, "connection", "keep-alive")) ||
               r.status == 101;
    if (head || r.status == 204 || r.status == 304 || r.status == 101) {
      return r;
    }
    if (headerHasToken(r.headers, "transfer-encoding", "chunked")) {
      for (;;) {
        size_t consumed = 0;
        const BodyParse p = chunkedBody(buf_, &consumed, &r.body);
        if (p == BodyParse::kDone) {
          buf_.erase(0, consumed);
          return r;
        }
        if (p == BodyParse::kInvalid) {
          return fail(Outcome::kMalformed);
        }
        if (!fill()) {
          return fail(timedOut_ ? Outcome::kTimeout : Outcome::kClosed);
        }
      }
    }
    if (hasHeader(r.headers, "content-length")) {
      const size_t length =
          size_t(std::strtoull(headerValue(r.headers, "content-length").c_str(), nullptr, 10));
      while (buf_.size() < length) {
        if (!fill()) {
          return fail(timedOut_ ? Outcome::kTimeout : Outcome::kClosed);
        }
      }
      r.body = buf_.substr(0, length);
      buf_.erase(0, length);
      return r;
    }
    // Neither framing: the body runs to the end of the stream.
    while (fill()) {
    }
    if (timedOut_) {
      return fail(Outcome::kTimeout);
    }
    r.body = std::move(buf_);
    buf_.clear();
    r.closes = true;
    return r;
  }
}

}  // namespace nodecc::cli
