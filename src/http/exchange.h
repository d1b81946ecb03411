#pragma once
// Exchange: one request and its response on a server connection. The HTTP layer fills the
// request part (owned copies of the head, so a handler may answer long after the read that
// carried it) and moves the response bytes to the socket strictly in request order: the
// response of a pipelined request that finishes early waits in its exchange until every
// earlier response has gone.
//
// The API layer derives its IncomingMessage/ServerResponse pair from Exchange and frames the
// response bytes itself (status line, headers, chunked coding); this layer only transports.
// Lifecycle: created by ServerDelegate::newExchange, returned through
// ServerDelegate::releaseExchange once the response is finished (or the connection is gone)
// and the delegate has no more use for it.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "http/parse_types.h"

namespace nodecc::http {

class ServerConnection;

struct OwnedHeader {
  std::string name;  // as sent
  std::string value;
};

class Exchange {
 public:
  virtual ~Exchange() = default;

  // --- request (read-only for the delegate)
  std::string method;
  std::string url;
  uint8_t versionMajor = 1;
  uint8_t versionMinor = 1;
  // headers[0..headerCount): the vector keeps its strings between requests (no allocation
  // once warm).
  std::vector<OwnedHeader> headers;
  size_t headerCount = 0;
  std::vector<OwnedHeader> trailers;
  size_t trailerCount = 0;
  BodyKind body = BodyKind::kNone;
  uint64_t contentLength = 0;
  bool keepAliveRequested = true;
  bool upgrade = false;
  std::string expect;
  bool bodyComplete = false;  // every body byte was delivered (req.complete)

  // --- response transport (the delegate calls these)
  // Bytes of this response, already framed. Ordered behind earlier responses.
  void write(std::string_view bytes);
  void write(std::string&& bytes);
  // The response is complete. keepAlive: the connection may carry another request after it.
  void finish(bool keepAlive);
  // Queued response bytes (this exchange's and the socket's): the 'drain' threshold.
  size_t pendingBytes() const;
  bool finished() const { return finished_; }
  // The connection is gone; writes are dropped.
  bool aborted() const { return aborted_; }
  ServerConnection* connection() const { return conn_; }

  // Resets request and response state for reuse; keeps string capacity.
  void reset();

 private:
  friend class ServerConnection;
  ServerConnection* conn_ = nullptr;
  Exchange* next_ = nullptr;  // the connection's in-order queue
  std::string held_;          // output waiting for earlier responses
  bool finished_ = false;
  bool keepAlive_ = true;
  bool aborted_ = false;
  bool released_ = false;
  bool wrote_ = false;  // response bytes were written (a status line is on its way)
};

}  // namespace nodecc::http
