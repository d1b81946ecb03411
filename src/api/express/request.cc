// Express 5's lib/request.js: req.get, is, accepts*, and the getters (path, protocol, ip, ips,
// host, hostname, subdomains, fresh, xhr), computed on each call as Express's getters are.
#include <arpa/inet.h>

#include "api/express/ctx.h"
#include "api/express/negotiation.h"
#include "api/express/proxy_addr.h"
#include "api/express/tables.h"
#include "api/express/text.h"
#include "api/url/codec.h"
#include "nodecc/tls.h"
#include "static/http_date.h"

namespace nodecc::express {

using detail::Ctx;

Request::Request(detail::Ctx& ctx, http::IncomingMessage& m, Application& a, Response& r)
    : message(m),
      app(a),
      res(r),
      method(m.method),
      url(m.url),
      originalUrl(m.url),
      headers(m.headers),
      httpVersion(m.httpVersion),
      next(Next(&ctx, &ctx.final)),
      ctx_(ctx) {}

const querystring::ParsedQuery& Query::object() const {
  if (!parsed_) {
    if (!req_.ctx_.app().resolved().queryParser) {
      parsed_.emplace();
    } else {
      std::optional<std::string> q = detail::queryOf(req_.url);
      parsed_.emplace(querystring::parse(q ? *q : std::string()));
    }
  }
  return *parsed_;
}

std::string Request::get(std::string_view name) const {
  if (name.empty()) {
    throw TypeError("", "name argument is required to req.get");
  }
  std::string lc(name);
  text::core::lowerInPlace(lc);
  if (lc == "referer" || lc == "referrer") {
    std::string_view v = headers["referrer"];
    return std::string(v.empty() ? headers["referer"] : v);
  }
  return std::string(headers[lc]);
}

std::optional<std::string> Request::is(std::initializer_list<std::string_view> types) const {
  return detail::typeIs(*this, types);
}

bool Request::hasBody() const {
  return detail::hasBody(*this);
}

Accepted Request::accepts(std::initializer_list<std::string_view> types) const {
  return accepts(std::vector<std::string>(types.begin(), types.end()));
}

Accepted Request::accepts(const std::vector<std::string>& types) const {
  if (types.empty()) {
    return std::nullopt;
  }
  if (!headers.has("accept")) {
    return types[0];
  }
  std::string accept(headers["accept"]);
  std::vector<std::string> mimes;
  std::vector<std::string> valid;
  for (const std::string& t : types) {
    std::string m = t.find('/') == std::string::npos ? std::string(detail::mimeLookup(t)) : t;
    mimes.push_back(m);
    if (!m.empty()) {
      valid.push_back(m);
    }
  }
  std::vector<std::string> got = detail::preferredMediaTypes(&accept, &valid);
  if (got.empty()) {
    return std::nullopt;
  }
  for (size_t i = 0; i < mimes.size(); ++i) {
    if (mimes[i] == got[0]) {
      return types[i];
    }
  }
  return std::nullopt;
}

namespace {

std::optional<std::string> fieldOf(const Request& req, std::string_view name) {
  if (!req.headers.has(name)) {
    return std::nullopt;
  }
  return std::string(req.headers[name]);
}

Accepted firstOf(std::vector<std::string> got) {
  if (got.empty()) {
    return std::nullopt;
  }
  return got[0];
}

}  // namespace

Accepted Request::acceptsEncodings(std::initializer_list<std::string_view> encodings) const {
  std::vector<std::string> offered(encodings.begin(), encodings.end());
  auto h = fieldOf(*this, "accept-encoding");
  if (offered.empty()) {
    return std::nullopt;
  }
  return firstOf(detail::preferredEncodings(h ? &*h : nullptr, &offered));
}

Accepted Request::acceptsCharsets(std::initializer_list<std::string_view> charsets) const {
  std::vector<std::string> offered(charsets.begin(), charsets.end());
  auto h = fieldOf(*this, "accept-charset");
  if (offered.empty()) {
    return std::nullopt;
  }
  if (!h) {
    return offered[0];
  }
  return firstOf(detail::preferredCharsets(&*h, &offered));
}

Accepted Request::acceptsLanguages(std::initializer_list<std::string_view> languages) const {
  std::vector<std::string> offered(languages.begin(), languages.end());
  auto h = fieldOf(*this, "accept-language");
  if (offered.empty()) {
    return std::nullopt;
  }
  if (!h) {
    return offered[0];
  }
  return firstOf(detail::preferredLanguages(&*h, &offered));
}

std::vector<std::string> Request::acceptsAll() const {
  auto h = fieldOf(*this, "accept");
  return detail::preferredMediaTypes(h ? &*h : nullptr, nullptr);
}
std::vector<std::string> Request::acceptsEncodingsAll() const {
  auto h = fieldOf(*this, "accept-encoding");
  return detail::preferredEncodings(h ? &*h : nullptr, nullptr);
}
std::vector<std::string> Request::acceptsCharsetsAll() const {
  auto h = fieldOf(*this, "accept-charset");
  return detail::preferredCharsets(h ? &*h : nullptr, nullptr);
}
std::vector<std::string> Request::acceptsLanguagesAll() const {
  auto h = fieldOf(*this, "accept-language");
  return detail::preferredLanguages(h ? &*h : nullptr, nullptr);
}

std::string Request::path() const {
  return detail::pathnameOf(url).value_or("");
}

std::string Request::protocol() const {
  // Express: this.connection.encrypted ? 'https' : 'http' (a TLS socket has a secureInfo).
  std::string proto = tls::secureInfo(message.socket()) ? "https" : "http";
  const auto& trust = ctx_.app().resolved().trust;
  if (!trust || !trust(message.socket().remoteAddress(), 0)) {
    return proto;
  }
  std::string h = get("X-Forwarded-Proto");
  if (h.empty()) {
    h = proto;
  }
  size_t comma = h.find(',');
  std::string_view v = std::string_view(h).substr(0, comma);
  while (!v.empty() && std::isspace(static_cast<unsigned char>(v.front()))) {
    v.remove_prefix(1);
  }
  while (!v.empty() && std::isspace(static_cast<unsigned char>(v.back()))) {
    v.remove_suffix(1);
  }
  return std::string(v);
}

std::vector<std::string> Request::ips() const {
  auto addrs = detail::allAddrs(message.socket().remoteAddress(), headers["x-forwarded-for"],
                                ctx_.app().resolved().trust);
  // addrs.reverse().pop(): the client first, the socket's peer dropped.
  std::vector<std::string> out(addrs.rbegin(), addrs.rend());
  out.pop_back();
  return out;
}

std::string Request::ip() const {
  auto addrs = detail::allAddrs(message.socket().remoteAddress(), headers["x-forwarded-for"],
                                ctx_.app().resolved().trust);
  return addrs.back();
}

std::string Request::host() const {
  const auto& trust = ctx_.app().resolved().trust;
  std::string val = get("X-Forwarded-Host");
  if (val.empty() || !trust || !trust(message.socket().remoteAddress(), 0)) {
    val = get("Host");
  } else if (val.find(',') != std::string::npos) {
    val = val.substr(0, val.find(','));
    while (!val.empty() && std::isspace(static_cast<unsigned char>(val.back()))) {
      val.pop_back();
    }
  }
  return val;
}

std::string Request::hostname() const {
  std::string h = host();
  if (h.empty()) {
    return h;
  }
  size_t offset = h[0] == '[' ? h.find(']') + 1 : 0;
  if (offset == std::string::npos + 1) {
    offset = 0;
  }
  size_t colon = h.find(':', offset);
  return colon != std::string::npos ? h.substr(0, colon) : h;
}

std::vector<std::string> Request::subdomains() const {
  std::string h = hostname();
  if (h.empty()) {
    return {};
  }
  double offset = ctx_.app().resolved().subdomainOffset;
  unsigned char buf[16];
  std::vector<std::string> parts;
  if (inet_pton(AF_INET, h.c_str(), buf) == 1 || inet_pton(AF_INET6, h.c_str(), buf) == 1) {
    parts.push_back(h);
  } else {
    size_t start = 0;
    for (;;) {
      size_t dot = h.find('.', start);
      parts.push_back(h.substr(start, dot - start));
      if (dot == std::string::npos) {
        break;
      }
      start = dot + 1;
    }
    std::reverse(parts.begin(), parts.end());
  }
  size_t skip = offset <= 0 ? 0 : size_t(offset);
  if (skip >= parts.size()) {
    return {};
  }
  return std::vector<std::string>(parts.begin() + long(skip), parts.end());
}

bool Request::fresh() const {
  if (method != "GET" && method != "HEAD") {
    return false;
  }
  int status = res.statusCode;
  if (!((status >= 200 && status < 300) || status == 304)) {
    return false;
  }
  // Without a conditional field fresh() is false whatever the response's validators.
  if (headers["if-none-match"].empty() && headers["if-modified-since"].empty()) {
    return false;
  }
  return detail::isFresh(headers, res.get("ETag"), res.get("Last-Modified"));
}

bool Request::xhr() const {
  return text::core::equalsIgnoreCase(get("X-Requested-With"), "xmlhttprequest");
}

}  // namespace nodecc::express

