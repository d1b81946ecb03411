#pragma once
// The vocabulary of RFC 6455 §5 shared by the receiver and the sender: who we are (a server
// reads masked frames and writes unmasked ones, a client the reverse), the opcodes, the frame
// header's sizes, and the header writer. Pure code, no state.
#include <cstddef>
#include <cstdint>

namespace nodecc::ws::core {

enum class Role : uint8_t { kServer, kClient };

enum class Opcode : uint8_t {
  kContinuation = 0,
  kText = 1,
  kBinary = 2,
  kClose = 8,
  kPing = 9,
  kPong = 10,
};

inline bool isControl(Opcode op) {
  return static_cast<uint8_t>(op) >= 8;
}

// A frame header is 2 bytes, then 2 or 8 of extended length, then 4 of masking key.
inline constexpr size_t kMaxFrameHeaderBytes = 14;
// Control frames carry at most 125 bytes (RFC 6455 §5.5); a close frame's reason at most 123.
inline constexpr size_t kMaxControlPayload = 125;
inline constexpr size_t kMaxCloseReason = 123;

// Writes the header of one frame to out (room for kMaxFrameHeaderBytes) and returns its length:
// FIN, RSV1 (a compressed message's first frame), the opcode, the shortest length encoding, and
// the masking key when maskKey is not null (the payload itself is the caller's to mask).
size_t writeFrameHeader(char* out, Opcode op, bool fin, bool rsv1, uint64_t length,
                        const uint8_t* maskKey);

}  // namespace nodecc::ws::core
