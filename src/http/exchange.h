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
#include "net/shared_file.h"

namespace nodecc::http::core {

class ServerConnection;

struct OwnedHeader {
  std::string name;  // as sent
  std::string value;
};

class Exchange {
 public:
  virtual ~Exchange();

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
  // `len` bytes of `file` from `offset`, sent with sendfile(2) after the bytes written before.
  // The exchange (then the socket) holds a reference to the file until they are sent or the
  // connection is gone.
  void sendFile(net::core::SharedFile* file, int64_t offset, size_t len);
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
  // Output waiting for earlier responses: bytes, and file ranges to send at held_ offsets.
  struct HeldFile {
    size_t at;
    net::core::SharedFile* file;
    int64_t offset;
    size_t length;
  };
  void dropHeldFiles();
  std::string held_;
  std::vector<HeldFile> heldFiles_;
  bool finished_ = false;
  bool keepAlive_ = true;
  bool aborted_ = false;
  bool released_ = false;
  bool wrote_ = false;  // response bytes were written (a status line is on its way)
};

}  // namespace nodecc::http::core
