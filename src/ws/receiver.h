#pragma once
// Receiver: the frame parser and message assembler of one WebSocket connection (RFC 6455 §5,
// RFC 7692 §6), applying every rule exactly as the `ws` package's lib/receiver.js does, with
// its error messages, close codes and error code names.
//
// Bytes in, callbacks out: feed() parses what the connection read and calls the Handler for
// each message, ping, pong and close, or once for a protocol violation. No I/O, no loop; one
// thread at a time (the connection's), and the PerMessageDeflate given must be used by the
// same thread.
//
// Copies: a message that is whole inside the fed bytes (one unfragmented, uncompressed frame)
// is delivered as a view into them, unmasked in place (zero copy: the common small-message
// case). A frame that is not whole has its payload unmasked and appended to the receiver's
// message buffer as it arrives (a partial header, < 14 bytes, and a partial control payload,
// <= 125 bytes, wait in fixed arrays of the object); fragmented and compressed messages
// assemble in that same buffer, reused from message to message (no allocation per message in
// steady state) and released after a message larger than kKeptBufferBytes.
//
// Differences from ws, by design, all about when an error is seen (and so, at times, which of
// two is reported first), never whether the connection fails. A frame is processed as its
// bytes arrive (unmasked, inflated, validated), so an error inside a frame is reported before
// the rest of the frame comes, where ws waits for the whole frame. Text is validated as it
// arrives (a bad first fragment fails now, not when the message ends: Autobahn 6.4.x), so an
// invalid fragment reports 1007 even if a later fragment would have broken maxPayload first,
// and inflated text that is invalid before a corrupt deflate spot reports the UTF-8 error (ws:
// zlib's; both 1007). maxFragments is counted when a frame's header is read. Otherwise the
// events, messages and codes are ws's: the fuzz corpus run through ws 8.23's Receiver gave
// identical events for every input (507 of 625) but these cases.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "ws/frame.h"
#include "ws/utf8_validator.h"

namespace nodecc::ws::core {

class PerMessageDeflate;

struct Limits {
  // The largest message (sum of its frames' payloads, and for a compressed message also its
  // inflated size), as ws's maxPayload: 100 MiB by default; 0 means no limit, as in ws.
  uint64_t maxPayload = 100 * 1024 * 1024;
  // The most frames one data message may have, as ws's maxFragments (1008 past it). 16384 is
  // ws 8.18+'s server default: enough for any real sender (browsers send one frame), and it
  // bounds the work a peer can force with empty continuation frames. 0 means no limit.
  size_t maxFragments = 16 * 1024;
  // ws's skipUTF8Validation: text messages and close reasons are delivered unchecked.
  bool skipUtf8Validation = false;
};

class Receiver {
 public:
  // The events. Views are valid during the call only. The handler must not call feed() on this
  // receiver, nor destroy it, from a callback (defer that: feed() reads its state after each
  // callback returns); it may write to the connection, including a close frame.
  class Handler {
   public:
    virtual ~Handler() = default;
    virtual void onMessage(std::string_view data, bool binary) = 0;
    virtual void onPing(std::string_view data) = 0;
    virtual void onPong(std::string_view data) = 0;
    // A close frame: code 1005 when it had no payload (reason then empty). The receiver is
    // stopped after it.
    virtual void onClose(uint16_t code, std::string_view reason) = 0;
    // A protocol violation: the close code to send (1002, 1007, 1008, 1009), ws's message
    // ("Invalid WebSocket frame: invalid opcode 3") and ws's err.code (WS_ERR_INVALID_OPCODE).
    // ws raises these as RangeError except the UTF-8 one (WS_ERR_INVALID_UTF8) and inflate
    // failures (zlib's code, e.g. Z_DATA_ERROR, close code 1007), which are plain Error:
    // isRangeError(code) says which. The receiver is stopped after it.
    virtual void onError(uint16_t closeCode, std::string_view message, std::string_view code) = 0;
  };

  // deflate: the connection's permessage-deflate state when the extension was negotiated, else
  // null (then a frame with RSV1 is an error). Not owned; it must outlive the receiver.
  Receiver(Role role, const Limits& limits, PerMessageDeflate* deflate);

  // Parses frames out of data[0, n), unmasking in place (data is the connection's read buffer),
  // and calls the handler. Returns when all of it is consumed or onError/onClose stopped the
  // receiver; a stopped receiver ignores what it is fed.
  //
  // A callback may throw: the exception leaves feed() with the receiver between frames and the
  // bytes after the frame that threw copied into the receiver; they are parsed first by the next
  // feed(), and feed(nullptr, 0, handler) parses them at once (to go on right after catching).
  void feed(char* data, size_t n, Handler& handler);

  bool stopped() const { return stopped_; }
  // Bytes of heap the receiver holds (its message buffer, bytes left by a throwing callback), plus
  // the bytes of a partial header or control payload waiting: for tests and memory accounting.
  size_t bufferedBytes() const;

  // A message buffer larger than this is released after its message rather than kept for the
  // next: one big message must not pin its memory on an idle connection.
  static constexpr size_t kKeptBufferBytes = 64 * 1024;

  // Whether ws raises the error with this code as a RangeError (else a plain Error).
  static bool isRangeError(std::string_view code);

 private:
  struct Frame {
    uint64_t remaining = 0;  // payload bytes still to come
    uint64_t length = 0;
    uint8_t maskKey[4] = {};
    uint8_t opcode = 0;  // the frame's own opcode (0 for a continuation)
    bool fin = false;
    bool masked = false;
  };

  // Reads a header from p[0, n): its length, 0 if incomplete. Validates it as ws's getInfo,
  // getPayloadLength* and haveLength do, in their order; false from ok after an error.
  void parse(char* data, size_t n, Handler& handler);
  void parseFrames(char*& p, char* end, Handler& handler);
  size_t parseHeader(const uint8_t* p, size_t n, Handler& handler, bool* ok);
  // parseHeader's full checks, for every frame but the common one (n >= 2).
  size_t checkHeader(const uint8_t* p, size_t n, Handler& handler, bool* ok);
  // Payload bytes of the current frame (already unmasked): first/last piece of it.
  void payload(char* p, size_t n, bool first, bool last, Handler& handler);
  void control(std::string_view data, Handler& handler);
  void dataPiece(std::string_view data, bool last, Handler& handler);
  bool inflatePiece(std::string_view data, bool last, Handler& handler);
  void endMessage(std::string_view data, Handler& handler);
  // message_, with the thread's spare buffer lent when it has none (receiver.cc).
  std::string& assembly();
  void fail(Handler& handler, uint16_t closeCode, std::string_view message, std::string_view code);

  Role role_;
  Limits limits_;
  PerMessageDeflate* deflate_;
  bool validateUtf8_;
  bool stopped_ = false;

  Frame frame_;
  bool inFrame_ = false;       // a header was read, payload bytes are pending
  uint8_t fragmented_ = 0;     // the opcode of the data message in progress, 0 when none
  bool compressed_ = false;    // that message is compressed (its first frame had RSV1)
  uint64_t totalPayload_ = 0;  // wire bytes of the message's frames so far (ws's check)
  size_t fragments_ = 0;
  Utf8Validator utf8_;

  std::string message_;  // the message assembled from pieces, reused
  std::string pending_;  // bytes not yet parsed when a callback threw
  uint8_t header_[kMaxFrameHeaderBytes];
  size_t headerLength_ = 0;
  char control_[kMaxControlPayload];
  size_t controlLength_ = 0;
};

}  // namespace nodecc::ws::core
