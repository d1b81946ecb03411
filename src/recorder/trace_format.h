#pragma once
// The trace file: a header, then frames (frame.h) to the end of the file. A trace written by
// the ring mode may begin mid-run (firstFrame > 0: the ring had wrapped); a file-mode trace is
// cut into segments PATH, PATH.1, PATH.2 ..., each with its own header, whose firstFrame
// continues the previous segment's count.
//
// TraceReader checks everything it reads against the bytes it has: a truncated or corrupt
// trace is an error with its byte offset and what was wrong, never a crash or an over-read.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "recorder/frame.h"

namespace nodecc::recorder::core {

inline constexpr char kTraceMagic[8] = {'N', 'O', 'D', 'E', 'C', 'C', 'T', 'R'};
// 2: recv frames name their fd, so that a reader can tell which connection read which bytes
// (replay-diff); version 1 traces cannot say it, and are refused.
inline constexpr uint32_t kTraceVersion = 2;
// Bounds a reader applies before allocating (a corrupt length must not ask for gigabytes).
inline constexpr size_t kMaxHeaderStrings = 1u << 16;
inline constexpr size_t kMaxFramePayload = 64u << 20;

enum HeaderFlags : uint8_t {
  kWrapped = 1u << 0,    // a ring that dropped its oldest frames: not replayable
  kWriteData = 1u << 1,  // kWriteData frames follow kWrite frames
  kCrcHash = 1u << 2,    // write hashes are crcHash, else hashBytes (frame.h)
};

struct TraceHeader {
  uint32_t version = kTraceVersion;
  uint64_t firstFrame = 0;  // index of the first frame in this file
  uint8_t flags = 0;
  std::string buildId;  // the executable's GNU build id, raw bytes (empty: none)
  uint64_t loopId = 0;
  uint64_t pid = 0;
  int64_t startWallMs = 0;
  std::string cwd;
  std::vector<std::string> argv;
  std::vector<std::string> env;
};

// Encodes a header. Its first 8 + 4 + 8 + 1 bytes are fixed-size (magic, version, firstFrame,
// flags) so a dump from a signal handler can patch firstFrame and flags in a copy.
std::string encodeHeader(const TraceHeader& h);
inline constexpr size_t kHeaderFirstFrameOffset = 12;
inline constexpr size_t kHeaderFlagsOffset = 20;

// One decoded frame; `payload` points into the reader's bytes.
struct Frame {
  FrameType type;
  uint64_t index;   // position in the whole run
  uint64_t offset;  // byte offset in its file
  const uint8_t* payload;
  size_t length;
};

class TraceReader {
 public:
  // Parses `bytes` (a whole trace file). On failure error() says why and where.
  bool parse(std::string bytes, std::string_view name);
  // Reads PATH and then PATH.1, PATH.2 ... while they exist (file-mode segments).
  bool open(const std::string& path);

  const std::string& error() const { return error_; }
  const TraceHeader& header() const { return header_; }
  const std::vector<Frame>& frames() const { return frames_; }

 private:
  bool fail(std::string_view name, uint64_t offset, const std::string& what);
  bool parseOne(std::string_view name);

  std::vector<std::string> files_;  // owned bytes; frames point into them
  TraceHeader header_;
  std::vector<Frame> frames_;
  std::string error_;
};

// Hex of a build id, for messages.
std::string hexOf(std::string_view bytes);

// Reads payload fields of a frame; every get fails (returns false) past the payload's end.
class PayloadReader {
 public:
  PayloadReader(const uint8_t* p, size_t n) : p_(p), end_(p + n) {}
  bool u64(uint64_t* v) { return getVarint(&p_, end_, v); }
  bool i64(int64_t* v) {
    uint64_t u;
    if (!u64(&u)) {
      return false;
    }
    *v = unzigzag(u);
    return true;
  }
  bool byte(uint8_t* v) {
    if (p_ == end_) {
      return false;
    }
    *v = *p_++;
    return true;
  }
  bool fixed64(uint64_t* v) {
    if (size_t(end_ - p_) < 8) {
      return false;
    }
    std::memcpy(v, p_, 8);
    p_ += 8;
    return true;
  }
  bool bytes(size_t n, const uint8_t** out) {
    if (size_t(end_ - p_) < n) {
      return false;
    }
    *out = p_;
    p_ += n;
    return true;
  }
  size_t remaining() const { return size_t(end_ - p_); }
  bool done() const { return p_ == end_; }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
};

// Checks a frame's payload against its type's layout (what replay will read from it).
bool validFramePayload(FrameType t, const uint8_t* p, size_t n);

}  // namespace nodecc::recorder::core
