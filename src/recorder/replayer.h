#pragma once
// Replayer: feeds one loop thread the frames of a trace, in order. Each seam call asks for the
// next frame with the type it needs; a different type, or a write whose bytes do not hash to
// the recorded ones, is the first divergence: a report on stderr (frame, call, expected and
// actual, the callback that was running) and abort(), so a debugger stops right there. The
// end of the trace ends the replay: the recorded run stopped there.
#include <cstdint>
#include <string>

#include "recorder/trace_format.h"

namespace nodecc::recorder::core {

class Replayer {
 public:
  explicit Replayer(TraceReader reader) : reader_(std::move(reader)) {}

  // The next frame's payload; it must be a `type` frame, asked for by `call`.
  PayloadReader expect(FrameType type, const char* call);
  // True when the next frame is of `type` (for optional frames).
  bool nextIs(FrameType type) const;
  // Takes the next frame, known to be of `type` (nextIs), as part of the frame before it:
  // reports keep naming that one.
  PayloadReader takeAttached();
  [[noreturn]] void diverge(const std::string& what);
  // The program is ending by itself (main returned, exit, process.exit). Frames the recording
  // still has mean the recorded run went on where this one stopped: a divergence, reported as
  // the others are. Nothing when every frame was read. `status` < 0: not known.
  void exited(int status);

  // Which callback is running, for reports: set by the replay backend's dispatch.
  void setContext(std::string context) { context_ = std::move(context); }
  uint64_t position() const { return next_; }
  const TraceHeader& header() const { return reader_.header(); }

 private:
  [[noreturn]] void end();

  TraceReader reader_;
  size_t next_ = 0;
  size_t current_ = 0;  // the frame a report names: the last one taken
  std::string context_ = "the main script";
};

}  // namespace nodecc::recorder::core
