// The WebSocket pieces bench-ws-load needs, as pure functions over buffers (RFC 6455, RFC 7692):
// the Sec-WebSocket-Accept value (SHA-1 + base64), the permessage-deflate response's
// parameters, and frame headers. No allocation, no I/O; the load client (ws_load.cc) owns the
// sockets. Self-contained on purpose: the client must not share code with the servers it
// measures.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace wsload {

// SHA-1 of `data` into `out` (20 bytes). Only the handshake uses it, once per connection.
inline void sha1(const uint8_t* data, size_t len, uint8_t out[20]) {
  uint32_t h[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
  auto rol = [](uint32_t x, int n) { return (x << n) | (x >> (32 - n)); };
  uint8_t block[64];
  const uint64_t bits = uint64_t(len) * 8;
  const size_t total = ((len + 8) / 64 + 1) * 64;  // message, 0x80, zeros, 64-bit length
  for (size_t off = 0; off < total; off += 64) {
    for (size_t i = 0; i < 64; ++i) {
      const size_t k = off + i;
      if (k < len) {
        block[i] = data[k];
      } else if (k == len) {
        block[i] = 0x80;
      } else if (k >= total - 8) {
        block[i] = uint8_t(bits >> (8 * (total - 1 - k)));
      } else {
        block[i] = 0;
      }
    }
    uint32_t w[80];
    for (int i = 0; i < 16; ++i) {
      w[i] = uint32_t(block[4 * i]) << 24 | uint32_t(block[4 * i + 1]) << 16 |
             uint32_t(block[4 * i + 2]) << 8 | block[4 * i + 3];
    }
    for (int i = 16; i < 80; ++i) {
      w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int i = 0; i < 80; ++i) {
      uint32_t f, k;
      if (i < 20) {
        f = (b & c) | (~b & d), k = 0x5A827999;
      } else if (i < 40) {
        f = b ^ c ^ d, k = 0x6ED9EBA1;
      } else if (i < 60) {
        f = (b & c) | (b & d) | (c & d), k = 0x8F1BBCDC;
      } else {
        f = b ^ c ^ d, k = 0xCA62C1D6;
      }
      const uint32_t t = rol(a, 5) + f + e + k + w[i];
      e = d, d = c, c = rol(b, 30), b = a, a = t;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
  }
  for (int i = 0; i < 5; ++i) {
    out[4 * i] = uint8_t(h[i] >> 24), out[4 * i + 1] = uint8_t(h[i] >> 16);
    out[4 * i + 2] = uint8_t(h[i] >> 8), out[4 * i + 3] = uint8_t(h[i]);
  }
}

// Standard base64 with padding; `out` holds 4 * ceil(len / 3) bytes. Returns that length.
inline size_t base64(const uint8_t* in, size_t len, char* out) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t o = 0;
  for (size_t i = 0; i < len; i += 3) {
    const uint32_t v = uint32_t(in[i]) << 16 | (i + 1 < len ? uint32_t(in[i + 1]) << 8 : 0) |
                       (i + 2 < len ? in[i + 2] : 0);
    out[o++] = kAlphabet[v >> 18 & 63];
    out[o++] = kAlphabet[v >> 12 & 63];
    out[o++] = i + 1 < len ? kAlphabet[v >> 6 & 63] : '=';
    out[o++] = i + 2 < len ? kAlphabet[v & 63] : '=';
  }
  return o;
}

// The Sec-WebSocket-Accept a server must answer `key` (24 base64 characters) with: 28 chars.
inline void acceptFor(std::string_view key, char out[28]) {
  static constexpr std::string_view kGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
  uint8_t buf[64 + 36];
  memcpy(buf, key.data(), key.size());
  memcpy(buf + key.size(), kGuid.data(), kGuid.size());
  uint8_t digest[20];
  sha1(buf, key.size() + kGuid.size(), digest);
  base64(digest, 20, out);
}

inline bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if ((a[i] | 0x20) != (b[i] | 0x20)) {
      return false;
    }
  }
  return true;
}

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

// The value of header `name` in a response head (status line through "\r\n\r\n"), or "" when
// absent; `found` says which.
inline std::string_view headerValue(std::string_view head, std::string_view name, bool* found) {
  *found = false;
  size_t pos = head.find("\r\n");
  while (pos != std::string_view::npos && pos + 2 < head.size()) {
    const size_t start = pos + 2;
    const size_t end = head.find("\r\n", start);
    if (end == std::string_view::npos || end == start) {
      break;
    }
    const std::string_view line = head.substr(start, end - start);
    const size_t colon = line.find(':');
    if (colon != std::string_view::npos && iequals(trim(line.substr(0, colon)), name)) {
      *found = true;
      return trim(line.substr(colon + 1));
    }
    pos = end;
  }
  return {};
}

