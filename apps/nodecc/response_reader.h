#pragma once
// One client connection of replay-diff to a server under test: a blocking loopback socket
// that sends a recorded request as it was read and reads back the whole response (status
// line, fields, body decoded from chunked or Content-Length framing, or up to the close).
// Every wait is bounded by the timeout given.
#include <cstdint>
#include <string>

#include "http_wire.h"

namespace nodecc::cli {

struct HttpResponse {
  // What came back: a response, or why none did (the text is what a report shows).
  enum class Outcome { kResponse, kRefused, kClosed, kTimeout, kMalformed, kNotSent };
  Outcome outcome = Outcome::kNotSent;
  std::string statusLine;  // "HTTP/1.1 200 OK"
  int status = 0;
  HeaderList headers;
  std::string body;  // decoded
  bool closes = false;

  // "HTTP/1.1 200 OK", or "no response: connection closed" and the like.
  std::string summary(int timeoutMs) const;
};

class ResponseReader {
 public:
  ResponseReader(uint16_t port, int timeoutMs) : port_(port), timeoutMs_(timeoutMs) {}
  ~ResponseReader();
  ResponseReader(const ResponseReader&) = delete;
  ResponseReader& operator=(const ResponseReader&) = delete;

  // Sends `request` (connecting first if needed) and reads its response; interim 1xx
  // responses other than 101 are skipped. `head`: the request was HEAD (no body follows).
  // After a response that closes, or any failure, the connection is done: later requests
  // get kNotSent.
  HttpResponse exchange(const std::string& request, bool head);
  void close();

 private:
  bool sendAll(const std::string& bytes);
  // Reads more bytes into buf_; false on end of stream, error or timeout (timedOut_ says).
  bool fill();
  HttpResponse readResponse(bool head);
  HttpResponse fail(HttpResponse::Outcome outcome);

  uint16_t port_;
  int timeoutMs_;
  int fd_ = -1;
  bool done_ = false;
  bool timedOut_ = false;
  std::string buf_;  // received, not yet consumed
};

}  // namespace nodecc::cli
