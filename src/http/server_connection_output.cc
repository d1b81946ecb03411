// ServerConnection's output side: responses kept in request order (pipelining), corking,
// closing, and the connection's timer. The input side is in server_connection.cc.
#include <algorithm>
#include <string>
#include <utility>

#include "http/server_connection.h"
#include "http/server_core.h"
#include "http/status_codes.h"
#include "net/spare_buffer.h"

namespace nodecc::http::core {

namespace {
// Output gathered outside the read callback goes out at once from this size: large bodies are
// not copied into the cork buffer to save a send.
constexpr size_t kGatherLimit = 16 * 1024;
}  // namespace

// The cork's buffer is the thread's spare (net/spare_buffer.h) while it is in use.
std::string& ServerConnection::cork() {
  return net::core::borrowSpare(out_);
}

void ServerConnection::releaseCork() {
  net::core::returnSpare(out_);
}

// --- output

void ServerConnection::exchangeOutput(Exchange* ex, std::string_view bytes) {
  ex->wrote_ = true;
  if (ex != head_) {
    ex->held_.append(bytes);
    return;
  }
  if (!corked_) {
    gather(bytes);
    return;
  }
  cork().append(bytes);
}

void ServerConnection::gather(std::string_view bytes) {
  if (out_.size() + bytes.size() >= kGatherLimit) {
    if (!out_.empty()) {
      stream_.write(std::string_view(out_));
      out_.clear();
    }
    stream_.write(bytes);
    touch();
    return;
  }
  cork().append(bytes);
  if (!flushQueued_) {
    flushQueued_ = true;
    server_.queueFlush(this);
  }
}

void ServerConnection::exchangeOutput(Exchange* ex, std::string&& bytes) {
  ex->wrote_ = true;
  if (ex != head_) {
    ex->held_.append(bytes);
    return;
  }
  if (!corked_) {
    if (out_.empty() && bytes.size() >= kGatherLimit) {
      stream_.write(std::move(bytes));
      touch();
    } else {
      gather(bytes);
    }
    return;
  }
  cork().append(bytes);
}

void ServerConnection::exchangeSendFile(Exchange* ex, net::core::SharedFile* file, int64_t offset,
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
  touch();
}

void ServerConnection::promoteHeld(Exchange* ex) {
  size_t from = 0;
  for (const Exchange::HeldFile& f : ex->heldFiles_) {
    cork().append(ex->held_, from, f.at - from);
    from = f.at;
    if (!out_.empty()) {
      stream_.write(std::string_view(out_));
      out_.clear();
    }
    stream_.sendFile(f.file, f.offset, f.length);
    f.file->release();
  }
  ex->heldFiles_.clear();
  cork().append(ex->held_, from);
  ex->held_.clear();
}

void ServerConnection::flushOut() {
  if (out_.empty() || closed_) {
    releaseCork();
    retryUpgrade();
    return;
  }
  stream_.write(std::string_view(out_));
  out_.clear();
  releaseCork();
  touch();
  if (head_ && stream_.queuedBytes() == 0) {
    // Bytes written while corked count against the high-water mark, so a response may be
    // waiting for 'drain'; when the kernel took them all at once the stream never queued and
    // will not report a drain: report it here, or that response waits forever.
    server_.delegate().onDrain(*head_);
  }
  maybeFinishClosing();
  retryUpgrade();
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
    bool rejected = done->aborted_;  // its error response is the one queued
    done->next_ = nullptr;
    releaseIfDone(done);
    if (!keepAlive) {
      // The connection ends after this response; the pipelined requests behind it (whose
      // handlers may have answered already) will not be answered. Left in the queue, they
      // kept the connection open for good. Nor is a request rejected behind it: its error
      // response would follow a response announcing the close (RFC 9112 §9.6).
      if (!rejected) {
        errorResponse_.clear();
      }
      abortAll();
      closeAfterFlush();
      return;
    }
    if (head_ && head_->destroyAtHead_) {
      destroy();  // res.destroy() of a response that was waiting for its turn
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
    } else if (input_.empty()) {
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
    cork() += errorResponse_;
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

void ServerConnection::destroyAt(Exchange* ex) {
  if (closed_) {
    return;
  }
  if (ex == head_ || !inQueue(ex)) {
    destroy();
    return;
  }
  ex->destroyAtHead_ = true;
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
  if (!out_.empty()) {
    // Written in this callback but still corked (res.end() then socket.destroy() in a
    // handler): Node's writes would have reached the kernel already, so these do too.
    stream_.write(std::string_view(out_));
    out_.clear();
  }
  releaseCork();
  server_.loop().stopTimer(timer_);
  abortAll();
  stream_.close();
  server_.connectionDestroyed(this);
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
  // As Node (whose server does not allow half-open connections): the client is gone, so the
  // requests still waiting for their response are aborted ('aborted', 'close': a handler
  // learns it can stop), and what was already written (a large body still queued too) goes
  // out before the close.
  if (head_ != nullptr) {
    abortAll();
  }
  closeAfterFlush();
}

void ServerConnection::onDrain() {
  touch();  // a write completed (Node refreshes the socket's timeout in afterWrite)
  if (timerKind_ == TimerKind::kKeepAlive && !closed_) {
    // Keep-alive idleness counts from the moment the last response has left (Node arms it
    // at the response's 'finish'), not from when it was queued.
    setTimer(TimerKind::kKeepAlive, server_.options().keepAliveTimeoutMs);
  }
  if (head_ && !closed_) {
    server_.delegate().onDrain(*head_);
  }
  maybeFinishClosing();
  retryUpgrade();
}

void ServerConnection::onError(int) {
  destroy();
}

void ServerConnection::onClose() {
  const bool destroyed = std::exchange(closed_, true);
  server_.connectionClosed(this, destroyed);
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
  loop::core::Loop& loop = server_.loop();
  timerKind_ = kind;
  deadline_ = loop.now() + int64_t(ms);
  if (!timer_.active() || timer_.start + int64_t(timer_.duration) > deadline_) {
    loop.setTimerRef(timer_, false);  // timeouts alone never keep the process alive
    loop.startTimer(timer_, ms);
  }
}

void ServerConnection::onTimer(loop::core::Timer* t) {
  auto* self = static_cast<ServerConnection*>(t->data);
  int64_t now = self->server_.loop().now();
  TimerKind kind = self->timerKind_;
  if (kind != TimerKind::kNone && now >= self->deadline_) {
    self->timerKind_ = TimerKind::kNone;
    self->onPhaseTimeout(kind);
  } else if (self->idleCounting() && now >= self->lastActive_ + int64_t(self->idleMs_)) {
    self->idleFired_ = true;
    self->server_.delegate().onTimeout(*self);
  }
  if (!self->closed_) {
    self->rearm();
  }
}

void ServerConnection::onPhaseTimeout(TimerKind kind) {
  switch (kind) {
    case TimerKind::kHeaders:
    case TimerKind::kRequest:
      if (head_ == nullptr || receiving_ != nullptr) {
        ParseError err{408, "ERR_HTTP_REQUEST_TIMEOUT"};
        corked_ = false;
        rejectRequest(err);
      } else {
        destroy();
      }
      break;
    case TimerKind::kKeepAlive:
      if (!out_.empty() || stream_.queuedBytes() > 0) {
        // A finished response still being sent (a large body to a slow reader) is not an
        // idle connection: wait for it to drain (onDrain restarts the count).
        setTimer(TimerKind::kKeepAlive, server_.options().keepAliveTimeoutMs);
        break;
      }
      destroy();
      break;
    case TimerKind::kLinger:
      destroy();
      break;
    case TimerKind::kNone:
      break;
  }
}

// --- socket.setTimeout

void ServerConnection::setIdleTimeout(uint64_t ms) {
  idleMs_ = ms;
  idleFired_ = false;
  if (ms != 0 && !closed_) {
    lastActive_ = server_.loop().now();
    armBy(lastActive_ + int64_t(ms));
  }
}

void ServerConnection::touchIdle() {
  lastActive_ = server_.loop().now();
  if (idleFired_) {
    // Counting again after a 'timeout': the timer may be armed for a later phase deadline only.
    idleFired_ = false;
    armBy(lastActive_ + int64_t(idleMs_));
  } else if (!timer_.active()) {
    armBy(lastActive_ + int64_t(idleMs_));
  }
}

void ServerConnection::armBy(int64_t due) {
  loop::core::Loop& loop = server_.loop();
  if (!timer_.active() || timer_.start + int64_t(timer_.duration) > due) {
    loop.setTimerRef(timer_, false);
    loop.startTimer(timer_, uint64_t(std::max<int64_t>(0, due - loop.now())));
  }
}

void ServerConnection::rearm() {
  // The earlier of the two deadlines; an armed timer that fires too early (the deadline moved
  // on) comes back here and is armed for the rest.
  const bool phase = timerKind_ != TimerKind::kNone;
  const bool idle = idleCounting();
  if (!phase && !idle) {
    return;
  }
  int64_t due = phase ? deadline_ : lastActive_ + int64_t(idleMs_);
  if (phase && idle) {
    due = std::min(due, lastActive_ + int64_t(idleMs_));
  }
  loop::core::Loop& loop = server_.loop();
  loop.setTimerRef(timer_, false);
  loop.startTimer(timer_, uint64_t(std::max<int64_t>(0, due - loop.now())));
}

}  // namespace nodecc::http::core
