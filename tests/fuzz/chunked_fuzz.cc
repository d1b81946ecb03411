// libFuzzer target for the chunked decoder (src/http/chunked.*), compiled alone with its
// parser files. The first input byte chooses the mode and a piece size; the rest is either
//   - mode "decode" (bit 0 clear): a chunked body as it arrives on the wire. The decoder's
//     result (body bytes, trailers, bytes consumed, error status) must equal that of a
//     reference decoder written here from RFC 9112 §7.1 and chunked.h's strictness rules, and
//     must not depend on how the bytes were split into reads; or
//   - mode "encode" (bit 0 set): a recipe for a valid chunked body (chunk sizes in hex of either
//     case with leading zeros, extensions, trailers, then bytes of a next message) built here;
//     the decoder must accept it, however split, and give back the exact body and trailers.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "http/chunked.h"

namespace {

using namespace nodecc::http::core;

constexpr size_t kTrailerSlots = 32;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

// An exact-size heap copy, so ASan sees any read past the end.
struct Copy {
  explicit Copy(std::string_view s) : bytes(new char[s.size() + 1]), size(s.size()) {
    std::memcpy(bytes.get(), s.data(), s.size());
  }
  std::string_view view() const { return {bytes.get(), size}; }
  std::unique_ptr<char[]> bytes;
  size_t size;
};

struct Outcome {
  std::string body;
  std::vector<std::pair<std::string, std::string>> trailers;
  size_t consumed = 0;  // through the end of the trailer section, when done
  bool done = false;
  int status = 0;  // error status, 0 when none
  bool operator==(const Outcome&) const = default;
};

// Feeds `in` to a ChunkedDecoder `step` bytes more at a time (0: all at once), re-offering the
// unconsumed bytes in a fresh buffer each call, as a connection does.
Outcome decode(std::string_view in, size_t step, const ParserLimits& limits) {
  ChunkedDecoder dec;
  Outcome o;
  size_t avail = 0;
  for (;;) {
    avail = step == 0 ? in.size() : std::min(in.size(), avail + step);
    for (;;) {
      Copy buf(in.substr(o.consumed, avail - o.consumed));
      Header t[kTrailerSlots];
      size_t count = 0;
      ParseError err;
      const auto s = dec.decode(buf.view(), t, kTrailerSlots, &count, limits, &err);
      check(s.consumed <= static_cast<ssize_t>(buf.size), "consumed <= offered");
      if (s.consumed < 0) {
        check(err.status == 400 || err.status == 413 || err.status == 431, "error status");
        o.status = err.status;
        // Every later call fails the same way.
        ParseError again;
        size_t c2 = 0;
        check(dec.decode(buf.view(), t, kTrailerSlots, &c2, limits, &again).consumed < 0 &&
                  again.status == err.status,
              "a failed decoder stays failed");
        o.consumed = 0;
        return o;
      }
      const std::string_view v = buf.view();
      check(s.data.empty() ||
                (s.data.data() >= v.data() && s.data.data() + s.data.size() <= v.data() + v.size()),
            "data inside the input");
      o.body += s.data;
      o.consumed += static_cast<size_t>(s.consumed);
      if (s.done) {
        check(count <= kTrailerSlots, "trailer count");
        for (size_t i = 0; i < count; ++i) {
          check(!t[i].name.empty(), "trailer name");
          o.trailers.emplace_back(t[i].name, t[i].value);
        }
        o.done = true;
        return o;
      }
      if (s.consumed == 0) {
        break;
      }
    }
    if (avail == in.size()) {
      return o;
    }
  }
}

// --- The reference: RFC 9112 §7.1 as chunked.h narrows it, over the whole input at once.

bool isTchar(unsigned char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
         (c != 0 && std::strchr("!#$%&'*+-.^_`|~", c) != nullptr);
}
bool isHex(unsigned char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}
bool isFieldByte(unsigned char c) {
  return c == '\t' || (c >= 0x20 && c != 0x7F);
}
bool isQdtext(unsigned char c) {
  return c == '\t' || c == ' ' || c == 0x21 || (c >= 0x23 && c <= 0x5B) ||
         (c >= 0x5D && c <= 0x7E) || c >= 0x80;
}

// Status 0 with done false: incomplete.
Outcome reference(std::string_view in, const ParserLimits& limits) {
  Outcome o;
  size_t i = 0;
  auto fail = [&](int status) {
    Outcome e;
    e.status = status;
    return e;
  };
  for (;;) {
    // chunk-size: 1..32 hex digits fitting 64 bits.
    uint64_t size = 0;
    size_t digits = 0;
    while (i < in.size() && isHex(static_cast<unsigned char>(in[i]))) {
      const unsigned char c = static_cast<unsigned char>(in[i]);
      if (digits == ChunkedDecoder::kMaxChunkSizeDigits || size > (UINT64_MAX >> 4)) {
        return fail(400);
      }
      size = size * 16 + static_cast<uint64_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
      ++digits;
      ++i;
    }
    if (i == in.size()) {
      return o;
    }
    if (digits == 0) {
      return fail(400);
    }
    // chunk-ext: *( ";" token [ "=" ( token / quoted-string ) ] ), no whitespace; from the
    // ';' on at most maxChunkExtensionSize bytes, checked before each byte's syntax.
    if (in[i] == ';') {
      enum {
        kNameStart,
        kName,
        kValueStart,
        kToken,
        kQuoted,
        kQuotedPair,
        kAfterQuoted
      } st = kNameStart;
      const size_t extStart = i++;
      for (;; ++i) {
        if (i == in.size()) {
          return o;
        }
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (c != '\r' && i - extStart >= limits.maxChunkExtensionSize) {
          return fail(413);
        }
        const bool endsHere = c == '\r' && (st == kName || st == kToken || st == kAfterQuoted);
        if (endsHere) {
          break;
        }
        switch (st) {
          case kNameStart:
          case kValueStart:
            if (st == kValueStart && c == '"') {
              st = kQuoted;
            } else if (isTchar(c)) {
              st = st == kNameStart ? kName : kToken;
            } else {
              return fail(400);
            }
            break;
          case kName:
          case kToken:
          case kAfterQuoted:
            if (c == ';') {
              st = kNameStart;
            } else if (c == '=' && st == kName) {
              st = kValueStart;
            } else if (!isTchar(c) || st == kAfterQuoted) {
              return fail(400);
            }
            break;
          case kQuoted:
            if (c == '"') {
              st = kAfterQuoted;
            } else if (c == '\\') {
              st = kQuotedPair;
            } else if (!isQdtext(c)) {
              return fail(400);
            }
            break;
          case kQuotedPair:
            if (!isFieldByte(c)) {
              return fail(400);
            }
            st = kQuoted;
            break;
        }
      }
    }
    if (in[i] != '\r') {
      return fail(400);
    }
    ++i;
    if (i == in.size()) {
      return o;
    }
    if (in[i] != '\n') {
      return fail(400);
    }
    ++i;
    if (size == 0) {
      break;
    }
    // chunk-data CRLF.
    const size_t avail = in.size() - i;
    if (avail <= size) {
      o.body.append(in.substr(i));
      return o;
    }
    o.body.append(in.substr(i, static_cast<size_t>(size)));
    i += static_cast<size_t>(size);
    if (in[i] != '\r') {
      return fail(400);
    }
    ++i;
    if (i == in.size()) {
      return o;
    }
    if (in[i] != '\n') {
      return fail(400);
    }
    ++i;
  }
  // trailer-section CRLF: field-name ":" OWS field-value OWS CRLF, no obs-fold.
  const size_t sectionStart = i;
  for (;;) {
    if (i == in.size()) {
      return o;
    }
    if (in[i] == '\r') {
      ++i;
      if (i == in.size()) {
        return o;
      }
      if (in[i] != '\n') {
        return fail(400);
      }
      ++i;
      break;
    }
    // Too many fields: known as soon as one more line starts.
    if (o.trailers.size() == kTrailerSlots) {
      return fail(431);
    }
    const size_t nameStart = i;
    while (i < in.size() && isTchar(static_cast<unsigned char>(in[i]))) {
      ++i;
    }
    if (i == in.size()) {
      return o;
    }
    if (in[i] != ':' || i == nameStart) {
      return fail(400);
    }
    const std::string_view name = in.substr(nameStart, i - nameStart);
    ++i;
    const size_t valueStart = i;
    while (i < in.size() && isFieldByte(static_cast<unsigned char>(in[i]))) {
      ++i;
    }
    if (i == in.size()) {
      return o;
    }
    if (in[i] != '\r') {
      return fail(400);
    }
    std::string_view value = in.substr(valueStart, i - valueStart);
    ++i;
    if (i == in.size()) {
      return o;
    }
    if (in[i] != '\n') {
      return fail(400);
    }
    ++i;
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
      value.remove_prefix(1);
    }
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) {
      value.remove_suffix(1);
    }
    o.trailers.emplace_back(name, value);
  }
  if (i - sectionStart > limits.maxHeaderSize) {
    return fail(431);
  }
  o.consumed = i;
  o.done = true;
  return o;
}

