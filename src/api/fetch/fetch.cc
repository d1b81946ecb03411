// fetch(): a request through the fetch agent, redirects followed as the Fetch standard says,
// the Response resolved at the response head with its body left to stream.
#include <algorithm>
#include <memory>

#include "api/fetch/agent.h"
#include "api/fetch/body.h"
#include "api/per_runtime.h"
#include "nodecc/https.h"
#include "nodecc/url.h"

namespace nodecc {

namespace detail {

http::Agent& fetchAgent() {
  // undici's pool: keep-alive, 4 s idle.
  return perRuntime<http::Agent>([] {
    http::AgentOptions o;
    o.keepAlive = true;
    o.timeout = 4000;
    return new http::Agent(o);
  });
}

}  // namespace detail

namespace {

// Redirects followed before fetch fails (the standard's limit).
constexpr int kMaxRedirects = 20;

// The Fetch standard's bad ports: a request to one fails without a connection.
constexpr uint16_t kBadPorts[] = {
    1,    7,    9,    11,   13,   15,   17,   19,   20,   21,   22,   23,   25,   37,
    42,   43,   53,   69,   77,   79,   87,   95,   101,  102,  103,  104,  109,  110,
    111,  113,  115,  117,  119,  123,  135,  137,  139,  143,  161,  179,  389,  427,
    465,  512,  513,  514,  515,  526,  530,  531,  532,  540,  548,  554,  556,  563,
    587,  601,  636,  989,  990,  993,  995,  1719, 1720, 1723, 2049, 3659, 4045, 4190,
    5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080};

// undici's failure: TypeError "fetch failed", with what went wrong as its cause.
Error fetchFailed(Error why) {
  TypeError e("", "fetch failed");
  e.cause = std::make_shared<const Error>(std::move(why));
  return e;
}
Error fetchFailed(std::string why) {
  return fetchFailed(Error(std::move(why)));
}

// A stream body (RequestInit's body is a ReadableStream): read one chunk at a time, the next
// once the connection took the last (write() returned true, or 'drain'), sent chunked; its end
// ends the request. A read that fails destroys the request with its error, so the fetch
// rejects with it as "fetch failed"'s cause; a request that closes first cancels the stream.
struct Upload : std::enable_shared_from_this<Upload> {
  std::shared_ptr<detail::FetchBody> body;
  http::ClientRequest* req = nullptr;  // until its 'close'

  static void start(std::shared_ptr<detail::FetchBody> body, http::ClientRequest& req) {
    auto up = std::make_shared<Upload>();
    up->body = std::move(body);
    up->body->used = true;
    up->body->locked = true;
    up->req = &req;
    req.on("close", [up] {
      up->req = nullptr;
      up->body->cancel();
    });
    up->pump();
  }

