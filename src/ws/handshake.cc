#include "ws/handshake.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace nodecc::ws::core {

namespace {

constexpr std::string_view kGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

std::string base64(const unsigned char* data, size_t n) {
  std::string out(4 * ((n + 2) / 3), '\0');
  // EVP_EncodeBlock writes a NUL after the text: one byte more than out holds, so encode into a
  // buffer big enough for the two uses here (20-byte digests and 16-byte keys).
  std::array<unsigned char, 64> buf{};
  const int len = EVP_EncodeBlock(buf.data(), data, static_cast<int>(n));
  out.assign(reinterpret_cast<const char*>(buf.data()), static_cast<size_t>(len));
  return out;
}

bool isBase64Char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
         c == '/';
}

}  // namespace

bool isTokenChar(unsigned char c) {
  // Visible ASCII except the separators ( ) < > @ , ; : \ " / [ ] ? = { } and space.
  if (c <= 0x20 || c >= 0x7F) {
    return false;
  }
  constexpr std::string_view kSeparators = "()<>@,;:\\\"/[]?={}";
  return kSeparators.find(static_cast<char>(c)) == std::string_view::npos;
}

std::string acceptKey(std::string_view secWebSocketKey) {
  std::string input;
  input.reserve(secWebSocketKey.size() + kGuid.size());
  input.append(secWebSocketKey).append(kGuid);
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(input.data(), input.size(), digest, &length, EVP_sha1(), nullptr) != 1) {
    std::fprintf(stderr, "nodecc ws: SHA-1 failed\n");
    std::abort();
  }
  return base64(digest, length);
}

bool isValidKey(std::string_view key) {
  if (key.size() != 24 || key[22] != '=' || key[23] != '=') {
    return false;
  }
  return std::all_of(key.begin(), key.begin() + 22, isBase64Char);
}

bool parseProtocols(std::string_view header, std::vector<std::string_view>& out) {
  const size_t first = out.size();
  // start/end of the current token (npos: none yet / not ended), as ws's parser keeps them.
  constexpr size_t kNone = std::string_view::npos;
  size_t start = kNone;
  size_t end = kNone;
  auto add = [&](std::string_view token) {
    if (std::find(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), token) !=
        out.end()) {
      return false;
    }
    out.push_back(token);
    return true;
  };
  size_t i = 0;
  for (; i < header.size(); ++i) {
    const auto c = static_cast<unsigned char>(header[i]);
    if (end == kNone && isTokenChar(c)) {
      if (start == kNone) {
        start = i;
      }
    } else if (i != 0 && (c == ' ' || c == '\t')) {
      if (end == kNone && start != kNone) {
        end = i;
      }
    } else if (c == ',') {
      if (start == kNone) {
        return false;
      }
      if (end == kNone) {
        end = i;
      }
      if (!add(header.substr(start, end - start))) {
        return false;
      }
      start = end = kNone;
    } else {
      return false;
    }
  }
  if (start == kNone || end != kNone) {
    return false;
  }
  return add(header.substr(start, i - start));
}

std::string makeClientKey() {
  unsigned char bytes[16];
  if (RAND_bytes(bytes, sizeof bytes) != 1) {
    // OpenSSL's DRBG fails only when the OS gives it no entropy; a guessable key is worse.
    std::fprintf(stderr, "nodecc ws: RAND_bytes failed\n");
    std::abort();
  }
  return base64(bytes, sizeof bytes);
}

}  // namespace nodecc::ws::core
