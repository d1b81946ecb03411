// cookie 0.7's serialize as res.cookie / res.clearCookie, and cookie-parser's middleware over
// cookie_parse.h.
#include "api/express/cookie_parse.h"
#include "api/express/ctx.h"
#include "api/express/text.h"
#include "api/url/codec.h"
#include "os/clock.h"
#include "static/http_date.h"

namespace nodecc::express {

namespace {

bool validName(std::string_view s) {
  // cookie 0.7's cookieNameRegExp: /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
  if (s.empty()) {
    return false;
  }
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) ||
          std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos)) {
      return false;
    }
  }
  return true;
}

std::string encodeURIComponent(std::string_view s) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || std::string_view("-_.!~*'()").find(ch) != std::string_view::npos) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string utcString(int64_t ms) {
  char buf[40];
  int64_t s = ms >= 0 ? ms / 1000 : (ms - 999) / 1000;
  staticfiles::core::formatHttpDate(s, buf);
  return std::string(buf, 29);
}

}  // namespace

Response& Response::cookie(std::string_view name, std::string_view value, CookieOptions opts) {
  std::string val(value);
  if (opts.signed_) {
    if (req.secret.empty()) {
      throw Error("cookieParser(\"secret\") required for signed cookies");
    }
    val = "s:" + detail::signCookie(val, req.secret);
  }
  std::optional<int64_t> maxAgeSeconds;
  if (opts.maxAge) {
    opts.expires = double(os::core::wallClockMs() + *opts.maxAge);
    int64_t ms = *opts.maxAge;
    maxAgeSeconds = ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000);
  }
  if (!validName(name)) {
    throw TypeError("", "argument name is invalid");
  }
  std::string str = std::string(name) + "=" + (opts.encodeValue ? encodeURIComponent(val) : val);
  if (maxAgeSeconds) {
    str += "; Max-Age=" + std::to_string(*maxAgeSeconds);
  }
  if (!opts.domain.empty()) {
    str += "; Domain=" + opts.domain;
  }
  str += "; Path=";
  str += opts.path.empty() ? std::string_view("/") : std::string_view(opts.path);
  if (opts.expires) {
    str += "; Expires=" + utcString(int64_t(*opts.expires));
  }
  if (opts.httpOnly) {
    str += "; HttpOnly";
  }
  if (opts.secure) {
    str += "; Secure";
  }
  if (opts.partitioned) {
    str += "; Partitioned";
  }
  if (!opts.priority.empty()) {
    std::string p = detail::lowerHeader(opts.priority);
    if (p == "low") {
      str += "; Priority=Low";
    } else if (p == "medium") {
      str += "; Priority=Medium";
    } else if (p == "high") {
      str += "; Priority=High";
    } else {
      throw TypeError("", "option priority is invalid");
    }
  }
  if (!opts.sameSite.empty()) {
    std::string s = detail::lowerHeader(opts.sameSite);
    if (s == "true" || s == "strict") {
      str += "; SameSite=Strict";
    } else if (s == "lax") {
      str += "; SameSite=Lax";
    } else if (s == "none") {
      str += "; SameSite=None";
    } else {
      throw TypeError("", "option sameSite is invalid");
    }
  }
  return append("Set-Cookie", str);
}

Response& Response::clearCookie(std::string_view name, CookieOptions options) {
  CookieOptions opts = std::move(options);
  opts.expires = 1;
  opts.maxAge.reset();
  return cookie(name, "", std::move(opts));
}

detail::Handler cookieParser(std::vector<std::string> secrets) {
  return detail::makeHandler([secrets = std::move(secrets)](Request& req, Response&, Next next) {
    if (!req.cookies.empty() || !req.signedCookies.empty()) {
      next();
      return;
    }
    req.secret = secrets.empty() ? std::string() : secrets[0];
    std::string_view header = req.headers["cookie"];
    if (header.empty()) {
      next();
      return;
    }
    detail::readCookies(header, secrets, req.cookies, req.signedCookies);
    next();
  });
}

}  // namespace nodecc::express
