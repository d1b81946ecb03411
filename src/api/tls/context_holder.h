#pragma once
// What a tls::SecureContext handle holds, and the conversions the https server and client
// share: the public options to the core's, a core TlsError to Node's Error.
#include <memory>

#include "nodecc/error.h"
#include "nodecc/tls.h"
#include "tls/context.h"
#include "tls/tls_error.h"

namespace nodecc::tls::detail {

struct ContextHolder {
  std::shared_ptr<core::Context> ctx;
};

core::ContextOptions toCore(const SecureContextOptions& options, bool isServer);
// Node's Error for a TLS failure: code, message (and reason/host for a name mismatch).
Error toError(const core::TlsError& err);
// Builds the context or throws toError(why).
std::shared_ptr<core::Context> makeContext(const core::ContextOptions& options);

}  // namespace nodecc::tls::detail
