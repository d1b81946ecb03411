#include "nodecc/recorder.h"

#include <string>

#include "nodecc/error.h"
#include "recorder/recorded_connections.h"
#include "recorder/recorder.h"
#include "recorder/trace_format.h"

namespace nodecc::recorder {

void start(std::string_view spec) {
  if (core::recording() || core::replaying()) {
    throw Error("ERR_INVALID_STATE", "The flight recorder is already on");
  }
  std::string why;
  if (!core::start(spec, &why)) {
    throw TypeError("ERR_INVALID_ARG_VALUE",
                    "The recorder spec '" + std::string(spec) + "' is invalid: " + why);
  }
}

bool recording() {
  return core::recording();
}

int dump() {
  return core::dumpAll("recorder::dump()", false);
}

TraceInfo inspect(const std::string& path) {
  core::TraceReader reader;
  if (!reader.open(path)) {
    throw Error("ERR_INVALID_TRACE", reader.error());
  }
  const core::TraceHeader& h = reader.header();
  TraceInfo info;
  info.buildId = core::hexOf(h.buildId);
  info.sameBuild = h.buildId == core::buildId();
  info.loopId = h.loopId;
  info.pid = h.pid;
  info.startWallMs = h.startWallMs;
  info.firstFrame = h.firstFrame;
  info.replayable = h.firstFrame == 0 && (h.flags & core::kWrapped) == 0 && h.loopId == 0;
  info.cwd = h.cwd;
  info.argv = h.argv;
  info.env = h.env;
  info.frames = reader.frames().size();
  uint64_t counts[size_t(core::FrameType::kMax) + 1] = {};
  for (const core::Frame& f : reader.frames()) {
    ++counts[size_t(f.type)];
  }
  for (size_t t = 1; t <= size_t(core::FrameType::kMax); ++t) {
    if (counts[t] > 0) {
      info.framesByType.emplace_back(core::frameTypeName(core::FrameType(t)), counts[t]);
    }
  }
  return info;
}

std::vector<RecordedConnection> connections(const std::string& path) {
  core::TraceReader reader;
  if (!reader.open(path)) {
    throw Error("ERR_INVALID_TRACE", reader.error());
  }
  std::vector<RecordedConnection> out;
  for (core::RecordedConnection& c : core::recordedConnections(reader)) {
    RecordedConnection r;
    r.peer = std::move(c.peer);
    r.acceptFrame = c.acceptFrame;
    r.received = std::move(c.received);
    r.reads = std::move(c.reads);
    r.peerClosed = c.peerClosed;
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace nodecc::recorder
