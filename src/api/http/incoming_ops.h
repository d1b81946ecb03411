#pragma once
// IncomingOps: the few operations an IncomingMessage needs from what it reads from. A server's
// request (ExchangeImpl, server/exchange.cc) and a client's response (ClientRequestImpl,
// client/response.cc) each provide one table; the message calls through it with its
// ctx. A table rather than a base class, so the server's exchange needs no new base.
#include <cstddef>
#include <cstdint>
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
  // req.destroy([err]) (err may be null).
  void (*destroy)(void* ctx, const Error* err);
  // The connection's idle timeout (socket.setTimeout).
  void (*setTimeout)(void* ctx, uint64_t ms);
  // setEncoding was called: the bytes received and not yet emitted become one chunk, as
  // Readable.setEncoding decodes its buffer into one string.
  void (*joinBuffered)(void* ctx);
  // 'end' was emitted (a stream made after it ends at once).
  bool (*ended)(const void* ctx);
  // Node's destroyer(stream, err) (lib/internal/streams/destroy.js), what a failed pipeline or
  // an iterator left early does: a server's request loses its socket first (`req.socket =
  // null`), so the connection stays and the handler can still answer; a client's response is
  // destroyed as destroy(err) does.
  void (*abandon)(void* ctx, const Error* err);
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
