#include "os/socket.h"

#include "api/net/socket_backend.h"
#include "api/net/socket_stream.h"
#include "nodecc/net.h"

namespace nodecc::net {

Socket::Socket(detail::SocketBackend* backend) : backend_(backend) {}
Socket::~Socket() {
  if (stream_ != nullptr) {
    stream_->detach();
  }
}

bool Socket::write(std::string_view data, UniqueFunction<void(Error*)> cb) {
  return backend_->write(data, std::move(cb));
}

bool Socket::write(const Buffer& data, UniqueFunction<void(Error*)> cb) {
  return backend_->write(data.view(), std::move(cb));
}

Socket& Socket::end() {
  backend_->end();
  return *this;
}

Socket& Socket::end(std::string_view data) {
  backend_->write(data, nullptr);
  backend_->end();
  return *this;
}

Socket& Socket::destroy() {
  backend_->destroy(nullptr);
  return *this;
}

Socket& Socket::destroy(const Error& err) {
  backend_->destroy(&err);
  return *this;
}

Socket& Socket::resetAndDestroy() {
  // SO_LINGER {1, 0} turns the close that destroy() makes into a reset.
  if (!backend_->destroyed() && backend_->stream().isOpen()) {
    (void)os::core::setLingerZero(backend_->stream().fd());
  }
  backend_->destroy(nullptr);
  return *this;
}

Socket& Socket::pause() {
  backend_->pause();
  return *this;
}

Socket& Socket::resume() {
  backend_->resume();
  return *this;
}

Socket& Socket::setNoDelay(bool noDelay) {
  (void)backend_->stream().setNoDelay(noDelay);
  return *this;
}

Socket& Socket::setKeepAlive(bool enable, uint64_t initialDelayMs) {
  (void)backend_->stream().setKeepAlive(enable, unsigned(initialDelayMs / 1000));
  return *this;
}

Socket& Socket::setTimeout(uint64_t ms, UniqueFunction<void()> cb) {
  // Node removes `cb` again when ms is 0; C++ cannot find a function among the listeners, so
  // it is simply not added.
  if (cb && ms > 0) {
    once("timeout", [f = std::make_shared<UniqueFunction<void()>>(std::move(cb))] { (*f)(); });
  }
  backend_->setTimeout(ms);
  return *this;
}

Socket& Socket::ref() {
  backend_->stream().ref();
  return *this;
}

Socket& Socket::unref() {
  backend_->stream().unref();
  return *this;
}

std::string Socket::remoteAddress() const {
  return backend_->remoteAddress().ip();
}
uint16_t Socket::remotePort() const {
  return backend_->remoteAddress().port();
}
std::string Socket::remoteFamily() const {
  return std::string(backend_->remoteAddress().familyName());
}
std::string Socket::localAddress() const {
  return backend_->stream().localAddress().ip();
}
uint16_t Socket::localPort() const {
  return backend_->stream().localAddress().port();
}
uint64_t Socket::bytesRead() const {
  return backend_->stream().bytesRead();
}
uint64_t Socket::bytesWritten() const {
  return backend_->stream().bytesWritten();
}
size_t Socket::writableLength() const {
  return backend_->stream().queuedBytes();
}
bool Socket::destroyed() const {
  return backend_->destroyed();
}
bool Socket::connecting() const {
  return backend_->stream().connecting();
}

std::string Socket::readyState() const {
  if (connecting()) {
    return "opening";
  }
  bool r = backend_->readable();
  bool w = backend_->writable();
  if (r && w) {
    return "open";
  }
  if (r) {
    return "readOnly";
  }
  if (w) {
    return "writeOnly";
  }
  return "closed";
}

}  // namespace nodecc::net
