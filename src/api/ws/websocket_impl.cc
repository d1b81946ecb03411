#include "api/ws/websocket_impl.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "api/runtime.h"
#include "api/system_error.h"
#include "api/tls/context_holder.h"
#include "api/ws/server_impl.h"
#include "net/spare_buffer.h"
#include "nodecc/process.h"
#include "os/fd.h"

namespace nodecc::ws::detail {

namespace {
// Reads land here and frames are parsed (unmasked) in place; only a frame that does not fit
// whole is copied, by the receiver. 64 KiB takes a burst of small messages in one recv.
constexpr size_t kReadChunk = 64 * 1024;
thread_local char tReadScratch[kReadChunk];
// The message pool (messageBuffer): messages up to kMaxPooledMessage bytes are handed out from
// it; a fresh block is at least kMinPoolBytes.
constexpr size_t kMaxPooledMessage = 64 * 1024;
constexpr size_t kMinPoolBytes = 256;
thread_local Buffer tMessagePool;
thread_local size_t tMessagePoolCapacity = 0;

core::Limits limitsOf(const ConnectionOptions& o) {
  core::Limits limits;
  limits.maxPayload = o.maxPayload;
  limits.maxFragments = o.maxFragments;
  limits.skipUtf8Validation = o.skipUTF8Validation;
  return limits;
}

std::unique_ptr<core::PerMessageDeflate> deflateOf(const ConnectionOptions& o) {
  if (!o.deflate) {
    return nullptr;
  }
  return std::make_unique<core::PerMessageDeflate>(o.role, *o.deflate, o.deflateOptions);
}

// A listener threw (or "error" had no listener): uncaught, as in Node.
void reportUncaught(std::exception_ptr e) {
  nodecc::detail::Runtime::current().uncaught(e, "uncaughtException");
}
}  // namespace

WebSocketImpl::WebSocketImpl(loop::core::Loop& loop, ConnectionOptions options)
    : loop_(loop),
      options_(std::move(options)),
      stream_(loop, *this),
      facade_(std::make_unique<WebSocket>(this)) {
  closeTimer_.data = this;
  handshakeTimer_.data = this;
}

void WebSocketImpl::openEngine() {
  deflate_ = deflateOf(options_);
  receiver_.emplace(options_.role, limitsOf(options_), deflate_.get());
  sender_.emplace(options_.role, deflate_.get());
  readyState_ = WebSocket::OPEN;
}

WebSocketImpl::~WebSocketImpl() {
  loop_.stopTimer(closeTimer_);
  loop_.stopTimer(handshakeTimer_);
}

bool WebSocketImpl::start(int fd, std::unique_ptr<net::core::Stream::Filter> tls,
                          std::string_view handshake, std::string_view head) {
  if (!stream_.open(fd, std::move(tls))) {
    os::core::closeFd(fd);
    return false;
  }
  (void)stream_.setNoDelay(true);  // as ws (socket.setNoDelay()): frames are whole messages
  openEngine();
  cork().append(handshake);
  flush();
  stream_.readStart();
  if (!head.empty()) {
    // As ws (socket.unshift(head), read once the socket resumes on a tick): the bytes that
    // followed the request are parsed after the 'connection' listeners are attached, not before.
    // `this` is alive then: it is deleted from the loop's close phase only, after the nextTick
    // queue has drained.
    head_.assign(head);
    process::nextTick([this] { feedHead(); });
  }
  return true;
}

void WebSocketImpl::feedHead() {
  if (closing_) {
    head_.clear();  // terminate()d meanwhile: ws's socket is destroyed, its data dropped
    return;
  }
  if (paused_ || head_.empty()) {
    return;  // resume() feeds it
  }
  std::string first = std::move(head_);  // the receiver unmasks in place
  head_.clear();
  corked_ = true;
  feed(first.data(), first.size());
  corked_ = false;
  flush();
}

// --- input

std::span<char> WebSocketImpl::readBuffer() {
  return {tReadScratch, kReadChunk};
}

void WebSocketImpl::onRead(size_t n) {
  if (client_) {
    readHandshake(n);
    return;
  }
  corked_ = true;
  feed(tReadScratch, n);
  corked_ = false;
  flush();
}

void WebSocketImpl::feed(char* data, size_t n) {
  for (;;) {
    try {
      receiver_->feed(data, n, *this);
      return;
    } catch (...) {
      // A listener threw: uncaught, as in Node (an 'uncaughtException' listener keeps the
      // process); the connection goes on with the frames after it, which the receiver kept.
      reportUncaught(std::current_exception());
    }
    if (closing_ || receiver_->stopped()) {
      return;
    }
    data = nullptr;
    n = 0;
  }
}

// The Buffer "message" gets: a slice of the thread's pool buffer, written again for the next
// message when the listeners kept no copy (nearly always), so a steady stream of messages
// allocates nothing. A kept copy keeps the pool's block; the next message then takes a new
// one, sized to it (at least kMinPoolBytes): a kept small message holds little memory.
Buffer WebSocketImpl::messageBuffer(std::string_view data) {
  if (data.size() > kMaxPooledMessage) {
    return Buffer::from(data);
  }
  if (!tMessagePool.unique() || tMessagePoolCapacity < data.size()) {
    tMessagePoolCapacity = std::max(data.size(), kMinPoolBytes);
    tMessagePool = Buffer::allocUnsafe(tMessagePoolCapacity);
  }
  if (!data.empty()) {
    std::memcpy(tMessagePool.data(), data.data(), data.size());
  }
  return tMessagePool.subarray(0, int64_t(data.size()));
}

void WebSocketImpl::onMessage(std::string_view data, bool binary) {
  Buffer message = messageBuffer(data);
  facade_->emit("message", static_cast<const Buffer&>(message), binary);
}

void WebSocketImpl::onPing(std::string_view data) {
  if (options_.autoPong && readyState_ == WebSocket::OPEN) {
    if (options_.maxPendingAutoPongs > 0 && pendingAutoPongs_ >= options_.maxPendingAutoPongs) {
      // As ws 8.23: a peer pinging faster than it reads its pongs is cut off. The rest of the
      // read is still parsed (its events still fire), as ws parses the rest of its chunk.
      terminate();
    } else {
      pendingAutoPongs_++;
      sender_->pong(cork(), data);
      queued([this](Error*) { pendingAutoPongs_--; });
    }
  }
  if (facade_->listenerCount("ping") > 0) {
    Buffer payload = Buffer::from(data);
    facade_->emit("ping", static_cast<const Buffer&>(payload));
  }
}

void WebSocketImpl::onPong(std::string_view data) {
  if (facade_->listenerCount("pong") > 0) {
    Buffer payload = Buffer::from(data);
    facade_->emit("pong", static_cast<const Buffer&>(payload));
  }
}

void WebSocketImpl::onClose(uint16_t code, std::string_view reason) {
  closeFrameReceived_ = true;
  closeCode_ = code;
  closeReason_.assign(reason);
  // ws answers with the same code (none for 1005) and no reason... as its close(code, reason)
  // does: the reason is echoed too.
  if (code == 1005) {
    close(0, {});
  } else {
    close(code, reason);
  }
}

void WebSocketImpl::onError(uint16_t closeCode, std::string_view message, std::string_view code) {
  // As ws: the connection is failed; our close frame, then our FIN at once (the receiver reads
  // nothing more, so the peer's close frame is not waited for).
  close(closeCode, {});
  endOutput();
  Error err{std::string(code), std::string(message)};
  err.name = core::Receiver::isRangeError(code) ? "RangeError" : "Error";
  facade_->emit("error", static_cast<const Error&>(err));
}

// --- output

void WebSocketImpl::send(core::Opcode opcode, std::string_view data, bool fin, bool compress,
                         UniqueFunction<void(Error*)> cb) {
  sender_->send(cork(), opcode, data, fin, compress);
  queued(std::move(cb));
}

void WebSocketImpl::ping(std::string_view data, UniqueFunction<void(Error*)> cb) {
  sender_->ping(cork(), data);
  queued(std::move(cb));
}

void WebSocketImpl::pong(std::string_view data, UniqueFunction<void(Error*)> cb) {
  sender_->pong(cork(), data);
  queued(std::move(cb));
}

void WebSocketImpl::queued(UniqueFunction<void(Error*)> cb) {
  if (cb) {
    writeCallbacks_.push_back(std::move(cb));
  }
  if (corked_) {
    return;  // leaves with everything else this read produced
  }
  // Sent outside a read (a timer, another connection's message): written now, one write per
  // send as uWebSockets does outside its callbacks, so no connection holds an output buffer
  // between loop passes. Callbacks never run inside send() (see scheduleWriteCallbacks).
  writeOut();
  if (stream_.queuedBytes() == 0) {
    scheduleWriteCallbacks();
  }
}

void WebSocketImpl::scheduleWriteCallbacks() {
  // As a Node stream reports a write the kernel took at once: from a nextTick, in send order.
  // `this` is alive then: it is deleted in the loop's close phase, after the ticks have run.
  if (writeCallbacks_.empty() || callbacksScheduled_) {
    return;
  }
  callbacksScheduled_ = true;
  process::nextTick([this] {
    callbacksScheduled_ = false;
    if (!closing_ && stream_.queuedBytes() == 0) {
      runWriteCallbacks(nullptr);
    }
  });
}

void WebSocketImpl::writeOut() {
  if (closing_) {
    return;
  }
  if (!out_.empty()) {
    stream_.write(std::string_view(out_));
    out_.clear();
  }
  releaseCork();
}

// The output buffer is the thread's spare (net/spare_buffer.h) while frames are in it.
std::string& WebSocketImpl::cork() {
  return net::core::borrowSpare(out_);
}

void WebSocketImpl::releaseCork() {
  net::core::returnSpare(out_);
  if (out_.empty() && net::core::ownsHeapBuffer(out_)) {
    // The spare was taken (a send on this connection from another one's read): freed rather
    // than kept, so that 10,000 idle connections do not each hold their last burst's capacity.
    out_ = std::string();
  }
}

void WebSocketImpl::flush() {
  if (closing_) {
    return;
  }
  writeOut();
  if (stream_.queuedBytes() == 0) {
    scheduleWriteCallbacks();
  }
  maybeShutdown();
}

void WebSocketImpl::onDrain() {
  if (!writeCallbacks_.empty()) {
    runWriteCallbacks(nullptr);
  }
  maybeShutdown();
}

void WebSocketImpl::runWriteCallbacks(Error* err) {
  std::vector<UniqueFunction<void(Error*)>> callbacks;
  callbacks.swap(writeCallbacks_);
  for (auto& cb : callbacks) {
    try {
      cb(err);
    } catch (...) {
      reportUncaught(std::current_exception());
    }
  }
}

// --- closing

void WebSocketImpl::close(uint16_t code, std::string_view reason) {
  if (readyState_ == WebSocket::CLOSED || closing_) {
    return;
  }
  if (readyState_ == WebSocket::CONNECTING) {
    failHandshake(Error("WebSocket was closed before the connection was established"));
    return;
  }
  if (readyState_ == WebSocket::CLOSING) {
    if (closeFrameSent_ && closeFrameReceived_) {
      endOutput();
    }
    return;
  }
  readyState_ = WebSocket::CLOSING;
  sender_->close(cork(), code, reason);
  closeFrameSent_ = true;
  queued(nullptr);
  if (closeFrameReceived_) {
    endOutput();
  }
  loop_.startTimer(closeTimer_, kCloseTimeoutMs);
}

void WebSocketImpl::endOutput() {
  outputEnded_ = true;
  if (!corked_) {
    flush();
  }
}

void WebSocketImpl::maybeShutdown() {
  if (!outputEnded_ || closing_ || !out_.empty() || stream_.queuedBytes() > 0) {
    return;
  }
  if (peerEnded_) {
    destroy();  // both directions are done
  } else if (!stream_.writeShutdown()) {
    stream_.shutdown();  // our FIN; the peer's ends it (or the close timer)
  }
}

void WebSocketImpl::terminate() {
  if (readyState_ == WebSocket::CLOSED || closing_) {
    return;
  }
  if (readyState_ == WebSocket::CONNECTING) {
    failHandshake(Error("WebSocket was closed before the connection was established"));
    return;
  }
  readyState_ = WebSocket::CLOSING;
  // ws's writes reach the kernel as they are made, so what was sent before terminate() leaves
  // before the socket is destroyed. Ours may still be corked: hand them over first (as much as
  // the kernel takes now; the rest is dropped with the socket, as in ws).
  if (!out_.empty()) {
    stream_.write(std::string_view(out_));
    out_.clear();
  }
  destroy();
}

void WebSocketImpl::pause() {
  paused_ = true;
  stream_.readStop();
}

void WebSocketImpl::resume() {
  paused_ = false;
  if (!closing_) {
    stream_.readStart();
    if (!head_.empty()) {
      process::nextTick([this] { feedHead(); });
    }
  }
}

void WebSocketImpl::onEnd() {
  // ws's socketOnEnd: the peer sends nothing more, so we end our side too; the socket closes
  // once what we still had to send has gone.
  readyState_ = WebSocket::CLOSING;
  peerEnded_ = true;
  outputEnded_ = true;
  flush();
}

void WebSocketImpl::onError(int err) {
  if (client_) {
    // Still connecting (a reset, or a TLS handshake that failed): ws's request error.
    auto* secure = dynamic_cast<tls::core::Connection*>(stream_.filter());
    if (secure != nullptr && !secure->error().empty()) {
      failHandshake(tls::detail::toError(secure->error()));
    } else {
      failHandshake(nodecc::detail::errnoException(err, "read"));
    }
    return;
  }
  // ws's socketOnError: no 'error' event for a socket error; the connection closes (1006).
  destroy();
}

void WebSocketImpl::destroy() {
  if (closing_) {
    return;
  }
  closing_ = true;
  head_.clear();
  loop_.stopTimer(closeTimer_);
  loop_.stopTimer(handshakeTimer_);
  stream_.close();  // also for a client that never connected: "close" from the close phase
}

void WebSocketImpl::onCloseTimer(loop::core::Timer* t) {
  static_cast<WebSocketImpl*>(t->data)->destroy();
}

void WebSocketImpl::onClose() {
  readyState_ = WebSocket::CLOSED;
  if (!writeCallbacks_.empty()) {
    Error err("ERR_STREAM_DESTROYED", "Cannot call write after a stream was destroyed");
    runWriteCallbacks(&err);
  }
  if (server != nullptr) {
    server->connectionClosed(this);
  }
  if (failure_) {
    try {
      facade_->emit("error", static_cast<const Error&>(*failure_));
    } catch (...) {
      reportUncaught(std::current_exception());
    }
  }
  try {
    Buffer reason = Buffer::from(closeReason_);
    facade_->emit("close", int(closeCode_), static_cast<const Buffer&>(reason));
  } catch (...) {
    reportUncaught(std::current_exception());
  }
  if (lookupPending) {
    closed_ = true;  // freed by resolved()
    return;
  }
  delete this;
}

}  // namespace nodecc::ws::detail
