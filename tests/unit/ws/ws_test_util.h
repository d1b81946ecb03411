#pragma once
// Helpers of the ws core tests: frames built byte by byte (so tests can set any bit), and a
// Handler that records events as strings, so whole and split feeding compare with ==.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ws/frame.h"
#include "ws/mask.h"
#include "ws/receiver.h"

namespace nodecc::ws::core::testing {

inline constexpr uint8_t kTestKey[4] = {0x37, 0xfa, 0x21, 0x3d};

// One frame: first byte b0 as given (FIN/RSV/opcode bits), payload masked with kTestKey when
// masked, the length in its shortest form.
inline std::string rawFrame(uint8_t b0, std::string_view payload, bool masked) {
  char header[kMaxFrameHeaderBytes];
  size_t n = writeFrameHeader(header, static_cast<Opcode>(b0 & 0x0f), (b0 & 0x80) != 0,
                              (b0 & 0x40) != 0, payload.size(), masked ? kTestKey : nullptr);
  header[0] = static_cast<char>(b0);
  std::string out(header, n);
  const size_t at = out.size();
  out.append(payload);
  if (masked) {
    applyMask(out.data() + at, payload.size(), kTestKey);
  }
  return out;
}

// What a client sends (masked) and what a server sends (unmasked).
inline std::string clientFrame(uint8_t b0, std::string_view payload) {
  return rawFrame(b0, payload, true);
}
inline std::string serverFrame(uint8_t b0, std::string_view payload) {
  return rawFrame(b0, payload, false);
}

class Recorder : public Receiver::Handler {
 public:
  std::vector<std::string> events;
  // Where the last message's view pointed.
  const char* lastData = nullptr;

  void onMessage(std::string_view data, bool binary) override {
    lastData = data.data();
    events.push_back(std::string(binary ? "binary " : "text ") + std::string(data));
  }
  void onPing(std::string_view data) override { events.push_back("ping " + std::string(data)); }
  void onPong(std::string_view data) override { events.push_back("pong " + std::string(data)); }
  void onClose(uint16_t code, std::string_view reason) override {
    events.push_back("close " + std::to_string(code) + " " + std::string(reason));
  }
  void onError(uint16_t closeCode, std::string_view message, std::string_view code) override {
    events.push_back("error " + std::to_string(closeCode) + " " + std::string(message) + " " +
                     std::string(code));
  }
};

// Feeds `wire` (copied: the receiver unmasks in place) in pieces cut at `cuts` (ascending
// offsets) and returns the events.
inline std::vector<std::string> feedPieces(Receiver& r, std::string wire,
                                           const std::vector<size_t>& cuts) {
  Recorder rec;
  size_t from = 0;
  for (size_t i = 0; i <= cuts.size(); ++i) {
    const size_t to = i < cuts.size() ? cuts[i] : wire.size();
    // Each piece in its own buffer, as successive reads would be.
    std::string piece = wire.substr(from, to - from);
    r.feed(piece.data(), piece.size(), rec);
    from = to;
  }
  return rec.events;
}

}  // namespace nodecc::ws::core::testing
