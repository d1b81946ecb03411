#pragma once
// What a tls::SecureContext handle holds, and what the tls module, the https server and the
// https client share: the public options to the core's, a core TlsError to Node's Error, a
// certificate as getPeerCertificate() shows it (a server's contexts: secure_server.h).
#include <memory>

#include "nodecc/error.h"
#include "nodecc/tls.h"
#include "tls/context.h"
#include "tls/tls_error.h"

typedef struct x509_st X509;

namespace nodecc::tls::detail {

struct ContextHolder {
  std::shared_ptr<core::Context> ctx;
  // createTLSSocket's copy of ctx with a socket's own requestCert/rejectUnauthorized/ALPN
  // (the last one asked for), so that wrapping many sockets alike builds it once. Loop thread.
  std::shared_ptr<core::Context> derived;
};

core::ContextOptions toCore(const SecureContextOptions& options, bool isServer);
// Node's Error for a TLS failure: code, message (and reason/host for a name mismatch).
Error toError(const core::TlsError& err);
// Builds the context or throws toError(why).
std::shared_ptr<core::Context> makeContext(const core::ContextOptions& options);
// getPeerCertificate()'s fields of `x` (empty for null).
PeerCertificate describeCertificate(X509* x);

}  // namespace nodecc::tls::detail
