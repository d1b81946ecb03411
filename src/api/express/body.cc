// body-parser 2.4's read() and its text, raw and urlencoded parsers over the request's
// "data"/"end" events: the type check, the charset check, the limit (413 at once from
// Content-Length, or as soon as the bytes read pass it), then parse into req.body.
#include <memory>

#include "api/express/ctx.h"
#include "api/express/text.h"
#include "api/url/codec.h"

namespace nodecc::express {

using detail::Handler;

namespace {

enum class Kind { kText, kRaw, kForm };

struct ParserOptions {
  Kind kind;
  size_t limit;
  std::vector<std::string> type;
  std::string defaultCharset;
  long parameterLimit = 1000;
};

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
      api::asciiLowerInPlace(k);
      if (k == "charset") {
        std::string v(kv.substr(eq + 1));
        v.erase(0, v.find_first_not_of(" \t"));
        while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) {
          v.pop_back();
        }
        if (v.size() >= 2 && v.front() == '"' && v.back() == '"') {
          v = v.substr(1, v.size() - 2);
        }
        api::asciiLowerInPlace(v);
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
      api::appendUtf8(out, b);
    }
    return out;
  }
  return body.toString("utf8");
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
      bool valid = o->kind == Kind::kForm ? (charset == "utf-8" || charset == "iso-8859-1")
                                          : supportedCharset(charset);
      if (!valid) {
        std::string upper = charset;
        for (char& c : upper) {
          c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
        next(makeError(415, "unsupported charset \"" + upper + "\"", "charset.unsupported"));
        return;
      }
    }
    std::string encoding = req.get("content-encoding");
    api::asciiLowerInPlace(encoding);
    if (!encoding.empty() && encoding != "identity") {
      next(makeError(415, "unsupported content encoding \"" + encoding + "\"",
                     "encoding.unsupported"));
      return;
    }
    // raw-body: a declared length past the limit fails before reading.
    std::string_view cl = req.headers["content-length"];
    if (!cl.empty()) {
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
    auto state = std::make_shared<Reading>(next);
    req.message.on("data", [state, o](const Buffer& chunk) {
      if (state->failed) {
        return;
      }
      state->received += chunk.size();
      if (state->received > o->limit) {
        state->failed = true;
        state->chunks.clear();
        return;
      }
      state->chunks.push_back(chunk);
    });
    req.message.on("end", [state, o, &req, charset] {
      if (state->failed) {
        state->next(makeError(413, "request entity too large", "entity.too.large"));
        return;
      }
      Buffer body = state->chunks.size() == 1 ? state->chunks[0] : Buffer::concat(state->chunks);
      state->chunks.clear();
      parseBody(req, *o, body, charset, state->next);
    });
  });
}

}  // namespace

Handler text(TextOptions options) {
  return makeParser(ParserOptions{Kind::kText, options.limit, std::move(options.type),
                                  std::move(options.defaultCharset)});
}

Handler raw(RawOptions options) {
  return makeParser(ParserOptions{Kind::kRaw, options.limit, std::move(options.type), ""});
}

Handler urlencoded(UrlencodedOptions options) {
  if (options.extended) {
    throw TypeError("", "urlencoded({extended: true}) (qs) is not supported");
  }
  if (options.parameterLimit < 1) {
    throw TypeError("", "option parameterLimit must be a positive number");
  }
  ParserOptions o{Kind::kForm, options.limit, std::move(options.type), "utf-8"};
  o.parameterLimit = options.parameterLimit;
  return makeParser(std::move(o));
}

}  // namespace nodecc::express