namespace nodecc::express::detail {

bool isFresh(const http::IncomingHttpHeaders& headers, std::string_view etag,
             std::string_view lastModified) {
  std::string_view modifiedSince = headers["if-modified-since"];
  std::string_view noneMatch = headers["if-none-match"];
  if (modifiedSince.empty() && noneMatch.empty()) {
    return false;
  }
  std::string_view cc = headers["cache-control"];
  // /(?:^|,)\s*?no-cache\s*?(?:,|$)/
  for (size_t at = cc.find("no-cache"); at != std::string_view::npos;
       at = cc.find("no-cache", at + 1)) {
    size_t b = at;
    while (b > 0 && std::isspace(static_cast<unsigned char>(cc[b - 1]))) {
      --b;
    }
    size_t e = at + 8;
    while (e < cc.size() && std::isspace(static_cast<unsigned char>(cc[e]))) {
      ++e;
    }
    if ((b == 0 || cc[b - 1] == ',') && (e == cc.size() || cc[e] == ',')) {
      return false;
    }
  }
  if (!noneMatch.empty()) {
    if (noneMatch == "*") {
      return true;
    }
    if (etag.empty()) {
      return false;
    }
    size_t start = 0;
    size_t end = 0;
    auto check = [&](std::string_view m) {
      return m == etag ||
             (etag.substr(0, 2) != "W/" && m.size() == etag.size() + 2 && m.substr(0, 2) == "W/" &&
              m.substr(2) == etag) ||
             (etag.size() == m.size() + 2 && etag.substr(0, 2) == "W/" && etag.substr(2) == m);
    };
    for (size_t i = 0; i < noneMatch.size(); ++i) {
      char c = noneMatch[i];
      if (c == ' ') {
        if (start == end) {
          start = end = i + 1;
        }
      } else if (c == ',') {
        if (check(noneMatch.substr(start, end - start))) {
          return true;
        }
        start = end = i + 1;
      } else {
        end = i + 1;
      }
    }
    return check(noneMatch.substr(start, end - start));
  }
  int64_t lm;
  int64_t ims;
  if (lastModified.empty() || !staticfiles::core::parseHttpDate(lastModified, &lm) ||
      !staticfiles::core::parseHttpDate(modifiedSince, &ims) || !(lm <= ims)) {
    return false;
  }
  return true;
}

}  // namespace nodecc::express::detail
