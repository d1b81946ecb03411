// libFuzzer target for the WebSocket engine (src/ws, compiled alone with zlib and libcrypto).
// Input: a config byte, a cut count and cut positions, then the wire bytes. Config bits:
//   0 role (server reads masked frames, client unmasked), 1 permessage-deflate negotiated,
//   2/3 server/client_no_context_takeover, 4 a small maxPayload (64 KiB) and maxFragments (8),
//   5 skipUtf8Validation, 7 header mode: the bytes are a Sec-WebSocket-Extensions / -Protocol value
//   instead.
// Properties, aborting when one fails:
//   - feeding the bytes split at the chosen points (each piece in its own exact-size buffer, so
//     ASan sees an over-read) gives exactly the events of feeding them whole, and so does
//     feeding them one byte at a time (short inputs);
//   - nothing is delivered after a close or an error, and an error's close code is one ws uses;
//   - the receiver's memory stays within the limits (a deflate bomb is stopped);
//   - header mode: parse(format(parse(h))) == parse(h); negotiation never accepts what ws
//     would not format back; parseProtocols' tokens are tokens.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ws/deflate.h"
#include "ws/extensions.h"
#include "ws/handshake.h"
#include "ws/receiver.h"

namespace {

using namespace nodecc::ws::core;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

class Recorder : public Receiver::Handler {
 public:
  std::vector<std::string> events;
  bool ended = false;

  void add(std::string e) {
    check(!ended, "no event after a close or an error");
    events.push_back(std::move(e));
  }
  void onMessage(std::string_view data, bool binary) override {
    add(std::string(binary ? "B" : "T") + std::string(data));
  }
  void onPing(std::string_view data) override { add("i" + std::string(data)); }
  void onPong(std::string_view data) override { add("o" + std::string(data)); }
  void onClose(uint16_t code, std::string_view reason) override {
    add("c" + std::to_string(code) + " " + std::string(reason));
    ended = true;
  }
  void onError(uint16_t closeCode, std::string_view message, std::string_view code) override {
    check(closeCode == 1002 || closeCode == 1007 || closeCode == 1008 || closeCode == 1009,
          "an error's close code is one ws sends");
    add("e" + std::to_string(closeCode) + " " + std::string(message) + " " + std::string(code));
    ended = true;
  }
};

struct Config {
  Role role;
  bool deflate;
  DeflateParams params;
  Limits limits;
};

std::vector<std::string> run(const Config& c, std::string_view wire,
                             const std::vector<size_t>& cuts) {
  std::unique_ptr<PerMessageDeflate> deflate;
  if (c.deflate) {
    deflate = std::make_unique<PerMessageDeflate>(c.role, c.params, DeflateOptions{});
  }
  Receiver r(c.role, c.limits, deflate.get());
  Recorder rec;
  size_t from = 0;
  for (size_t i = 0; i <= cuts.size(); ++i) {
    const size_t to = i < cuts.size() ? cuts[i] : wire.size();
    std::unique_ptr<char[]> piece(new char[to - from + 1]);
    std::memcpy(piece.get(), wire.data() + from, to - from);
    r.feed(piece.get(), to - from, rec);
    // The message buffer may exceed the limit by one inflate step, doubled by std::string.
    const uint64_t bound =
        c.limits.maxPayload == 0 ? UINT64_MAX : 2 * (c.limits.maxPayload + 16 * 1024) + 64;
    check(r.bufferedBytes() <= bound, "receiver memory within maxPayload");
    from = to;
  }
  check(r.stopped() == rec.ended, "stopped() after a close or an error, only then");
  return rec.events;
}

void headers(std::string_view h) {
  std::vector<ExtensionOffer> offers;
  if (parseExtensions(h, offers)) {
    std::vector<ExtensionOffer> again;
    check(parseExtensions(formatExtensions(offers), again), "formatted extensions parse");
    check(formatExtensions(again) == formatExtensions(offers), "extensions format round trip");
  }
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
    for (const DeflateNegotiation& n : {negotiateDeflateOffer(h, o), acceptDeflateResponse(h, o)}) {
      check(!(n.params && !n.error.empty()), "params or error, not both");
      if (n.params) {
        const DeflateParams& p = *n.params;
        check(p.serverMaxWindowBits >= 8 && p.serverMaxWindowBits <= 15 &&
                  p.clientMaxWindowBits >= 8 && p.clientMaxWindowBits <= 15,
              "agreed window bits in 8..15");
        // What the server answers, a client must accept.
        const DeflateNegotiation back = acceptDeflateResponse(formatDeflateResponse(p), {});
        check(back.params.has_value(), "a server's answer is acceptable to a default client");
      }
    }
  }
  std::vector<std::string_view> protocols;
  parseProtocols(h, protocols);
  for (std::string_view p : protocols) {
    check(!p.empty(), "protocol tokens are not empty");
    for (char ch : p) {
      check(isTokenChar(static_cast<unsigned char>(ch)), "protocols are tokens");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) {
    return 0;
  }
  const uint8_t flags = data[0];
  const size_t cutCount = data[1] % 8;
  if (size < 2 + 2 * cutCount) {
    return 0;
  }
  const auto* positions = data + 2;
  std::string_view wire(reinterpret_cast<const char*>(data + 2 + 2 * cutCount),
                        size - 2 - 2 * cutCount);
  if ((flags & 0x80) != 0) {
    headers(wire);
    return 0;
  }
  Config c;
  c.role = (flags & 1) != 0 ? Role::kClient : Role::kServer;
  c.deflate = (flags & 2) != 0;
  c.params.serverNoContextTakeover = (flags & 4) != 0;
  c.params.clientNoContextTakeover = (flags & 8) != 0;
  // Without the small limits the default 100 MiB maxPayload applies to what a bomb inflates to:
  // keep the fuzzer's memory modest with a 4 MiB cap instead.
  c.limits.maxPayload = (flags & 16) != 0 ? 64 * 1024 : 4 << 20;
  c.limits.maxFragments = (flags & 16) != 0 ? 8 : 16 * 1024;
  c.limits.skipUtf8Validation = (flags & 32) != 0;

  std::vector<size_t> cuts;
  for (size_t i = 0; i < cutCount; ++i) {
    const size_t at =
        wire.empty() ? 0 : (positions[2 * i] << 8 | positions[2 * i + 1]) % wire.size();
    if ((cuts.empty() || at > cuts.back()) && at > 0) {
      cuts.push_back(at);
    }
  }
  const std::vector<std::string> whole = run(c, wire, {});
  check(run(c, wire, cuts) == whole, "split feeding gives the events of whole feeding");
  if (wire.size() <= 512) {
    std::vector<size_t> every;
    for (size_t i = 1; i < wire.size(); ++i) {
      every.push_back(i);
    }
    check(run(c, wire, every) == whole, "byte-by-byte feeding gives the events of whole feeding");
  }
  return 0;
}
