#include "tls/connection.h"

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <algorithm>
#include <cstring>

#include "text/ascii.h"
#include "tls/verify.h"

namespace nodecc::tls::core {

namespace {

// Wire bytes are read here: room for several full records (16 KiB plus overhead each).
constexpr size_t kReceiveBytes = 64 * 1024;
thread_local char tReceive[kReceiveBytes];
// Sealed records of the SSL call in progress; flushed to its stream when the call returns.
thread_local std::string tOut;
// The output buffer keeps at most this much capacity between calls.
constexpr size_t kOutKeep = 256 * 1024;
// Plaintext of one handler write gathered into records: small pieces are copied together so a
// corked HTTP response (head, body pieces) leaves as one record, not one per piece.
thread_local std::string tGather;
constexpr size_t kGatherMax = 16 * 1024;

// nginx's answer to plain HTTP on an HTTPS port (400, "The plain HTTP request was sent to
// HTTPS port"), as text.
constexpr std::string_view kPlainHttpBody = "The plain HTTP request was sent to HTTPS port\n";

thread_local Stats tStats;

int bioWrite(BIO*, const char* data, int len) {
  tOut.append(data, size_t(len));
  return len;
}

int bioReadCb(BIO* b, char* out, int len) {
  auto* c = static_cast<Connection*>(BIO_get_data(b));
  BIO_clear_retry_flags(b);
  int n = c->bioRead(out, len);
  if (n <= 0) {
    BIO_set_retry_read(b);
    return -1;
  }
  return n;
}

long bioCtrl(BIO*, int cmd, long, void*) {
  return cmd == BIO_CTRL_FLUSH ? 1 : 0;
}

int bioCreate(BIO* b) {
  BIO_set_init(b, 1);
  return 1;
}

BIO_METHOD* bioMethod() {
  static BIO_METHOD* method = [] {
    BIO_METHOD* m = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "nodecc stream");
    BIO_meth_set_write(m, bioWrite);
    BIO_meth_set_read(m, bioReadCb);
    BIO_meth_set_ctrl(m, bioCtrl);
    BIO_meth_set_create(m, bioCreate);
    return m;
  }();
  return method;
}

bool isIpLiteral(const std::string& host) {
  return host.find(':') != std::string::npos || std::all_of(host.begin(), host.end(), [](char c) {
           return text::core::isDigit(c) || c == '.';
         });
}

}  // namespace

Stats& stats() {
  return tStats;
}

Connection::Connection(net::core::Stream& stream, SSL* ssl, bool server)
    : stream_(&stream), ssl_(ssl), server_(server) {
  timer_.data = this;
  BIO* bio = BIO_new(bioMethod());
  BIO_set_data(bio, this);
  SSL_set_bio(ssl_, bio, bio);
  SSL_set_app_data(ssl_, this);
}

Connection::~Connection() {
  if (timer_.active()) {
    stream_->loop().stopTimer(timer_);
  }
  if (handshakeDone_ && !failed_) {
    // A connection closed without close_notify would make OpenSSL mark its session not
    // resumable (ssl_clear_bad_session); one that did nothing wrong keeps it.
    SSL_set_shutdown(ssl_, SSL_SENT_SHUTDOWN | SSL_RECEIVED_SHUTDOWN);
  }
  SSL_free(ssl_);
}

Connection* Connection::attachServer(net::core::Stream& stream, std::shared_ptr<Context> ctx,
                                     uint64_t handshakeTimeoutMs) {
  SSL* ssl = SSL_new(ctx->raw());
  if (!ssl) {
    return nullptr;
  }
  auto* c = new Connection(stream, ssl, true);
  c->ctx_ = std::move(ctx);
  SSL_set_accept_state(ssl);
  stream.setFilter(std::unique_ptr<net::core::Stream::Filter>(c));
  if (handshakeTimeoutMs > 0) {
    stream.loop().startTimer(c->timer_, handshakeTimeoutMs);
  }
  return c;
}

