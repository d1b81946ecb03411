#pragma once
// Sender: the framing of one connection's outgoing messages (RFC 6455 §5), as the `ws`
// package's lib/sender.js frames them. Appends whole frames to the caller's std::string (the
// connection's output buffer; writing it out is the caller's). One thread at a time, the same
// as the connection's PerMessageDeflate.
//
// A client masks every frame with a fresh key (RFC 6455 §5.3). Keys come 4 bytes at a time from
// a per-thread pool of 4 KiB refilled by OpenSSL's RAND_bytes, ws's own scheme (an 8 KiB pool
// from crypto.randomFillSync): keys straight from the CSPRNG, unpredictable as §10.3 asks, at
// one RAND_bytes call per 1024 frames.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "ws/frame.h"

namespace nodecc::ws::core {

class PerMessageDeflate;

class Sender {
 public:
  // deflate: the connection's permessage-deflate state when negotiated, else null. Not owned.
  Sender(Role role, PerMessageDeflate* deflate);

  // Appends a data frame, as ws's send(data, {binary, fin, compress}). opcode is kText or
  // kBinary: it starts a message when the previous one was finished (fin), otherwise the frame
  // is a continuation of the message in progress (its opcode is ignored). With fin=false more
  // frames of the same message follow.
  //
  // Compression, ws's rule: the first frame of a message decides for the whole message; it is
  // compressed when deflate was negotiated and compress is true, except that when this side
  // resets its context after each message (server_no_context_takeover for a server,
  // client_no_context_takeover for a client) a first frame smaller than the threshold is sent
  // plain (a fresh context gains nothing on a small message; a kept context does, so then ws
  // compresses every size).
  void send(std::string& out, Opcode opcode, std::string_view data, bool fin = true,
            bool compress = true);

  // Control frames: data at most 125 bytes (ws's callers throw RangeError beyond; here a larger
  // one is a broken precondition and aborts).
  void ping(std::string& out, std::string_view data);
  void pong(std::string& out, std::string_view data);

  // A close frame: no payload when code is 0, else the code and the reason. Preconditions (ws
  // throws before framing): code 0 with an empty reason, or isValidSentCloseCode(code) with a
  // reason of at most 123 bytes; anything else aborts.
  void close(std::string& out, uint16_t code, std::string_view reason);

  // A compression buffer larger than this is released after its message.
  static constexpr size_t kKeptBufferBytes = 64 * 1024;

  // Whether a message is in progress (a frame with fin=false was sent).
  bool midMessage() const { return !firstFragment_; }

 private:
  void frame(std::string& out, Opcode op, bool fin, bool rsv1, std::string_view payload);

  Role role_;
  PerMessageDeflate* deflate_;
  bool firstFragment_ = true;
  bool compress_ = false;  // the message in progress is compressed
};

}  // namespace nodecc::ws::core
