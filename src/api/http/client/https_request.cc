// https.request / https.get / https.globalAgent: http's client with a TLS context per set of
// options (cached per thread: the default one is shared by every request that gives none).
#include <map>

#include "api/http/client/client_request.h"
#include "api/per_runtime.h"
#include "api/tls/context_holder.h"
#include "nodecc/https.h"

namespace nodecc::https {

namespace {

// Client contexts kept per thread, keyed by the options that make them; bounded.
constexpr size_t kMaxCachedContexts = 64;

std::string contextKey(const RequestOptions& o) {
  std::string key;
  auto add = [&key](std::string_view part) {
    key += std::to_string(part.size());
    key += ':';
    key += part;
  };
  for (const auto& list : {&o.ca, &o.cert, &o.key, &o.ALPNProtocols}) {
    add(std::to_string(list->size()));
    for (const std::string& pem : *list) {
      add(pem);
    }
  }
  add(o.passphrase);
  add(o.minVersion);
  add(o.maxVersion);
  add(o.ciphers);
  return key;
}

std::shared_ptr<tls::core::Context> clientContext(const RequestOptions& o) {
  thread_local std::map<std::string, std::shared_ptr<tls::core::Context>> cache;
  std::string key = contextKey(o);
  if (auto it = cache.find(key); it != cache.end()) {
    return it->second;
  }
  tls::SecureContextOptions so;
  so.ca = o.ca;
  so.cert = o.cert;
  so.key = o.key;
  so.passphrase = o.passphrase;
  so.minVersion = o.minVersion;
  so.maxVersion = o.maxVersion;
  so.ciphers = o.ciphers;
  so.ALPNProtocols = o.ALPNProtocols;
  auto ctx = tls::detail::makeContext(tls::detail::toCore(so, false));
  if (cache.size() >= kMaxCachedContexts) {
    cache.erase(cache.begin());
  }
  cache.emplace(std::move(key), ctx);
  return ctx;
}

// url.urlToHttpOptions under the given options (they win), as http's request(url, options).
RequestOptions withUrl(std::string_view input, const RequestOptions& options) {
  RequestOptions o = options;
  static_cast<http::RequestOptions&>(o) = http::detail::withUrl(input, options);
  return o;
}

http::ClientRequest& start(const RequestOptions& options, http::ResponseListener cb) {
  RequestOptions o = options;
  if (!o.agent.agent() && !o.agent.disabled() && !o.agent.invalid()) {
    o.agent = &globalAgent();
  }
  http::detail::TlsRequest tls;
  tls.context = clientContext(o);
  tls.servername = o.servername;
  tls.rejectUnauthorized = o.rejectUnauthorized;
  return http::detail::startRequest(o, std::move(cb), &tls);
}

}  // namespace

http::Agent& globalAgent() {
  // https.globalAgent: its own pool, with http.globalAgent's settings.
  return nodecc::detail::perRuntime<http::Agent>([] {
    http::AgentOptions o;
    o.keepAlive = true;
    o.scheduling = "lifo";
    o.timeout = 5000;
    return new http::Agent(o);
  });
}

http::ClientRequest& request(const RequestOptions& options, http::ResponseListener callback) {
  return start(options, std::move(callback));
}

http::ClientRequest& request(std::string_view url, http::ResponseListener callback) {
  return start(withUrl(url, RequestOptions{}), std::move(callback));
}

http::ClientRequest& request(std::string_view url, const RequestOptions& options,
                             http::ResponseListener callback) {
  return start(withUrl(url, options), std::move(callback));
}

http::ClientRequest& get(const RequestOptions& options, http::ResponseListener callback) {
  RequestOptions o = options;
  o.method = "GET";
  http::ClientRequest& req = start(o, std::move(callback));
  req.end();
  return req;
}

http::ClientRequest& get(std::string_view url, http::ResponseListener callback) {
  return get(withUrl(url, RequestOptions{}), std::move(callback));
}

http::ClientRequest& get(std::string_view url, const RequestOptions& options,
                         http::ResponseListener callback) {
  return get(withUrl(url, options), std::move(callback));
}

}  // namespace nodecc::https
