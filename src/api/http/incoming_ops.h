#pragma once
// IncomingOps: the few operations an IncomingMessage needs from what it reads from. A server's
// request (ExchangeImpl, server/exchange.cc) and a client's response (ClientRequestImpl,
// client/response.cc) each provide one table; the message calls through it with its
// ctx. A table rather than a base class, so the server's exchange needs no new base.
#include <cstddef>
#include <string>

#include "http/exchange.h"
#include "nodecc/http.h"

namespace nodecc::http::detail {

struct IncomingOps {
  net::Socket& (*socket)(void* ctx);
  void (*pause)(void* ctx);
  void (*resume)(void* ctx);
  bool (*isPaused)(const void* ctx);
  // A "data" listener was added: a message nobody read so far starts flowing.
  void (*dataListenerAdded)(void* ctx);
};

// What an IncomingMessage is built from: what it reads from (`ops` with `ctx`), and the
// fields its owner fills in for each message (referred to, not copied).
struct IncomingInit {
  const IncomingOps& ops;
  void* ctx;
  const std::string& method;
  const std::string& url;
  const HeaderFields& headers;
  const size_t& headerCount;
  const HeaderFields& trailers;
  const size_t& trailerCount;
};

}  // namespace nodecc::http::detail
