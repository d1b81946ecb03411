// Express 5's lib/response.js: status, set/get/append, type, vary, location, links,
// attachment, send (ETag, freshness, HEAD/204/304/205), sendStatus, redirect, format.
#include "api/express/ctx.h"
#include "api/express/tables.h"
#include "api/express/text.h"
#include "api/url/codec.h"

namespace nodecc::express {

using detail::Ctx;

namespace {

// content-type's format(parse(type)) with charset set: "text/html; charset=utf-8".
std::string setCharset(std::string_view type, std::string_view charset) {
  size_t semi = type.find(';');
  std::string base(type.substr(0, semi));
  while (!base.empty() && (base.back() == ' ' || base.back() == '\t')) {
    base.pop_back();
  }
  text::core::lowerInPlace(base);
  std::map<std::string, std::string> params;
  while (semi != std::string_view::npos) {
    size_t next = type.find(';', semi + 1);
    std::string_view kv = type.substr(semi + 1, next - semi - 1);
    size_t eq = kv.find('=');
    if (eq != std::string_view::npos) {
      std::string k(kv.substr(0, eq));
      k.erase(0, k.find_first_not_of(" \t"));
      text::core::lowerInPlace(k);
      std::string v(kv.substr(eq + 1));
      while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) {
        v.pop_back();
      }
      if (v.size() >= 2 && v.front() == '"' && v.back() == '"') {
        v = v.substr(1, v.size() - 2);
      }
      params[k] = v;
    }
    semi = next;
  }
  params["charset"] = std::string(charset);
  std::string out = base;
  for (const auto& [k, v] : params) {
    bool token = !v.empty();
    for (char c : v) {
      token = token && (std::isalnum(static_cast<unsigned char>(c)) ||
                        std::string_view("!#$%&'*+.^_`|~-").find(c) != std::string_view::npos);
    }
    out += "; " + k + "=";
    if (token) {
      out += v;
    } else {
      out += '"';
      for (char c : v) {
        if (c == '"' || c == '\\') {
          out += '\\';
        }
        out += c;
      }
      out += '"';
    }
  }
  return out;
}

}  // namespace

Response::Response(detail::Ctx& ctx, http::ServerResponse& m, Application& a, Request& r)
    : message(m), app(a), req(r), statusCode(m.statusCode), ctx_(ctx) {}

Response& Response::status(int code) {
  if (code < 100 || code > 999) {
    throw RangeError("", "Invalid status code: " + std::to_string(code) +
                             ". Status code must be greater than 99 and less than 1000.");
  }
  statusCode = code;
  return *this;
}

Response& Response::set(std::string_view field, std::string_view value) {
  if (text::core::equalsIgnoreCase(field, "content-type")) {
    auto ct = detail::mimeContentType(value);
    message.setHeader(field, ct ? std::string_view(*ct) : std::string_view("false"));
    return *this;
  }
  message.setHeader(field, value);
  return *this;
}

Response& Response::set(std::string_view field, const std::vector<std::string>& values) {
  if (text::core::equalsIgnoreCase(field, "content-type")) {
    throw TypeError("", "Content-Type cannot be set to an Array");
  }
  message.setHeader(field, values);
  multi_[detail::lowerHeader(field)] = values;
  return *this;
}

Response& Response::set(
    std::initializer_list<std::pair<std::string_view, std::string_view>> fields) {
  for (const auto& [k, v] : fields) {
    set(k, v);
  }
  return *this;
}

std::string Response::get(std::string_view field) const {
  return message.getHeader(field).value_or("");
}

Response& Response::append(std::string_view field, std::string_view value) {
  return append(field, std::vector<std::string>{std::string(value)});
}

Response& Response::append(std::string_view field, const std::vector<std::string>& values) {
  std::string key = detail::lowerHeader(field);
  std::vector<std::string> all;
  auto prev = message.getHeader(field);
  if (prev && !prev->empty()) {
    auto it = multi_.find(key);
    std::string joined;
    if (it != multi_.end()) {
      for (const auto& v : it->second) {
        joined += joined.empty() ? "" : ", ";
        joined += v;
      }
    }
    if (it != multi_.end() && joined == *prev) {
      all = it->second;
    } else {
      all.push_back(*prev);
    }
  }
  for (const auto& v : values) {
    all.push_back(v);
  }
  if (all.size() == 1 && !(prev && !prev->empty())) {
    return set(field, all[0]);
  }
  return set(field, all);
}

Response& Response::type(std::string_view t) {
  std::string ct = t.find('/') == std::string_view::npos
                       ? detail::mimeContentType(t).value_or("application/octet-stream")
                       : std::string(t);
  return set("Content-Type", ct);
}

namespace detail {

void vary(http::ServerResponse& message, std::string_view field) {
  std::string header = message.getHeader("Vary").value_or("");
  auto parse = [](std::string_view s) {
    std::vector<std::string> list;
    size_t start = 0;
    size_t end = 0;
    for (size_t i = 0; i < s.size(); ++i) {
      if (s[i] == ' ') {
        if (start == end) {
          start = end = i + 1;
        }
      } else if (s[i] == ',') {
        list.emplace_back(s.substr(start, end - start));
        start = end = i + 1;
      } else {
        end = i + 1;
      }
    }
    list.emplace_back(s.substr(start, end - start));
    return list;
  };
  std::vector<std::string> fields = parse(field);
  if (header == "*") {
    return;
  }
  std::string val = header;
  std::string lowerHeader = header;
  text::core::lowerInPlace(lowerHeader);
  std::vector<std::string> vals = parse(lowerHeader);
  if (std::find(fields.begin(), fields.end(), "*") != fields.end() ||
      std::find(vals.begin(), vals.end(), "*") != vals.end()) {
    message.setHeader("Vary", "*");
    return;
  }
  for (const std::string& f : fields) {
    std::string fl = f;
    text::core::lowerInPlace(fl);
    if (std::find(vals.begin(), vals.end(), fl) == vals.end()) {
      vals.push_back(fl);
      val = val.empty() ? f : val + ", " + f;
    }
  }
  if (!val.empty()) {
    message.setHeader("Vary", val);
  }
}

}  // namespace detail

