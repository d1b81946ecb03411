// libFuzzer target for Express's body parsers without a server (src/api/express/body_read.*:
// the checks body-parser makes of a request's head, then the bytes inflated and parsed). Input:
//   byte 0: bits 0-1 the parser (text, raw, urlencoded, json), bit 2 strict off (json), bit 3
//           inflate off, bits 4-5 the limit (0, 16, 1000, 100 KiB), bits 6-7 the driver
//           compresses the body (no, gzip, deflate, br; Content-Encoding then says so unless
//           the input gives one);
//   byte 1: bits 0-1 the parser's `type` list, bits 2-3 text's defaultCharset, bits 4-6
//           urlencoded's parameterLimit, bit 7 the body repeated to 128 KiB before it is
//           compressed (a bomb against a small limit);
//   then Content-Type '\n' Content-Encoding '\n' Content-Length '\n' body.
// Properties (the reference decisions are transcribed from body-parser 2.4's read.js, type-is
// 2.1, content-type 2.1, media-typer 1.1 and iconv-lite's decoders, as Express 5 installs them;
// nodecc's documented narrowing: json takes utf-8 only, text the charsets it decodes):
//   - skip (type not matched), 415 (charset, Content-Encoding), 413 from Content-Length, or a
//     read: as the reference decides, with the reference's charset;
//   - reading: 413 past the limit (inflated bytes, and compressed ones past the slack), 400 for
//     corrupt compressed data; a body the driver compressed from at most `limit` bytes reads
//     back whole; never more than `limit` bytes come out (a bomb is 413, its memory bounded);
//   - parsed: raw gives the inflated bytes, text their decoding as iconv-lite decodes the
//     charset, json JSON.parse of that text ({} when empty) or 400 entity.parse.failed, and in
//     strict mode only an object or an array; urlencoded 413 past parameterLimit fields, else
//     querystring.parse of the text without "__proto__".
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/express/body_read.h"
#include "api/express/tables.h"
#include "express_js.h"

// After nodecc's headers: zlib.h defines Z_NO_FLUSH... as macros, which would rewrite the
// zlib.constants names nodecc/zlib.h declares (the library's own sources keep them apart).
#include <brotli/encode.h>
#include <zlib.h>

namespace {

using namespace nodecc;
using namespace nodecc::express::detail;
using nodecc::express::Body;
using nodecc::express::HttpError;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') {
      c = char(c + 32);
    }
  }
  return out;
}

// media-typer 1.1's test(): /^ *([A-Za-z0-9][A-Za-z0-9!#$&^_-]{0,126})\/
// ([A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}) *$/.
bool typerTest(std::string_view s) {
  auto name = [](std::string_view p, std::string_view extra) {
    if (p.empty() || p.size() > 127 || !std::isalnum(static_cast<unsigned char>(p[0]))) {
      return false;
    }
    for (char c : p) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && extra.find(c) == std::string_view::npos) {
        return false;
      }
    }
    return true;
  };
  while (!s.empty() && s.front() == ' ') {
    s.remove_prefix(1);
  }
  while (!s.empty() && s.back() == ' ') {
    s.remove_suffix(1);
  }
  const size_t slash = s.find('/');
  return slash != std::string_view::npos && name(s.substr(0, slash), "!#$&^_-") &&
         name(s.substr(slash + 1), "!#$&^_.+-");
}

