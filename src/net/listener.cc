#include "net/listener.h"

#include <netinet/in.h>

#include <cerrno>

#include "os/socket.h"

namespace nodecc::net {

Listener::Listener(loop::Loop& loop, Handler& handler) : loop_(loop), handler_(handler) {
  watcher_.self = this;
  watcher_.onEvents = &Listener::onEvents;
  watcher_.interest = loop::kReadable;
}

Listener::~Listener() { close(); }

os::Result<void> Listener::listen(const Options& options) {
  if (listening()) {
    return os::Errno{-EINVAL};
  }
  const SocketAddress& addr = options.address;
  auto fd = os::tcpSocket(addr.family());
  if (!fd) {
    return os::Errno{fd.error()};
  }
  os::Fd sock(*fd);
  (void)os::setReuseAddress(sock.get(), true);
  if (options.reusePort) {
    if (auto r = os::setReusePort(sock.get(), true); !r) {
      return r;
    }
  }
  if (addr.family() == AF_INET6) {
    (void)os::setIpv6Only(sock.get(), options.ipv6Only);
  }
  if (auto r = os::bindSocket(sock.get(), addr.raw(), addr.length()); !r) {
    return r;
  }
  if (auto r = os::listenSocket(sock.get(), options.backlog); !r) {
    return r;
  }
  if (!reserve_.valid()) {
    if (auto reserve = os::openReserveFd()) {
      reserve_.reset(*reserve);
    }
  }
  watcher_.fd = sock.release();
  if (auto r = loop_.addWatcher(watcher_); !r) {
    loop_.backend().close(watcher_);
    return r;
  }
  if (refed_) {
    loop_.retainHandle();
  }
  // Connections that queued before registration raise no edge: look now.
  acceptAll();
  return {};
}

void Listener::close() {
  if (!listening()) {
    return;
  }
  // The reserve fd serves only a listening socket: a closed server must not hold an fd.
  reserve_.reset();
  loop_.backend().close(watcher_);
  if (refed_) {
    loop_.releaseHandle();
  }
}

SocketAddress Listener::address() const {
  sockaddr_storage ss;
  socklen_t len;
  if (!listening() || !os::localAddress(watcher_.fd, &ss, &len)) {
    return {};
  }
  return SocketAddress::fromRaw(reinterpret_cast<sockaddr*>(&ss), len);
}

void Listener::ref() {
  if (!refed_) {
    refed_ = true;
    if (listening()) {
      loop_.retainHandle();
    }
  }
}

void Listener::unref() {
  if (refed_) {
    refed_ = false;
    if (listening()) {
      loop_.releaseHandle();
    }
  }
}

void Listener::onEvents(loop::IoWatcher* w, uint32_t) { static_cast<Watcher*>(w)->self->acceptAll(); }

void Listener::acceptAll() {
  while (listening()) {
    sockaddr_storage peer;
    socklen_t len;
    auto fd = loop_.backend().accept(watcher_, &peer, &len);
    if (fd) {
      handler_.onConnection(*fd);
      continue;
    }
    int err = fd.error();
    if (err == -EAGAIN || err == -EWOULDBLOCK) {
      return;
    }
    if (err == -ECONNABORTED || err == -EINTR) {
      continue;
    }
    if ((err == -EMFILE || err == -ENFILE) && reserve_.valid()) {
      // Free one fd, take the waiting connection and drop it, then take the reserve back.
      reserve_.reset();
      auto victim = loop_.backend().accept(watcher_, &peer, &len);
      if (victim) {
        os::closeFd(*victim);
        ++dropped_;
      }
      if (auto reserve = os::openReserveFd()) {
        reserve_.reset(*reserve);
      }
      if (!victim) {
        return;  // nothing more was waiting, or still no fd: wait for the next event
      }
      continue;
    }
    handler_.onAcceptError(err);
    return;
  }
}

}  // namespace nodecc::net
