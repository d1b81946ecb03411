#pragma once
// Close status codes (RFC 6455 §7.4), judged as the `ws` package judges them.
#include <cstdint>

namespace nodecc::ws::core {

// The codes a peer may put in a close frame (ws's isValidStatusCode): 1000-1014 less 1004
// (reserved), 1005 and 1006 (never sent: "no code" and "abnormal closure"), and 3000-4999
// (registered and private use). Anything else in a received close frame is a 1002.
inline bool isValidReceivedCloseCode(uint16_t code) {
  return (code >= 1000 && code <= 1014 && code != 1004 && code != 1005 && code != 1006) ||
         (code >= 3000 && code <= 4999);
}

// The codes ws.close(code) sends. ws 8 checks them with the same isValidStatusCode (its
// Sender#close throws "First argument must be a valid error code number" otherwise), so a
// server may send 1001, 1002, 1007, 1009, 1011 ... as well as 1000 and 3000-4999. (The
// browser's WebSocket#close accepts only 1000 and 3000-4999; that is the WHATWG API's rule,
// not ws's.)
inline bool isValidSentCloseCode(uint16_t code) {
  return isValidReceivedCloseCode(code);
}

}  // namespace nodecc::ws::core
