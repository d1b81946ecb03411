// body-parser 2.4's read() and its json, text, raw and urlencoded parsers over the request's
// "data"/"end" events: the type check, the charset check, the Content-Encoding (gzip, deflate
// and br inflated), the limit (413 at once from Content-Length, or as soon as the bytes read
// pass it), then parse into req.body.
#include <memory>

#include "api/express/ctx.h"
#include "api/express/text.h"
#include "api/url/codec.h"
#include "nodecc/zlib.h"

namespace nodecc::express {

using detail::Handler;

namespace {

enum class Kind { kText, kRaw, kForm, kJson };

struct ParserOptions {
  Kind kind;
  size_t limit;
  std::vector<std::string> type;
  std::string defaultCharset;
  bool inflate = true;
  long parameterLimit = 1000;
  bool strict = true;
  JSON::Reviver reviver = nullptr;
};

// A compressed body is read whole before it is inflated (body-parser inflates as it reads):
// compressed bytes past limit + limit / kCompressedSlackDivisor + kCompressedSlackBytes are
// 413 at once. Deflate's stored blocks grow data by 5 bytes in 64 KiB, so a body an encoder
// wrote that is this much larger compressed inflates past the limit anyway.
constexpr size_t kCompressedSlackDivisor = 8;
constexpr size_t kCompressedSlackBytes = 1024;

enum class Coding { kIdentity, kDeflate, kGzip, kBrotli };

std::string charsetOf(std::string_view contentType) {
  size_t semi = contentType.find(';');
  while (semi != std::string_view::npos) {
    size_t next = contentType.find(';', semi + 1);
    std::string_view kv = contentType.substr(semi + 1, next - semi - 1);
    size_t eq = kv.find('=');
    if (eq != std::string_view::npos) {
      std::string k(kv.substr(0, eq));
      k.erase(0, k.find_first_not_of(" \t"));
      while (!k.empty() && (k.back() == ' ' || k.back() == '\t')) {
        k.pop_back();
      }
      text::core::lowerInPlace(k);
      if (k == "charset") {
        std::string v(kv.substr(eq + 1));
        v.erase(0, v.find_first_not_of(" \t"));
        while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) {
          v.pop_back();
        }
        if (v.size() >= 2 && v.front() == '"' && v.back() == '"') {
          v = v.substr(1, v.size() - 2);
        }
        text::core::lowerInPlace(v);
        return v;
      }
    }
    semi = next;
  }
  return {};
}

HttpError makeError(int status, std::string message, std::string type) {
  HttpError e(status, std::move(message));
  e.type = std::move(type);
  return e;
}

// The body as text in `charset` (utf-8 and latin1 are what nodecc decodes).
std::string decode(const Buffer& body, const std::string& charset) {
  if (charset == "iso-8859-1" || charset == "latin1") {
    // Each byte is its code point; nodecc's strings are UTF-8.
    std::string out;
    for (uint8_t b : body) {
      url::detail::appendUtf8(out, b);
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

JSON::Value parseJson(const std::string& body, const ParserOptions& o) {
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

// The state of one body being read.
struct Reading {
  explicit Reading(Next n) : next(std::move(n)) {}
  Next next;
  std::vector<Buffer> chunks;
  size_t received = 0;
  bool failed = false;
};

void parseBody(Request& req, const ParserOptions& o, const Buffer& body, const std::string& charset,
               Next& next) {
  try {
    switch (o.kind) {
      case Kind::kRaw:
        req.body.kind = Body::Kind::kBuffer;
        req.body.buffer = body;
        break;
      case Kind::kText:
        req.body.kind = Body::Kind::kText;
        req.body.text = decode(body, charset);
        break;
      case Kind::kJson: {
        std::string text = decode(body, charset);
        try {
          req.body.json = parseJson(text, o);
        } catch (const Error& e) {
          // createError(400, err): the SyntaxError itself, with status and type added.
          HttpError h(400, e.message);
          h.name = e.name;
          h.type = "entity.parse.failed";
          throw h;
        }
        req.body.kind = Body::Kind::kJson;
        break;
      }
      case Kind::kForm: {
        std::string text = decode(body, charset);
        req.body.kind = Body::Kind::kForm;
        req.body.form = querystring::ParsedQuery();
        if (!text.empty()) {
          long count = 0;
          size_t index = std::string::npos;
          do {
            if (++count > o.parameterLimit) {
              throw makeError(413, "too many parameters", "parameters.too.many");
            }
            index = text.find('&', index + 1);
          } while (index != std::string::npos);
          req.body.form = querystring::parse(text, "&", "=", o.parameterLimit);
          // body-parser 2 parses with qs into a plain object, where assigning "__proto__" sets
          // no key: the field is dropped (req.body.__proto__ is never the client's).
          req.body.form.remove("__proto__");
        }
        break;
      }
    }
  } catch (const HttpError&) {
    req.body = Body();
    next(std::current_exception());
    return;
  }
  next();
}

// The body inflated (at most limit + 1 bytes are produced: more is 413), or nullopt after
// next(err) with zlib's error as a 400, as raw-body reports a decompression stream's error.
std::optional<Buffer> inflate(const Buffer& body, Coding coding, size_t limit, Next& next) {
  auto max = static_cast<int64_t>(limit) + 1;
  try {
    switch (coding) {
      case Coding::kDeflate:
        return Buffer(zlib::inflateSync(body, {.maxOutputLength = max}));
      case Coding::kGzip:
        return Buffer(zlib::gunzipSync(body, {.maxOutputLength = max}));
      case Coding::kBrotli:
        return Buffer(zlib::brotliDecompressSync(body, {.maxOutputLength = max}));
      case Coding::kIdentity:
        break;
    }
    return body;
  } catch (const RangeError& e) {
    if (e.code == "ERR_BUFFER_TOO_LARGE") {
      next(makeError(413, "request entity too large", "entity.too.large"));
      return std::nullopt;
    }
    HttpError h(400, e.message);
    h.name = e.name;
    h.code = e.code;
    next(h);
  } catch (const Error& e) {
    HttpError h(400, e.message);
    h.name = e.name;
    h.code = e.code;
    next(h);
  }
  return std::nullopt;
}

Handler makeParser(ParserOptions options) {
  auto o = std::make_shared<ParserOptions>(std::move(options));
  return detail::makeHandler([o](Request& req, Response& res, Next next) {
    if (req.body.kind != Body::Kind::kUndefined) {  // another parser read it
      next();
      return;
    }
    if (!detail::hasBody(req)) {
      next();
      return;
    }
    if (!detail::typeMatch(req.headers["content-type"], o->type)) {
      next();
      return;
    }
    std::string charset;
    if (o->kind != Kind::kRaw) {
      charset = charsetOf(req.headers["content-type"]);
      if (charset.empty()) {
        charset = o->defaultCharset;
      }
      bool valid = o->kind == Kind::kForm   ? (charset == "utf-8" || charset == "iso-8859-1")
                   : o->kind == Kind::kJson ? charset.starts_with("utf-")
                                            : supportedCharset(charset);
      // json() takes every "utf-*" charset; nodecc decodes UTF-8 (iconv-lite's unsupported
      // charset error, after the read, for the others).
      bool decodable = o->kind != Kind::kJson || charset == "utf-8";
      if (!valid || !decodable) {
        std::string upper = charset;
        for (char& c : upper) {
          c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
        next(makeError(415, "unsupported charset \"" + upper + "\"", "charset.unsupported"));
        return;
      }
    }
    std::string encoding = req.get("content-encoding");
    text::core::lowerInPlace(encoding);
    Coding coding = Coding::kIdentity;
    if (!encoding.empty() && encoding != "identity") {
      if (!o->inflate) {
        next(makeError(415, "content encoding unsupported", "encoding.unsupported"));
        return;
      }
      if (encoding == "deflate") {
        coding = Coding::kDeflate;
      } else if (encoding == "gzip") {
        coding = Coding::kGzip;
      } else if (encoding == "br") {
        coding = Coding::kBrotli;
      } else {
        next(makeError(415, "unsupported content encoding \"" + encoding + "\"",
                       "encoding.unsupported"));
        return;
      }
    }
    // raw-body: a declared length past the limit fails before reading (identity only: the
    // limit counts inflated bytes).
    std::string_view cl = req.headers["content-length"];
    if (coding == Coding::kIdentity && !cl.empty()) {
      uint64_t length = 0;
      bool digits = true;
      for (char c : cl) {
        digits = digits && c >= '0' && c <= '9';
        length = length * 10 + uint64_t(c - '0');
      }
      if (digits && length > o->limit) {
        auto err = makeError(413, "request entity too large", "entity.too.large");
        req.message.on("end", [next, err] { next(err); });
        req.message.on("data", [](const Buffer&) {});
        req.message.resume();
        return;
      }
    }
    size_t readLimit = coding == Coding::kIdentity
                           ? o->limit
                           : o->limit + o->limit / kCompressedSlackDivisor + kCompressedSlackBytes;
    auto state = std::make_shared<Reading>(next);
    req.message.on("data", [state, readLimit](const Buffer& chunk) {
      if (state->failed) {
        return;
      }
      state->received += chunk.size();
      if (state->received > readLimit) {
        state->failed = true;
        state->chunks.clear();
        return;
      }
      state->chunks.push_back(chunk);
    });
    req.message.on("end", [state, o, &req, charset, coding] {
      if (state->failed) {
        state->next(makeError(413, "request entity too large", "entity.too.large"));
        return;
      }
      Buffer body = state->chunks.size() == 1 ? state->chunks[0] : Buffer::concat(state->chunks);
      state->chunks.clear();
      if (coding != Coding::kIdentity) {
        std::optional<Buffer> inflated = inflate(body, coding, o->limit, state->next);
        if (!inflated) {
          return;
        }
        body = std::move(*inflated);
      }
      parseBody(req, *o, body, charset, state->next);
    });
  });
}

}  // namespace

Handler json(JsonOptions options) {
  ParserOptions o{Kind::kJson, options.limit, std::move(options.type), "utf-8", options.inflate};
  o.strict = options.strict;
  o.reviver = std::move(options.reviver);
  return makeParser(std::move(o));
}

Handler text(TextOptions options) {
  return makeParser(ParserOptions{Kind::kText, options.limit, std::move(options.type),
                                  std::move(options.defaultCharset), options.inflate});
}

Handler raw(RawOptions options) {
  return makeParser(
      ParserOptions{Kind::kRaw, options.limit, std::move(options.type), "", options.inflate});
}

Handler urlencoded(UrlencodedOptions options) {
  if (options.extended) {
    throw TypeError("", "urlencoded({extended: true}) (qs) is not supported");
  }
  if (options.parameterLimit < 1) {
    throw TypeError("", "option parameterLimit must be a positive number");
  }
  ParserOptions o{Kind::kForm, options.limit, std::move(options.type), "utf-8", options.inflate};
  o.parameterLimit = options.parameterLimit;
  return makeParser(std::move(o));
}

}  // namespace nodecc::express
