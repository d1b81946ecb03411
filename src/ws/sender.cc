#include "ws/sender.h"

#include <openssl/rand.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "ws/close_code.h"
#include "ws/deflate.h"
#include "ws/mask.h"

namespace nodecc::ws::core {

namespace {

// A compressed frame's payload, during send() only.
thread_local std::string tDeflated;

[[noreturn]] void brokenPrecondition(const char* what) {
  std::fprintf(stderr, "nodecc ws::core::Sender: %s\n", what);
  std::abort();
}

// 4 KiB of CSPRNG output per thread, handed out 4 bytes per frame.
struct MaskKeyPool {
  uint8_t bytes[4096];
  size_t next = sizeof bytes;
};

void nextMaskKey(uint8_t key[4]) {
  thread_local MaskKeyPool pool;
  if (pool.next == sizeof pool.bytes) {
    if (RAND_bytes(pool.bytes, sizeof pool.bytes) != 1) {
      brokenPrecondition("RAND_bytes failed (no entropy)");
    }
    pool.next = 0;
  }
  std::memcpy(key, pool.bytes + pool.next, 4);
  pool.next += 4;
}

}  // namespace

Sender::Sender(Role role, PerMessageDeflate* deflate) : role_(role), deflate_(deflate) {}

void Sender::frame(std::string& out, Opcode op, bool fin, bool rsv1, std::string_view payload) {
  char header[kMaxFrameHeaderBytes];
  uint8_t key[4];
  const bool mask = role_ == Role::kClient;
  if (mask) {
    nextMaskKey(key);
  }
  const size_t headerLength =
      writeFrameHeader(header, op, fin, rsv1, payload.size(), mask ? key : nullptr);
  out.reserve(out.size() + headerLength + payload.size());
  out.append(header, headerLength);
  const size_t at = out.size();
  out.append(payload);
  if (mask) {
    applyMask(out.data() + at, payload.size(), key);
  }
}

void Sender::send(std::string& out, Opcode opcode, std::string_view data, bool fin, bool compress) {
  Opcode op = opcode;
  bool rsv1 = compress && deflate_ != nullptr;
  if (firstFragment_) {
    firstFragment_ = false;
    if (rsv1 && deflate_->ownNoContextTakeover()) {
      rsv1 = data.size() >= deflate_->threshold();
    }
    compress_ = rsv1;
  } else {
    op = Opcode::kContinuation;
    rsv1 = false;
  }
  if (fin) {
    firstFragment_ = true;
  }
  if (!compress_) {
    frame(out, op, fin, rsv1, data);
    return;
  }
  // The compressed payload goes through the thread's scratch buffer: it lives only during this
  // call, so no connection keeps one between messages.
  std::string& deflated = tDeflated;
  deflated.clear();
  deflate_->compress(data, fin, deflated);
  frame(out, op, fin, rsv1, deflated);
  if (deflated.capacity() > kKeptBufferBytes) {
    std::string().swap(deflated);  // one big message must not pin its buffer
  }
}

void Sender::ping(std::string& out, std::string_view data) {
  if (data.size() > kMaxControlPayload) {
    brokenPrecondition("ping data over 125 bytes");
  }
  frame(out, Opcode::kPing, true, false, data);
}

void Sender::pong(std::string& out, std::string_view data) {
  if (data.size() > kMaxControlPayload) {
    brokenPrecondition("pong data over 125 bytes");
  }
  frame(out, Opcode::kPong, true, false, data);
}

void Sender::close(std::string& out, uint16_t code, std::string_view reason) {
  if (code == 0) {
    if (!reason.empty()) {
      brokenPrecondition("close reason without a code");
    }
    frame(out, Opcode::kClose, true, false, {});
    return;
  }
  if (!isValidSentCloseCode(code) || reason.size() > kMaxCloseReason) {
    brokenPrecondition("invalid close code or reason over 123 bytes");
  }
  char payload[2 + kMaxCloseReason];
  payload[0] = static_cast<char>(code >> 8);
  payload[1] = static_cast<char>(code & 0xff);
  if (!reason.empty()) {
    std::memcpy(payload + 2, reason.data(), reason.size());  // an empty view's data() may be null
  }
  frame(out, Opcode::kClose, true, false, std::string_view(payload, 2 + reason.size()));
}

}  // namespace nodecc::ws::core