Connection* Connection::attachClient(net::core::Stream& stream, std::shared_ptr<Context> ctx,
                                     const ClientOptions& options) {
  SSL* ssl = SSL_new(ctx->raw());
  if (!ssl) {
    return nullptr;
  }
  auto* c = new Connection(stream, ssl, false);
  c->ctx_ = std::move(ctx);
  c->host_ = options.host;
  c->rejectUnauthorized_ = options.rejectUnauthorized;
  SSL_set_connect_state(ssl);
  if (!options.servername.empty() && !isIpLiteral(options.servername)) {
    SSL_set_tlsext_host_name(ssl, options.servername.c_str());
  }
  if (options.session) {
    SSL_set_session(ssl, options.session);
  }
  stream.setFilter(std::unique_ptr<net::core::Stream::Filter>(c));
  return c;
}

// --- input

std::span<char> Connection::receiveBuffer() {
  return {tReceive, kReceiveBytes};
}

int Connection::bioRead(char* out, int len) {
  size_t n = std::min(inLen_, size_t(len));
  if (n == 0) {
    return 0;
  }
  std::memcpy(out, in_, n);
  in_ += n;
  inLen_ -= n;
  return int(n);
}

void Connection::onReceive(size_t n) {
  if (failed_) {
    return;
  }
  if (!held_.empty()) {
    // Bytes kept from before come first (a handler that paused and resumed between reads).
    held_.append(tReceive, n);
    resume();
    return;
  }
  in_ = tReceive;
  inLen_ = n;
  process();
  if (inLen_ > 0 && !failed_) {
    held_.assign(in_, inLen_);  // the handler stopped reading: keep what OpenSSL did not take
  }
  in_ = nullptr;
  inLen_ = 0;
}

bool Connection::resume() {
  if (failed_) {
    return false;
  }
  if (!held_.empty()) {
    std::string held;
    held.swap(held_);
    in_ = held.data();
    inLen_ = held.size();
    process();
    if (inLen_ > 0 && !failed_) {
      held_.assign(in_, inLen_);
    }
    in_ = nullptr;
    inLen_ = 0;
  } else if (handshakeDone_ && SSL_has_pending(ssl_) == 1) {
    process();  // records OpenSSL holds that the handler had not taken
  }
  return !failed_ && stream_->reading() && !stream_->closing() && held_.empty();
}

void Connection::process() {
  if (!handshakeDone_ && !handshake()) {
    return;
  }
  readPlaintext();
}

bool Connection::rejectPlainHttp() {
  sniffed_ = true;
  // A TLS record starts with its content type (22: handshake); a request line with a method's
  // capital letters.
  if (inLen_ == 0 || !(in_[0] >= 'A' && in_[0] <= 'Z')) {
    return false;
  }
  ++tStats.plainHttpRejected;
  std::string response =
      "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: " +
      std::to_string(kPlainHttpBody.size()) + "\r\nConnection: close\r\n\r\n";
  response += kPlainHttpBody;
  iovec iov{response.data(), response.size()};
  stream_->writeRaw(&iov, 1);
  inLen_ = 0;
  failed_ = true;
  error_ = TlsError{
      "ERR_SSL_HTTP_REQUEST", "The plain HTTP request was sent to HTTPS port", "http request", {}};
  if (observer) {
    observer->onHandshakeError(*this, error_);
  }
  if (timer_.active()) {
    stream_->loop().stopTimer(timer_);
  }
  stream_->shutdown();
  stream_->failFromFilter(kTlsFailed);
  return true;
}

bool Connection::handshake() {
  if (server_ && !sniffed_ && rejectPlainHttp()) {
    return false;
  }
  size_t mark = tOut.size();
  ERR_clear_error();  // SSL_get_error reads the thread's queue: nothing stale in it
  int r = SSL_do_handshake(ssl_);
  flushOutput(mark);
  if (r == 1) {
    finishHandshake();
    return handshakeDone_ && !failed_;
  }
  int e = SSL_get_error(ssl_, r);
  if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
    return false;
  }
  fail(fromOpenSsl("handshake failed"), true);
  return false;
}