// type-is 2.1's is(value, types), truthiness only.
bool typeIs(std::string_view value, const std::vector<std::string>& types) {
  if (value.empty()) {
    return false;
  }
  const std::string val = express_js::parseContentType(value, false, 0, false).type;
  if (!typerTest(val)) {
    return false;
  }
  if (types.empty()) {
    return true;
  }
  for (const std::string& t : types) {
    std::string expected;
    if (t == "urlencoded") {
      expected = "application/x-www-form-urlencoded";
    } else if (t == "multipart") {
      expected = "multipart/*";
    } else if (!t.empty() && t[0] == '+') {
      expected = "*/*" + t;
    } else if (t.find('/') == std::string::npos) {
      expected = std::string(mimeLookup(t));
      if (expected.empty()) {
        continue;  // mime.lookup: false
      }
    } else {
      expected = t;
    }
    // mimeMatch(expected, val): both split on '/' into exactly two parts.
    auto split = [](const std::string& s, std::string* a, std::string* b) {
      const size_t p = s.find('/');
      if (p == std::string::npos || s.find('/', p + 1) != std::string::npos) {
        return false;
      }
      *a = s.substr(0, p);
      *b = s.substr(p + 1);
      return true;
    };
    std::string a0, a1, e0, e1;
    if (!split(val, &a0, &a1) || !split(expected, &e0, &e1)) {
      continue;
    }
    if (e0 != "*" && e0 != a0) {
      continue;
    }
    if (e1.rfind("*+", 0) == 0) {
      // expected[1].length <= actual[1].length + 1 && expected[1].slice(1) ===
      // actual[1].slice(1 - expected[1].length)
      const std::string suffix = e1.substr(1);
      if (e1.size() <= a1.size() + 1 && a1.size() >= suffix.size() &&
          a1.compare(a1.size() - suffix.size(), suffix.size(), suffix) == 0) {
        return true;
      }
      continue;
    }
    if (e1 == "*" || e1 == a1) {
      return true;
    }
  }
  return false;
}

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | cp >> 6);
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | cp >> 12);
    out += char(0x80 | (cp >> 6 & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | cp >> 18);
    out += char(0x80 | (cp >> 12 & 0x3F));
    out += char(0x80 | (cp >> 6 & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

// The Encoding Standard's UTF-8 decoder (V8's and so iconv-lite's): each maximal invalid
// subpart becomes U+FFFD.
std::string utf8Decode(std::string_view in) {
  std::string out;
  size_t i = 0;
  while (i < in.size()) {
    const auto b = static_cast<unsigned char>(in[i]);
    if (b < 0x80) {
      out += char(b);
      ++i;
      continue;
    }
    int need = 0;
    uint32_t cp = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
      need = 1;
      cp = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
      need = 2;
      cp = b & 0x0F;
      lo = b == 0xE0 ? 0xA0 : 0x80;
      hi = b == 0xED ? 0x9F : 0xBF;
    } else if (b >= 0xF0 && b <= 0xF4) {
      need = 3;
      cp = b & 0x07;
      lo = b == 0xF0 ? 0x90 : 0x80;
      hi = b == 0xF4 ? 0x8F : 0xBF;
    } else {
      appendUtf8(out, 0xFFFD);
      ++i;
      continue;
    }
    size_t j = i + 1;
    bool ok = true;
    for (int k = 0; k < need; ++k, ++j) {
      if (j >= in.size()) {
        ok = false;
        break;
      }
      const auto c = static_cast<unsigned char>(in[j]);
      if (c < lo || c > hi) {
        ok = false;
        break;
      }
      lo = 0x80;
      hi = 0xBF;
      cp = cp << 6 | (c & 0x3F);
    }
    if (!ok) {
      appendUtf8(out, 0xFFFD);
      i = j;  // the maximal subpart: the bytes that were valid so far
      continue;
    }
    appendUtf8(out, cp);
    i = j;
  }
  return out;
}

// iconv-lite's decode(buffer, charset) for the charsets nodecc takes.
std::string decodeRef(std::string_view bytes, const std::string& charset) {
  std::string out;
  if (charset == "latin1" || charset == "iso-8859-1") {
    for (char c : bytes) {
      appendUtf8(out, static_cast<unsigned char>(c));
    }
    return out;
  }
  if (charset == "ascii" || charset == "us-ascii") {
    for (char c : bytes) {
      appendUtf8(out, static_cast<unsigned char>(c) < 0x80 ? uint32_t(c) : 0xFFFD);
    }
    return out;
  }
  out = utf8Decode(bytes);
  if (out.rfind("\xEF\xBB\xBF", 0) == 0) {  // the BOM iconv-lite strips
    out.erase(0, 3);
  }
  return out;
}

bool decodes(const std::string& charset, BodyKind kind) {
  switch (kind) {
    case BodyKind::kForm:
      return charset == "utf-8" || charset == "iso-8859-1";
    case BodyKind::kJson:
      return charset == "utf-8";  // body-parser: "utf-*"; nodecc decodes UTF-8 only
    case BodyKind::kText:
      return charset == "utf-8" || charset == "utf8" || charset == "latin1" ||
             charset == "iso-8859-1" || charset == "us-ascii" || charset == "ascii";
    case BodyKind::kRaw:
      return true;
  }
  return false;
}

std::string compress(std::string_view in, int mode) {
  std::string out;
  if (mode == 3) {
    size_t n = BrotliEncoderMaxCompressedSize(in.size());
    out.resize(n);
    check(BrotliEncoderCompress(1, 18, BROTLI_MODE_GENERIC, in.size(),
                                reinterpret_cast<const uint8_t*>(in.data()), &n,
                                reinterpret_cast<uint8_t*>(out.data())) == BROTLI_TRUE,
          "driver: brotli compresses");
    out.resize(n);
    return out;
  }
  z_stream z{};
  check(deflateInit2(&z, 1, Z_DEFLATED, mode == 1 ? 31 : 15, 8, Z_DEFAULT_STRATEGY) == Z_OK,
        "driver: deflateInit2");
  out.resize(deflateBound(&z, in.size()));
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  check(deflate(&z, Z_FINISH) == Z_STREAM_END, "driver: deflate");
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

constexpr size_t kLimits[] = {0, 16, 1000, 100 * 1024};
constexpr long kParameterLimits[] = {1, 2, 3, 10, 1000, 1, 5, 100};
constexpr size_t kBombSize = 128 << 10;
const char* const kDefaultCharsets[] = {"utf-8", "latin1", "us-ascii", "utf-16le"};

std::vector<std::string> typesFor(BodyKind kind, int which) {
  switch (which) {
    case 1:
      return {"*/*"};
    case 2:
      return {"+json", "text/*"};
    case 3:
      return {"urlencoded", "application/*", "json", "bin"};
    default:
      break;
  }
  switch (kind) {
    case BodyKind::kText:
      return {"text/plain"};
    case BodyKind::kRaw:
      return {"application/octet-stream"};
    case BodyKind::kForm:
      return {"application/x-www-form-urlencoded"};
    case BodyKind::kJson:
      return {"application/json"};
  }
  return {};
}

void checkError(const HttpError& e, int status, const char* type, const char* what) {
  if (e.status != status || (type != nullptr && e.type != type)) {
    std::fprintf(stderr, "got %d %s (%s), want %d %s\n", e.status, e.type.c_str(),
                 e.message.c_str(), status, type ? type : "");
  }
  check(e.status == status && e.statusCode == status, what);
  check(type == nullptr || e.type == type, what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) {
    return 0;
  }
  BodyParserOptions o;
  o.kind = static_cast<BodyKind>(data[0] & 3);
  o.strict = !(data[0] & 4);
  o.inflate = !(data[0] & 8);
  o.limit = kLimits[data[0] >> 4 & 3];
  const int compressMode = data[0] >> 6;
  o.type = typesFor(o.kind, data[1] & 3);
  o.defaultCharset = o.kind == BodyKind::kRaw    ? ""
                     : o.kind == BodyKind::kText ? kDefaultCharsets[data[1] >> 2 & 3]
                                                 : "utf-8";
  o.parameterLimit = kParameterLimits[data[1] >> 4 & 7];
  const bool bomb = data[1] & 0x80;

  std::string_view rest(reinterpret_cast<const char*>(data + 2), size - 2);
  std::string_view field[3];
  for (auto& f : field) {
    const size_t nl = rest.find('\n');
    f = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
  }
  const std::string_view contentType = field[0];
  std::string contentEncoding(field[1]);
  const std::string_view contentLength = field[2];
  std::string payload(rest);
  std::string sent = payload;
  if (compressMode != 0) {
    if (bomb && !payload.empty()) {
      while (payload.size() < kBombSize) {
        payload += payload.substr(0, kBombSize - payload.size());
      }
    }
    sent = compress(payload, compressMode);
    if (contentEncoding.empty()) {
      contentEncoding = compressMode == 1 ? "gzip" : compressMode == 2 ? "deflate" : "br";
    }
  }

  const BodyPlan plan = planBody(o, contentType, contentEncoding, contentLength);

  // The reference's decisions, in read()'s order.
  if (!typeIs(contentType, o.type)) {
    check(plan.action == BodyPlan::Action::kSkip, "skipped exactly when type-is says no");
    return 0;
  }
  check(plan.action != BodyPlan::Action::kSkip, "read when type-is matches");
  std::string charset;
  if (o.kind != BodyKind::kRaw) {
    const express_js::ContentType ct = express_js::parseContentType(contentType);
    const std::string* param = ct.get("charset");
    charset = param && !param->empty() ? lower(*param) : o.defaultCharset;
    if (plan.charset != charset) {
      std::fprintf(stderr, "charset \"%s\", content-type gives \"%s\"\n", plan.charset.c_str(),
                   charset.c_str());
    }
    check(plan.charset == charset, "the charset content-type's parse gives");
    if (!decodes(charset, o.kind)) {
      check(plan.action == BodyPlan::Action::kFail && plan.error, "415 for the charset");
      checkError(*plan.error, 415, "charset.unsupported", "415 for the charset");
      return 0;
    }
  }
  const std::string encoding = contentEncoding.empty() ? "identity" : lower(contentEncoding);
  if (encoding != "identity") {
    const bool known = encoding == "gzip" || encoding == "deflate" || encoding == "br";
    if (!o.inflate || !known) {
      check(plan.action == BodyPlan::Action::kFail && plan.error, "415 for the encoding");
      checkError(*plan.error, 415, "encoding.unsupported", "415 for the encoding");
      return 0;
    }
    check(plan.coding == (encoding == "gzip"      ? BodyCoding::kGzip
                          : encoding == "deflate" ? BodyCoding::kDeflate
                                                  : BodyCoding::kBrotli),
          "the coding named");
  } else {
    check(plan.coding == BodyCoding::kIdentity, "identity");
    // raw-body: a declared length (the HTTP parser delivers digits) past the limit.
    bool digits = !contentLength.empty();
    unsigned __int128 declared = 0;
    for (char c : contentLength) {
      digits = digits && c >= '0' && c <= '9';
      declared = std::min<unsigned __int128>(declared * 10 + unsigned(c - '0'), UINT64_MAX);
    }
    if (digits && declared > o.limit) {
      check(plan.action == BodyPlan::Action::kDrain && plan.error, "413 from Content-Length");
      checkError(*plan.error, 413, "entity.too.large", "413 from Content-Length");
      return 0;
    }
  }
  check(plan.action == BodyPlan::Action::kRead && !plan.error, "read");
  // The body as the driver compressed it, and Content-Encoding saying so.
  const BodyCoding made = compressMode == 1   ? BodyCoding::kGzip
                          : compressMode == 2 ? BodyCoding::kDeflate
                                              : BodyCoding::kBrotli;
  const bool madeHere = compressMode != 0 && plan.coding == made;
  check(plan.readLimit >= o.limit, "the read limit is at least the limit");
  check(plan.coding != BodyCoding::kIdentity || plan.readLimit == o.limit,
        "identity: the read limit is the limit");

  // Reading: the bytes as sent, past readLimit the answer is 413.
  if (sent.size() > plan.readLimit) {
    check(!madeHere || payload.size() > o.limit, "a body within the limit reads whole");
    return 0;
  }
  Buffer bytes = Buffer::from(std::string_view(sent));
  try {
    bytes = inflateBody(bytes, plan.coding, o.limit);
  } catch (const HttpError& e) {
    check(plan.coding != BodyCoding::kIdentity, "identity never fails to inflate");
    if (madeHere && payload.size() <= o.limit) {
      checkError(e, 0, nullptr, "a body compressed here within the limit inflates");
    }
    if (e.status == 413) {
      checkError(e, 413, "entity.too.large", "413 from inflating");
    } else {
      checkError(e, 400, nullptr, "corrupt data is 400");
      check(!madeHere, "a body compressed here is not corrupt");
    }
    return 0;
  }
  check(bytes.size() <= o.limit, "never more than the limit");
  if (madeHere) {
    check(bytes.view() == payload, "inflates to what was compressed");
  } else if (plan.coding == BodyCoding::kIdentity) {
    check(bytes.view() == sent, "identity: the bytes sent");
  }

  const std::string text = decodeRef(bytes.view(), charset);
  Body body;
  try {
    body = parseBody(o, bytes, charset);
  } catch (const HttpError& e) {
    if (o.kind == BodyKind::kJson) {
      checkError(e, 400, "entity.parse.failed", "json: 400 entity.parse.failed");
      check(e.name == "SyntaxError", "json: a SyntaxError");
      size_t first = 0;
      while (first < text.size() && std::strchr(" \t\n\r", text[first]) != nullptr) {
        ++first;
      }
      const bool strictViolation =
          o.strict && !text.empty() &&
          (first == text.size() || (text[first] != '{' && text[first] != '['));
      if (!strictViolation) {
        bool threw = false;
        try {
          JSON::parse(text);
        } catch (const Error&) {
          threw = true;
        }
        check(threw, "json: 400 only when JSON.parse throws");
      }
      return 0;
    }
    check(o.kind == BodyKind::kForm, "only json and urlencoded fail to parse");
    checkError(e, 413, "parameters.too.many", "urlencoded: 413 parameters.too.many");
    check(size_t(std::count(text.begin(), text.end(), '&')) + 1 > size_t(o.parameterLimit),
          "urlencoded: 413 only past parameterLimit");
    return 0;
  }
  switch (o.kind) {
    case BodyKind::kRaw:
      check(body.kind == Body::Kind::kBuffer && body.buffer.view() == bytes.view(),
            "raw: the bytes");
      break;
    case BodyKind::kText:
      check(body.kind == Body::Kind::kText, "text: a string");
      if (body.text != text) {
        std::fprintf(stderr, "charset %s: %zu bytes, iconv-lite gives %zu\n", charset.c_str(),
                     body.text.size(), text.size());
      }
      check(body.text == text, "text: decoded as iconv-lite decodes the charset");
      break;
    case BodyKind::kJson:
      check(body.kind == Body::Kind::kJson, "json: a value");
      if (text.empty()) {
        check(body.json.isObject() && body.json.size() == 0, "json: {} for an empty body");
      } else {
        check(!o.strict || body.json.isObject() || body.json.isArray(),
              "json strict: an object or an array");
        check(body.json == JSON::parse(text), "json: JSON.parse of the text");
      }
      break;
    case BodyKind::kForm: {
      check(body.kind == Body::Kind::kForm, "urlencoded: a form");
      check(size_t(std::count(text.begin(), text.end(), '&')) + 1 <= size_t(o.parameterLimit) ||
                text.empty(),
            "urlencoded: within parameterLimit");
      querystring::ParsedQuery want = querystring::parse(text, "&", "=", o.parameterLimit);
      want.remove("__proto__");
      check(body.form.size() == want.size() && body.form.size() <= size_t(o.parameterLimit),
            "urlencoded: querystring.parse's fields");
      auto it = want.begin();
      for (const auto& e : body.form) {
        check(e.key == it->key && e.values.size() == it->values.size(),
              "urlencoded: querystring.parse's fields");
        for (size_t i = 0; i < e.values.size(); ++i) {
          check(e.values[i] == it->values[i], "urlencoded: querystring.parse's values");
        }
        ++it;
      }
      break;
    }
  }
  return 0;
}
