#pragma once
// The flight recorder's process-wide session. At start-up (before main's static objects are
// built) it reads NODECC_RECORD or NODECC_REPLAY:
//   - recording: the os seam's hooks (os/seam.h) record what the kernel answered into the
//     calling thread's TraceSink, and the loop's backend (src/loop/recording_backend.h) does
//     the same for I/O. One trace per loop thread; the main thread's is loop 0. Crash signals
//     (SEGV, BUS, ILL, FPE, ABRT) and SIGUSR2 dump every ring; SIGTERM and SIGINT flush file
//     traces before the default action.
//   - replaying: the trace is read and checked (same build, replayable) before main; the seam
//     answers the main thread from it (src/loop/replay_backend.h for I/O) and the first
//     divergence stops the process with a report.
#include <cstdint>
#include <string>
#include <string_view>

#include "recorder/trace_sink.h"

namespace nodecc::recorder::core {

class Replayer;

// What the seam knows about the calling thread.
struct ThreadTrace {
  TraceSink* sink = nullptr;     // recording into this
  Replayer* replayer = nullptr;  // replaying from this
  int bypass = 0;                // > 0: straight to the kernel (replayed pool work run inline)
  uint64_t lastClock[3] = {};    // clock frames hold deltas from these
};
extern thread_local ThreadTrace tThreadTrace;

bool recording();
bool replaying();
bool recordWrites();  // the `writes` option

// Loop threads: the calling thread's sink, made with the next loop id on the first call;
// nullptr when not recording.
TraceSink* attachThread();

// Starts recording from the API: spec as NODECC_RECORD. Fails when recording or replaying is
// already on, or the spec is invalid.
bool start(std::string_view spec, std::string* error);

// Writes every ring to its file and flushes the calling thread's file trace (every file trace
// when `fatal`: the process is ending); prints where to stderr. Returns the number of traces
// written. Async-signal-safe.
int dumpAll(const char* why, bool fatal);

// Writes what file traces buffered (process.exit, which skips atexit handlers, calls it).
void flushFiles();

// The program ends by itself with `status` (process.exit calls it; an atexit handler does for
// main's return and exit(), with -1: not known): a replay that has not read every frame of its
// trace reports the divergence (Replayer::exited). Nothing outside replay.
void programExiting(int status);

// The executable's GNU build id (raw bytes; empty when it has none).
std::string buildId();

}  // namespace nodecc::recorder::core
