#pragma once
// The recorder's configuration: NODECC_RECORD (or recorder::start in the API) in the forms
//   off                         the default: nothing recorded, nothing installed
//   ring:SIZE[,path=P][,writes] the last SIZE bytes (K/M/G suffixes) of frames per loop thread
//                               in memory, dumped to P (default nodecc-PID.trace; loop threads
//                               after the first add .loopN) on a crash, SIGUSR2 or the API
//   file:PATH[,rotate=SIZE][,writes]
//                               every frame, written to PATH as it goes, rotated past SIZE
//                               into PATH.1, PATH.2 ... (default: never rotated)
// `writes` also keeps the bytes of every write (not just their hash), so a divergence report
// can show the expected bytes.
#include <cstddef>
#include <string>
#include <string_view>

namespace nodecc::recorder::core {

// Limits of the forms above.
inline constexpr size_t kMinRingBytes = 64u << 10;
inline constexpr size_t kMinRotateBytes = 64u << 10;

struct RecordConfig {
  enum class Mode { kOff, kRing, kFile } mode = Mode::kOff;
  size_t ringBytes = 0;
  std::string path;
  size_t rotateBytes = 0;
  bool writes = false;
};

// Parses a NODECC_RECORD value; on failure `error` says what is wrong.
bool parseRecordConfig(std::string_view spec, RecordConfig* out, std::string* error);

}  // namespace nodecc::recorder::core
