#pragma once
// What the test servers here send and read (compression_server.cc, stream_server.cc): piece i
// of a body is hex of a xorshift stream, deterministic so a client can check what it decodes
// (test_compression_stream.py and test_stream_bodies.py compute the same), and compressing to
// about half so compressed output keeps flowing.
#include <cstdint>
#include <cstdlib>
#include <string>

inline std::string hexPiece(uint64_t i, size_t size) {
  std::string out;
  out.reserve(size);
  uint64_t x = 0x9E3779B97F4A7C15ull ^ (i + 1);
  static const char kHex[] = "0123456789abcdef";
  while (out.size() < size) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    for (int k = 0; k < 16 && out.size() < size; ++k) {
      out += kHex[(x >> (k * 4)) & 15];
    }
  }
  return out;
}

// The number after `name=` in a URL's query, or `def`.
inline long queryNumber(const std::string& url, const char* name, long def) {
  std::string key = std::string(name) + "=";
  size_t at = url.find(key);
  return at == std::string::npos ? def : std::atol(url.c_str() + at + key.size());
}
