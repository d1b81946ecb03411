#include "recorder/frame.h"

namespace nodecc::recorder::core {

const char* frameTypeName(FrameType t) {
  switch (t) {
    case FrameType::kAdd:
      return "add";
    case FrameType::kWait:
      return "wait";
    case FrameType::kAccept:
      return "accept";
    case FrameType::kRecv:
      return "recv";
    case FrameType::kWrite:
      return "write";
    case FrameType::kSendfile:
      return "sendfile";
    case FrameType::kConnect:
      return "connect";
    case FrameType::kClock:
      return "clock";
    case FrameType::kRandom:
      return "random";
    case FrameType::kSignal:
      return "signal";
    case FrameType::kDrain:
      return "drain";
    case FrameType::kAsyncCheck:
      return "async-check";
    case FrameType::kAddress:
      return "address";
    case FrameType::kSocketResult:
      return "socket-result";
    case FrameType::kWriteData:
      return "write-data";
  }
  return "unknown";
}

uint64_t hashBytes(const void* data, size_t len, uint64_t seed) {
  // A multiply-xorshift over 8-byte words (the mixing constants are splitmix64's).
  const auto* p = static_cast<const uint8_t*>(data);
  uint64_t h = seed ^ (0x9e3779b97f4a7c15ull * (len + 1));
  while (len >= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
    p += 8;
    len -= 8;
  }
  uint64_t tail = 0;
  std::memcpy(&tail, p, len);
  h = (h ^ tail ^ (uint64_t(len) << 56)) * 0x94d049bb133111ebull;
  return h ^ (h >> 29);
}

}  // namespace nodecc::recorder::core
