// libFuzzer target for Buffer's codecs (src/api/buffer), compiled with their files alone. The
// first input byte picks the operation; the rest is the bytes (or the text). Besides "no crash,
// no UB, no exception but Node's", it checks properties that hold in Node 20:
//   - toString("utf8") is valid UTF-8 (decoding it again changes nothing), and bytes that are
//     valid UTF-8 come back unchanged;
//   - hex, base64, base64url and latin1 round-trip any bytes: from(toString(b, e), e) == b;
//   - write() never passes its room, and a utf8 write is a prefix of the text that ends on a
//     character boundary;
//   - indexOf/lastIndexOf agree with a naive search.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "nodecc/buffer.h"

namespace {

using nodecc::Buffer;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

void roundTrips(const Buffer& b) {
  for (const char* e : {"hex", "base64", "base64url", "latin1"}) {
    check(Buffer::from(b.toString(e), e).equals(b), e);
  }
  std::string text = b.toString("utf8");
  check(Buffer::from(text).toString("utf8") == text, "utf8 output is valid UTF-8");
  (void)b.toString("utf16le");
  (void)b.toString("ascii");
}

void writes(std::string_view text, uint8_t room) {
  for (const char* e : {"utf8", "utf16le", "latin1", "ascii", "hex", "base64", "base64url"}) {
    Buffer b = Buffer::alloc(room);
    size_t n = b.write(text, e);
    check(n <= room, "write stays within its room");
    if (std::string_view(e) == "utf8") {
      check(b.view().substr(0, n) == text.substr(0, n), "utf8 write is a prefix");
      // Cut inside a valid character, the prefix would decode to U+FFFD where the whole
      // text has that character.
      std::string whole = Buffer::from(text).toString();
      std::string prefix = Buffer::from(text.substr(0, n)).toString();
      check(whole.compare(0, prefix.size(), prefix) == 0, "utf8 write ends on a boundary");
    }
  }
}

int64_t naive(const Buffer& hay, std::string_view needle, int64_t from, bool forward) {
  auto h = hay.view();
  if (forward) {
    for (int64_t i = from; i + int64_t(needle.size()) <= int64_t(h.size()); ++i) {
      if (h.substr(size_t(i), needle.size()) == needle) {
        return i;
      }
    }
  } else {
    for (int64_t i = std::min<int64_t>(from, int64_t(h.size()) - int64_t(needle.size())); i >= 0;
         --i) {
      if (h.substr(size_t(i), needle.size()) == needle) {
        return i;
      }
    }
  }
  return -1;
}

void searches(std::string_view data) {
  if (data.size() < 2) {
    return;
  }
  size_t split = uint8_t(data[0]) % data.size();
  Buffer hay = Buffer::from(data.substr(1));
  std::string_view needle = data.substr(1 + split % (data.size() - 1));
  needle = needle.substr(0, 1 + uint8_t(data[0]) % 4);
  if (needle.empty()) {
    return;
  }
  check(hay.indexOf(needle, 0, "latin1") == hay.indexOf(Buffer::from(needle, "latin1")),
        "string and buffer needles agree");
  int64_t from = uint8_t(data[0]) % (hay.size() + 1);
  Buffer n = Buffer::adopt(std::string(needle));
  check(hay.indexOf(n, from) == naive(hay, needle, from, true), "indexOf = naive");
  check(hay.lastIndexOf(n, from) == naive(hay, needle, from, false), "lastIndexOf = naive");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) {
    return 0;
  }
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 4) {
    case 0:
      roundTrips(Buffer::adopt(std::string(rest)));
      break;
    case 1:
      writes(rest, uint8_t(data[0] >> 2));
      break;
    case 2:
      searches(std::string_view(reinterpret_cast<const char*>(data), size));
      break;
    default:
      for (const char* e : {"utf8", "utf16le", "latin1", "ascii", "hex", "base64", "base64url"}) {
        (void)Buffer::from(rest, e);
        (void)Buffer::byteLength(rest, e);
      }
  }
  return 0;
}