  void pump() {
    body->read().then(
        [self = shared_from_this()](ReadResult& r) {
          if (self->req == nullptr) {
            return;
          }
          if (r.done) {
            self->req->end();
          } else if (self->req->write(r.value)) {
            self->pump();
          } else {
            self->req->once("drain", [self] {
              if (self->req != nullptr) {
                self->pump();
              }
            });
          }
        },
        [self = shared_from_this()](std::exception_ptr e) {
          if (self->req != nullptr) {
            self->req->destroy(toError(e));
          }
        });
  }
};

bool isRedirect(int status) {
  return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

struct FetchState {
  std::string url;
  RequestInit init;
  Resolve<Response> resolve;
  int redirects = 0;
  bool settled = false;

  FetchState(std::string u, const RequestInit& i, Resolve<Response> r)
      : url(std::move(u)), init(i), resolve(std::move(r)) {}
  void reject(const Error& e) {
    if (!settled) {
      settled = true;
      resolve.reject(std::make_exception_ptr(e));
    }
  }
};

void start(const std::shared_ptr<FetchState>& st);

void onResponse(const std::shared_ptr<FetchState>& st, http::ClientRequest& req,
                http::IncomingMessage& res) {
  auto location = res.headers.get("location");
  if (isRedirect(res.statusCode) && location && st->init.redirect != "manual") {
    res.resume();  // the redirect's own body is not wanted
    if (st->init.redirect == "error") {
      st->reject(fetchFailed("unexpected redirect"));
      return;
    }
    if (++st->redirects > kMaxRedirects) {
      st->reject(fetchFailed("redirect count exceeded"));
      return;
    }
    auto next = URL::parse(*location, st->url);
    if (!next) {
      st->reject(fetchFailed("invalid redirect location"));
      return;
    }
    // A stream was read as it was sent: it cannot be sent again (undici: a network error
    // whose cause is an Error without a message), unless a 303 drops it.
    if (res.statusCode != 303 && st->init.body && st->init.body->stream() != nullptr) {
      st->reject(fetchFailed(""));
      return;
    }
    // 303 (except after HEAD), and 301/302 after POST, continue as a GET without a body.
    std::string& m = st->init.method;
    if ((res.statusCode == 303 && m != "HEAD") ||
        ((res.statusCode == 301 || res.statusCode == 302) && m == "POST")) {
      m = "GET";
      st->init.body.reset();
      for (const char* h : {"content-type", "content-length", "content-encoding",
                            "content-language", "content-location"}) {
        st->init.headers.remove(h);
      }
    }
    st->url = next->href();
    start(st);
    return;
  }
  Response r;
  r.status = res.statusCode;
  r.ok = res.statusCode >= 200 && res.statusCode <= 299;
  r.statusText = res.statusMessage;
  for (size_t i = 0; i + 1 < res.rawHeaders.size(); i += 2) {
    r.headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
  }
  r.url = st->url;
  r.redirected = st->redirects > 0;
  auto body = std::make_shared<detail::ResponseBody>();
  body->attach(req, res);
  detail::FetchAccess::setBody(r, body);
  st->settled = true;
  st->resolve(std::move(r));
}

void start(const std::shared_ptr<FetchState>& st) {
  auto u = URL::parse(st->url);
  if (!u) {
    TypeError e("", "Failed to parse URL from " + st->url);
    e.cause = std::make_shared<const Error>(TypeError("ERR_INVALID_URL", "Invalid URL"));
    st->reject(e);
    return;
  }
  const bool secure = u->protocol() == "https:";
  if (u->protocol() != "http:" && !secure) {
    st->reject(fetchFailed("unknown scheme"));
    return;
  }
  uint16_t port = u->port().empty() ? (secure ? 443 : 80) : uint16_t(std::stoul(u->port()));
  if (std::find(std::begin(kBadPorts), std::end(kBadPorts), port) != std::end(kBadPorts)) {
    st->reject(fetchFailed("bad port"));
    return;
  }
  https::RequestOptions o;  // http's options, and TLS's defaults for an https: URL
  o.defaultPort = secure ? 443 : 80;
  if (secure) {
    o.ALPNProtocols = {"http/1.1"};  // as undici
  }
  std::string host = u->hostname();
  if (host.size() >= 2 && host.front() == '[') {
    host = host.substr(1, host.size() - 2);
  }
  o.hostname = host;
  o.port = port;
  o.path = u->pathname() + u->search();
  o.method = st->init.method.empty() ? "GET" : st->init.method;
  o.agent = detail::fetchAgent();
  o.signal = st->init.signal;
  const Headers& given = st->init.headers;
  for (const auto& [n, v] : given.entries()) {
    o.headers.emplace_back(n, v);
  }
  bool hasBody = st->init.body.has_value() && o.method != "GET" && o.method != "HEAD";
  const ReadableStream* bodyStream = hasBody ? st->init.body->stream() : nullptr;
  if (hasBody && st->init.body->text() && !given.has("content-type")) {
    o.headers.emplace_back("content-type", "text/plain;charset=UTF-8");
  }
  // undici's defaults, less accept-encoding (nothing here decompresses).
  for (auto [n, v] : {std::pair{"accept", "*/*"}, std::pair{"accept-language", "*"},
                      std::pair{"sec-fetch-mode", "cors"}, std::pair{"user-agent", "nodecc"}}) {
    if (!given.has(n)) {
      o.headers.emplace_back(n, v);
    }
  }
  http::ClientRequest* req;
  try {
    req = secure ? &https::request(o) : &http::request(o);
  } catch (const Error& e) {
    st->reject(fetchFailed(e));
    return;
  }
  req->on("response", [st, req](http::IncomingMessage& res) { onResponse(st, *req, res); });
  req->on("error", [st](const Error& e) {
    if (st->init.signal.aborted()) {
      st->reject(st->init.signal.reason());
      return;
    }
    st->reject(fetchFailed(e));
  });
  if (bodyStream != nullptr) {
    Upload::start(detail::FetchAccess::body(*bodyStream), *req);
  } else if (hasBody) {
    req->end(st->init.body->bytes());
  } else {
    req->end();
  }
}

}  // namespace

Promise<Response> fetch(std::string_view url) {
  const RequestInit defaults;
  return fetch(url, defaults);
}

Promise<Response> fetch(std::string_view url, const RequestInit& init) {
  auto p = Promise<Response>::withResolvers();
  auto st = std::make_shared<FetchState>(std::string(url), init, p.resolve);
  if (init.signal.aborted()) {
    st->reject(init.signal.reason());
    return p.promise;
  }
  if (init.redirect != "follow" && init.redirect != "manual" && init.redirect != "error") {
    st->reject(TypeError("ERR_INVALID_ARG_VALUE",
                         "'" + init.redirect + "' is not a valid value for 'redirect'"));
    return p.promise;
  }
  try {
    detail::checkStreamInit(init);
  } catch (const Error& e) {
    st->reject(e);
    return p.promise;
  }
  start(st);
  return p.promise;
}

}  // namespace nodecc
