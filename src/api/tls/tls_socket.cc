// tls::TLSSocket's methods: what its TLS connection reports.
#include <openssl/ssl.h>

#include "api/tls/context_holder.h"
#include "api/tls/tls_socket_impl.h"

namespace nodecc::tls {

namespace {

core::Connection* connectionOf(const TLSSocket& s) {
  return static_cast<detail::TlsSocketImpl*>(s.backend())->connection();
}

}  // namespace

TLSSocket::TLSSocket(net::detail::SocketBackend* backend) : net::Socket(backend) {}

void TLSSocket::listenerCountChanged(std::string_view event, size_t count) {
  if (event == "keylog" && count > 0) {
    static_cast<detail::TlsSocketImpl*>(backend())->wantKeylog();
  }
}

std::string TLSSocket::getProtocol() const {
  return connectionOf(*this)->protocol();
}

CipherNameAndProtocol TLSSocket::getCipher() const {
  const SSL_CIPHER* c = SSL_get_current_cipher(connectionOf(*this)->ssl());
  if (!c) {
    return {};
  }
  const char* standard = SSL_CIPHER_standard_name(c);
  return {SSL_CIPHER_get_name(c), standard ? standard : "", SSL_CIPHER_get_version(c)};
}

PeerCertificate TLSSocket::getPeerCertificate() const {
  core::Connection* c = connectionOf(*this);
  if (c->isServer()) {
    return detail::describeCertificate(c->peerCertificate());
  }
  // As Node: a client reads the leaf from the peer's chain, which a resumed session does not
  // have (the certificate is then empty, Node's {}).
  STACK_OF(X509)* chain = SSL_get_peer_cert_chain(c->ssl());
  if (!chain || sk_X509_num(chain) == 0) {
    return {};
  }
  return detail::describeCertificate(sk_X509_value(chain, 0));
}

Buffer TLSSocket::getSession() const {
  SSL_SESSION* session = SSL_get1_session(connectionOf(*this)->ssl());
  if (!session) {
    return {};
  }
  Buffer der;
  int len = i2d_SSL_SESSION(session, nullptr);
  if (len > 0) {
    der = Buffer::allocUnsafe(size_t(len));
    auto* p = reinterpret_cast<unsigned char*>(der.data());
    i2d_SSL_SESSION(session, &p);
  }
  SSL_SESSION_free(session);
  return der;
}

bool TLSSocket::isSessionReused() const {
  return connectionOf(*this)->sessionReused();
}

}  // namespace nodecc::tls