void Connection::finishHandshake() {
  handshakeDone_ = true;
  if (timer_.active()) {
    stream_->loop().stopTimer(timer_);
  }
  ++tStats.handshakes;
  if (SSL_session_reused(ssl_)) {
    ++tStats.resumed;
  }
  X509* peer = SSL_get0_peer_certificate(ssl_);
  long result = SSL_get_verify_result(ssl_);
  TlsError verify;
  if (server_) {
    if (ctx_->options().requestCert) {
      // Node: no certificate reads as UNABLE_TO_GET_ISSUER_CERT.
      verify = verifyError(peer ? result : X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT);
      if (peer && result == X509_V_OK) {
        verify = {};
      }
    }
  } else if (!peer) {
    verify = verifyError(X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT);
  } else if (result != X509_V_OK) {
    verify = verifyError(result);
  } else if (!host_.empty() && !SSL_session_reused(ssl_)) {
    (void)checkServerIdentity(host_, peer, &verify);
  }
  if (leaveVerdict_) {
    verify = {};
  }
  authorized_ = verify.empty() && (!server_ || ctx_->options().requestCert) && !leaveVerdict_;
  authorizationError_ = verify;
  bool reject = server_ ? ctx_->options().requestCert && ctx_->options().rejectUnauthorized
                        : rejectUnauthorized_;
  if (!verify.empty() && reject) {
    fail(verify, true);
    return;
  }
  if (!pending_.empty()) {
    std::string pending;
    pending.swap(pending_);
    iovec iov{pending.data(), pending.size()};
    seal(&iov, 1);
  }
  if (observer) {
    observer->onSecure(*this);
  }
  if (!server_ && !failed_ && !stream_->closing()) {
    stream_->handler().onConnect(0);
  }
}

void Connection::readPlaintext() {
  ERR_clear_error();
  while (!failed_ && stream_->reading() && !stream_->closing()) {
    std::span<char> buf = stream_->handler().readBuffer();
    size_t filled = 0;
    int err = SSL_ERROR_NONE;
    size_t mark = tOut.size();
    // Fill the handler's buffer with as many records as fit: one onRead per wire read.
    while (filled < buf.size()) {
      int r = SSL_read(ssl_, buf.data() + filled,
                       int(std::min<size_t>(buf.size() - filled, size_t(1) << 30)));
      if (r <= 0) {
        err = SSL_get_error(ssl_, r);
        break;
      }
      filled += size_t(r);
    }
    flushOutput(mark);  // a key update or alert OpenSSL answered while reading
    if (filled > 0) {
      stream_->handler().onRead(filled);
    }
    if (err == SSL_ERROR_NONE) {
      continue;  // the buffer filled up: read on
    }
    if (err == SSL_ERROR_WANT_READ || err == SSL_ERROR_WANT_WRITE) {
      return;
    }
    if (failed_ || stream_->closing()) {
      return;
    }
    if (err == SSL_ERROR_ZERO_RETURN) {
      // close_notify: the peer's end of the stream, as a FIN is for plain TCP.
      if (!peerClosed_) {
        peerClosed_ = true;
        stream_->readStop();
        stream_->handler().onEnd();
      }
      return;
    }
    fail(fromOpenSsl("decryption failed"), false);
    return;
  }
}

// --- output

void Connection::send(const iovec* iov, int count) {
  if (failed_) {
    return;
  }
  if (!handshakeDone_) {
    for (int i = 0; i < count; ++i) {
      pending_.append(static_cast<const char*>(iov[i].iov_base), iov[i].iov_len);
    }
    return;
  }
  seal(iov, count);
}

void Connection::seal(const iovec* iov, int count) {
  size_t mark = tOut.size();
  ERR_clear_error();
  auto write = [this](const char* p, size_t len) {
    while (len > 0 && !failed_) {
      int chunk = int(std::min<size_t>(len, size_t(1) << 30));
      int r = SSL_write(ssl_, p, chunk);
      if (r <= 0) {
        fail(fromOpenSsl("write failed"), false);
        return;
      }
      p += r;
      len -= size_t(r);
    }
  };
  tGather.clear();
  for (int i = 0; i < count && !failed_; ++i) {
    const char* p = static_cast<const char*>(iov[i].iov_base);
    size_t len = iov[i].iov_len;
    if (tGather.size() + len <= kGatherMax) {
      tGather.append(p, len);
      continue;
    }
    if (!tGather.empty()) {
      write(tGather.data(), tGather.size());
      tGather.clear();
    }
    if (len <= kGatherMax) {
      tGather.append(p, len);
    } else {
      write(p, len);
    }
  }
  if (!tGather.empty() && !failed_) {
    write(tGather.data(), tGather.size());
  }
  tGather.clear();
  flushOutput(mark);
}

