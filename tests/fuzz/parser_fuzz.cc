// libFuzzer target for the HTTP/1.1 parser, built with clang (-fsanitize=fuzzer,address,
// undefined) from the parser's sources alone. Besides "no crash, no over-read, no UB" it checks
// properties, aborting when one fails:
//   - results are bounded: consumed <= input, field counts <= capacity, views inside the input;
//   - restartability: feeding the input in pieces (each piece in a freshly allocated buffer,
//     with prevLen) gives exactly the one-call result, for requests, responses and chunked;
//   - the SIMD scans equal their scalar twin on the input at several offsets.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "http/chunked.h"
#include "http/parser.h"
#include "http/scan.h"

namespace {

using namespace nodecc::http::core;

constexpr size_t kSlots = 32;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

// An exact-size heap copy, so ASan sees any read past the end.
struct Copy {
  explicit Copy(std::string_view s)
      : bytes(new char[s.size() + (s.empty() ? 1 : 0)]), size(s.size()) {
    std::memcpy(bytes.get(), s.data(), s.size());
  }
  std::string_view view() const { return {bytes.get(), size}; }
  std::unique_ptr<char[]> bytes;
  size_t size;
};

bool inside(std::string_view v, std::string_view buf) {
  return v.empty() || (v.data() >= buf.data() && v.data() + v.size() <= buf.data() + buf.size());
}

struct Fields {
  std::vector<std::string> items;  // name, value, name, value, ...
  bool operator==(const Fields&) const = default;
};

Fields own(const Header* h, size_t n, std::string_view buf) {
  Fields f;
  for (size_t i = 0; i < n; ++i) {
    check(inside(h[i].name, buf) && inside(h[i].value, buf), "field view inside the input");
    check(!h[i].name.empty(), "field name not empty");
    f.items.emplace_back(h[i].name);
    f.items.emplace_back(h[i].value);
  }
  return f;
}

struct RequestOutcome {
  ssize_t n = 0;
  int status = 0;
  std::string method, target, expect, host;
  int version = 0, body = 0;
  uint64_t contentLength = 0;
  bool keepAlive = false, upgrade = false;
  Fields fields;
  bool operator==(const RequestOutcome&) const = default;
};

RequestOutcome request(std::string_view in, size_t prev, RequestHead& head,
                       const ParserLimits& limits) {
  Header h[kSlots];
  ParseError err;
  RequestOutcome o;
  o.n = parseRequest(in, prev, head, h, kSlots, limits, &err);
  check(o.n <= static_cast<ssize_t>(in.size()), "request consumed <= input");
  if (o.n < 0) {
    check(err.status >= 400 && err.status <= 505 && err.code[0] == 'H', "request error set");
    o.status = err.status;
  } else if (o.n > 0) {
    check(head.headerCount <= kSlots && head.headerCount <= limits.maxHeadersCount, "count");
    check(inside(head.method, in) && inside(head.target, in) && inside(head.host, in) &&
              inside(head.expect, in),
          "head views inside the input");
    check(static_cast<size_t>(o.n) <= limits.maxHeaderSize, "head within maxHeaderSize");
    check(head.target.size() <= limits.maxUriLength, "target within maxUriLength");
    o.method = head.method;
    o.target = head.target;
    o.expect = head.expect;
    o.host = head.host;
    o.version = head.versionMajor * 10 + head.versionMinor;
    o.body = static_cast<int>(head.body);
    o.contentLength = head.contentLength;
    o.keepAlive = head.keepAlive;
    o.upgrade = head.upgrade;
    o.fields = own(h, head.headerCount, in);
  }
  return o;
}

struct ResponseOutcome {
  ssize_t n = 0;
  int status = 0, body = 0;
  std::string reason;
  uint64_t contentLength = 0;
  bool keepAlive = false;
  Fields fields;
  bool operator==(const ResponseOutcome&) const = default;
};

ResponseOutcome response(std::string_view in, size_t prev, ResponseHead& head,
                         const ParserLimits& limits) {
  Header h[kSlots];
  ParseError err;
  ResponseOutcome o;
  o.n = parseResponse(in, prev, head, h, kSlots, limits, &err);
  check(o.n <= static_cast<ssize_t>(in.size()), "response consumed <= input");
  if (o.n < 0) {
    o.status = -err.status;
  } else if (o.n > 0) {
    check(inside(head.reason, in), "reason inside the input");
    o.status = head.status;
    o.body = static_cast<int>(head.body);
    o.reason = head.reason;
    o.contentLength = head.contentLength;
    o.keepAlive = head.keepAlive;
    o.fields = own(h, head.headerCount, in);
  }
  return o;
}

// Feeds `in` to a parse function in pieces of `step` bytes, a fresh buffer per call.
template <class Head, class Parse>
auto inPieces(std::string_view in, size_t step, Parse parse, const ParserLimits& limits) {
  Head head;
  size_t prev = 0;
  for (size_t len = step < in.size() ? step : in.size();; len += step) {
    if (len > in.size()) {
      len = in.size();
    }
    Copy piece(in.substr(0, len));
    auto o = parse(piece.view(), prev, head, limits);
    if (o.n != 0 || len == in.size()) {
      return o;  // owns its strings: `piece` may go
    }
    prev = len;
  }
}

struct ChunkedOutcome {
  std::string body;
  Fields trailers;
  size_t consumed = 0;
  bool done = false;
  int status = 0;
  bool operator==(const ChunkedOutcome&) const = default;
};

// Decodes `in` delivered in pieces of `step` bytes (unconsumed bytes are kept and re-offered).
ChunkedOutcome chunked(std::string_view in, size_t step, const ParserLimits& limits) {
  ChunkedDecoder dec;
  ChunkedOutcome o;
  size_t fed = 0;
  while (fed < in.size() || step == 0) {
    fed = step == 0 || fed + step > in.size() ? in.size() : fed + step;
    for (;;) {
      Copy buf(in.substr(o.consumed, fed - o.consumed));
      Header t[kSlots];
      size_t count = 0;
      ParseError err;
      const auto s = dec.decode(buf.view(), t, kSlots, &count, limits, &err);
      check(s.consumed <= static_cast<ssize_t>(buf.size), "chunked consumed <= input");
      if (s.consumed < 0) {
        // How much was consumed before the failing call depends on how the bytes arrived;
        // the body bytes produced and the error do not.
        o.status = err.status;
        o.consumed = 0;
        return o;
      }
      check(inside(s.data, buf.view()), "chunk data inside the input");
      o.body += s.data;
      o.consumed += static_cast<size_t>(s.consumed);
      if (s.done) {
        o.done = true;
        o.trailers = own(t, count, buf.view());
        return o;
      }
      if (s.consumed == 0) {
        break;
      }
    }
    if (step == 0) {
      break;
    }
  }
  return o;
}

void checkScans(std::string_view in) {
  const ByteClass* classes[] = {&kTokenChars, &kTargetChars, &kFieldValueChars};
  const ScanLevel level = supportedScanLevel();
  for (const ByteClass* cls : classes) {
    for (size_t off = 0; off < in.size() && off < 40; off += 13) {
      Copy tail(in.substr(off));
      const size_t want = scanScalar(*cls, tail.bytes.get(), tail.size);
      if (level >= ScanLevel::kSse42) {
        check(scanSse42(*cls, tail.bytes.get(), tail.size) == want, "SSE4.2 scan == scalar");
      }
      if (level >= ScanLevel::kAvx2) {
        check(scanAvx2(*cls, tail.bytes.get(), tail.size) == want, "AVX2 scan == scalar");
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Copy input(std::string_view(reinterpret_cast<const char*>(data), size));
  const std::string_view in = input.view();
  // The defaults, and tiny limits so every limit path is reachable from small inputs.
  ParserLimits tiny;
  tiny.maxHeaderSize = 96;
  tiny.maxHeadersCount = 4;
  tiny.maxUriLength = 24;
  tiny.maxChunkExtensionSize = 12;
  const size_t step = size == 0 ? 1 : 1 + data[size - 1] % 11;

  for (const ParserLimits& limits : {ParserLimits{}, tiny}) {
    RequestHead rh;
    const RequestOutcome whole = request(in, 0, rh, limits);
    check(inPieces<RequestHead>(in, step, request, limits) == whole, "request restartable");
    if (whole.n > 0 && whole.body == static_cast<int>(BodyKind::kChunked)) {
      const std::string_view body = in.substr(static_cast<size_t>(whole.n));
      check(chunked(body, step, limits) == chunked(body, 0, limits), "body restartable");
    }
    ResponseHead sh;
    const ResponseOutcome res = response(in, 0, sh, limits);
    check(inPieces<ResponseHead>(in, step, response, limits) == res, "response restartable");
    check(chunked(in, step, limits) == chunked(in, 0, limits), "chunked restartable");
  }
  checkScans(in);
  return 0;
}
