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

bool crcAvailable() {
  static const bool yes = __builtin_cpu_supports("sse4.2");
  return yes;
}

__attribute__((target("sse4.2"))) uint64_t crcHash(const void* data, size_t len, uint64_t seed) {
  const auto* p = static_cast<const uint8_t*>(data);
  const size_t total = len;
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
  // The last 0-7 bytes from an 8-byte load ending at the piece's end when the piece is that
  // long (a memcpy of a variable length is a call to the C library's), else byte by byte.
  uint64_t tail = 0;
  if (len > 0 && total >= 8) {
    tail = word(p + len - 8) >> (8 * (8 - len));
  } else {
    for (size_t i = 0; i < len; ++i) {
      tail |= uint64_t(p[i]) << (8 * i);
    }
  }
  a = _mm_crc32_u64(a, tail ^ (uint64_t(len) << 56));
  return a ^ (b << 16) ^ (c << 32) ^ (d << 48) ^ (seed << 8);
}

}  // namespace nodecc::recorder::core
