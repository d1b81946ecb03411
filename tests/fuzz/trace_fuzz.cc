// libFuzzer target for the flight recorder's trace reader (src/recorder/trace_format.h): a
// trace comes from disk, possibly truncated by a crash mid-dump or damaged, and replay must
// refuse it with an error, never crash or read out of bounds. Besides "no crash, no UB", it
// checks that an accepted trace's frames lie inside the input, in order, with consecutive
// indices, and that every payload reads back field by field as replay reads it.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "recorder/trace_format.h"

namespace {

using namespace nodecc::recorder::core;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

// Reads a payload the way the replay side does; validFramePayload promised it would work.
void readAsReplay(const Frame& f) {
  PayloadReader r(f.payload, f.length);
  uint64_t u;
  int64_t s;
  uint8_t b;
  const uint8_t* bytes;
  switch (f.type) {
    case FrameType::kAdd:
    case FrameType::kSignal:
      check(r.u64(&u), "u64 frame");
      break;
    case FrameType::kWait:
    case FrameType::kDrain: {
      uint64_t count;
      check(r.u64(&count), "count");
      for (uint64_t i = 0; i < count; ++i) {
        check(r.u64(&u), "entry");
        if (f.type == FrameType::kWait) {
          check(r.u64(&u), "events");
        }
      }
      break;
    }
    case FrameType::kRecv:
    case FrameType::kRandom:
      if (f.type == FrameType::kRecv) {
        check(r.u64(&u), "fd");
      }
      check(r.i64(&s), "result");
      if (s > 0) {
        check(r.bytes(size_t(s), &bytes), "bytes");
      }
      break;
    case FrameType::kWrite:
      check(r.i64(&s), "result");
      if (s >= 0) {
        check(r.fixed64(&u), "hash");
      }
      break;
    case FrameType::kClock:
    case FrameType::kAddress:
    case FrameType::kSocketResult:
    case FrameType::kAsyncCheck:
      check(r.byte(&b), "tag");
      break;
    default:
      break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  TraceReader reader;
  if (!reader.parse(bytes, "fuzz")) {
    check(!reader.error().empty(), "a refusal says why");
    return 0;
  }
  const auto& frames = reader.frames();
  uint64_t expected = reader.header().firstFrame;
  uint64_t lastOffset = 0;
  for (const Frame& f : frames) {
    check(f.index == expected++, "consecutive indices");
    check(f.offset >= lastOffset && f.offset < size, "offsets in order, inside the input");
    check(f.length <= size - f.offset, "payload inside the input");
    check(validFramePayload(f.type, f.payload, f.length), "payload valid");
    readAsReplay(f);
    lastOffset = f.offset + 1;
  }
  return 0;
}
