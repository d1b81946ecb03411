#include "recorder/replayer.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace nodecc::recorder::core {

PayloadReader Replayer::expect(FrameType type, const char* call) {
  const auto& frames = reader_.frames();
  if (next_ >= frames.size()) {
    end();
  }
  const Frame& f = frames[next_];
  current_ = next_;
  if (f.type != type) {
    diverge(std::string("the program called ") + call + ", the recording has a " +
            frameTypeName(f.type) + " frame here");
  }
  ++next_;
  return PayloadReader(f.payload, f.length);
}

PayloadReader Replayer::takeAttached() {
  const Frame& f = reader_.frames()[next_++];
  return PayloadReader(f.payload, f.length);
}

bool Replayer::nextIs(FrameType type) const {
  const auto& frames = reader_.frames();
  return next_ < frames.size() && frames[next_].type == type;
}

void Replayer::diverge(const std::string& what) {
  const auto& frames = reader_.frames();
  const size_t at = current_;
  std::fflush(stdout);
  std::fprintf(stderr,
               "nodecc replay: divergence at frame %zu of %zu (byte %llu of the trace)\n"
               "  in: %s\n  %s\n",
               at, frames.size(), frames.empty() ? 0ull : (unsigned long long)frames[at].offset,
               context_.c_str(), what.c_str());
  std::fflush(stderr);
  std::abort();
}

void Replayer::exited(int status) {
  const auto& frames = reader_.frames();
  if (next_ >= frames.size()) {
    return;
  }
  current_ = next_;
  const std::string how = status < 0 ? "the program exited"
                                     : "the program exited (status " + std::to_string(status) + ")";
  diverge(how + " here; the recording goes on for " + std::to_string(frames.size() - next_) +
          " more frame(s), the next a " + frameTypeName(frames[next_].type) + " frame");
}

void Replayer::end() {
  std::fflush(stdout);
  std::fprintf(stderr,
               "nodecc replay: end of trace after %zu frames (the recording stopped here)\n",
               reader_.frames().size());
  std::fflush(nullptr);
  // As process.exit(): the recorded run went no further, so neither does this one.
  std::_Exit(0);
}

}  // namespace nodecc::recorder::core
