#pragma once
// The flight recorder (nodecc's own: Node has none). It records every nondeterministic input a
// loop receives (I/O results, clock reads, random bytes, signals, thread-pool completion order)
// at the loop's seam, so that `nodecc replay TRACE -- ./app` (or NODECC_REPLAY=TRACE ./app)
// runs the same callbacks in the same order and checks every byte written. docs/replay.md is
// the walkthrough. The environment variable NODECC_RECORD chooses the mode before main();
// these functions do it from the program.
#include <string_view>

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

}  // namespace nodecc::recorder
