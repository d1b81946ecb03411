#pragma once
// Node's `http` client: http::request / http::get -> ClientRequest, whose response is an
// IncomingMessage; http::Agent pools keep-alive connections; AbortController (nodecc/abort.h)
// aborts.
//
//   http::get("http://127.0.0.1:8080/", [](http::IncomingMessage& res) {
//     std::printf("%d\n", res.statusCode);
//     res.on("data", [](const Buffer& chunk) { ... });
//     res.on("end", [] { ... });
//   });
//
// Node's defaults: globalAgent() keeps connections alive (Node 19+: keepAlive, 'lifo',
// 5 s idle timeout, the server's "Keep-Alive: timeout" hint honoured); a new Agent() does not
// unless asked. Redirects are not followed. Only "http:" is supported (no TLS yet).
//
// Events and payloads:
//   ClientRequest: "socket" (net::Socket&), "response" (IncomingMessage&), "continue" (),
//     "information" (const InformationEvent&), "finish" (), "drain" (), "timeout" (),
//     "error" (const Error&), "close" ()
//   the response (IncomingMessage): "data" (const Buffer&), "end" (), "aborted" (),
//     "error" (const Error&, only when there is a listener, as Node), "close" ()
// Errors reach "error" as Node builds them: "connect ECONNREFUSED 127.0.0.1:1",
// "getaddrinfo ENOTFOUND example.invalid", "socket hang up" (ECONNRESET) when the connection
// ends before a response, AbortError (ABORT_ERR) for an aborted signal, Parse Error (HPE_*)
// for a response the parser rejects. A response body cut short by the server is not a short
// success: the response emits "aborted" (and "error" ECONNRESET "aborted" to a listener) and
// never "end".
//
// Lifetime: request() returns a reference to an object the thread's runtime owns and reuses
// for a later request. The ClientRequest and its response stay valid until both have emitted
// "close" and the nextTicks and promise continuations set off meanwhile have run (so
// `auto body = co_await res.text();` may read res afterwards); from the next loop phase on they
// may serve another request: a timer or a later co_await must not touch them. A response must
// be consumed ("data" listener, resume(), or co_await res.text()) or its connection stays
// taken, as in Node. Loop thread only.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nodecc/abort.h"
#include "nodecc/buffer.h"
#include "nodecc/detail/access.h"
#include "nodecc/error.h"
#include "nodecc/events.h"
#include "nodecc/function.h"
#include "nodecc/http.h"
#include "nodecc/net.h"

namespace nodecc::http {

namespace detail {
class AgentImpl;
class ClientRequestImpl;
}  // namespace detail

class Agent;

// options.agent: an Agent (by reference or pointer); `false` for a one-off agent (a fresh
// connection closed after the request); unset (or nullptr) for globalAgent().
class AgentOption {
 public:
  AgentOption() = default;
  AgentOption(Agent& agent) : agent_(&agent) {}  // NOLINT: implicit, as Node's option
  AgentOption(Agent* agent) : agent_(agent) {}   // NOLINT
  // `true` is not an agent: TypeError ERR_INVALID_ARG_TYPE from request().
  AgentOption(bool value) : disabled_(!value), invalid_(value) {}  // NOLINT
  Agent* agent() const { return agent_; }
  bool disabled() const { return disabled_; }
  bool invalid() const { return invalid_; }

 private:
  Agent* agent_ = nullptr;
  bool disabled_ = false;
  bool invalid_ = false;
};

using HeaderPairs = std::vector<std::pair<std::string, std::string>>;

// http.request(options). Empty strings and zeros mean "not given" (Node's defaults apply),
// so that request(url, options) can let the options override the URL field by field.
struct RequestOptions {
  std::string protocol{};  // "" : "http:"; anything else throws ERR_INVALID_PROTOCOL
  std::string method{};    // "" : "GET"
  std::string hostname{};  // preferred over host
  std::string host{};      // "" (and no hostname): "localhost"
  uint16_t port = 0;       // 0: defaultPort
  uint16_t defaultPort = 80;
  std::string path{};     // "" : "/"
  HeaderPairs headers{};  // sent in this order (duplicates allowed, as Node's array form)
  std::string auth{};     // "user:password" -> Authorization: Basic
  AgentOption agent{};
  uint64_t timeout = 0;  // ms of socket inactivity before "timeout"; 0: none
  std::string localAddress{};
  uint16_t localPort = 0;
  int family = 0;  // 4, 6 or 0 (both)
  AbortSignal signal{};
  size_t maxHeaderSize = 16 * 1024;  // response head bytes; more is HPE_HEADER_OVERFLOW
  bool setHost = true;
};

// The payload of "information" (a 1xx response other than 100 and 101).
struct InformationEvent {
  std::string httpVersion;
  int httpVersionMajor = 1;
  int httpVersionMinor = 1;
  int statusCode = 0;
  std::string statusMessage;
  HeaderPairs headers;  // lower-cased names, as Node's message.headers
  std::vector<std::string> rawHeaders;
};

class ClientRequest : public EventEmitter {
 public:
  explicit ClientRequest(detail::ClientRequestImpl& impl);
  ~ClientRequest() override;

  // As Node's properties (read-only by convention).
  std::string method;
  std::string path;
  std::string host;
  std::string protocol = "http:";
  bool reusedSocket = false;  // sent on a kept-alive connection
  bool destroyed = false;
  bool writableEnded = false;     // end() was called
  bool writableFinished = false;  // every byte was handed to the socket
  bool headersSent = false;

