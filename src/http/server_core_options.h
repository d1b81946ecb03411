#pragma once
// ServerCore limits and timeouts. Defaults follow Node.js's http.ServerCore.
#include <cstddef>
#include <cstdint>

#include "http/parse_types.h"

namespace nodecc::http::core {

struct ServerCoreOptions {
  ParserLimits limits;
  uint64_t keepAliveTimeoutMs = 5000;  // idle time between requests
  uint64_t headersTimeoutMs = 60000;   // from a request's first byte to its complete head
  uint64_t requestTimeoutMs = 300000;  // from a request's first byte to its complete body
  uint64_t lingerMs = 2000;            // reading and discarding after a closing response
  uint32_t maxRequestsPerSocket = 0;   // 0: unlimited
  size_t highWaterMark = 16 * 1024;    // response bytes queued before write() returns false
  size_t maxPipelinedRequests = 64;    // requests parsed ahead of their responses
  bool noDelay = true;
};

}  // namespace nodecc::http::core
