// cookie 0.7 (parse, serialize), cookie-signature (HMAC-SHA256, base64 without padding) and
// cookie-parser, and res.cookie / res.clearCookie over them.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "api/express/ctx.h"
#include "api/express/text.h"
#include "api/url/codec.h"
#include "os/clock.h"
#include "static/http_date.h"

namespace nodecc::express {

namespace {

std::string sign(std::string_view value, std::string_view secret) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  HMAC(EVP_sha256(), secret.data(), int(secret.size()),
       reinterpret_cast<const unsigned char*>(value.data()), value.size(), mac, &len);
  std::string b64 =
      Buffer::from(std::string_view(reinterpret_cast<char*>(mac), len)).toString("base64");
  while (!b64.empty() && b64.back() == '=') {
    b64.pop_back();
  }
  return std::string(value) + "." + b64;
}

// cookie-signature's unsign: the value when the signature matches (compared in constant
// time), nullopt otherwise.
std::optional<std::string> unsign(std::string_view input, std::string_view secret) {
  size_t dot = input.rfind('.');
  if (dot == std::string_view::npos) {
    return std::nullopt;
  }
  std::string value(input.substr(0, dot));
  std::string expected = sign(value, secret);
  if (expected.size() != input.size() ||
      CRYPTO_memcmp(expected.data(), input.data(), input.size()) != 0) {
    return std::nullopt;
  }
  return value;
}

std::string tryDecode(std::string_view v) {
  if (v.find('%') == std::string_view::npos) {
    return std::string(v);
  }
  auto d = url::detail::decodeUriComponent(v);
  return d ? *d : std::string(v);
}

// cookie.parse: the first value of each name.
OrderedMap<std::string> parseCookies(std::string_view str) {
  OrderedMap<std::string> obj;
  size_t len = str.size();
  if (len < 2) {
    return obj;
  }
  auto isWs = [](char c) { return c == ' ' || c == '\t'; };
  size_t index = 0;
  do {
    size_t eqIdx = str.find('=', index);
    if (eqIdx == std::string_view::npos) {
      break;
    }
    size_t endIdx = str.find(';', index);
    if (endIdx == std::string_view::npos) {
      endIdx = len;
    } else if (eqIdx > endIdx) {
      size_t prev = str.rfind(';', eqIdx - 1);
      index = prev == std::string_view::npos ? 0 : prev + 1;
      continue;
    }
    size_t ks = index;
    while (ks < eqIdx && isWs(str[ks])) {
      ++ks;
    }
    size_t ke = eqIdx;
    while (ke > ks && isWs(str[ke - 1])) {
      --ke;
    }
    std::string key(str.substr(ks, ke - ks));
    if (!obj.has(key)) {
      size_t vs = eqIdx + 1;
      while (vs < endIdx && isWs(str[vs])) {
        ++vs;
      }
      size_t ve = endIdx;
      while (ve > vs && isWs(str[ve - 1])) {
        --ve;
      }
      if (ve > vs + 1 && str[vs] == '"' && str[ve - 1] == '"') {
        ++vs;
        --ve;
      } else if (ve == vs + 1 && str[vs] == '"') {
        // a lone quote: charCodeAt(start) and charCodeAt(end - 1) are the same '"'
        ++vs;
        --ve;
      }
      obj.set(key, tryDecode(str.substr(vs, ve > vs ? ve - vs : 0)));
    }
    index = endIdx + 1;
  } while (index < len);
  return obj;
}

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
    val = "s:" + sign(val, req.secret);
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
    req.cookies = parseCookies(header);
    if (!secrets.empty()) {
      std::vector<std::string> moved;
      for (const auto& [k, v] : req.cookies) {
        if (v.size() >= 2 && v.compare(0, 2, "s:") == 0) {
          std::optional<std::string> plain;
          for (const std::string& s : secrets) {
            plain = unsign(std::string_view(v).substr(2), s);
            if (plain) {
              break;
            }
          }
          req.signedCookies.set(k, plain);
          moved.push_back(k);
        }
      }
      for (const std::string& k : moved) {
        req.cookies.remove(k);
      }
    }
    next();
  });
}

}  // namespace nodecc::express
