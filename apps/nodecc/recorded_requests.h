#pragma once
// The HTTP requests of a trace: each recorded connection's bytes cut into requests (head plus
// body by Content-Length or chunked framing), placed in the run's order by the frame that
// read their first byte.
#include <nodecc/recorder.h>

#include <cstdint>
#include <string>
#include <vector>

namespace nodecc::cli {

struct RecordedRequest {
  size_t connection = 0;  // index in the trace's connections (accept order)
  size_t index = 0;       // position on its connection, from 0
  uint64_t frame = 0;     // the frame that read its first byte
  std::string bytes;      // as the server read them
  std::string method;     // "?" when the request line is not one
  std::string target;
  bool last = false;  // the last request of its connection
};

struct RecordedTraffic {
  std::vector<RecordedRequest> requests;  // in the run's order
  size_t connections = 0;                 // connections that sent at least one request
  size_t incomplete = 0;                  // connections whose last bytes were not a whole request
};

// A malformed head takes the connection's remaining bytes as one request (the servers' 400
// is then compared); bytes that end mid-request are counted in `incomplete`, not sent.
RecordedTraffic splitRequests(const std::vector<recorder::RecordedConnection>& connections);

}  // namespace nodecc::cli
