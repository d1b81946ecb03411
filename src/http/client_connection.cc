#include "http/client_connection.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "os/fd.h"
#include "os/socket.h"

namespace nodecc::http::core {

namespace {
// The owner of an abandoned connection: hears nothing.
class NoOwner final : public ClientConnection::Owner {
 public:
  void onConnect(int) override {}
  void onInformation(const ResponseHead&, const Header*) override {}
  void onResponse(const ResponseHead&, const Header*) override {}
  void onBody(std::string_view) override {}
  void onMessageComplete(const Header*, size_t) override {}
  void onParseError(const ParseError&) override {}
  void onPeerEnd() override {}
  void onError(int) override {}
  void onDrain() override {}
  void onTimeout() override {}
  void onClose() override {}
};
NoOwner gNoOwner;

// Reads land here first; 64 KiB takes a large body span in one recv.
constexpr size_t kScratchBytes = 64 * 1024;
thread_local char tScratch[kScratchBytes];
// Field-line slots a parse starts with; grown (x4, up to maxHeadersCount) when a head has more.
constexpr size_t kInitialHeaderSlots = 64;
thread_local std::vector<Header> tHeaderSlots;
// Trailer fields a chunked body may end with.
constexpr size_t kMaxTrailerSlots = 64;

}  // namespace

ClientConnection::ClientConnection(loop::core::Loop& loop, Owner& owner)
    : loop_(loop), owner_(&owner), stream_(loop, *this) {
  timer_.data = this;
}

ClientConnection::~ClientConnection() {
  loop_.stopTimer(timer_);
  if (bound_ && bound_->fd >= 0) {
    loop_.backend().close(*bound_);
    loop_.releaseHandle();
  }
}

// --- connecting

os::core::Result<void> ClientConnection::connect(const net::core::SocketAddress& to,
                                                 const net::core::SocketAddress& from) {
  return from.valid() ? connectBound(to, from) : stream_.connect(to);
}

os::core::Result<void> ClientConnection::connectBound(const net::core::SocketAddress& to,
                                                      const net::core::SocketAddress& from) {
  // net::core::Stream connects only unbound sockets, so a bound connect is awaited here and the
  // connected socket handed over.
  auto fd = os::core::tcpSocket(to.family());
  if (!fd) {
    return os::core::Errno{fd.error()};
  }
  auto fail = [&](int err) {
    os::core::closeFd(*fd);
    if (bound_) {
      bound_->fd = -1;
    }
    return os::core::Result<void>(os::core::Errno{err});
  };
  if (auto b = os::core::bindSocket(*fd, from.raw(), from.length()); !b) {
    return fail(b.error());
  }
  bound_ = std::make_unique<BoundConnect>();
  bound_->self = this;
  bound_->fd = *fd;
  bound_->onEvents = &ClientConnection::onBoundConnectEvents;
  // Registered after connect(): an unconnected socket polls as hung up. Edge-triggered
  // registration reports the state at the time of adding, so an immediate success is seen.
  auto c = loop_.backend().connect(*bound_, to.raw(), to.length());
  if (!c && c.error() != -EINPROGRESS) {
    return fail(c.error());
  }
  if (auto a = loop_.addWatcher(*bound_); !a) {
    return fail(a.error());
  }
  loop_.retainHandle();
  return {};
}

void ClientConnection::onBoundConnectEvents(loop::core::IoWatcher* w, uint32_t events) {
  ClientConnection* self = static_cast<BoundConnect*>(w)->self;
  int fd = w->fd;
  int err = os::core::pendingSocketError(fd);
  self->loop_.backend().remove(*w);
  w->fd = -1;
  self->loop_.releaseHandle();
  if (err == 0) {
    if (auto r = self->stream_.open(fd); !r) {
      err = r.error();
    }
  }
  if (err != 0) {
    os::core::closeFd(fd);
  }
  self->onConnect(err);
}

void ClientConnection::onConnect(int status) {
  if (status != 0) {
    owner_->onConnect(status);
    destroy();
    return;
  }
  connected_ = true;
  touch();
  stream_.readStart();
  flushPending();
  owner_->onConnect(0);
}

void ClientConnection::flushPending() {
  if (pending_.empty() || closed_) {
    return;
  }
  std::string bytes = std::move(pending_);
  pending_.clear();
  stream_.write(std::move(bytes));
}

// --- output

void ClientConnection::write(std::string_view bytes) {
  if (closed_ || bytes.empty()) {
    return;
  }
  if (!connected_) {
    pending_.append(bytes);
    return;
  }
  touch();
  stream_.write(bytes);
}

void ClientConnection::write(std::string&& bytes) {
  if (closed_ || bytes.empty()) {
    return;
  }
  if (!connected_) {
    pending_.append(bytes);
    return;
  }
  touch();
  stream_.write(std::move(bytes));
}

void ClientConnection::shutdown() {
  if (!closed_ && connected_) {
    stream_.shutdown();
  }
}

void ClientConnection::onDrain() {
  touch();
  owner_->onDrain();
}

// --- input

void ClientConnection::expectResponse(bool noBody) {
  state_ = State::kHead;
  noBody_ = noBody;
  responseBytes_ = 0;
  reusable_ = false;
  partial_.reset();
  chunked_.reset();
  if (!input_.empty() && !processing_) {
    processBuffered();
  }
}

std::span<char> ClientConnection::readBuffer() {
  return input_.readSpace(tScratch);
}

void ClientConnection::onRead(size_t n) {
  touch();
  if (input_.appendRead(n)) {
    processBuffered();
    return;
  }
  processing_ = true;
  std::string_view data(tScratch, n);
  size_t used = consume(data);
  processing_ = false;
  if (!closed_) {
    input_.keep(data.substr(used));
  }
}

void ClientConnection::processBuffered() {
  if (processing_ || closed_ || input_.empty()) {
    return;
  }
  processing_ = true;
  size_t used = consume(input_.held());
  processing_ = false;
  if (closed_) {
    return;
  }
  input_.consume(used);
}

size_t ClientConnection::consume(std::string_view data) {
  size_t used = 0;
  while (used < data.size() && !closed_ && !userPaused_) {
    size_t n = 0;
    switch (state_) {
      case State::kIdle:
        // Nobody asked: a server answering twice, or garbage after a response. Taken as the
        // next response it would desynchronize every later exchange on this connection.
        failParse("HPE_UNEXPECTED_DATA");
        return data.size();
      case State::kHead:
        n = consumeHead(data.substr(used));
        break;
      case State::kBodyLength:
      case State::kBodyChunked:
      case State::kBodyUntilClose:
        n = consumeBody(data.substr(used));
        break;
      case State::kDone:
        return data.size();
    }
    if (n == 0) {
      break;
    }
    used += n;
    if (state_ == State::kIdle && used < data.size() && !closed_) {
      // What follows a complete response in the same read was not asked for.
      failParse("HPE_UNEXPECTED_DATA");
      return data.size();
    }
  }
  return used;
}

size_t ClientConnection::consumeHead(std::string_view data) {
  ParseError err;
  ResponseHead fresh;
  ssize_t r;
  for (;;) {
    std::vector<Header>& slots = partial_ ? partial_->headers : tHeaderSlots;
    if (slots.empty()) {
      slots.resize(std::min(kInitialHeaderSlots, limits.maxHeadersCount));
    }
    ResponseHead& head = partial_ ? partial_->head : fresh;
    size_t prev = partial_ ? partial_->prevLen : 0;
    r = parseResponse(data, prev, head, slots.data(), slots.size(), limits, &err);
    if (r < 0 && err.status == 431 && slots.size() < limits.maxHeadersCount) {
      slots.resize(std::min(slots.size() * 4, limits.maxHeadersCount));
      if (partial_) {
        partial_->head = ResponseHead{};
        partial_->prevLen = 0;
      }
      continue;
    }
    break;
  }
  if (r == kIncomplete) {
    responseBytes_ += data.size() - (partial_ ? partial_->prevLen : 0);
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
    failParse(err.code, err.status);
    return data.size();
  }
  std::unique_ptr<PartialHead> done = std::move(partial_);
  const ResponseHead& head = done ? done->head : fresh;
  const Header* headers = done ? done->headers.data() : tHeaderSlots.data();
  responseBytes_ += size_t(r) - (done ? done->prevLen : 0);

  if (head.status == 101) {
    // Protocol switches are not supported: the bytes after this head are not HTTP.
    failParse("HPE_UPGRADE_UNSUPPORTED");
    return data.size();
  }
  if (head.status < 200) {
    owner_->onInformation(head, headers);
    return size_t(r);  // the final response follows (state stays kHead)
  }
  ResponseHead final = head;
  if (noBody_) {
    // keepAlive stays what the fields say for a GET: Node's client decides keep-alive before
    // it skips a HEAD response's body, so one without Content-Length is not kept (and a
    // server that answers HEAD so may well close).
    final.body = BodyKind::kNone;
    final.contentLength = 0;
  }
  reusable_ = final.keepAlive;
  switch (final.body) {
    case BodyKind::kNone:
      state_ = State::kIdle;
      break;
    case BodyKind::kLength:
      bodyLeft_ = final.contentLength;
      state_ = bodyLeft_ > 0 ? State::kBodyLength : State::kIdle;
      break;
    case BodyKind::kChunked:
      chunked_.reset();
      state_ = State::kBodyChunked;
      break;
    case BodyKind::kUntilClose:
      reusable_ = false;
      state_ = State::kBodyUntilClose;
      break;
  }
  owner_->onResponse(final, headers);
  if (closed_) {
    return data.size();
  }
  if (state_ == State::kIdle) {
    completeMessage(nullptr, 0, size_t(r) < data.size());
  }
  return size_t(r);
}

size_t ClientConnection::consumeBody(std::string_view data) {
  if (state_ == State::kBodyUntilClose) {
    responseBytes_ += data.size();
    owner_->onBody(data);
    return data.size();
  }
  if (state_ == State::kBodyLength) {
    size_t n = size_t(std::min<uint64_t>(bodyLeft_, data.size()));
    bodyLeft_ -= n;
    responseBytes_ += n;
    owner_->onBody(data.substr(0, n));
    if (!closed_ && bodyLeft_ == 0 && state_ == State::kBodyLength) {
      completeMessage(nullptr, 0, n < data.size());
    }
    return n;
  }
  size_t used = 0;
  while (used < data.size() && !closed_ && state_ == State::kBodyChunked && !userPaused_) {
    Header trailers[kMaxTrailerSlots];
    size_t trailerCount = 0;
    ParseError err;
    auto step =
        chunked_.decode(data.substr(used), trailers, kMaxTrailerSlots, &trailerCount, limits, &err);
    if (step.consumed < 0) {
      failParse(err.code, err.status);
      return data.size();
    }
    if (step.consumed == 0) {
      break;
    }
    used += size_t(step.consumed);
    responseBytes_ += size_t(step.consumed);
    if (!step.data.empty()) {
      owner_->onBody(step.data);
    }
    if (step.done && !closed_) {
      completeMessage(trailers, trailerCount, used < data.size());
    }
  }
  return used;
}

void ClientConnection::completeMessage(const Header* trailers, size_t count, bool followedByBytes) {
  state_ = State::kIdle;
  if (followedByBytes) {
    reusable_ = false;  // consume() ends the connection right after
  }
  owner_->onMessageComplete(trailers, count);
}

void ClientConnection::failParse(const char* code, int status) {
  ParseError err{status, code};
  state_ = State::kDone;
  destroy();
  owner_->onParseError(err);
}

void ClientConnection::onEnd() {
  peerEnded_ = true;
  if (closed_) {
    return;
  }
  if (state_ == State::kBodyUntilClose) {
    // The close is this body's end: the only framing that a FIN completes.
    state_ = State::kIdle;
    reusable_ = false;
    owner_->onMessageComplete(nullptr, 0);
    if (closed_) {
      return;
    }
  }
  owner_->onPeerEnd();
}

void ClientConnection::onError(int err) {
  if (closed_) {
    return;
  }
  destroy();
  owner_->onError(err);
}

// --- flow control

void ClientConnection::pauseReading() {
  userPaused_ = true;
  stream_.readStop();
}

void ClientConnection::resumeReading() {
  if (!userPaused_ || closed_) {
    return;
  }
  userPaused_ = false;
  if (connected_ && !peerEnded_) {
    stream_.readStart();
  }
  processBuffered();
}

// --- closing and timeouts

void ClientConnection::destroy() {
  if (closed_) {
    return;
  }
  closed_ = true;
  loop_.stopTimer(timer_);
  pending_.clear();
  if (bound_ && bound_->fd >= 0) {
    loop_.backend().close(*bound_);
    loop_.releaseHandle();
  }
  stream_.close();
}

void ClientConnection::abandon() {
  owner_ = &gNoOwner;
  destroy();
}

void ClientConnection::onClose() {
  owner_->onClose();
  delete this;
}

void ClientConnection::setTimeout(uint64_t ms) {
  timeoutMs_ = ms;
  if (ms == 0 || closed_) {
    loop_.stopTimer(timer_);
    return;
  }
  loop_.setTimerRef(timer_, false);  // a timeout alone never keeps the process alive
  // The cached loop time may be as old as the last poll: read the clock now, or the timeout
  // would fire early by however long the loop slept.
  loop_.updateTime();
  loop_.startTimer(timer_, ms);
}

void ClientConnection::touch() {
  // Restarted already at this loop time: a restart would leave the expiry where it is (the
  // head written in the tick that set the request's timeout: ~130 instructions saved).
  if (timeoutMs_ > 0 && !closed_ &&
      !(timer_.active() && timer_.start == loop_.now() && timer_.duration == timeoutMs_)) {
    loop_.startTimer(timer_, timeoutMs_);
  }
}

void ClientConnection::onTimer(loop::core::Timer* t) {
  auto* self = static_cast<ClientConnection*>(t->data);
  if (!self->closed_) {
    self->owner_->onTimeout();
  }
}

}  // namespace nodecc::http::core
