#pragma once
// The thread's spare output buffer, lent to whichever connection is writing, so that an idle
// connection's memory does not include a buffer sized for its last burst of output. The HTTP
// server's cork and a WebSocket connection's output both borrow it.
//
// Both directions move a heap buffer into a string that has none: a move assignment steals the
// pointer (~20 instructions), where swap() handles the small-string cases (~70, twice per
// response when each read carries one request). Loop thread only (the spare is per thread).
#include <string>

namespace nodecc::net::core {

// A std::string holding a heap buffer (more than its small-string capacity).
inline bool ownsHeapBuffer(const std::string& s) {
  static const size_t kInlineCapacity = std::string().capacity();
  return s.capacity() > kInlineCapacity;
}

// `out` with the spare's buffer when out is empty and has none of its own.
std::string& borrowSpare(std::string& out);
// Gives an emptied `out`'s buffer back when the spare has none. Nested passes (a handler
// writing on another connection) may each hold one: the spare keeps one, the others stay with
// their connections (ownsHeapBuffer tells the caller, who may free it).
void returnSpare(std::string& out);

}  // namespace nodecc::net::core
