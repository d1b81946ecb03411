#include "recorder/frame.h"

#include <nmmintrin.h>

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

namespace {
inline uint64_t rotl(uint64_t v, int r) {
  return (v << r) | (v >> (64 - r));
}
}  // namespace

uint64_t hashBytes(const void* data, size_t len, uint64_t seed) {
  // Two lanes of (h ^ word) * odd, rotated: each step is a bijection of h for a given word, so
  // one differing word always changes the result, at ~5 instructions per 8 bytes (recording
  // pays this on every write). A splitmix64 finalizer mixes the lanes.
  const auto* p = static_cast<const uint8_t*>(data);
  uint64_t a = seed ^ (0x9e3779b97f4a7c15ull * (len + 1));
  uint64_t b = 0x6a09e667f3bcc909ull;
  while (len >= 16) {
    uint64_t w0, w1;
    std::memcpy(&w0, p, 8);
    std::memcpy(&w1, p + 8, 8);
    a = rotl((a ^ w0) * 0xbf58476d1ce4e5b9ull, 31);
    b = rotl((b ^ w1) * 0x94d049bb133111ebull, 29);
    p += 16;
    len -= 16;
  }
  uint64_t tail[2] = {0, 0};
  std::memcpy(tail, p, len);
  a = rotl((a ^ tail[0]) * 0xbf58476d1ce4e5b9ull, 31);
  b = rotl((b ^ tail[1] ^ (uint64_t(len) << 56)) * 0x94d049bb133111ebull, 29);
  uint64_t h = a ^ rotl(b, 17);
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
  return h ^ (h >> 31);
}

bool crcAvailable() {
  static const bool yes = __builtin_cpu_supports("sse4.2");
  return yes;
}

__attribute__((target("sse4.2"))) uint64_t crcHash(const void* data, size_t len, uint64_t seed) {
  const auto* p = static_cast<const uint8_t*>(data);
  uint64_t a = seed ^ len, b = 1, c = 2, d = 3;
  auto word = [](const uint8_t* q) {
    uint64_t w;
    std::memcpy(&w, q, 8);
    return w;
  };
  while (len >= 32) {
    a = _mm_crc32_u64(a, word(p));
    b = _mm_crc32_u64(b, word(p + 8));
    c = _mm_crc32_u64(c, word(p + 16));
    d = _mm_crc32_u64(d, word(p + 24));
    p += 32;
    len -= 32;
  }
  while (len >= 8) {
    a = _mm_crc32_u64(a, word(p));
    p += 8;
    len -= 8;
  }
  uint64_t tail = 0;
  std::memcpy(&tail, p, len);
  a = _mm_crc32_u64(a, tail ^ (uint64_t(len) << 56));
  return a ^ (b << 16) ^ (c << 32) ^ (d << 48) ^ (seed << 8);
}

}  // namespace nodecc::recorder::core
