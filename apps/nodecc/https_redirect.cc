#include "https_redirect.h"

#include <algorithm>
#include <utility>

#include "text/ascii.h"

namespace nodecc::cli {

namespace {

// nginx's own pages, with nodecc's name where nginx signs them: browsers show this body only
// when they do not follow the Location.
constexpr std::string_view kMovedBody =
    "<html>\r\n<head><title>301 Moved Permanently</title></head>\r\n<body>\r\n"
    "<center><h1>301 Moved Permanently</h1></center>\r\n<hr><center>nodecc</center>\r\n"
    "</body>\r\n</html>\r\n";
constexpr std::string_view kBadRequestBody =
    "<html>\r\n<head><title>400 Bad Request</title></head>\r\n<body>\r\n"
    "<center><h1>400 Bad Request</h1></center>\r\n<hr><center>nodecc</center>\r\n"
    "</body>\r\n</html>\r\n";

// RFC 3986's reg-name characters less the sub-delims, which no DNS name or address holds and
// which would let a Host field put text of its own choosing into the Location.
bool isNameChar(char c) {
  return text::core::isAlnum(c) || c == '-' || c == '.' || c == '_';
}

// "name[:port]" or "[v6]:port" -> the host, lower-cased, trailing dot dropped (as nginx's
// ngx_http_validate_host); "" when malformed.
std::string hostOf(std::string_view authority) {
  std::string_view host = authority;
  std::string_view port;
  if (!authority.empty() && authority.front() == '[') {
    size_t close = authority.find(']');
    if (close == std::string_view::npos || close < 3) {
      return "";
    }
    host = authority.substr(0, close + 1);
    for (char c : host.substr(1, host.size() - 2)) {
      if (!text::core::isHexDigit(c) && c != ':' && c != '.') {
        return "";
      }
    }
    std::string_view rest = authority.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') {
        return "";
      }
      port = rest.substr(1);
    }
  } else {
    size_t colon = authority.find(':');
    if (colon != std::string_view::npos) {
      host = authority.substr(0, colon);
      port = authority.substr(colon + 1);
    }
    if (!host.empty() && host.back() == '.') {
      host.remove_suffix(1);
    }
    if (host.empty() || host.front() == '.' || host.find("..") != std::string_view::npos) {
      return "";
    }
    for (char c : host) {
      if (!isNameChar(c)) {
        return "";
      }
    }
  }
  for (char c : port) {
    if (!text::core::isDigit(c)) {
      return "";
    }
  }
  std::string out;
  text::core::assignLower(out, host);
  return out;
}

}  // namespace

std::string httpsLocation(std::string_view hostField, std::string_view target, uint16_t tlsPort) {
  std::string_view authority = hostField;
  std::string_view pathAndQuery = target;
  // An absolute-form target names the host itself, and nginx takes it over the Host field.
  bool absolute = false;
  for (std::string_view scheme : {std::string_view("http://"), std::string_view("https://")}) {
    if (!absolute && text::core::startsWithIgnoreCase(target, scheme)) {
      std::string_view rest = target.substr(scheme.size());
      size_t end = std::min(rest.find_first_of("/?"), rest.size());
      authority = rest.substr(0, end);
      pathAndQuery = rest.substr(end);
      absolute = true;
    }
  }
  if (!absolute && (target.empty() || target.front() != '/')) {
    return "";  // "*" (OPTIONS) and the authority-form of CONNECT name no path
  }
  std::string host = hostOf(authority);
  if (host.empty()) {
    return "";
  }
  // Appended piece by piece: GCC 12 sees a false -Wrestrict overlap in `"..." + std::string`.
  std::string location = "https://";
  location += host;
  if (tlsPort != 443) {
    location += ':';
    location += std::to_string(tlsPort);
  }
  if (pathAndQuery.empty() || pathAndQuery.front() == '?') {
    location += "/";
  }
  location += pathAndQuery;
  return location;
}

http::Server& createRedirectServer(uint16_t tlsPort, std::shared_ptr<AccessLog> log) {
  return http::createServer([tlsPort, log = std::move(log)](http::IncomingMessage& req,
                                                            http::ServerResponse& res) {
    auto hostField = req.headers.get("host");
    std::string location = httpsLocation(hostField ? *hostField : "", req.url, tlsPort);
    const bool moved = !location.empty();
    std::string_view body = moved ? kMovedBody : kBadRequestBody;
    // Content-Length given: writeHead sends the head at once, and a length then unknown would
    // make the page chunked (as Node does), and a HEAD response would tell no length.
    std::string length = std::to_string(body.size());
    if (moved) {
      res.writeHead(
          301, {{"Content-Type", "text/html"}, {"Content-Length", length}, {"Location", location}});
    } else {
      // As nginx after a bad request: this connection is not trusted with another.
      res.writeHead(
          400,
          {{"Content-Type", "text/html"}, {"Content-Length", length}, {"Connection", "close"}});
    }
    res.end(body);
    if (log && log->isOpen()) {
      log->log(req, moved ? 301 : 400, req.method == "HEAD" ? 0 : body.size());
    }
  });
}

}  // namespace nodecc::cli
