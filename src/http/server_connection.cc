#include "http/server_connection.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "http/server_core.h"
#include "http/status_codes.h"

namespace nodecc::http {

namespace {
// Reads land here first; 64 KiB takes a full pipelined burst in one recv.
constexpr size_t kScratchBytes = 64 * 1024;
thread_local char tScratch[kScratchBytes];
// Growth step of a connection's own input buffer.
constexpr size_t kInputStep = 16 * 1024;
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

ServerConnection::~ServerConnection() { server_.loop().stopTimer(timer_); }

// --- input

std::span<char> ServerConnection::readBuffer() {
  if (inLen_ == 0) {
    readingIntoIn_ = false;
    return {tScratch, kScratchBytes};
  }
  if (inCap_ - inLen_ < kInputStep / 2) {
    size_t cap = inCap_ + kInputStep;
    auto grown = std::make_unique<char[]>(cap);
    std::memcpy(grown.get(), in_.get(), inLen_);
    in_ = std::move(grown);
    inCap_ = cap;
  }
  readingIntoIn_ = true;
  return {in_.get() + inLen_, inCap_ - inLen_};
}

void ServerConnection::keepInput(std::string_view rest) {
  if (rest.empty()) {
    return;
  }
  if (inCap_ < rest.size()) {
    size_t cap = std::max(kInputStep, rest.size() + kInputStep / 2);
    in_ = std::make_unique<char[]>(cap);
    inCap_ = cap;
  }
  std::memmove(in_.get(), rest.data(), rest.size());
  inLen_ = rest.size();
}

void ServerConnection::onRead(size_t n) {
  if (timerKind_ == TimerKind::kKeepAlive) {
    setTimer(TimerKind::kHeaders, server_.options().headersTimeoutMs);
  }
  if (readingIntoIn_) {
    inLen_ += n;
    processBuffered();
    return;
  }
  corked_ = true;
  processing_ = true;
  std::string_view data(tScratch, n);
  size_t used = consume(data);
  processing_ = false;
  if (!closed_) {
    keepInput(data.substr(used));
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
  size_t used = consume(std::string_view(in_.get(), inLen_));
  processing_ = false;
  if (!closed_ && used > 0) {
    std::memmove(in_.get(), in_.get() + used, inLen_ - used);
    inLen_ -= used;
  }
  if (inLen_ == 0 && inCap_ > 0) {
    // Idle keep-alive connections hold no input buffer.
    in_.reset();
    inCap_ = 0;
  }
  settleTimer();
  corked_ = false;
  flushOut();
}

void ServerConnection::settleTimer() {
  // advanceQueue picks the idle timer from inLen_, but when a response finishes inside
  // consume() inLen_ is not yet final (the unconsumed tail is kept afterwards). With no request
  // in progress, a connection holding the start of the next head is on the headers clock (408
  // when it does not complete); one holding nothing is idle (keep-alive clock, silent close).
  if (closed_ || head_ != nullptr || state_ != State::kHead) {
    return;
  }
  if (inLen_ > 0 && timerKind_ == TimerKind::kKeepAlive) {
    setTimer(TimerKind::kHeaders, server_.options().headersTimeoutMs);
  } else if (inLen_ == 0 && timerKind_ == TimerKind::kHeaders && requests_ > 0) {
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
  if (done) {
    startExchange(done->head, done->headers.data());
  } else {
    startExchange(fresh, tHeaderSlots.data());
  }
  return size_t(r);
}

void ServerConnection::startExchange(const RequestHead& head, const Header* headers) {
  Exchange* ex = server_.delegate().newExchange(*this);
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

  if (tail_) {
    tail_->next_ = ex;
  } else {
    head_ = ex;
  }
  tail_ = ex;
  ++queued_;
  ++requests_;

  bool hasBody = (head.body == BodyKind::kLength && head.contentLength > 0) ||
                 head.body == BodyKind::kChunked;
  if (hasBody) {
    receiving_ = ex;
    if (head.body == BodyKind::kChunked) {
      state_ = State::kBodyChunked;
      chunked_.reset();
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
  bool last = !head.keepAlive || (maxRequests > 0 && requests_ >= maxRequests) ||
              server_.closing();
  if (last && !hasBody) {
    state_ = State::kNoMoreRequests;
  }
  if (queued_ >= server_.options().maxPipelinedRequests) {
    pipelinePaused_ = true;  // responses back up: stop reading until they go out
  }

  server_.delegate().onRequest(*ex);
  if (closed_) {
    return;
  }
  if (ex->bodyComplete) {
    server_.delegate().onBodyEnd(*ex);
    releaseIfDone(ex);
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
    auto step = chunked_.decode(data.substr(used), trailers, kMaxTrailerSlots, &trailerCount,
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
  bool last = !ex->keepAliveRequested || (maxRequests > 0 && requests_ >= maxRequests) ||
              server_.closing();
  state_ = last ? State::kNoMoreRequests : State::kHead;
  setTimer(TimerKind::kNone, 0);
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

// --- output

void ServerConnection::exchangeOutput(Exchange* ex, std::string_view bytes) {
  ex->wrote_ = true;
  if (ex != head_) {
    ex->held_.append(bytes);
    return;
  }
  if (!corked_ && out_.empty()) {
    stream_.write(bytes);
    return;
  }
  out_.append(bytes);
}

void ServerConnection::exchangeOutput(Exchange* ex, std::string&& bytes) {
  ex->wrote_ = true;
  if (ex != head_) {
    ex->held_.append(bytes);
    return;
  }
  if (!corked_ && out_.empty()) {
    stream_.write(std::move(bytes));
    return;
  }
  out_.append(bytes);
}

void ServerConnection::exchangeSendFile(Exchange* ex, net::SharedFile* file, int64_t offset,
                                        size_t len) {
  ex->wrote_ = true;
  if (ex != head_) {
    file->retain();
    ex->heldFiles_.push_back({ex->held_.size(), file, offset, len});
    return;
  }
  // The stream keeps its queue in order: the corked bytes before the file, anything written
  // after it behind it.
  if (!out_.empty()) {
    stream_.write(std::string_view(out_));
    out_.clear();
  }
  stream_.sendFile(file, offset, len);
}

void ServerConnection::promoteHeld(Exchange* ex) {
  size_t from = 0;
  for (const Exchange::HeldFile& f : ex->heldFiles_) {
    out_.append(ex->held_, from, f.at - from);
    from = f.at;
    if (!out_.empty()) {
      stream_.write(std::string_view(out_));
      out_.clear();
    }
    stream_.sendFile(f.file, f.offset, f.length);
    f.file->release();
  }
  ex->heldFiles_.clear();
  out_.append(ex->held_, from);
  ex->held_.clear();
}

void ServerConnection::flushOut() {
  if (out_.empty() || closed_) {
    return;
  }
  stream_.write(std::string_view(out_));
  out_.clear();
  if (head_ && stream_.queuedBytes() == 0) {
    // Bytes written while corked count against the high-water mark, so a response may be
    // waiting for 'drain'; when the kernel took them all at once the stream never queued and
    // will not report a drain: report it here, or that response waits forever.
    server_.delegate().onDrain(*head_);
  }
  maybeFinishClosing();
}

void ServerConnection::exchangeFinished(Exchange* ex) {
  if (ex == head_) {
    advanceQueue();
  }
  if (!corked_) {
    flushOut();
    maybeFinishClosing();
  }
}

void ServerConnection::advanceQueue() {
  while (head_ && head_->finished_) {
    Exchange* done = head_;
    head_ = done->next_;
    if (!head_) {
      tail_ = nullptr;
    }
    --queued_;
    bool keepAlive = done->keepAlive_;
    done->next_ = nullptr;
    releaseIfDone(done);
    if (!keepAlive) {
      // The connection ends after this response; the pipelined requests behind it (whose
      // handlers may have answered already) will not be answered. Left in the queue, they
      // kept the connection open for good.
      abortAll();
      closeAfterFlush();
      return;
    }
    if (head_ && head_->wrote_) {
      promoteHeld(head_);
    }
  }
  if (pipelinePaused_ && queued_ < server_.options().maxPipelinedRequests) {
    pipelinePaused_ = false;
    if (!userPaused_) {
      stream_.readStart();
      if (!processing_) {
        processBuffered();
      }
    }
  }
  if (head_ == nullptr && state_ == State::kHead) {
    if (peerEnded_ || closeWhenDone_) {
      closeAfterFlush();
    } else if (inLen_ == 0) {
      setTimer(TimerKind::kKeepAlive, server_.options().keepAliveTimeoutMs);
    } else {
      setTimer(TimerKind::kHeaders, server_.options().headersTimeoutMs);
    }
  }
}

bool ServerConnection::inQueue(const Exchange* ex) const {
  for (const Exchange* e = head_; e; e = e->next_) {
    if (e == ex) {
      return true;
    }
  }
  return false;
}

void ServerConnection::releaseIfDone(Exchange* ex) {
  // In the queue until its response is done; receiving until its body is.
  bool inQueue = ex == head_ || ex->next_ != nullptr || ex == tail_;
  if (ex->released_ || ex == receiving_ || (inQueue && !ex->aborted_) ||
      !(ex->finished_ || ex->aborted_)) {
    return;
  }
  ex->released_ = true;
  server_.delegate().releaseExchange(ex);
}

// --- closing

void ServerConnection::closeAfterFlush() {
  if (closed_ || state_ == State::kLinger) {
    return;  // already closing (leaving kLinger would shut down and arm the timer again)
  }
  state_ = State::kNoMoreRequests;
  closeWhenDone_ = true;
  if (!corked_) {
    flushOut();
  }
  maybeFinishClosing();
}

void ServerConnection::maybeFinishClosing() {
  if (closed_ || !closeWhenDone_ || head_ != nullptr || state_ == State::kLinger) {
    return;
  }
  if (!errorResponse_.empty()) {
    out_ += errorResponse_;
    errorResponse_.clear();
    if (!corked_) {
      flushOut();  // comes back here
    }
    return;
  }
  if (!out_.empty()) {
    return;
  }
  if (stream_.queuedBytes() > 0) {
    return;  // onDrain comes back here
  }
  // FIN, then read and discard what the client still sends, so that unread bytes do not turn
  // our close into a reset that could destroy the response in flight.
  stream_.shutdown();
  state_ = State::kLinger;
  if (peerEnded_) {
    destroy();
    return;
  }
  userPaused_ = false;
  pipelinePaused_ = false;
  stream_.readStart();
  setTimer(TimerKind::kLinger, server_.options().lingerMs);
}

void ServerConnection::closeWhenIdle() {
  closeWhenDone_ = true;
  if (head_ == nullptr && receiving_ == nullptr) {
    closeAfterFlush();
  }
}

void ServerConnection::destroy() {
  if (closed_) {
    return;
  }
  closed_ = true;
  server_.loop().stopTimer(timer_);
  abortAll();
  stream_.close();
}

void ServerConnection::abortAll() {
  Exchange* ex = head_;
  head_ = tail_ = nullptr;
  queued_ = 0;
  if (receiving_ && receiving_->finished_) {
    // Finished but still receiving its body: not in the queue any more.
    Exchange* r = receiving_;
    receiving_ = nullptr;
    r->aborted_ = true;
    server_.delegate().onAbort(*r);
    releaseIfDone(r);
  }
  receiving_ = nullptr;
  while (ex) {
    Exchange* next = ex->next_;
    ex->next_ = nullptr;
    if (!ex->aborted_) {  // a rejected request was told already
      ex->aborted_ = true;
      server_.delegate().onAbort(*ex);
    }
    releaseIfDone(ex);
    ex = next;
  }
}

void ServerConnection::onEnd() {
  peerEnded_ = true;
  if (state_ == State::kLinger) {
    destroy();
    return;
  }
  if (receiving_ != nullptr) {
    destroy();  // the body will never complete: 'aborted'
    return;
  }
  if (head_ == nullptr) {
    destroy();
    return;
  }
  closeWhenDone_ = true;  // answer what was asked, then close
}

void ServerConnection::onDrain() {
  if (head_ && !closed_) {
    server_.delegate().onDrain(*head_);
  }
  maybeFinishClosing();
}

void ServerConnection::onError(int) { destroy(); }

void ServerConnection::onClose() {
  closed_ = true;
  server_.connectionClosed(this);
  delete this;
}

// --- timers

void ServerConnection::setTimer(TimerKind kind, uint64_t ms) {
  // Lazy: a phase change only moves the deadline. The loop timer is re-armed when it would
  // fire too late; when it fires early (the deadline moved on meanwhile), onTimer re-arms it
  // for the rest. A keep-alive request thus touches no timer list: measured, two list inserts,
  // two removals and a list allocation per request before.
  if (kind == TimerKind::kNone || ms == 0) {
    timerKind_ = TimerKind::kNone;
    return;
  }
  loop::Loop& loop = server_.loop();
  timerKind_ = kind;
  deadline_ = loop.now() + int64_t(ms);
  if (!timer_.active() || timer_.start + int64_t(timer_.duration) > deadline_) {
    loop.setTimerRef(timer_, false);  // timeouts alone never keep the process alive
    loop.startTimer(timer_, ms);
  }
}

void ServerConnection::onTimer(loop::Timer* t) {
  auto* self = static_cast<ServerConnection*>(t->data);
  TimerKind kind = self->timerKind_;
  if (kind == TimerKind::kNone) {
    return;
  }
  int64_t now = self->server_.loop().now();
  if (now < self->deadline_) {
    self->server_.loop().startTimer(self->timer_, uint64_t(self->deadline_ - now));
    return;
  }
  self->timerKind_ = TimerKind::kNone;
  switch (kind) {
    case TimerKind::kHeaders:
    case TimerKind::kRequest:
      if (self->head_ == nullptr || self->receiving_ != nullptr) {
        ParseError err{408, "ERR_HTTP_REQUEST_TIMEOUT"};
        self->corked_ = false;
        self->rejectRequest(err);
      } else {
        self->destroy();
      }
      break;
    case TimerKind::kKeepAlive:
    case TimerKind::kLinger:
      self->destroy();
      break;
    case TimerKind::kNone:
      break;
  }
}

}  // namespace nodecc::http
