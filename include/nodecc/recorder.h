#pragma once
// The flight recorder (nodecc's own: Node has none). It records every nondeterministic input a
// loop receives (I/O results, clock reads, random bytes, signals, thread-pool completion order)
// at the loop's seam, so that `nodecc replay TRACE -- ./app` (or NODECC_REPLAY=TRACE ./app)
// runs the same callbacks in the same order and checks every byte written. docs/replay.md is
// the walkthrough. The environment variable NODECC_RECORD chooses the mode before main();
// these functions do it from the program.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace nodecc::recorder {

// Starts recording, spec as NODECC_RECORD ("ring:64M", "file:/var/tmp/app.trace,rotate=1G",
// "off"). Call it at the top of main, before anything that makes the thread's loop (a server,
// a timer): loops made earlier are not recorded. Throws Error ERR_INVALID_ARG_VALUE for a
// malformed spec, ERR_INVALID_STATE when recording or replaying is already on.
void start(std::string_view spec);

// True while this process records.
bool recording();

// Writes every ring to its file and flushes file traces (as SIGUSR2 does); returns the number
// of traces written, each announced on stderr. Any thread.
int dump();

// What a trace file holds, for `nodecc replay --info` and tools.
struct TraceInfo {
  std::string buildId;     // hex; empty when the executable had none
  bool sameBuild = false;  // recorded by this very executable
  uint64_t loopId = 0;
  uint64_t pid = 0;
  int64_t startWallMs = 0;
  uint64_t firstFrame = 0;  // > 0: a ring that wrapped (readable, not replayable)
  bool replayable = false;
  std::string cwd;
  std::vector<std::string> argv;
  std::vector<std::string> env;
  uint64_t frames = 0;
  std::vector<std::pair<std::string, uint64_t>> framesByType;  // frame type name, count
};

// Reads and checks a whole trace (and its rotated segments PATH.1 ...). Throws Error
// ERR_INVALID_TRACE, whose message says what is wrong and at which byte, for a file that is
// not a trace, truncated or corrupt.
TraceInfo inspect(const std::string& path);

// One connection a recorded server accepted and the bytes it read from it, for replay-diff
// (`nodecc replay-diff`) and tools.
struct RecordedConnection {
  std::string peer;          // "127.0.0.1:52714"
  uint64_t acceptFrame = 0;  // the trace frame that accepted it
  std::string received;      // every byte the server read from it, in order
  // Per read: where its bytes start in `received`, and its frame (the run's order).
  std::vector<std::pair<size_t, uint64_t>> reads;
  bool peerClosed = false;  // the recording read the client's end of stream
};

// The connections a trace's server accepted, in accept order, and what each sent. Throws as
// inspect() does for a trace that is not readable.
std::vector<RecordedConnection> connections(const std::string& path);

}  // namespace nodecc::recorder
