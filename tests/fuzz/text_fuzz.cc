// libFuzzer target for util's text code over untrusted bytes: TextDecoder (UTF-8, UTF-16LE,
// latin1; fatal or not; in one call or streamed in chunks), TextEncoder, and what inspect and
// format do with arbitrary strings (quoting, UTF-16 lengths, line splitting, the ANSI matcher,
// Number()/parseInt/parseFloat, JSON escaping). Byte 0 picks the encoding and the options,
// byte 1 the chunk sizes; the rest is the input. Besides "no crash, no UB, no exception other
// than the documented ones", it checks:
//   - a non-fatal decode is valid UTF-8, and decoding in chunks gives the same text;
//   - a fatal decode either throws ERR_ENCODING_INVALID_ENCODED_DATA or gives that text;
//   - UTF-8 that is valid decodes to itself (with ignoreBOM); encode() keeps valid UTF-8;
//   - encodeInto writes a prefix of the encoding, whole characters only, within the buffer.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "api/util/js_text.h"
#include "nodecc/util.h"

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

bool validUtf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    nodecc::util::detail::Utf8Char c = nodecc::util::detail::decodeUtf8(s, i);
    if (c.length == 0) {
      return false;
    }
    i += c.length;
  }
  return true;
}

constexpr const char* kLabels[] = {"utf-8", "utf-16le", "latin1"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace nodecc;
  if (size < 2) {
    return 0;
  }
  const uint8_t mode = data[0];
  const uint8_t chunking = data[1];
  std::string_view input(reinterpret_cast<const char*>(data + 2), size - 2);
  const char* label = kLabels[(mode & 3) % 3];
  util::TextDecoderOptions options{.fatal = false, .ignoreBOM = (mode & 4) != 0};

  util::TextDecoder whole(label, options);
  std::string text = whole.decode(input);
  check(validUtf8(text), "decode() returns UTF-8");

  // The same bytes in chunks of 1..16 bytes.
  util::TextDecoder streamed(label, options);
  std::string pieces;
  size_t chunk = size_t(chunking % 16) + 1;
  for (size_t at = 0; at < input.size(); at += chunk) {
    pieces += streamed.decode(input.substr(at, chunk), {.stream = true});
  }
  pieces += streamed.decode();
  check(pieces == text, "streamed decode equals one-shot decode");

  try {
    util::TextDecoder fatal(label, {.fatal = true, .ignoreBOM = options.ignoreBOM});
    check(fatal.decode(input) == text, "a fatal decode that succeeds gives the same text");
  } catch (const Error& e) {
    check(e.code == "ERR_ENCODING_INVALID_ENCODED_DATA", "fatal decode throws its code");
  }

  if ((mode & 3) == 0 && options.ignoreBOM && validUtf8(input)) {
    check(text == input, "valid UTF-8 decodes to itself");
  }
  util::TextEncoder encoder;
  Buffer encoded = encoder.encode(text);
  check(encoded.view() == text, "encode keeps valid UTF-8");
  Buffer dest = Buffer::alloc(size_t(chunking % 32));
  util::TextEncoder::EncodeIntoResult r = encoder.encodeInto(text, dest);
  check(r.written <= dest.size(), "encodeInto stays within the buffer");
  check(text.compare(0, r.written, dest.view().substr(0, r.written)) == 0,
        "encodeInto writes a prefix");
  check(validUtf8(dest.view().substr(0, r.written)), "encodeInto writes whole characters");

  // The input as a (possibly invalid) C++ string through inspect and format.
  std::string raw(input);
  (void)util::inspect(raw);
  (void)util::inspect(raw, {.colors = (mode & 8) != 0,
                            .maxStringLength = double(chunking % 40),
                            .breakLength = double(chunking % 90)});
  (void)util::stripVTControlCharacters(raw);
  (void)util::toUSVString(raw);
  try {
    (void)util::format(raw, raw, raw, raw, raw, raw);
    (void)util::format("%s %j %d %i %f %o", raw, raw, raw, raw, raw, raw);
  } catch (const Error&) {
    check(false, "format does not throw for strings");
  }
  return 0;
}
