// A reverse proxy: every request goes to one upstream server (http:// or https://, verified
// against the system's CAs and NODE_EXTRA_CA_CERTS), bodies streamed both ways with
// backpressure; hop-by-hop fields dropped, X-Forwarded-For added; 502 when the upstream
// fails, 504 when it does not answer in time.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <nodecc/https.h>
#include <nodecc/nodecc.h>
#include <nodecc/url.h>
#include "example_args.h"
using namespace nodecc;

static std::string argAfter(std::string_view name, std::string_view fallback) {
  const auto& a = process::argv();
  auto it = std::find(a.begin(), a.end(), name);
  return std::string(it != a.end() && it + 1 != a.end() ? std::string_view(*(it + 1)) : fallback);
}

// RFC 9110 §7.6.1: fields for this connection only, and any the Connection field names.
static const std::vector<std::string_view> HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "proxy-authenticate", "proxy-authorization"};

static char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c + 32) : c; }

static std::string toLowerCase(std::string_view s) {  // a short name stays in the string itself
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), lower);
  return out;
}

static bool sameName(std::string_view name, std::string_view lowerName) {  // ASCII case-insensitive, lowerName in lower case
  return name.size() == lowerName.size() && std::equal(name.begin(), name.end(), lowerName.begin(), [](char c, char l) { return lower(c) == l; });
}

static std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

static bool isHopByHop(std::string_view name, const std::vector<std::string>& named) {
  // Most fields are end-to-end; their length alone (none of 2, 7, 10, 16-19) usually says so.
  static constexpr uint32_t HOP_LENGTHS = 1u << 2 | 1u << 7 | 1u << 10 | 1u << 16 | 1u << 17 | 1u << 18 | 1u << 19;
  if (named.empty() && !(name.size() < 32 && (HOP_LENGTHS >> name.size() & 1))) return false;
  std::string lowerName = toLowerCase(name);
  return std::find(HOP_BY_HOP.begin(), HOP_BY_HOP.end(), lowerName) != HOP_BY_HOP.end() || std::find(named.begin(), named.end(), lowerName) != named.end();
}

static http::HeaderPairs forwardHeaders(const http::RawHeaders& rawHeaders) {
  std::vector<std::string> named;
  for (size_t i = 0; i < rawHeaders.size(); i += 2) {
    if (sameName(rawHeaders[i], "connection")) {
      std::string_view v = rawHeaders[i + 1];
      for (size_t at = 0; at <= v.size();) {
        size_t comma = std::min(v.find(',', at), v.size());
        std::string token = toLowerCase(trim(v.substr(at, comma - at)));
        if (!isHopByHop(token, named)) named.push_back(std::move(token));  // "keep-alive", the usual one, already is
        at = comma + 1;
      }
    }
  }
  http::HeaderPairs out;
  out.reserve(rawHeaders.size() / 2 + 1);  // + X-Forwarded-For
  for (size_t i = 0; i < rawHeaders.size(); i += 2) {
    std::string_view name = rawHeaders[i];
    if (isHopByHop(name, named)) continue;
    out.emplace_back(name, rawHeaders[i + 1]);
  }
  return out;
}

// C++ only: Node picks the module (`upstreamModule.request`); here the https options are http's plus
// TLS's, so an https upstream gets its own struct, and an http one takes the same path as before.
template <class F>
static http::ClientRequest& requestUpstream(bool secure, http::RequestOptions& options, F&& onResponse) {
  if (!secure) return http::request(options, std::forward<F>(onResponse));
  https::RequestOptions tlsOptions;
  static_cast<http::RequestOptions&>(tlsOptions) = std::move(options);
  return https::request(tlsOptions, std::forward<F>(onResponse));
}

// What one exchange knows: whether the upstream timed out, which side is already gone.
struct Exchange { bool timedOut = false; bool resClosed = false; bool upstreamClosed = false; };

static void fail(http::ServerResponse& res, Exchange& x, int status, const std::string& message) {
  if (x.resClosed) return;
  if (res.headersSent) { res.socket().destroy(); return; }  // cut short: never a short success
  res.writeHead(status, {{"Content-Type", "text/plain"}, {"Connection", "close"}});
  res.end(message + "\n");
}

int main() {
  auto args = exampleArgs();
  uint16_t port = args.port;
  std::string host = args.host;
  URL upstream(argAfter("--upstream", "http://127.0.0.1:8081"));
  bool secure = upstream.protocol() == "https:";
  std::string upstreamHost = upstream.hostname();
  uint16_t upstreamPort = uint16_t(!upstream.port().empty() ? std::stoi(upstream.port()) : secure ? 443 : 80);
  uint64_t timeout = std::stoull(argAfter("--timeout", "30000"));

  return exampleRun(args, [&] {
    thread_local http::Agent agent({.keepAlive = true});  // one per thread: each has its own loop
    http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
      auto x = std::make_shared<Exchange>();
      auto headers = forwardHeaders(req.rawHeaders);
      auto forwardedFor = req.headers.get("x-forwarded-for");
      std::string client = req.socket().remoteAddress();
      headers.emplace_back("X-Forwarded-For", forwardedFor ? std::string(*forwardedFor) + ", " + client : client);
      http::RequestOptions options{.method = req.method, .hostname = upstreamHost, .port = upstreamPort, .path = req.url, .headers = std::move(headers), .agent = agent, .timeout = timeout};
      auto& proxyReq = requestUpstream(secure, options, [&res, x](http::IncomingMessage& proxyRes) {
        res.writeHead(proxyRes.statusCode, proxyRes.statusMessage, forwardHeaders(proxyRes.rawHeaders));
        proxyRes.on("data", [&res, &proxyRes](const Buffer& chunk) {
          if (!res.write(chunk)) { proxyRes.pause(); res.once("drain", [&proxyRes] { proxyRes.resume(); }); }
        });
        proxyRes.on("end", [&res] { res.end(); });
        proxyRes.on("aborted", [&res, x] { fail(res, *x, 502, "Bad Gateway"); });
      });
      proxyReq.on("timeout", [&proxyReq, x] { x->timedOut = true; proxyReq.destroy(); });
      proxyReq.on("error", [&res, x](const Error& err) {
        if (!x->timedOut) console.error("upstream error: " + err.code + " " + err.message);
        fail(res, *x, x->timedOut ? 504 : 502, x->timedOut ? "Gateway Timeout" : "Bad Gateway: " + err.code);
      });
      proxyReq.on("close", [x] { x->upstreamClosed = true; });
      req.on("data", [&req, &proxyReq](const Buffer& chunk) {
        if (!proxyReq.write(chunk)) { req.pause(); proxyReq.once("drain", [&req] { req.resume(); }); }
      });
      req.on("end", [&proxyReq] { proxyReq.end(); });
      res.on("close", [&res, &proxyReq, x] {
        x->resClosed = true;
        if (!res.writableFinished && !x->upstreamClosed) proxyReq.destroy();  // the client went away
      });
    }).listen(port, host, [&] {
      std::printf("listening on http://%s:%u/\n", host.c_str(), port);
      std::fflush(stdout);
    });
  });
}
