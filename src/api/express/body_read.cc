// body-parser 2.4's checks and parsers, without the request: see body_read.h.
#include "api/express/body_read.h"

#include <cctype>

#include "api/express/content_type.h"
#include "api/express/text.h"
#include "api/url/codec.h"
#include "nodecc/zlib.h"

namespace nodecc::express::detail {

namespace {

// A compressed body is read whole before it is inflated (body-parser inflates as it reads):
// compressed bytes past limit + limit / kCompressedSlackDivisor + kCompressedSlackBytes are
// 413 at once. Deflate's stored blocks grow data by 5 bytes in 64 KiB, so a body an encoder
// wrote that is this much larger compressed inflates past the limit anyway.
constexpr size_t kCompressedSlackDivisor = 8;
constexpr size_t kCompressedSlackBytes = 1024;

// body-parser's getCharset: content-type's charset parameter, lower-cased ("" when absent).
std::string charsetOf(std::string_view contentType) {
  const ContentType parsed = parseContentType(contentType);
  const std::string* charset = parsed.parameter("charset");
  std::string out;
  if (charset != nullptr) {
    text::core::assignLower(out, *charset);
  }
  return out;
}

HttpError makeError(int status, std::string message, std::string type) {
  HttpError e(status, std::move(message));
  e.type = std::move(type);
  return e;
}

// The body as text in `charset`, as iconv-lite decodes it (utf-8, latin1 and ascii are what
// nodecc decodes).
std::string decode(const Buffer& body, const std::string& charset) {
  if (charset == "iso-8859-1" || charset == "latin1") {
    // Each byte is its code point; nodecc's strings are UTF-8.
    std::string out;
    for (uint8_t b : body) {
      url::detail::appendUtf8(out, b);
    }
    return out;
  }
  if (charset == "us-ascii" || charset == "ascii") {
    // iconv-lite's ascii: a byte past 0x7F is U+FFFD (and a BOM is not dropped).
    std::string out;
    for (uint8_t b : body) {
      url::detail::appendUtf8(out, b < 0x80 ? b : 0xFFFD);
    }
    return out;
  }
  std::string out = body.toString("utf8");
  // iconv-lite's decode drops a leading byte order mark.
  if (out.starts_with("\xEF\xBB\xBF")) {
    out.erase(0, 3);
  }
  return out;
}

// The first `units` UTF-16 code units of s from byte `from` (JavaScript's substring).
std::string_view utf16Prefix(std::string_view s, size_t from, size_t units) {
  size_t i = from;
  while (i < s.size() && units > 0) {
    char32_t cp;
    size_t n = url::detail::decodeUtf8At(s, i, cp);
    size_t width = cp > 0xFFFF ? 2 : 1;
    if (width > units) {
      break;
    }
    units -= width;
    i += n;
  }
  return s.substr(from, i - from);
}

bool isJsonSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// body-parser's createStrictSyntaxError: JSON.parse's error for the text with everything from
// the first token on replaced by '#', each run of '#' in the message then replaced by as many
// characters of the text from that token.
SyntaxError strictSyntaxError(std::string_view str, size_t index) {
  std::string partial;
  if (index != std::string_view::npos) {
    partial.assign(str.substr(0, index));
    partial.append(url::detail::utf16Length(str) - index, '#');
  }
  std::string message;
  try {
    JSON::parse(partial);
    message = "strict violation";
  } catch (const Error& e) {
    message = e.message;
  }
  std::string out;
  for (size_t i = 0; i < message.size();) {
    if (message[i] != '#') {
      out += message[i++];
      continue;
    }
    size_t run = 0;
    while (i < message.size() && message[i] == '#') {
      ++run;
      ++i;
    }
    out.append(utf16Prefix(str, index, run));
  }
  return SyntaxError(std::move(out));
}

JSON::Value parseJson(const std::string& body, const BodyParserOptions& o) {
  if (body.empty()) {
    return JSON::Object();
  }
  if (o.strict && body[0] != '{' && body[0] != '[') {
    size_t first = 0;
    while (first < body.size() && isJsonSpace(body[first])) {
      ++first;
    }
    if (first == body.size()) {
      // firstNonWhitespaceChar is undefined, and str.indexOf(undefined) looks for "undefined".
      throw strictSyntaxError(body, std::string_view(body).find("undefined"));
    }
    if (body[first] != '{' && body[first] != '[') {
      throw strictSyntaxError(body, first);
    }
  }
  return o.reviver ? JSON::parse(body, o.reviver) : JSON::parse(body);
}

bool supportedCharset(const std::string& c) {
  return c == "utf-8" || c == "utf8" || c == "iso-8859-1" || c == "latin1" || c == "us-ascii" ||
         c == "ascii";
}

}  // namespace

BodyPlan planBody(const BodyParserOptions& o, std::string_view contentType,
                  std::string_view contentEncoding, std::string_view contentLength) {
  BodyPlan plan;
  if (!typeMatch(contentType, o.type)) {
    return plan;
  }
  plan.action = BodyPlan::Action::kFail;
  if (o.kind != BodyKind::kRaw) {
    plan.charset = charsetOf(contentType);
    if (plan.charset.empty()) {
      plan.charset = o.defaultCharset;
    }
    const std::string& charset = plan.charset;
    bool valid = o.kind == BodyKind::kForm   ? (charset == "utf-8" || charset == "iso-8859-1")
                 : o.kind == BodyKind::kJson ? charset.starts_with("utf-")
                                             : supportedCharset(charset);
    // json() takes every "utf-*" charset; nodecc decodes UTF-8 (iconv-lite's unsupported
    // charset error, after the read, for the others).
    bool decodable = o.kind != BodyKind::kJson || charset == "utf-8";
    if (!valid || !decodable) {
      std::string upper = charset;
      for (char& c : upper) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      }
      plan.error = makeError(415, "unsupported charset \"" + upper + "\"", "charset.unsupported");
      return plan;
    }
  }
  std::string encoding(contentEncoding);
  text::core::lowerInPlace(encoding);
  if (!encoding.empty() && encoding != "identity") {
    if (!o.inflate) {
      plan.error = makeError(415, "content encoding unsupported", "encoding.unsupported");
      return plan;
    }
    if (encoding == "deflate") {
      plan.coding = BodyCoding::kDeflate;
    } else if (encoding == "gzip") {
      plan.coding = BodyCoding::kGzip;
    } else if (encoding == "br") {
      plan.coding = BodyCoding::kBrotli;
    } else {
      plan.error = makeError(415, "unsupported content encoding \"" + encoding + "\"",
                             "encoding.unsupported");
      return plan;
    }
  }
  // raw-body: a declared length past the limit fails before reading (identity only: the
  // limit counts inflated bytes).
  if (plan.coding == BodyCoding::kIdentity && !contentLength.empty()) {
    uint64_t length = 0;
    bool digits = true;
    for (char c : contentLength) {
      digits = digits && c >= '0' && c <= '9';
      length = length * 10 + uint64_t(c - '0');
    }
    if (digits && length > o.limit) {
      plan.action = BodyPlan::Action::kDrain;
      plan.error = bodyTooLarge();
      return plan;
    }
  }
  plan.action = BodyPlan::Action::kRead;
  plan.readLimit = plan.coding == BodyCoding::kIdentity
                       ? o.limit
                       : o.limit + o.limit / kCompressedSlackDivisor + kCompressedSlackBytes;
  return plan;
}