  ClientRequest& setHeader(std::string_view name, std::string_view value);
  ClientRequest& setHeader(std::string_view name, const std::vector<std::string>& values);
  ClientRequest& setHeader(std::string_view name, uint64_t value);
  // Repeated values joined with ", ".
  std::optional<std::string> getHeader(std::string_view name) const;
  HeaderPairs getHeaders() const;  // lower-cased names
  std::vector<std::string> getHeaderNames() const;
  bool hasHeader(std::string_view name) const;
  ClientRequest& removeHeader(std::string_view name);

  // Sends a body chunk (the head first, on the first call). false: wait for "drain".
  bool write(std::string_view chunk, UniqueFunction<void(Error*)> cb = nullptr);
  bool write(const Buffer& chunk, UniqueFunction<void(Error*)> cb = nullptr);
  ClientRequest& end(UniqueFunction<void()> cb = nullptr);
  ClientRequest& end(std::string_view data, UniqueFunction<void()> cb = nullptr);
  ClientRequest& end(const Buffer& data, UniqueFunction<void()> cb = nullptr);
  ClientRequest& flushHeaders();
  // Aborts: the connection is destroyed; "error" (err, or "socket hang up" when no response
  // has arrived yet), then "close".
  ClientRequest& destroy();
  ClientRequest& destroy(const Error& err);
  // Node's deprecated abort(): destroy() without an error; emits "abort".
  ClientRequest& abort();
  // Emits "timeout" after `ms` without socket activity (0 disables); nothing is aborted.
  ClientRequest& setTimeout(uint64_t ms, UniqueFunction<void()> cb = nullptr);
  ClientRequest& setNoDelay(bool noDelay = true);
  ClientRequest& setSocketKeepAlive(bool enable = false, uint64_t initialDelayMs = 0);

  // The socket once "socket" was emitted (until the request is done with it), else null.
  net::Socket* socket() const;
  size_t writableLength() const;

 private:
  friend struct nodecc::detail::Access;
  friend class detail::ClientRequestImpl;
  template <class>
  friend class detail::OutgoingWritable;
  friend stream::Writable& asStream(ClientRequest& request);
  detail::ClientRequestImpl& impl() const { return impl_; }
  void detachStream() {
    if (stream_ != nullptr) {
      stream_->detach();
    }
  }
  detail::ClientRequestImpl& impl_;
  detail::MessageStream* stream_ = nullptr;  // asStream's, while it lives
};

// The stream::Writable that writes a request's body, for pipe and stream::pipeline (as
// asStream(ServerResponse&) in nodecc/http.h: write, 'drain', end(), 'finish').
stream::Writable& asStream(ClientRequest& request);

// new http.Agent(options).
struct AgentOptions {
  static constexpr size_t kInfinity = std::numeric_limits<size_t>::max();
  bool keepAlive = false;
  uint64_t keepAliveMsecs = 1000;  // TCP keep-alive initial delay of pooled sockets
  size_t maxSockets = kInfinity;   // per origin (host:port:localAddress:family)
  size_t maxTotalSockets = kInfinity;
  size_t maxFreeSockets = 256;      // idle sockets kept per origin
  uint64_t timeout = 0;             // socket inactivity timeout in ms; 0: none
  std::string scheduling = "lifo";  // which free socket goes next: "lifo" or "fifo"
};

class Agent : public EventEmitter {
 public:
  explicit Agent(const AgentOptions& options = {});
  // Destroys every socket of the agent (as agent.destroy()).
  ~Agent() override;

  // Node's properties; changing maxSockets and friends takes effect on the next request.
  const AgentOptions options;
  bool keepAlive;
  uint64_t keepAliveMsecs;
  size_t maxSockets;
  size_t maxTotalSockets;
  size_t maxFreeSockets;

  // agent.sockets / freeSockets / requests, as counts per origin name.
  std::map<std::string, size_t> sockets() const;
  std::map<std::string, size_t> freeSockets() const;
  std::map<std::string, size_t> requests() const;
  // The origin name Node would use for these options: "host:port:localAddress[:family]".
  std::string getName(const RequestOptions& options) const;
  // Connections this agent has opened so far (for tests and metrics; not in Node).
  uint64_t createdSocketCount() const;
  // Destroys every socket, in use or free.
  void destroy();

 private:
  friend struct nodecc::detail::Access;
  detail::AgentImpl& impl() const { return *impl_; }
  detail::AgentImpl* impl_;
};

// http.globalAgent: keepAlive, scheduling 'lifo', timeout 5000 (Node 19+).
Agent& globalAgent();

using ResponseListener = UniqueFunction<void(IncomingMessage&)>;

// http.request(url | options[, callback]): the callback is a "response" listener. Throws
// TypeError ERR_INVALID_URL / ERR_INVALID_PROTOCOL / ERR_INVALID_HTTP_TOKEN /
// ERR_UNESCAPED_CHARACTERS for bad arguments, as Node does synchronously.
ClientRequest& request(std::string_view url, ResponseListener callback = nullptr);
ClientRequest& request(std::string_view url, const RequestOptions& options,
                       ResponseListener callback = nullptr);
ClientRequest& request(const RequestOptions& options, ResponseListener callback = nullptr);
// http.get: request() with method GET, then end().
ClientRequest& get(std::string_view url, ResponseListener callback = nullptr);
ClientRequest& get(std::string_view url, const RequestOptions& options,
                   ResponseListener callback = nullptr);
ClientRequest& get(const RequestOptions& options, ResponseListener callback = nullptr);

}  // namespace nodecc::http
