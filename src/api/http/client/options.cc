// http.request / http.get: the options as Node reads them (URL, defaults, validation, the
// headers Node adds), then the request is handed to its agent.
#include <algorithm>

#include "api/http/client/agent.h"
#include "api/http/client/client_request.h"
#include "api/http/text.h"
#include "nodecc/querystring.h"
#include "nodecc/url.h"

namespace nodecc::http {

namespace {

// Methods whose requests carry no body by default (Node's useChunkedEncodingByDefault).
bool bodylessByDefault(std::string_view method) {
  return method == "GET" || method == "HEAD" || method == "DELETE" || method == "OPTIONS" ||
         method == "TRACE" || method == "CONNECT";
}

// Node's INVALID_PATH_REGEX: /[^\u0021-\u00ff]/.
bool validPath(std::string_view path) {
  return std::all_of(path.begin(), path.end(), [](char c) {
    auto u = static_cast<unsigned char>(c);
    return u >= 0x21;
  });
}

void upperInto(std::string& out, std::string_view s) {
  out.resize(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    out[i] = (c >= 'a' && c <= 'z') ? char(c - 32) : c;
  }
}

// url.urlToHttpOptions, merged under the options given beside the URL (they win).
RequestOptions withUrl(std::string_view input, const RequestOptions& options) {
  URL u(input);  // TypeError ERR_INVALID_URL
  RequestOptions o = options;
  if (o.protocol.empty()) {
    o.protocol = u.protocol();
  }
  if (o.hostname.empty() && o.host.empty()) {
    std::string h = u.hostname();
    if (h.size() >= 2 && h.front() == '[' && h.back() == ']') {
      h = h.substr(1, h.size() - 2);
    }
    o.hostname = h;
  }
  if (o.port == 0 && !u.port().empty()) {
    o.port = uint16_t(std::stoul(u.port()));
  }
  if (o.path.empty()) {
    o.path = u.pathname() + u.search();
  }
  if (o.auth.empty() && (!u.username().empty() || !u.password().empty())) {
    o.auth = querystring::unescape(u.username()) + ":" + querystring::unescape(u.password());
  }
  return o;
}

ClientRequest& start(const RequestOptions& o, ResponseListener cb) {
  if (!o.protocol.empty() && o.protocol != "http:") {
    throw TypeError("ERR_INVALID_PROTOCOL",
                    "Protocol \"" + o.protocol + "\" not supported. Expected \"http:\"");
  }
  if (o.agent.invalid()) {
    throw TypeError("ERR_INVALID_ARG_TYPE",
                    "The \"options.agent\" property must be one of Agent-like Object, "
                    "undefined, or false. Received type boolean (true)");
  }
  if (!o.method.empty() && !detail::isToken(o.method)) {
    throw TypeError("ERR_INVALID_HTTP_TOKEN",
                    "Method must be a valid HTTP token [\"" + o.method + "\"]");
  }
  if (!o.path.empty() && !validPath(o.path)) {
    throw TypeError("ERR_UNESCAPED_CHARACTERS", "Request path contains unescaped characters");
  }
  if (o.family != 0 && o.family != 4 && o.family != 6) {
    throw TypeError("ERR_INVALID_ARG_VALUE",
                    "The property 'options.family' must be one of: 0, 4, 6. Received " +
                        std::to_string(o.family));
  }
  auto& impl = detail::ClientRequestImpl::make();
  ClientRequest& req = impl.req;
  if (o.method.empty()) {
    req.method = "GET";
  } else {
    upperInto(req.method, o.method);
  }
  if (req.method == "CONNECT") {
    impl.recycle();
    throw Error("ERR_METHOD_NOT_IMPLEMENTED",
                "The CONNECT method is not implemented by nodecc's http client");
  }
  const std::string& host = !o.hostname.empty() ? o.hostname : !o.host.empty() ? o.host : req.host;
  req.host = host.empty() ? std::string_view("localhost") : std::string_view(host);
  req.path = o.path.empty() ? std::string_view("/") : std::string_view(o.path);
  req.protocol = "http:";
  impl.connectHost = req.host;
  impl.port = o.port != 0 ? o.port : o.defaultPort != 0 ? o.defaultPort : 80;
  impl.localAddress = o.localAddress;
  impl.localPort = o.localPort;
  impl.family = o.family;
  impl.maxHeaderSize = o.maxHeaderSize;
  impl.signal = o.signal;
  if (o.timeout > 0) {
    impl.timeoutMs = o.timeout;
  }
  impl.useChunkedByDefault = !bodylessByDefault(req.method);

  Agent* facadeAgent = nullptr;
  if (o.agent.disabled()) {
    // agent: false: a one-off agent with the defaults (no keep-alive), as Node's
    // `new defaultAgent.constructor()`.
    impl.agent = new detail::AgentImpl(nullptr, AgentOptions{});
  } else {
    facadeAgent = o.agent.agent() ? o.agent.agent() : &globalAgent();
    impl.agent = &nodecc::detail::Access::impl(*facadeAgent);
  }
  impl.agent->retain();
  // Only an agent that may reuse the connection asks for keep-alive: one that keeps sockets,
  // or one whose maxSockets makes requests wait for a socket to come free.
  impl.shouldKeepAlive =
      facadeAgent && (facadeAgent->keepAlive || facadeAgent->maxSockets != AgentOptions::kInfinity);

  // Which of the fields Node adds or acts on were given (only o.headers are set here): spares
  // a search of the stored headers for each.
  bool hasHost = false, hasAuthorization = false, hasExpect = false;
  try {
    for (const auto& [name, value] : o.headers) {
      hasHost = hasHost || detail::equalsIgnoreCase(name, "host");
      hasAuthorization = hasAuthorization || detail::equalsIgnoreCase(name, "authorization");
      hasExpect = hasExpect || detail::equalsIgnoreCase(name, "expect");
      // The same name twice in the list: both are sent (Node's array values).
      bool seen = false;
      for (const auto& [n, v] : o.headers) {
        if (&n == &name) {
          break;
        }
        seen = seen || detail::equalsIgnoreCase(n, name);
      }
      if (seen) {
        if (!detail::isToken(name) || !detail::isValidHeaderValue(value)) {
          req.setHeader(name, value);  // throws the right error
        }
        impl.setOutHeader(name, value, true);
      } else {
        req.setHeader(name, value);
      }
    }
    if (o.setHost && !hasHost) {
      std::string hostHeader = req.host;
      size_t colon = hostHeader.find(':');
      if (colon != std::string::npos && hostHeader.find(':', colon + 1) != std::string::npos &&
          hostHeader.front() != '[') {
        hostHeader = "[" + hostHeader + "]";
      }
      if (impl.port != (o.defaultPort != 0 ? o.defaultPort : 80)) {
        hostHeader += ':';
        hostHeader += std::to_string(impl.port);
      }
      req.setHeader("Host", hostHeader);
    }
    if (!o.auth.empty() && !hasAuthorization) {
      req.setHeader("Authorization", "Basic " + Buffer::from(o.auth).toString("base64"));
    }
  } catch (...) {
    impl.recycle();
    throw;
  }
  impl.responseCallback = std::move(cb);
  if (hasExpect) {
    // Node stores and queues the head at once, so that it goes out before any body (which
    // the caller sends on 'continue').
    impl.storeHead(false, 0);
    impl.sendBody({});
  }
  impl.start();
  return req;
}

}  // namespace

ClientRequest& request(const RequestOptions& options, ResponseListener callback) {
  return start(options, std::move(callback));
}

ClientRequest& request(std::string_view url, ResponseListener callback) {
  return start(withUrl(url, RequestOptions{}), std::move(callback));
}

ClientRequest& request(std::string_view url, const RequestOptions& options,
                       ResponseListener callback) {
  return start(withUrl(url, options), std::move(callback));
}

ClientRequest& get(const RequestOptions& options, ResponseListener callback) {
  RequestOptions o = options;
  o.method = "GET";
  ClientRequest& req = start(o, std::move(callback));
  req.end();
  return req;
}

ClientRequest& get(std::string_view url, ResponseListener callback) {
  return get(withUrl(url, RequestOptions{}), std::move(callback));
}

ClientRequest& get(std::string_view url, const RequestOptions& options, ResponseListener callback) {
  return get(withUrl(url, options), std::move(callback));
}

}  // namespace nodecc::http
