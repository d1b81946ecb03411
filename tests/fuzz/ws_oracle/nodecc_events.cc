// The ws_frame corpus through nodecc's ws core, printed as ws_events.js prints it through the
// `ws` package: one line per input, "<file>\t<events>". compare.py reads both. Not built by
// CMake (a manual check, see compare.py):
//   g++ -std=c++20 -O1 -I src tests/fuzz/ws_oracle/nodecc_events.cc src/ws/*.cc -lz -lcrypto
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "ws/deflate.h"
#include "ws/extensions.h"
#include "ws/handshake.h"
#include "ws/receiver.h"

using namespace nodecc::ws::core;

namespace {

std::string hex(std::string_view d) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : d) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

struct Events : Receiver::Handler {
  std::string s;
  void onMessage(std::string_view d, bool binary) override {
    s += (binary ? "B" : "T") + hex(d) + "|";
  }
  void onPing(std::string_view d) override { s += "i" + hex(d) + "|"; }
  void onPong(std::string_view d) override { s += "o" + hex(d) + "|"; }
  void onClose(uint16_t code, std::string_view reason) override {
    s += "c" + std::to_string(code) + " " + hex(reason) + "|";
  }
  void onError(uint16_t closeCode, std::string_view message, std::string_view code) override {
    s += "e" + std::to_string(closeCode) + " " + std::string(message) + " " + std::string(code) +
         "|";
  }
};

std::string negotiation(const DeflateNegotiation& n) {
  if (!n.params) {
    return n.error.empty() ? "none" : "ERR";
  }
  const DeflateParams& p = *n.params;
  return std::to_string(p.serverNoContextTakeover) + std::to_string(p.clientNoContextTakeover) +
         "/" + std::to_string(p.serverMaxWindowBits) + "/" + std::to_string(p.clientMaxWindowBits);
}

// The fuzz target's header mode: three option sets, server and client side, then the protocols.
std::string headers(const std::string& h) {
  std::string line;
  for (int variant = 0; variant < 3; ++variant) {
    DeflateOptions o;
    if (variant == 1) {
      o.serverNoContextTakeover = o.clientNoContextTakeover = true;
      o.serverMaxWindowBits = 10;
      o.clientMaxWindowBits = 11;
    } else if (variant == 2) {
      o.serverMaxWindowBits = o.clientMaxWindowBits = kWindowBitsFalse;
      o.refuseServerNoContextTakeover = o.refuseClientNoContextTakeover = true;
    }
    line += negotiation(negotiateDeflateOffer(h, o)) + " " +
            negotiation(acceptDeflateResponse(h, o)) + " ";
  }
  std::vector<std::string_view> protocols;
  const bool ok = parseProtocols(h, protocols);
  line += ok ? "P" : "p";
  for (std::string_view p : protocols) {
    line += ok ? "," + std::string(p) : "";
  }
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus dir>\n", argv[0]);
    return 2;
  }
  for (const auto& entry : std::filesystem::directory_iterator(argv[1])) {
    std::ifstream f(entry.path(), std::ios::binary);
    const std::string in((std::istreambuf_iterator<char>(f)), {});
    if (in.size() < 2) {
      continue;
    }
    const auto flags = static_cast<uint8_t>(in[0]);
    const size_t cuts = static_cast<uint8_t>(in[1]) % 8;
    if (in.size() < 2 + 2 * cuts) {
      continue;
    }
    std::string wire = in.substr(2 + 2 * cuts);
    std::string line;
    if ((flags & 0x80) != 0) {
      line = "H" + headers(wire);
    } else {
      const Role role = (flags & 1) != 0 ? Role::kClient : Role::kServer;
      DeflateParams p;
      p.serverNoContextTakeover = (flags & 4) != 0;
      p.clientNoContextTakeover = (flags & 8) != 0;
      std::unique_ptr<PerMessageDeflate> deflate;
      if ((flags & 2) != 0) {
        deflate = std::make_unique<PerMessageDeflate>(role, p, DeflateOptions{});
      }
      Limits limits;
      limits.maxPayload = (flags & 16) != 0 ? 64 * 1024 : 4 << 20;
      limits.maxFragments = (flags & 16) != 0 ? 8 : 16 * 1024;
      limits.skipUtf8Validation = (flags & 32) != 0;
      Receiver r(role, limits, deflate.get());
      Events events;
      r.feed(wire.data(), wire.size(), events);
      line = "F" + events.s;
    }
    std::printf("%s\t%s\n", entry.path().filename().c_str(), line.c_str());
  }
  return 0;
}
