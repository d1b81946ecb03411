#pragma once
// What each accepted connection of a recorded run received: the bytes the server read from it,
// in order, for replay-diff (docs/replay.md). Pure over a parsed trace; no I/O.
#include <cstdint>
#include <string>
#include <vector>

#include "recorder/trace_format.h"

namespace nodecc::recorder::core {

struct RecordedConnection {
  std::string peer;          // "127.0.0.1:52714" ("?" when the address was not an IP one)
  uint64_t acceptFrame = 0;  // index of the accept frame that opened it
  std::string received;      // every byte the server read from it
  // Per read that returned bytes: where its bytes start in `received` and its frame index,
  // so that a request can be placed in the run's order.
  std::vector<std::pair<size_t, uint64_t>> reads;
  bool peerClosed = false;  // a read returned 0 (the client's FIN)
};

// The connections the trace's accept frames opened, in accept order. A connection is the
// recorded fd from its accept to the next socket registered with that fd that no accept
// produced (fds are reused; an outgoing socket's reads are not a server's input).
std::vector<RecordedConnection> recordedConnections(const TraceReader& reader);

}  // namespace nodecc::recorder::core
