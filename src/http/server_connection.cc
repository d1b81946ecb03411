#include "http/server_connection.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "http/server_core.h"
#include "http/status_codes.h"

namespace nodecc::http::core {

namespace {
// Reads land here first; 64 KiB takes a full pipelined burst in one recv.
constexpr size_t kScratchBytes = 64 * 1024;
thread_local char tScratch[kScratchBytes];
// Field-line slots a parse starts with; grown (x4, up to maxHeadersCount) when a head has more.
constexpr size_t kInitialHeaderSlots = 64;
thread_local std::vector<Header> tHeaderSlots;
// Trailer fields a chunked body may end with.
constexpr size_t kMaxTrailerSlots = 64;
}  // namespace

ServerConnection::ServerConnection(ServerCore& server, int fd)
    : server_(server), stream_(server.loop(), *this) {
  timer_.data = this;
  (void)stream_.open(fd);
  if (server_.options().noDelay) {
    (void)stream_.setNoDelay(true);
  }
  setTimer(TimerKind::kHeaders, server_.options().headersTimeoutMs);
  stream_.readStart();
}

ServerConnection::~ServerConnection() {
  server_.loop().stopTimer(timer_);
  if (flushQueued_) {
    server_.cancelFlush(this);
  }
}

// --- input

std::span<char> ServerConnection::readBuffer() {
  return input_.readSpace(tScratch);
}

void ServerConnection::onRead(size_t n) {
  if (timerKind_ == TimerKind::kKeepAlive) {
    setTimer(TimerKind::kHeaders, server_.options().headersTimeoutMs);
    // The keep-alive wait replaced the socket's timeout; the new request gets the server's
    // back (Node's resetSocketTimeout), whatever req.setTimeout set for the one before.
    idleMs_ = serverTimeoutMs_;
    idleFired_ = false;
  }
  touch();
  if (input_.appendRead(n)) {
    processBuffered();
    return;
  }
  corked_ = true;
  processing_ = true;
  std::string_view data(tScratch, n);
  size_t used = consume(data);
  processing_ = false;
  if (!closed_) {
    input_.keep(data.substr(used));
    settleTimer();
  }
  corked_ = false;
  flushOut();
}

void ServerConnection::processBuffered() {
  if (processing_ || closed_) {
    return;
  }
  corked_ = true;
  processing_ = true;
  size_t used = consume(input_.held());
  processing_ = false;
  input_.consume(closed_ ? 0 : used);
  settleTimer();
  corked_ = false;
  flushOut();
}

void ServerConnection::settleTimer() {
  // advanceQueue picks the idle timer from the held input, but when a response finishes
  // inside consume() it is not yet final (the unconsumed tail is kept afterwards). With no request
  // in progress, a connection holding the start of the next head is on the headers clock (408
  // when it does not complete); one holding nothing is idle (keep-alive clock, silent close).
  if (closed_ || head_ != nullptr || state_ != State::kHead) {
    return;
  }
  if (!input_.empty() && timerKind_ == TimerKind::kKeepAlive) {
    setTimer(TimerKind::kHeaders, server_.options().headersTimeoutMs);
  } else if (input_.empty() && timerKind_ == TimerKind::kHeaders && requests_ > 0) {
    setTimer(TimerKind::kKeepAlive, server_.options().keepAliveTimeoutMs);
  }
}

size_t ServerConnection::consume(std::string_view data) {
  size_t used = 0;
  while (used < data.size() && !closed_) {
    if (userPaused_ || pipelinePaused_) {
      break;
    }
    size_t n = 0;
    switch (state_) {
      case State::kHead:
        n = consumeHead(data.substr(used));
        break;
      case State::kBodyLength:
      case State::kBodyChunked:
        n = consumeBody(data.substr(used));
        break;
      case State::kNoMoreRequests:
      case State::kLinger:
        return data.size();  // after a closing response nothing more is parsed
    }
    if (n == 0) {
      break;
    }
    used += n;
  }
  return used;
}

size_t ServerConnection::consumeHead(std::string_view data) {
  const ParserLimits& limits = server_.options().limits;
  ParseError err;
  RequestHead fresh;
  ssize_t r;
  for (;;) {
    std::vector<Header>& slots = partial_ ? partial_->headers : tHeaderSlots;
    if (slots.empty()) {
      slots.resize(std::min(kInitialHeaderSlots, limits.maxHeadersCount));
    }
    RequestHead& head = partial_ ? partial_->head : fresh;
    size_t prev = partial_ ? partial_->prevLen : 0;
    r = parseRequest(data, prev, head, slots.data(), slots.size(), limits, &err);
    if (r < 0 && err.status == 431 && slots.size() < limits.maxHeadersCount) {
      // More field lines than slots (but within the limit): grow and parse again.
      slots.resize(std::min(slots.size() * 4, limits.maxHeadersCount));
      if (partial_) {
        partial_->head = RequestHead{};
        partial_->prevLen = 0;
      }
      continue;
    }
    break;
  }
  if (r == kIncomplete) {
    if (!partial_) {
      partial_ = std::make_unique<PartialHead>();
      partial_->head = fresh;
      partial_->headers = tHeaderSlots;
    }
    partial_->prevLen = data.size();
    return 0;
  }
  if (r < 0) {
    partial_.reset();
    rejectRequest(err);
    return data.size();
  }
  std::unique_ptr<PartialHead> done = std::move(partial_);
  const RequestHead& head = done ? done->head : fresh;
  const Header* fields = done ? done->headers.data() : tHeaderSlots.data();
  if (head.upgrade && head.method != "CONNECT" && server_.delegate().acceptsUpgrade()) {
    if (head_ != nullptr || receiving_ != nullptr || !out_.empty() || stream_.queuedBytes() > 0) {
      // Earlier pipelined responses still to go: the socket changes hands only once they have
      // all left. The head stays unconsumed and is parsed again then (retryUpgrade).
      upgradeWaiting_ = true;
      stream_.readStop();
      return 0;
    }
    startUpgrade(head, fields, data.substr(size_t(r)));
    return data.size();
  }
  startExchange(head, fields);
  return size_t(r);
}

void ServerConnection::fillExchange(Exchange* ex, const RequestHead& head, const Header* headers) {
  ex->reset();
  ex->conn_ = this;
  ex->method.assign(head.method);
  ex->url.assign(head.target);
  ex->versionMajor = head.versionMajor;
  ex->versionMinor = head.versionMinor;
  if (ex->headers.size() < head.headerCount) {
    ex->headers.resize(head.headerCount);
  }
  for (size_t i = 0; i < head.headerCount; ++i) {
    ex->headers[i].name.assign(headers[i].name);
    ex->headers[i].value.assign(headers[i].value);
  }
  ex->headerCount = head.headerCount;
  ex->body = head.body;
  ex->contentLength = head.contentLength;
  ex->keepAliveRequested = head.keepAlive;
  ex->upgrade = head.upgrade;
  ex->expect.assign(head.expect);
}

void ServerConnection::startUpgrade(const RequestHead& head, const Header* headers,
                                    std::string_view rest) {
  Exchange* ex = server_.delegate().newExchange(*this);
  fillExchange(ex, head, headers);
  ++requests_;
  // The connection is over for HTTP: closed as destroy() closes it, except that the socket
  // goes on under its new owner instead of being closed.
  closed_ = true;
  releaseCork();
  server_.loop().stopTimer(timer_);
  std::unique_ptr<net::core::Stream::Filter> filter;  // an https connection's TLS
  const int fd = stream_.release(&filter);
  server_.connectionDestroyed(this);
  server_.delegate().onUpgrade(*ex, fd, std::move(filter), rest);
  ex->finished_ = true;
  ex->released_ = true;
  server_.delegate().releaseExchange(ex);
}

void ServerConnection::retryWaitingUpgrade() {
  if (processing_ || closed_ || head_ != nullptr || !out_.empty() || stream_.queuedBytes() > 0) {
    return;
  }
  upgradeWaiting_ = false;
  processBuffered();
}

void ServerConnection::startExchange(const RequestHead& head, const Header* headers) {
  Exchange* ex = server_.delegate().newExchange(*this);
  fillExchange(ex, head, headers);

  if (tail_) {
    tail_->next_ = ex;
  } else {
    head_ = ex;
  }
  tail_ = ex;
  ++queued_;
  ++requests_;

  bool hasBody =
      (head.body == BodyKind::kLength && head.contentLength > 0) || head.body == BodyKind::kChunked;
  if (hasBody) {
    receiving_ = ex;
    if (head.body == BodyKind::kChunked) {
      state_ = State::kBodyChunked;
      if (chunked_) {
        chunked_->reset();
      } else {
        chunked_ = std::make_unique<ChunkedDecoder>();
      }
    } else {
      state_ = State::kBodyLength;
      bodyLeft_ = head.contentLength;
    }
    setTimer(TimerKind::kRequest, server_.options().requestTimeoutMs);
  } else {
    ex->bodyComplete = true;
    setTimer(TimerKind::kNone, 0);
  }
  uint32_t maxRequests = server_.options().maxRequestsPerSocket;
  bool last = !head.keepAlive || (maxRequests > 0 && requests_ >= maxRequests) || server_.closing();
  if (last && !hasBody) {
    state_ = State::kNoMoreRequests;
  }
  if (queued_ >= server_.options().maxPipelinedRequests) {
    pipelinePaused_ = true;  // responses back up: stop reading until they go out
  }

  server_.delegate().onRequest(*ex);
  if (ex->bodyComplete) {
    // Even when the handler destroyed the connection: the request had ended ('end' follows).
    server_.delegate().onBodyEnd(*ex);
    if (!closed_) {
      releaseIfDone(ex);
    }
  }
}

size_t ServerConnection::consumeBody(std::string_view data) {
  Exchange* ex = receiving_;
  if (state_ == State::kBodyLength) {
    size_t n = size_t(std::min<uint64_t>(bodyLeft_, data.size()));
    bodyLeft_ -= n;
    server_.delegate().onBody(*ex, data.substr(0, n));
    if (!closed_ && bodyLeft_ == 0) {
      completeBody();
    }
    return n;
  }
  size_t used = 0;
  while (used < data.size() && !closed_ && state_ == State::kBodyChunked) {
    Header trailers[kMaxTrailerSlots];
    size_t trailerCount = 0;
    ParseError err;
    auto step = chunked_->decode(data.substr(used), trailers, kMaxTrailerSlots, &trailerCount,
                                 server_.options().limits, &err);
    if (step.consumed < 0) {
      rejectRequest(err);
      return data.size();
    }
    if (step.consumed == 0) {
      break;
    }
    used += size_t(step.consumed);
    if (!step.data.empty()) {
      server_.delegate().onBody(*ex, step.data);
    }
    if (step.done && !closed_) {
      if (ex->trailers.size() < trailerCount) {
        ex->trailers.resize(trailerCount);
      }
      for (size_t i = 0; i < trailerCount; ++i) {
        ex->trailers[i].name.assign(trailers[i].name);
        ex->trailers[i].value.assign(trailers[i].value);
      }
      ex->trailerCount = trailerCount;
      completeBody();
    }
    if (userPaused_) {
      break;
    }
  }
  return used;
}

void ServerConnection::completeBody() {
  Exchange* ex = receiving_;
  receiving_ = nullptr;
  ex->bodyComplete = true;
  uint32_t maxRequests = server_.options().maxRequestsPerSocket;
  bool last =
      !ex->keepAliveRequested || (maxRequests > 0 && requests_ >= maxRequests) || server_.closing();
  state_ = last ? State::kNoMoreRequests : State::kHead;
  // A body that ends after its response (a 404 or 405 sent without reading it) leaves the
  // connection idle: on the keep-alive clock, as advanceQueue would have put it. Without a
  // timer such a connection stayed open for good (found by tests/soak).
  if (head_ == nullptr && state_ == State::kHead) {
    setTimer(TimerKind::kKeepAlive, server_.options().keepAliveTimeoutMs);
  } else {
    setTimer(TimerKind::kNone, 0);
  }
  server_.delegate().onBodyEnd(*ex);
  if (!closed_) {
    releaseIfDone(ex);
  }
}

void ServerConnection::rejectRequest(const ParseError& err) {
  state_ = State::kNoMoreRequests;
  // The error response answers the rejected request, so it is skipped when that request was
  // answered already (its handler responded before its body failed).
  bool answered = false;
  Exchange* ex = receiving_;
  if (ex) {
    // Its body will never complete and its handler may never answer: it is aborted and
    // counts as a finished, last response, so that the responses before it still go out and
    // the connection then closes instead of waiting for it (until the request timeout).
    receiving_ = nullptr;
    answered = ex->finished_ || ex->wrote_;
    ex->aborted_ = true;
    if (!ex->finished_) {
      ex->finished_ = true;
      ex->keepAlive_ = false;
    }
    server_.delegate().onAbort(*ex);
  }
  bool handled = server_.delegate().onClientError(*this, err);
  if (closed_) {
    return;
  }
  if (!handled && !answered) {
    // Queued rather than written now: written now, it would reach the client ahead of the
    // responses to earlier pipelined requests and be taken for the answer to the first.
    std::string_view reason = statusReason(err.status);
    errorResponse_ = "HTTP/1.1 " + std::to_string(err.status) + " " + std::string(reason) +
                     "\r\nConnection: close\r\n\r\n";
  }
  if (ex == head_ && ex != nullptr) {
    advanceQueue();
  } else if (ex != nullptr && !inQueue(ex)) {
    releaseIfDone(ex);
  }
  if (!handled) {
    closeAfterFlush();
  }
}

// --- user flow control

void ServerConnection::pauseReading() {
  userPaused_ = true;
  stream_.readStop();
}

void ServerConnection::resumeReading() {
  if (!userPaused_ || closed_) {
    return;
  }
  userPaused_ = false;
  if (!pipelinePaused_) {
    stream_.readStart();
    processBuffered();
  }
}

}  // namespace nodecc::http::core
