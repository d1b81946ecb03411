#include "api/http/client/socket.h"

#include <netdb.h>

#include <cerrno>

#include "api/http/client/agent.h"
#include "api/http/client/client_request.h"
#include "api/runtime.h"
#include "api/system_error.h"
#include "nodecc/process.h"

namespace nodecc::http::detail {

namespace {
// Node's "Parse Error: <llhttp's reason>" for the codes a response can fail with.
Error parseError(const http::core::ParseError& err) {
  struct Reason {
    std::string_view code;
    const char* text;
  };
  static constexpr Reason kReasons[] = {
      {"HPE_HEADER_OVERFLOW", "Header overflow"},
      {"HPE_UNEXPECTED_CONTENT_LENGTH", "Content-Length can't be present with Transfer-Encoding"},
      {"HPE_INVALID_CONTENT_LENGTH", "Invalid character in Content-Length"},
      {"HPE_INVALID_TRANSFER_ENCODING", "Invalid transfer-encoding"},
      {"HPE_INVALID_CHUNK_SIZE", "Invalid character in chunk size"},
      {"HPE_INVALID_HEADER_TOKEN", "Invalid header value char"},
      {"HPE_INVALID_STATUS", "Invalid status code"},
      {"HPE_INVALID_VERSION", "Invalid HTTP version"},
      {"HPE_CR_EXPECTED", "Missing expected CR after header value"},
      {"HPE_LF_EXPECTED", "Missing expected LF after header value"},
      {"HPE_UNEXPECTED_DATA", "Data after the response"},
      {"HPE_UPGRADE_UNSUPPORTED", "Protocol upgrade is not supported"},
  };
  std::string message = "Parse Error";
  for (const Reason& r : kReasons) {
    if (r.code == err.code) {
      message += ": ";
      message += r.text;
    }
  }
  return Error(err.code, message);
}
}  // namespace

ClientSocket::ClientSocket(AgentImpl& agent, std::string name)
    : agent_(agent),
      name_(std::move(name)),
      conn_(new http::core::ClientConnection(nodecc::detail::Runtime::current().loop(), *this)),
      socket_(std::make_unique<net::Socket>(this)) {
  facade = socket_.get();
  agent_.retain();
}

ClientSocket::~ClientSocket() {
  agent_.release();
}

// --- connecting

void ClientSocket::start(const ClientRequestImpl& req) {
  conn_->limits.maxHeaderSize = req.maxHeaderSize;
  if (!req.localAddress.empty()) {
    auto local = net::core::SocketAddress::parse(req.localAddress, req.localPort);
    if (!local) {
      Error e = Error::fromErrno(-EINVAL, "bind");
      e.message = "bind EINVAL " + req.localAddress;
      fail(e);
      return;
    }
    local_ = *local;
  }
  uint16_t port = req.port;
  if (auto ip = net::core::SocketAddress::parse(req.connectHost, port)) {
    addresses_.push_back(*ip);  // an IP literal: no resolver round trip
    connectNext();
    return;
  }
  // Node's lookup for a connection: ADDRCONFIG unless a family was asked for.
  int flags = (req.family == 4 || req.family == 6) ? 0 : AI_ADDRCONFIG;
  std::string host = req.connectHost;
  lookup_ = dns::detail::startLookup(
      host, dns::detail::toAddressFamily(req.family), flags,
      [this, host, port](int err, std::vector<os::core::ResolvedAddress>& found) {
        lookup_ = nullptr;
        if (closing_) {
          return;
        }
        if (err != 0) {
          fail(dns::detail::lookupError(err, host));
          return;
        }
        for (const auto& a : found) {
          auto addr = net::core::SocketAddress::fromRaw(
              reinterpret_cast<const sockaddr*>(&a.storage), a.length);
          addr.setPort(port);
          addresses_.push_back(addr);
        }
        connectNext();
      });
}

void ClientSocket::connectNext() {
  // The addresses in the resolver's order, the next one when a connect fails (a sequential
  // form of Node's autoSelectFamily).
  target_ = addresses_[next_++];
  auto r = conn_->connect(target_, local_);
  if (!r) {
    onConnect(r.error());
  }
}

void ClientSocket::onConnect(int status) {
  if (closing_) {
    return;
  }
  if (status != 0) {
    if (next_ < addresses_.size()) {
      // This connection is done with; a new one tries the next address.
      conn_->abandon();
      conn_ = new http::core::ClientConnection(nodecc::detail::Runtime::current().loop(), *this);
      conn_->limits = http::core::ParserLimits{};
      if (request) {
        conn_->limits.maxHeaderSize = request->maxHeaderSize;
      }
      connectNext();
      return;
    }
    Error e = net::detail::errorWithAddress(status, "connect", target_.ip(), target_.port());
    fail(e);
    return;
  }
  connected_ = true;
  (void)conn_->stream().setNoDelay(true);  // Node's http client sockets: noDelay
  if (request && request->socketAnnounced) {
    request->onSocketConnect();
  } else {
    socket_->emit("connect");
  }
}

void ClientSocket::fail(const Error& err) {
  if (!error_) {
    error_ = std::make_unique<Error>(err);
  }
  close();
}

// --- the connection's events

void ClientSocket::onInformation(const http::core::ResponseHead& head,
                                 const http::core::Header* headers) {
  if (request) {
    request->onInformation(head, headers);
  }
}

void ClientSocket::onResponse(const http::core::ResponseHead& head,
                              const http::core::Header* headers) {
  if (request) {
    request->onResponseHead(head, headers);
  }
}

void ClientSocket::onBody(std::string_view data) {
  if (request) {
    request->onResponseBody(data);
  }
}

void ClientSocket::onMessageComplete(const http::core::Header* trailers, size_t count) {
  if (request) {
    request->onResponseComplete(trailers, count);
  }
}

void ClientSocket::onParseError(const http::core::ParseError& err) {
  // Node's socketOnData: the request fails at once (even when the bytes that failed came
  // after a complete response: what was answered still ends normally), then the socket goes.
  if (request) {
    request->onSocketError(parseError(err));
  }
  close();
}

void ClientSocket::onPeerEnd() {
  if (request && request->canRetry()) {
    ClientRequestImpl* r = request;
    close();
    r->retry();
    return;
  }
  if (request) {
    request->onSocketEnd();
  }
  close();
}

void ClientSocket::onError(int err) {
  if (request && request->canRetry()) {
    ClientRequestImpl* r = request;
    close();
    r->retry();
    return;
  }
  fail(nodecc::detail::errnoException(err, err == -EPIPE ? "write" : "read"));
}

void ClientSocket::onDrain() {
  if (closeAfterDrain_) {
    close();
    return;
  }
  if (request && request->socketAnnounced) {
    request->onSocketDrain();
  }
  if (needDrain_) {
    needDrain_ = false;
    socket_->emit("drain");
  }
}

void ClientSocket::onTimeout() {
  if (isFree) {
    close();  // an idle pooled socket times out by going away
    return;
  }
  socket_->emit("timeout");
  if (request && request->socketAnnounced) {
    request->onSocketTimeout();
  }
}

void ClientSocket::onClose() {
  closing_ = true;
  if (lookup_) {
    dns::detail::cancelLookup(lookup_);
    lookup_ = nullptr;
  }
  agent_.socketClosed(*this);
  if (request) {
    request->onSocketClose(error_.get());  // detaches it
  }
  socket_->emit("close", bool(error_));
  delete this;
}

// --- pool

void ClientSocket::park(uint64_t timeoutMs, uint64_t keepAliveMsecs) {
  isFree = true;
  // Node sets TCP keep-alive each time a socket is pooled; once per socket is the same
  // setting without two setsockopt calls per request.
  if (connected_ && keepAliveSetMs_ != int64_t(keepAliveMsecs)) {
    keepAliveSetMs_ = int64_t(keepAliveMsecs);
    (void)conn_->stream().setKeepAlive(true, unsigned(keepAliveMsecs / 1000));
  }
  conn_->stream().unref();
  conn_->setTimeout(timeoutMs);
}

void ClientSocket::unpark() {
  isFree = false;
  conn_->stream().ref();
  conn_->setTimeout(0);
}

void ClientSocket::close() {
  if (closing_) {
    return;
  }
  closing_ = true;
  if (lookup_) {
    dns::detail::cancelLookup(lookup_);
    lookup_ = nullptr;
  }
  conn_->destroy();
}

void ClientSocket::dispose() {
  if (lookup_) {
    dns::detail::cancelLookup(lookup_);
    lookup_ = nullptr;
  }
  closing_ = true;
  conn_->abandon();
  delete conn_;  // its stream's destructor cancels the close callback abandon() queued
  delete this;
}

void ClientSocket::closeSoon() {
  // Node's destroySoon: what the request still has to send goes first.
  if (closing_) {
    return;
  }
  if (conn_->queuedBytes() == 0 || !connected_) {
    close();
    return;
  }
  closeAfterDrain_ = true;
  conn_->shutdown();
}

// --- net::Socket facade

bool ClientSocket::write(std::string_view data, UniqueFunction<void(Error*)> cb) {
  if (closing_) {
    Error e("ERR_STREAM_DESTROYED", "Cannot call write after a stream was destroyed");
    if (cb) {
      process::nextTick([cb = std::move(cb), e]() mutable { cb(&e); });
    }
    return false;
  }
  conn_->write(data);
  if (cb) {
    process::nextTick([cb = std::move(cb)]() mutable { cb(nullptr); });
  }
  bool below = conn_->queuedBytes() < socket_->writableHighWaterMark;
  if (!below) {
    needDrain_ = true;
  }
  return below;
}

void ClientSocket::end() {
  closeSoon();
}

void ClientSocket::destroy(const Error* err) {
  if (err && !error_) {
    error_ = std::make_unique<Error>(*err);
  }
  close();
}

void ClientSocket::pause() {
  conn_->pauseReading();
}

void ClientSocket::resume() {
  conn_->resumeReading();
}

void ClientSocket::setTimeout(uint64_t ms) {
  conn_->setTimeout(ms);
}

}  // namespace nodecc::http::detail