void decodeMode(std::string_view in, size_t step) {
  ParserLimits big;
  ParserLimits tiny;
  tiny.maxChunkExtensionSize = 7;
  for (const ParserLimits& limits : {big, tiny}) {
    const Outcome whole = decode(in, 0, limits);
    check(decode(in, step, limits) == whole, "decoding does not depend on the read sizes");
    check(decode(in, 1, limits) == whole, "byte-at-a-time decoding gives the same result");
    // The limits a reference cannot reproduce without copying the scanner (trailer bytes,
    // which count differently in a head) are left to the big limits.
    const Outcome ref = reference(in, limits);
    if (ref.status != whole.status) {
      std::fprintf(stderr, "limits %zu: reference status %d, decoder status %d\n",
                   limits.maxChunkExtensionSize, ref.status, whole.status);
    }
    check(ref.status == whole.status, "accepted and rejected like the reference");
    if (whole.status != 0) {
      continue;
    }
    check(ref.done == whole.done, "complete when the reference is");
    if (whole.done) {
      check(ref == whole, "body, trailers and length as the reference");
    } else {
      // Incomplete: the body bytes so far are a prefix of the reference's.
      check(ref.body.compare(0, whole.body.size(), whole.body) == 0 &&
                whole.body.size() <= ref.body.size(),
            "partial body is a prefix of the reference's");
    }
  }
}