// What a server's Sec-WebSocket-Extensions answer set for permessage-deflate (RFC 7692 s7).
struct Deflate {
  bool on = false;
  bool serverNoContextTakeover = false;
  bool clientNoContextTakeover = false;
  int serverMaxWindowBits = 15;
  int clientMaxWindowBits = 15;
};

// Parses the one permessage-deflate element of `value`; false when it holds something this
// client did not offer (another extension, an unknown parameter, window bits out of 8..15).
inline bool parseDeflateResponse(std::string_view value, Deflate* d) {
  *d = {};
  value = trim(value);
  if (value.empty()) {
    return true;
  }
  if (value.find(',') != std::string_view::npos) {
    return false;  // more than one extension: nothing else was offered
  }
  bool first = true;
  while (!value.empty()) {
    const size_t semi = value.find(';');
    const std::string_view item = trim(value.substr(0, semi));
    value = semi == std::string_view::npos ? std::string_view() : value.substr(semi + 1);
    if (first) {
      if (!iequals(item, "permessage-deflate")) {
        return false;
      }
      d->on = true;
      first = false;
      continue;
    }
    const size_t eq = item.find('=');
    const std::string_view key = trim(item.substr(0, eq));
    std::string_view arg = eq == std::string_view::npos ? "" : trim(item.substr(eq + 1));
    if (arg.size() >= 2 && arg.front() == '"' && arg.back() == '"') {
      arg = arg.substr(1, arg.size() - 2);
    }
    int bits = 0;
    for (char c : arg) {
      bits = c >= '0' && c <= '9' ? bits * 10 + (c - '0') : 1000;
    }
    if (iequals(key, "server_no_context_takeover")) {
      d->serverNoContextTakeover = true;
    } else if (iequals(key, "client_no_context_takeover")) {
      d->clientNoContextTakeover = true;
    } else if (iequals(key, "server_max_window_bits") && bits >= 8 && bits <= 15) {
      d->serverMaxWindowBits = bits;
    } else if (iequals(key, "client_max_window_bits") && bits >= 8 && bits <= 15) {
      d->clientMaxWindowBits = bits;
    } else {
      return false;
    }
  }
  return true;
}

enum Opcode : uint8_t {
  kContinuation = 0x0,
  kText = 0x1,
  kBinary = 0x2,
  kClose = 0x8,
  kPing = 0x9,
  kPong = 0xA,
};

// Writes a masked client frame (header, mask, masked payload) into `out`, which holds at least
// payloadLen + 14 bytes. Returns the frame's length.
inline size_t writeMaskedFrame(uint8_t* out, uint8_t opcode, bool rsv1, const uint8_t* payload,
                               size_t payloadLen, uint32_t mask) {
  size_t o = 0;
  out[o++] = uint8_t(0x80 | (rsv1 ? 0x40 : 0) | opcode);
  if (payloadLen < 126) {
    out[o++] = uint8_t(0x80 | payloadLen);
  } else if (payloadLen < 65536) {
    out[o++] = 0x80 | 126;
    out[o++] = uint8_t(payloadLen >> 8);
    out[o++] = uint8_t(payloadLen);
  } else {
    out[o++] = 0x80 | 127;
    for (int i = 7; i >= 0; --i) {
      out[o++] = uint8_t(uint64_t(payloadLen) >> (8 * i));
    }
  }
  uint8_t m[4];
  memcpy(m, &mask, 4);
  memcpy(out + o, m, 4);
  o += 4;
  for (size_t i = 0; i < payloadLen; ++i) {
    out[o + i] = payload[i] ^ m[i & 3];
  }
  return o + payloadLen;
}

// A server frame's header. parseFrameHeader returns its length, 0 when `len` bytes do not hold
// the whole header yet, or -1 when the frame is one a server must not send (masked, reserved
// bits other than RSV1, a control frame over 125 bytes or fragmented).
struct FrameHeader {
  bool fin;
  bool rsv1;
  uint8_t opcode;
  uint64_t payloadLen;
};

inline int parseFrameHeader(const uint8_t* p, size_t len, FrameHeader* h) {
  if (len < 2) {
    return 0;
  }
  h->fin = p[0] & 0x80;
  h->rsv1 = p[0] & 0x40;
  h->opcode = p[0] & 0x0F;
  if ((p[0] & 0x30) || (p[1] & 0x80)) {
    return -1;
  }
  uint64_t n = p[1] & 0x7F;
  int hl = 2;
  if (n == 126) {
    if (len < 4) {
      return 0;
    }
    n = uint64_t(p[2]) << 8 | p[3];
    hl = 4;
  } else if (n == 127) {
    if (len < 10) {
      return 0;
    }
    n = 0;
    for (int i = 0; i < 8; ++i) {
      n = n << 8 | p[2 + i];
    }
    hl = 10;
  }
  if (h->opcode >= 0x8 && (n > 125 || !h->fin)) {
    return -1;
  }
  h->payloadLen = n;
  return hl;
}

}  // namespace wsload
