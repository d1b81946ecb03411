#include "ws/receiver.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include "ws/close_code.h"
#include "ws/deflate.h"
#include "ws/mask.h"

namespace nodecc::ws::core {

namespace {
// The thread's spare assembly buffer: a connection borrows it for a message that does not arrive
// whole in one read (fragments, compressed payloads) and gives it back once the message has been
// delivered, so an idle connection holds no buffer (10,000 idle connections would otherwise each
// keep the capacity of their last such message) and a steady stream allocates nothing.
thread_local std::string tSpareAssembly;
const size_t kInlineAssembly = std::string().capacity();

void releaseAssembly(std::string& buffer) {
  if (buffer.capacity() <= kInlineAssembly) {
    return;
  }
  if (tSpareAssembly.capacity() < buffer.capacity()) {
    tSpareAssembly.swap(buffer);
  }
  std::string().swap(buffer);
}

constexpr std::string_view kPrefix = "Invalid WebSocket frame: ";

// ws's err.code values.
constexpr std::string_view kErrRsv23 = "WS_ERR_UNEXPECTED_RSV_2_3";
constexpr std::string_view kErrRsv1 = "WS_ERR_UNEXPECTED_RSV_1";
constexpr std::string_view kErrOpcode = "WS_ERR_INVALID_OPCODE";
constexpr std::string_view kErrFin = "WS_ERR_EXPECTED_FIN";
constexpr std::string_view kErrControlLength = "WS_ERR_INVALID_CONTROL_PAYLOAD_LENGTH";
constexpr std::string_view kErrExpectedMask = "WS_ERR_EXPECTED_MASK";
constexpr std::string_view kErrUnexpectedMask = "WS_ERR_UNEXPECTED_MASK";
constexpr std::string_view kErrDataLength = "WS_ERR_UNSUPPORTED_DATA_PAYLOAD_LENGTH";
constexpr std::string_view kErrMessageLength = "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH";
constexpr std::string_view kErrParts = "WS_ERR_TOO_MANY_BUFFERED_PARTS";
constexpr std::string_view kErrCloseCode = "WS_ERR_INVALID_CLOSE_CODE";
constexpr std::string_view kErrUtf8 = "WS_ERR_INVALID_UTF8";

uint16_t readBe16(const uint8_t* p) {
  return static_cast<uint16_t>((p[0] << 8) | p[1]);
}

}  // namespace

Receiver::Receiver(Role role, const Limits& limits, PerMessageDeflate* deflate)
    : role_(role), limits_(limits), deflate_(deflate), validateUtf8_(!limits.skipUtf8Validation) {}

bool Receiver::isRangeError(std::string_view code) {
  return code.starts_with("WS_ERR_") && code != kErrUtf8;
}

size_t Receiver::bufferedBytes() const {
  // A short string lives inside the object (no heap); count the buffer only once it is on the
  // heap.
  const auto* object = reinterpret_cast<const char*>(&message_);
  const bool inline_ = message_.data() >= object && message_.data() < object + sizeof message_;
  return (inline_ ? 0 : message_.capacity()) + pending_.size() + headerLength_ + controlLength_;
}

std::string& Receiver::assembly() {
  if (message_.empty() && message_.capacity() <= kInlineAssembly &&
      tSpareAssembly.capacity() > kInlineAssembly) {
    message_.swap(tSpareAssembly);
  }
  return message_;
}

void Receiver::fail(Handler& handler, uint16_t closeCode, std::string_view message,
                    std::string_view code) {
  stopped_ = true;
  // A stopped receiver reads nothing more: what it assembled (up to maxPayload of a bomb) goes.
  std::string().swap(message_);
  handler.onError(closeCode, message, code);
}

void Receiver::feed(char* data, size_t n, Handler& handler) {
  if (pending_.empty()) {
    parse(data, n, handler);
    return;
  }
  // Bytes a throwing callback left unread come first. Rare: a copy is fine.
  std::string bytes = std::move(pending_);
  pending_ = std::string();
  if (n != 0) {
    bytes.append(data, n);
  }
  parse(bytes.data(), bytes.size(), handler);
}

void Receiver::parse(char* data, size_t n, Handler& handler) {
  char* p = data;
  char* const end = data + n;
  // A callback may throw (the API layer's listeners do): the exception leaves feed() with the
  // receiver at a frame boundary (p is advanced past a frame before its callback runs) and the
  // bytes not read yet kept for the next feed().
  try {
    parseFrames(p, end, handler);
  } catch (...) {
    if (!stopped_) {
      pending_.assign(p, static_cast<size_t>(end - p));
    }
    throw;
  }
}

void Receiver::parseFrames(char*& p, char* const end, Handler& handler) {
  while (!stopped_ && p < end) {
    if (!inFrame_) {
      bool ok = true;
      const size_t avail = static_cast<size_t>(end - p);
      if (headerLength_ == 0) {
        // The usual case: the header is read where it lies.
        const size_t length = parseHeader(reinterpret_cast<const uint8_t*>(p), avail, handler, &ok);
        if (!ok) {
          return;
        }
        if (length == 0) {
          // avail < kMaxFrameHeaderBytes here: a complete header never needs more.
          std::memcpy(header_, p, avail);
          headerLength_ = avail;
          return;
        }
        p += length;
      } else {
        // A header split across reads: complete the copy, then consume only its own bytes.
        const size_t take = std::min(kMaxFrameHeaderBytes - headerLength_, avail);
        std::memcpy(header_ + headerLength_, p, take);
        const size_t length = parseHeader(header_, headerLength_ + take, handler, &ok);
        if (!ok) {
          return;
        }
        if (length == 0) {
          headerLength_ += take;
          return;
        }
        p += length - headerLength_;
        headerLength_ = 0;
      }
      inFrame_ = true;
      const size_t rest = static_cast<size_t>(end - p);
      if (frame_.length <= rest) {
        // The whole payload is here: the zero-copy path.
        const auto length = static_cast<size_t>(frame_.length);
        if (frame_.masked) {
          applyMask(p, length, frame_.maskKey);
        }
        inFrame_ = false;
        frame_.remaining = 0;
        char* const payloadStart = p;
        p += length;
        payload(payloadStart, length, true, true, handler);
        continue;
      }
    }
    // The rest of a frame whose payload runs past the bytes fed so far.
    const size_t take =
        static_cast<size_t>(std::min<uint64_t>(frame_.remaining, static_cast<uint64_t>(end - p)));
    const uint64_t done = frame_.length - frame_.remaining;
    if (frame_.masked) {
      applyMask(p, take, frame_.maskKey, static_cast<size_t>(done & 3));
    }
    frame_.remaining -= take;
    const bool last = frame_.remaining == 0;
    if (last) {
      inFrame_ = false;
    }
    char* const pieceStart = p;
    p += take;
    payload(pieceStart, take, done == 0, last, handler);
  }
}

size_t Receiver::parseHeader(const uint8_t* p, size_t n, Handler& handler, bool* ok) {
  if (n < 2) {
    return 0;
  }
  const uint8_t b0 = p[0];
  const uint8_t b1 = p[1];
  // The common frame, a whole text or binary message (FIN, no RSV bit, opcode 1 or 2, no
  // message in progress, so no bytes counted yet), masked as the role wants, with a 7-bit length
  // the limits allow: every check below passes, so it is committed at once. (The checks cost a
  // fifth of a 32-byte echo's instructions, callgrind.)
  const uint8_t expectedMask = role_ == Role::kServer ? 0x80 : 0;
  if ((b0 == 0x81 || b0 == 0x82) && fragmented_ == 0 && (b1 & 0x80) == expectedMask &&
      (b1 & 0x7f) < 126 &&
      (limits_.maxPayload == 0 || static_cast<uint64_t>(b1 & 0x7f) <= limits_.maxPayload)) {
    const size_t at = expectedMask != 0 ? 6 : 2;
    if (n < at) {
      return 0;
    }
    if (expectedMask != 0) {
      std::memcpy(frame_.maskKey, p + 2, 4);
    }
    frame_.opcode = b0 & 0x0f;
    frame_.fin = true;
    frame_.masked = expectedMask != 0;
    frame_.length = frame_.remaining = b1 & 0x7f;
    totalPayload_ = frame_.length;
    fragments_ = 1;
    compressed_ = false;
    utf8_.reset();
    return at;
  }
  return checkHeader(p, n, handler, ok);
}

size_t Receiver::checkHeader(const uint8_t* p, size_t n, Handler& handler, bool* ok) {
  const uint8_t b0 = p[0];
  const uint8_t b1 = p[1];
  // ws's getInfo, check for check and in its order (the first failing one is reported).
  if ((b0 & 0x30) != 0) {
    *ok = false;
    fail(handler, 1002, std::string(kPrefix) + "RSV2 and RSV3 must be clear", kErrRsv23);
    return 0;
  }
  const bool compressed = (b0 & 0x40) != 0;
  auto rsv1Error = [&] {
    *ok = false;
    fail(handler, 1002, std::string(kPrefix) + "RSV1 must be clear", kErrRsv1);
  };
  auto opcodeError = [&](unsigned opcode) {
    *ok = false;
    fail(handler, 1002, std::string(kPrefix) + "invalid opcode " + std::to_string(opcode),
         kErrOpcode);
  };
  if (compressed && deflate_ == nullptr) {
    rsv1Error();
    return 0;
  }
  const bool fin = (b0 & 0x80) != 0;
  const uint8_t opcode = b0 & 0x0f;
  const uint8_t length7 = b1 & 0x7f;
  if (opcode == 0) {
    if (compressed) {
      rsv1Error();
      return 0;
    }
    if (fragmented_ == 0) {
      opcodeError(0);
      return 0;
    }
  } else if (opcode == 1 || opcode == 2) {
    if (fragmented_ != 0) {
      opcodeError(opcode);
      return 0;
    }
  } else if (opcode >= 8 && opcode <= 10) {
    if (!fin) {
      *ok = false;
      fail(handler, 1002, std::string(kPrefix) + "FIN must be set", kErrFin);
      return 0;
    }
    if (compressed) {
      rsv1Error();
      return 0;
    }
    if (length7 > kMaxControlPayload || (opcode == 8 && length7 == 1)) {
      *ok = false;
      fail(handler, 1002,
           std::string(kPrefix) + "invalid payload length " + std::to_string(length7),
           kErrControlLength);
      return 0;
    }
  } else {
    opcodeError(opcode);
    return 0;
  }
  const bool masked = (b1 & 0x80) != 0;
  if (role_ == Role::kServer && !masked) {
    *ok = false;
    fail(handler, 1002, std::string(kPrefix) + "MASK must be set", kErrExpectedMask);
    return 0;
  }
  if (role_ == Role::kClient && masked) {
    *ok = false;
    fail(handler, 1002, std::string(kPrefix) + "MASK must be clear", kErrUnexpectedMask);
    return 0;
  }

  size_t at = 2;
  uint64_t length = length7;
  if (length7 == 126) {
    if (n < 4) {
      return 0;
    }
    length = readBe16(p + 2);
    at = 4;
  } else if (length7 == 127) {
    if (n < 10) {
      return 0;
    }
    length = 0;
    for (int i = 0; i < 8; ++i) {
      length = (length << 8) | p[2 + i];
    }
    // ws reads the length as a JavaScript number and refuses what it cannot hold exactly (this
    // also refuses RFC 6455's forbidden most significant bit).
    if ((length >> 32) > (1u << 21) - 1) {
      *ok = false;
      fail(handler, 1009, "Unsupported WebSocket frame: payload length > 2^53 - 1", kErrDataLength);
      return 0;
    }
    at = 10;
  }
  // ws's haveLength: the message's wire total against maxPayload.
  uint64_t total = totalPayload_;
  if (length != 0 && opcode < 8) {
    total += length;
    if (limits_.maxPayload > 0 && total > limits_.maxPayload) {
      *ok = false;
      fail(handler, 1009, "Max payload size exceeded", kErrMessageLength);
      return 0;
    }
  }
  if (masked) {
    if (n < at + 4) {
      return 0;
    }
    std::memcpy(frame_.maskKey, p + at, 4);
    at += 4;
  }

  // The header is whole: commit it.
  if (opcode < 8) {
    if (limits_.maxFragments > 0 && ++fragments_ > limits_.maxFragments) {
      *ok = false;
      fail(handler, 1008, "Too many message fragments", kErrParts);
      return 0;
    }
    totalPayload_ = total;
    if (opcode != 0) {
      compressed_ = compressed;
      utf8_.reset();
      if (!fin) {
        fragmented_ = opcode;
      }
    }
  }
  frame_.opcode = opcode;
  frame_.fin = fin;
  frame_.masked = masked;
  frame_.length = length;
  frame_.remaining = length;
  return at;
}

void Receiver::payload(char* p, size_t n, bool first, bool last, Handler& handler) {
  if (frame_.opcode >= 8) {
    if (first && last) {
      control(std::string_view(p, n), handler);
      return;
    }
    std::memcpy(control_ + controlLength_, p, n);
    controlLength_ += n;
    if (last) {
      const size_t length = controlLength_;
      controlLength_ = 0;
      control(std::string_view(control_, length), handler);
    }
    return;
  }
  if (compressed_) {
    inflatePiece(std::string_view(p, n), last, handler);
    return;
  }
  if (first && last && frame_.fin && frame_.opcode != 0) {
    // A whole message in one frame, here in the caller's buffer: delivered where it lies.
    if (frame_.opcode == 1 && validateUtf8_ && !Utf8Validator::isValid(std::string_view(p, n))) {
      fail(handler, 1007, std::string(kPrefix) + "invalid UTF-8 sequence", kErrUtf8);
      return;
    }
    endMessage(std::string_view(p, n), handler);
    return;
  }
  dataPiece(std::string_view(p, n), last, handler);
}

void Receiver::dataPiece(std::string_view data, bool last, Handler& handler) {
  const uint8_t opcode = frame_.opcode != 0 ? frame_.opcode : fragmented_;
  const bool text = opcode == 1 && validateUtf8_;
  // Text is checked as it comes, so a bad fragment fails now (Autobahn 6.4.x).
  if (text && !utf8_.feed(data)) {
    fail(handler, 1007, std::string(kPrefix) + "invalid UTF-8 sequence", kErrUtf8);
    return;
  }
  assembly().append(data);
  if (last && frame_.fin) {
    if (text && !utf8_.complete()) {
      fail(handler, 1007, std::string(kPrefix) + "invalid UTF-8 sequence", kErrUtf8);
      return;
    }
    endMessage(message_, handler);
  }
}

bool Receiver::inflatePiece(std::string_view data, bool last, Handler& handler) {
  const uint8_t opcode = frame_.opcode != 0 ? frame_.opcode : fragmented_;
  const bool text = opcode == 1 && validateUtf8_;
  const bool fin = last && frame_.fin;
  // ws checks the inflated total against maxPayload (the wire total was checked in the header).
  const size_t limit = limits_.maxPayload == 0 || limits_.maxPayload > SIZE_MAX
                           ? SIZE_MAX
                           : static_cast<size_t>(limits_.maxPayload);
  const size_t before = message_.size();
  const PerMessageDeflate::Result result = deflate_->decompress(data, fin, assembly(), limit);
  // The text inflated so far is checked before a failure is reported: the bytes inflated before
  // a corrupt spot or the limit are the same however the frame was split, so this order keeps
  // the reported error independent of how the bytes arrived.
  if (text && !utf8_.feed(std::string_view(message_).substr(before))) {
    fail(handler, 1007, std::string(kPrefix) + "invalid UTF-8 sequence", kErrUtf8);
    return false;
  }
  if (result == PerMessageDeflate::Result::kTooBig) {
    fail(handler, 1009, "Max payload size exceeded", kErrMessageLength);
    return false;
  }
  if (result == PerMessageDeflate::Result::kError) {
    // ws passes zlib's error on with close code 1007, as a plain Error.
    fail(handler, 1007, deflate_->errorMessage(), deflate_->errorCode());
    return false;
  }
  if (fin) {
    if (text && !utf8_.complete()) {
      fail(handler, 1007, std::string(kPrefix) + "invalid UTF-8 sequence", kErrUtf8);
      return false;
    }
    endMessage(message_, handler);
  }
  return true;
}

void Receiver::endMessage(std::string_view data, Handler& handler) {
  const bool binary = (frame_.opcode != 0 ? frame_.opcode : fragmented_) == 2;
  fragmented_ = 0;
  compressed_ = false;
  totalPayload_ = 0;
  fragments_ = 0;
  utf8_.reset();
  // The buffer is emptied after the callback, even when it throws.
  struct Clear {
    std::string& buffer;
    ~Clear() {
      buffer.clear();
      if (buffer.capacity() > kKeptBufferBytes) {
        std::string().swap(buffer);
      }
      releaseAssembly(buffer);
    }
  } clear{message_};
  handler.onMessage(data, binary);
}

void Receiver::control(std::string_view data, Handler& handler) {
  if (frame_.opcode == 9) {
    handler.onPing(data);
    return;
  }
  if (frame_.opcode == 10) {
    handler.onPong(data);
    return;
  }
  // A close frame (its length is never 1: parseHeader refused that).
  if (data.empty()) {
    stopped_ = true;
    handler.onClose(1005, {});
    return;
  }
  const uint16_t code = readBe16(reinterpret_cast<const uint8_t*>(data.data()));
  if (!isValidReceivedCloseCode(code)) {
    fail(handler, 1002, std::string(kPrefix) + "invalid status code " + std::to_string(code),
         kErrCloseCode);
    return;
  }
  const std::string_view reason = data.substr(2);
  if (validateUtf8_ && !Utf8Validator::isValid(reason)) {
    fail(handler, 1007, std::string(kPrefix) + "invalid UTF-8 sequence", kErrUtf8);
    return;
  }
  stopped_ = true;
  handler.onClose(code, reason);
}

}  // namespace nodecc::ws::core