// --- Encode mode: a valid chunked body built from the fuzz input.

std::string pick(FuzzedDataProvider& p, std::string_view alphabet, size_t maxLen, size_t minLen) {
  std::string s;
  const size_t n = p.ConsumeIntegralInRange<size_t>(minLen, maxLen);
  for (size_t i = 0; i < n; ++i) {
    s += alphabet[p.ConsumeIntegralInRange<size_t>(0, alphabet.size() - 1)];
  }
  return s;
}

constexpr std::string_view kTokenAlphabet =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~";

void appendExtensions(FuzzedDataProvider& p, std::string& out) {
  const int n = p.ConsumeIntegralInRange(0, 2);
  for (int k = 0; k < n; ++k) {
    out += ';';
    out += pick(p, kTokenAlphabet, 6, 1);
    switch (p.ConsumeIntegralInRange(0, 2)) {
      case 0:
        break;
      case 1:
        out += '=';
        out += pick(p, kTokenAlphabet, 6, 1);
        break;
      default:
        out += "=\"";
        out += p.ConsumeBool() ? "x\\\"y\t\xc3\xa9" : "a b;c=d";
        out += '"';
        break;
    }
  }
}

void encodeMode(FuzzedDataProvider& p) {
  std::string wire;
  std::string body;
  std::vector<std::pair<std::string, std::string>> trailers;
  const int chunks = p.ConsumeIntegralInRange(0, 6);
  for (int c = 0; c < chunks; ++c) {
    const size_t size = p.ConsumeIntegralInRange<size_t>(1, 300);
    std::string data = p.ConsumeBytesAsString(size);
    if (data.empty()) {
      data = "x";
    }
    char hex[32];
    std::snprintf(hex, sizeof hex, p.ConsumeBool() ? "%zx" : "%zX", data.size());
    wire += std::string(p.ConsumeIntegralInRange(0, 3), '0') + hex;
    appendExtensions(p, wire);
    wire += "\r\n" + data + "\r\n";
    body += data;
  }
  wire += std::string(p.ConsumeIntegralInRange(1, 4), '0');
  appendExtensions(p, wire);
  wire += "\r\n";
  const int fields = p.ConsumeIntegralInRange(0, 3);
  for (int f = 0; f < fields; ++f) {
    std::string name = pick(p, kTokenAlphabet, 8, 1);
    std::string value = pick(p, "abc XYZ09\t,;=\"\x80\xff", 12, 0);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
      value.erase(0, 1);
    }
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) {
      value.pop_back();
    }
    wire += name + ":" + std::string(p.ConsumeIntegralInRange(0, 2), ' ') + value + "\r\n";
    trailers.emplace_back(name, value);
  }
  wire += "\r\n";
  const size_t length = wire.size();
  wire += "GET /next HTTP/1.1\r\n";  // the next message: never consumed

  const size_t step = p.ConsumeIntegralInRange<size_t>(1, 16);
  ParserLimits limits;
  for (size_t s : {size_t{0}, step}) {
    const Outcome o = decode(wire, s, limits);
    check(o.status == 0 && o.done, "a valid chunked body is accepted");
    check(o.body == body, "the body comes back exactly");
    check(o.trailers == trailers, "the trailers come back exactly");
    check(o.consumed == length, "nothing after the trailer section is consumed");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) {
    return 0;
  }
  const uint8_t control = data[0];
  if (control & 1) {
    FuzzedDataProvider p(data + 1, size - 1);
    encodeMode(p);
  } else {
    const Copy in(std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
    decodeMode(in.view(), 1 + (control >> 1) % 13);
  }
  return 0;
}