HttpError bodyTooLarge() {
  return makeError(413, "request entity too large", "entity.too.large");
}

Buffer inflateBody(const Buffer& bytes, BodyCoding coding, size_t limit) {
  // Inflating stops past limit + 1 bytes (maxOutputLength is at least 1, and limit may be 0);
  // limit + 1 bytes are as much too many as a bomb's, so the size is checked after.
  auto max = static_cast<int64_t>(limit) + 1;
  Buffer out;
  try {
    switch (coding) {
      case BodyCoding::kDeflate:
        out = Buffer(zlib::inflateSync(bytes, {.maxOutputLength = max}));
        break;
      case BodyCoding::kGzip:
        out = Buffer(zlib::gunzipSync(bytes, {.maxOutputLength = max}));
        break;
      case BodyCoding::kBrotli:
        out = Buffer(zlib::brotliDecompressSync(bytes, {.maxOutputLength = max}));
        break;
      case BodyCoding::kIdentity:
        return bytes;
    }
  } catch (const RangeError& e) {
    if (e.code == "ERR_BUFFER_TOO_LARGE") {
      throw bodyTooLarge();
    }
    HttpError h(400, e.message);
    h.name = e.name;
    h.code = e.code;
    throw h;
  } catch (const Error& e) {
    HttpError h(400, e.message);
    h.name = e.name;
    h.code = e.code;
    throw h;
  }
  if (out.size() > limit) {
    throw bodyTooLarge();
  }
  return out;
}

Body parseBody(const BodyParserOptions& o, const Buffer& bytes, const std::string& charset) {
  Body body;
  switch (o.kind) {
    case BodyKind::kRaw:
      body.kind = Body::Kind::kBuffer;
      body.buffer = bytes;
      break;
    case BodyKind::kText:
      body.kind = Body::Kind::kText;
      body.text = decode(bytes, charset);
      break;
    case BodyKind::kJson: {
      std::string text = decode(bytes, charset);
      try {
        body.json = parseJson(text, o);
      } catch (const Error& e) {
        // createError(400, err): the SyntaxError itself, with status and type added.
        HttpError h(400, e.message);
        h.name = e.name;
        h.type = "entity.parse.failed";
        throw h;
      }
      body.kind = Body::Kind::kJson;
      break;
    }
    case BodyKind::kForm: {
      std::string text = decode(bytes, charset);
      body.kind = Body::Kind::kForm;
      if (!text.empty()) {
        long count = 0;
        size_t index = std::string::npos;
        do {
          if (++count > o.parameterLimit) {
            throw makeError(413, "too many parameters", "parameters.too.many");
          }
          index = text.find('&', index + 1);
        } while (index != std::string::npos);
        body.form = querystring::parse(text, "&", "=", o.parameterLimit);
        // body-parser 2 parses with qs into a plain object, where assigning "__proto__" sets
        // no key: the field is dropped (req.body.__proto__ is never the client's).
        body.form.remove("__proto__");
      }
      break;
    }
  }
  return body;
}

}  // namespace nodecc::express::detail
