#pragma once
// RFC 6455 §5.3 masking: payload byte i is XORed with key[i % 4]. Applying it twice restores
// the bytes, so one function masks (the client's sender) and unmasks (the server's receiver).
#include <cstddef>
#include <cstdint>

namespace nodecc::ws::core {

// XORs data[0, n) in place with the 4-byte key, starting at key byte (offset & 3): a payload
// that arrives in pieces is unmasked piece by piece with offset = bytes of it already done.
// Eight bytes at a time (a memcpy'd 64-bit word, any alignment), a scalar tail.
void applyMask(char* data, size_t n, const uint8_t key[4], size_t offset = 0);

}  // namespace nodecc::ws::core
