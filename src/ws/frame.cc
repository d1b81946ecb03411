#include "ws/frame.h"

#include <cstring>

namespace nodecc::ws::core {

size_t writeFrameHeader(char* out, Opcode op, bool fin, bool rsv1, uint64_t length,
                        const uint8_t* maskKey) {
  auto* p = reinterpret_cast<uint8_t*>(out);
  p[0] = static_cast<uint8_t>((fin ? 0x80 : 0) | (rsv1 ? 0x40 : 0) | static_cast<uint8_t>(op));
  const uint8_t maskBit = maskKey != nullptr ? 0x80 : 0;
  size_t n;
  if (length < 126) {
    p[1] = static_cast<uint8_t>(maskBit | length);
    n = 2;
  } else if (length < 65536) {
    p[1] = maskBit | 126;
    p[2] = static_cast<uint8_t>(length >> 8);
    p[3] = static_cast<uint8_t>(length);
    n = 4;
  } else {
    p[1] = maskBit | 127;
    for (int i = 0; i < 8; ++i) {
      p[2 + i] = static_cast<uint8_t>(length >> (56 - 8 * i));
    }
    n = 10;
  }
  if (maskKey != nullptr) {
    std::memcpy(p + n, maskKey, 4);
    n += 4;
  }
  return n;
}

}  // namespace nodecc::ws::core