Response& Response::vary(std::string_view field) {
  detail::vary(message, field);
  return *this;
}

Response& Response::location(std::string_view url) {
  return set("Location", detail::encodeUrl(url));
}

Response& Response::links(
    std::initializer_list<std::pair<std::string_view, std::string_view>> links) {
  std::string link = get("Link");
  if (!link.empty()) {
    link += ", ";
  }
  bool first = true;
  for (const auto& [rel, url] : links) {
    if (!first) {
      link += ", ";
    }
    first = false;
    link += '<';
    link.append(url);
    link += ">; rel=\"";
    link.append(rel);
    link += '"';
  }
  return set("Link", link);
}

Response& Response::send() {
  return sendBody({}, false, false);
}

Response& Response::send(std::string_view body) {
  std::optional<std::string> ct;
  if (message.hasHeader("Content-Type")) {
    ct = message.getHeader("Content-Type");
  }
  if (!ct || ct->empty()) {
    // type("html") sets mime-types' "text/html; charset=utf-8", which setCharset keeps.
    message.setHeader("Content-Type", "text/html; charset=utf-8");
  } else {
    message.setHeader("Content-Type", setCharset(*ct, "utf-8"));
  }
  return sendBody(body, false, true);
}

Response& Response::send(const Buffer& body) {
  if (get("Content-Type").empty()) {
    type("bin");
  }
  return sendBody(body.view(), true, true);
}

Response& Response::sendBody(std::string_view chunk, bool isBuffer, bool hasBody) {
  const auto& settings = ctx_.app().resolved();
  bool generateETag = settings.etag != 0 && !message.hasHeader("ETag");
  if (hasBody) {
    message.setHeader("Content-Length", uint64_t(chunk.size()));
    if (generateETag) {
      message.setHeader("ETag", detail::entityTag(chunk, settings.etag == 1));
    }
  }
  if (req.fresh()) {
    statusCode = 304;
  }
  if (statusCode == 204 || statusCode == 304) {
    message.removeHeader("Content-Type");
    message.removeHeader("Content-Length");
    message.removeHeader("Transfer-Encoding");
    chunk = {};
  }
  if (statusCode == 205) {
    message.setHeader("Content-Length", "0");
    message.removeHeader("Transfer-Encoding");
    chunk = {};
  }
  (void)isBuffer;
  if (req.method == "HEAD" || !hasBody) {
    message.end();
  } else {
    message.end(chunk);
  }
  return *this;
}

Response& Response::sendStatus(int code) {
  std::string_view m = http::statusCodeText(code);
  std::string body = m.empty() ? std::to_string(code) : std::string(m);
  status(code);
  type("txt");
  return send(body);
}

void Response::redirect(std::string_view url) {
  redirect(302, url);
}

void Response::redirect(int code, std::string_view url) {
  std::string address = location(url).get("Location");
  std::string body;
  std::string msg(http::statusCodeText(code));
  if (msg.empty()) {
    msg = "undefined";
  }
  format(
      {{"text", [&] { body = msg + ". Redirecting to " + address; }},
       {"html",
        [&] { body = "<p>" + msg + ". Redirecting to " + detail::escapeHtml(address) + "</p>"; }},
       {"default", [&] { body.clear(); }}});
  status(code);
  message.setHeader("Content-Length", uint64_t(body.size()));
  if (req.method == "HEAD") {
    message.end();
  } else {
    message.end(body);
  }
}

Response& Response::format(const FormatHandlers& handlers) {
  std::vector<std::string> keys;
  const std::function<void()>* fallback = nullptr;
  for (const auto& [k, fn] : handlers) {
    if (k == "default") {
      fallback = &fn;
    } else {
      keys.push_back(k);
    }
  }
  Accepted key = keys.empty() ? std::nullopt : req.accepts(keys);
  vary("Accept");
  auto normalize = [](const std::string& t) {
    if (t.find('/') != std::string::npos) {
      std::string v = t.substr(0, t.find(';'));
      v.erase(0, v.find_first_not_of(" \t"));
      while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) {
        v.pop_back();
      }
      return v;
    }
    std::string_view m = detail::mimeLookup(t);
    return m.empty() ? std::string("application/octet-stream") : std::string(m);
  };
  if (key) {
    set("Content-Type", normalize(*key));
    for (const auto& [k, fn] : handlers) {
      if (k == *key) {
        fn();
        break;
      }
    }
  } else if (fallback != nullptr) {
    (*fallback)();
  } else {
    HttpError err(406);
    req.next(err);
  }
  return *this;
}

Response& Response::attachment(std::string_view filename) {
  if (!filename.empty()) {
    size_t slash = filename.rfind('/');
    std::string_view base = filename.substr(slash == std::string_view::npos ? 0 : slash + 1);
    size_t dot = base.rfind('.');
    type(dot != std::string_view::npos && dot != 0 ? base.substr(dot) : std::string_view());
  }
  return set("Content-Disposition", detail::contentDisposition(filename));
}

}  // namespace nodecc::express
