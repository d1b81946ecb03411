#include "ws/mask.h"

#include <cstring>

namespace nodecc::ws::core {

void applyMask(char* data, size_t n, const uint8_t key[4], size_t offset) {
  // The key rotated so that byte 0 of each 8-byte block lines up with data[0]; memcpy keeps the
  // word's byte order the memory order, so no endianness question arises.
  uint8_t rotated[8];
  for (size_t i = 0; i < 8; ++i) {
    rotated[i] = key[(offset + i) & 3];
  }
  uint64_t word;
  std::memcpy(&word, rotated, 8);
  size_t i = 0;
  // Four words per turn: the loop GCC and clang turn into 16/32-byte vector XORs.
  for (; i + 32 <= n; i += 32) {
    uint64_t w[4];
    std::memcpy(w, data + i, 32);
    w[0] ^= word;
    w[1] ^= word;
    w[2] ^= word;
    w[3] ^= word;
    std::memcpy(data + i, w, 32);
  }
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, data + i, 8);
    w ^= word;
    std::memcpy(data + i, &w, 8);
  }
  for (; i < n; ++i) {
    data[i] = static_cast<char>(data[i] ^ rotated[i & 7]);
  }
}

}  // namespace nodecc::ws::core