void Connection::flushOutput(size_t mark) {
  if (tOut.size() > mark) {
    iovec iov{tOut.data() + mark, tOut.size() - mark};
    stream_->writeRaw(&iov, 1);
    tOut.resize(mark);
  }
  if (mark == 0 && tOut.capacity() > kOutKeep) {
    std::string().swap(tOut);
  }
}

void Connection::onConnected() {
  stream_->readStart();
  if (observer) {
    observer->onTcpConnect(*this);
    if (failed_ || stream_->closing()) {
      return;  // destroyed from its 'connect' listener
    }
  }
  handshake();
}

void Connection::startClient() {
  stream_->readStart();
  handshake();
}

void Connection::onShutdown() {
  if (!handshakeDone_ || failed_ || shutdownSent_) {
    return;
  }
  shutdownSent_ = true;
  size_t mark = tOut.size();
  (void)SSL_shutdown(ssl_);  // sends close_notify; the peer's is not waited for
  ERR_clear_error();
  flushOutput(mark);
}

void Connection::moveTo(net::core::Stream& stream) {
  // The socket changed hands (an upgraded connection): the handshake is over, so nobody else
  // needs to hear about it.
  stream_ = &stream;
  observer = nullptr;
  userData = nullptr;
}

void Connection::fail(TlsError err, bool duringHandshake) {
  if (failed_) {
    return;
  }
  failed_ = true;
  error_ = std::move(err);
  if (timer_.active()) {
    stream_->loop().stopTimer(timer_);
  }
  if (duringHandshake) {
    ++tStats.handshakeFailures;
    if (observer) {
      observer->onHandshakeError(*this, error_);
    }
  }
  if (!server_ && duringHandshake) {
    // A client's handshake (or the server's verification) failed: a failed connect.
    if (!stream_->closing()) {
      stream_->handler().onConnect(kTlsFailed);
    }
    return;
  }
  stream_->failFromFilter(kTlsFailed);
}

void Connection::onTimer(loop::core::Timer* t) {
  auto* self = static_cast<Connection*>(t->data);
  if (self->handshakeDone_ || self->failed_) {
    return;
  }
  ++tStats.handshakeTimeouts;
  TlsError err{"ERR_TLS_HANDSHAKE_TIMEOUT", "TLS handshake timeout", {}, {}};
  self->fail(std::move(err), true);
}

int Connection::newSessionCallback(SSL* ssl, SSL_SESSION* session) {
  auto* self = static_cast<Connection*>(SSL_get_app_data(ssl));
  if (self && self->observer) {
    self->observer->onSession(*self, session);
  }
  return 0;  // the observer takes its own reference if it keeps the session
}

void Connection::enableKeylog(const Context& ctx) {
  SSL_CTX_set_keylog_callback(ctx.raw(), [](const SSL* ssl, const char* line) {
    auto* self = static_cast<Connection*>(SSL_get_app_data(ssl));
    if (self && self->observer) {
      self->observer->onKeylog(*self, line);
    }
  });
}

// --- what the API shows

std::string Connection::protocol() const {
  return handshakeDone_ ? SSL_get_version(ssl_) : "";
}

std::string Connection::alpnProtocol() const {
  const unsigned char* p = nullptr;
  unsigned len = 0;
  SSL_get0_alpn_selected(ssl_, &p, &len);
  return p ? std::string(reinterpret_cast<const char*>(p), len) : std::string();
}

std::string Connection::servername() const {
  const char* name = SSL_get_servername(ssl_, TLSEXT_NAMETYPE_host_name);
  return name ? name : "";
}

std::string Connection::cipherName() const {
  const SSL_CIPHER* c = SSL_get_current_cipher(ssl_);
  return c ? SSL_CIPHER_get_name(c) : "";
}

std::string Connection::cipherVersion() const {
  const SSL_CIPHER* c = SSL_get_current_cipher(ssl_);
  return c ? SSL_CIPHER_get_version(c) : "";
}

bool Connection::sessionReused() const {
  return SSL_session_reused(ssl_) == 1;
}

X509* Connection::peerCertificate() const {
  return SSL_get0_peer_certificate(ssl_);
}

X509* Connection::localCertificate() const {
  return SSL_get_certificate(ssl_);
}

}  // namespace nodecc::tls::core
