#pragma once
// Node's `http` server.
//
//   http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
//     res.setHeader("Content-Type", "text/plain");
//     res.end("hello world\n");
//   }).listen(8080);
//
// The request listener may also be a coroutine returning Promise<> (an async handler).
// Response bytes match Node's for the same program: Date, Connection: keep-alive,
// Keep-Alive: timeout=5, and Content-Length or Transfer-Encoding: chunked chosen as Node chooses
// (end(data) without an earlier write sends Content-Length; write() first sends chunked).
//
// An exception escaping a request listener (or rejecting its promise) answers 500 if the
// headers were not sent, closes that connection, is reported to
// process::on("uncaughtException") listeners (or printed), and the server keeps serving.
//
// Events and payloads:
//   Server: "request" (IncomingMessage&, ServerResponse&), "connection" (net::Socket&),
//           "listening" (), "close" (), "error" (const Error&), "timeout" (net::Socket&),
//           "clientError" (const Error&, net::Socket&), "checkContinue" and
//           "checkExpectation" (IncomingMessage&, ServerResponse&),
//           "upgrade" (IncomingMessage&, net::Socket&, const Buffer& head)
// "upgrade": a request with an Upgrade field and a Connection "upgrade" token, when the server
// has 'upgrade' listeners (without one it is an ordinary request, as in Node). The connection
// leaves HTTP: the socket is a plain net::Socket (its 'data' carries what follows `head`, the
// bytes that came after the request head), written only once every earlier pipelined response
// has left; on an https server the socket carries on the connection's TLS session. req is
// valid until the listener returns. A listener that throws has its socket destroyed (then the
// exception is uncaught, as any listener's).
//   IncomingMessage: "data" (const Buffer&; const std::string& after setEncoding), "end" (),
//                    "aborted" (), "close" (), "error" (const Error&), "timeout" (net::Socket&)
//   ServerResponse: "finish" (), "close" (), "drain" (), "timeout" (net::Socket&)
// Timeouts: req.setTimeout, res.setTimeout and server.timeout set the connection's idle
// timeout (Node's socket.setTimeout, no timer of their own). When it expires, 'timeout' is
// emitted on the request if its body is still arriving, on the response being sent, and on
// the server; when none of the three has a listener, the connection is destroyed.
// Lifetime: req and res stay valid until both have emitted "close" (after the response
// finished, or the connection went away) and the callbacks running then have returned, and
// while an async handler has not returned. If the client went away before the response was
// ended, they stay valid (inert) until the handler ends it, within ServerOptions::orphanTimeout
// and maxOrphans: a handler that keeps working after a request's 'close' should stop there. Reading
// is exactly as fast as the handler consumes: pause() stops reading from the socket and TCP pushes
// back on the client.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "nodecc/buffer.h"
#include "nodecc/detail/access.h"
#include "nodecc/events.h"
#include "nodecc/function.h"
#include "nodecc/net.h"
#include "nodecc/promise.h"
#include "nodecc/stream.h"

namespace nodecc {
class StringDecoder;
}  // namespace nodecc

namespace nodecc::http {

namespace core {
struct OwnedHeader;
}  // namespace core

namespace detail {
class ExchangeImpl;
class HttpServerImpl;
class ResponseFilter;
class ClientRequestImpl;
class BodyReadable;
template <class Target>
class OutgoingWritable;
// A message's received fields (name and value as sent), filled by the parser.
using HeaderFields = std::vector<core::OwnedHeader>;
// What an IncomingMessage is built from (src/api/http/incoming_ops.h).
struct IncomingInit;
// How an IncomingMessage drives what it reads from: a server's request or a client's
// response (src/api/http/incoming_ops.h).
struct IncomingOps;
struct IncomingSource {
  const IncomingOps* ops;
  void* ctx;
  // A server request's context is its exchange (ExchangeImpl::of).
  operator ExchangeImpl&() const { return *static_cast<ExchangeImpl*>(ctx); }
};
// The stream a message takes part in pipes through (see asStream), made on first use and
// detached when its message is reused or destroyed (src/api/http/message_streams.cc).
class MessageStream {
 public:
  virtual void detach() = 0;

 protected:
  ~MessageStream() = default;
};
}  // namespace detail

class IncomingMessage;
class ServerResponse;
// The stream::Readable that reads a request's (or a client response's) body: what
// req.pipe(dest), req.iterate(), stream::pipeline(req, ...) and stream::finished(req, ...) use,
// as Node's IncomingMessage is a Readable. Made on first use and owned by the runtime (it
// deletes itself after 'close'); it reads through the message's 'data', 'end', 'aborted' and
// 'error', pauses the message when its buffer is full (the connection stops reading: TCP
// pushes back on the client), and destroying it (a pipeline's error, an early exit from
// iterate()) destroys the message as req.destroy(err) does. An encoding set on the message
// moves to it. Stop using it when the message is reused (after both 'close' events).
stream::Readable& asStream(IncomingMessage& message);
// The stream::Writable that writes to a response (Node's ServerResponse is no Writable, but
// pipe and pipeline write to it as one): _write is res.write (its callback waits for 'drain'
// when write() returned false), _final is res.end() (done at 'finish'); a 'close' before
// 'finish' destroys it with ERR_STREAM_PREMATURE_CLOSE, and destroying it with an error
// destroys the response. Made on first use, owned by the runtime.
stream::Writable& asStream(ServerResponse& response);

// http.STATUS_CODES[code]: "" when Node has no name for it.
std::string_view statusCodeText(int status);
// http.METHODS.
const std::vector<std::string>& methods();

// http.createServer(options, ...). Timeouts in milliseconds; 0 disables one.
struct ServerOptions {
  size_t maxHeaderSize = 16 * 1024;  // request line + headers -> 431
  size_t maxHeadersCount = 2000;     // -> 431
  size_t maxUriLength = 8 * 1024;    // -> 414
  uint64_t keepAliveTimeout = 5000;
  uint64_t headersTimeout = 60000;
  uint64_t requestTimeout = 300000;
  bool requireHostHeader = true;
  bool noDelay = true;
  size_t highWaterMark = 16 * 1024;
  uint32_t maxRequestsPerSocket = 0;  // 0: unlimited
  // A request whose client went away before its handler ended the response (an orphan: the
  // handler ends it only on the request's 'end', which never comes, or from a timer or a
  // callback still to run). Its req and res stay valid and inert (writes go nowhere) until
  // the handler ends the response, but at most orphanTimeout ms (0: no time limit) and for
  // at most maxOrphans such requests (the oldest goes first); then they are reused, and a
  // handler must not touch them any more. Each orphan holds about 1 KiB.
  uint64_t orphanTimeout = 60000;
  size_t maxOrphans = 16384;
};

// req.rawHeaders: [name0, value0, name1, value1, ...] as received.
class RawHeaders {
 public:
  size_t size() const { return *count_ * 2; }
  std::string_view operator[](size_t i) const;
  class iterator {
   public:
    iterator(const RawHeaders* r, size_t i) : r_(r), i_(i) {}
    std::string_view operator*() const { return (*r_)[i_]; }
    iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator!=(const iterator& o) const { return i_ != o.i_; }

   private:
    const RawHeaders* r_;
    size_t i_;
  };
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, size()}; }

 private:
  friend class IncomingMessage;
  friend struct nodecc::detail::Access;
  RawHeaders(const detail::HeaderFields* list, const size_t* count) : list_(list), count_(count) {}
  const detail::HeaderFields* list_;
  const size_t* count_;
};

// req.headers: lower-cased names; duplicates joined as Node joins them (", ", "; " for cookie;
// the first kept for host, content-type, user-agent...; set-cookie kept as a list, see
// getAll). Built on first use for each request.
class IncomingHttpHeaders {
 public:
  explicit IncomingHttpHeaders(const RawHeaders& raw) : raw_(raw) {}
  // The value, "" when absent (valid while the request is).
  std::string_view operator[](std::string_view lowerName) const;
  std::optional<std::string_view> get(std::string_view name) const;
  bool has(std::string_view name) const;
  // Every value of a field, each as received (req.headersDistinct[name]).
  std::vector<std::string_view> getAll(std::string_view name) const;
  size_t size() const;
  const std::vector<std::pair<std::string, std::string>>& entries() const;
  auto begin() const { return entries().begin(); }
  auto end() const { return entries().end(); }
  void invalidate() { built_ = false; }

 private:
  void build() const;
  const RawHeaders& raw_;
  mutable std::vector<std::pair<std::string, std::string>> map_;
  mutable size_t mapSize_ = 0;
  mutable bool built_ = false;
};

// req.headersDistinct: every value of a field, each as received, in order (Node's
// headersDistinct: set-cookie and the fields joined in req.headers included).
class IncomingHeadersDistinct {
 public:
  explicit IncomingHeadersDistinct(const IncomingHttpHeaders& headers) : headers_(headers) {}
  std::vector<std::string_view> operator[](std::string_view name) const {
    return headers_.getAll(name);
  }
  bool has(std::string_view name) const { return headers_.has(name); }

 private:
  const IncomingHttpHeaders& headers_;
};

// A server's request (req) or a client's response (see nodecc/http_client.h). Made only by
// nodecc: a server's exchange or a client request owns it.
class IncomingMessage : public EventEmitter {
 public:
  ~IncomingMessage() override;

  const std::string& method;
  const std::string& url;
  std::string httpVersion = "1.1";
  int httpVersionMajor = 1;
  int httpVersionMinor = 1;
  RawHeaders rawHeaders;
  IncomingHttpHeaders headers;
  IncomingHeadersDistinct headersDistinct{headers};
  RawHeaders rawTrailers;
  IncomingHttpHeaders trailers;
  IncomingHeadersDistinct trailersDistinct{trailers};
  bool complete = false;   // the whole body arrived
  bool aborted = false;    // the connection went away first
  bool destroyed = false;  // destroy() was called
  // Responses only (Node: null on a server's request).
  int statusCode = 0;
  std::string statusMessage;

  net::Socket& socket();
  IncomingMessage& pause();
  IncomingMessage& resume();
  bool isPaused() const;
  // req.destroy([err]). While the body is still arriving (or not yet read to its 'end') it
  // emits "aborted" at once and destroys the connection (for a server request, with the
  // responses of earlier pipelined requests that were already written); with `err`, "error"
  // (err) follows when there are "error" listeners (none: no error, as Node), and the socket's
  // "error" listeners and the server's "clientError" listeners get err. "close" follows.
  // A request already read to its 'end' is only marked destroyed, its connection kept.
  IncomingMessage& destroy();
  IncomingMessage& destroy(const Error& err);
  // req.setTimeout(ms[, cb]): sets the connection's idle timeout (0: off) and adds cb as a
  // "timeout" listener (cb takes () or (net::Socket&)). On a server request, 'timeout' reaches
  // the request only while its body is arriving (Node's rule: a complete request is not
  // told, and without other listeners the connection is destroyed).
  IncomingMessage& setTimeout(uint64_t ms);
  template <class F>
  IncomingMessage& setTimeout(uint64_t ms, F&& cb) {
    on("timeout", std::forward<F>(cb));
    return setTimeout(ms);
  }
  // req.setEncoding(enc): from now on "data" carries const std::string& (the bytes decoded as
  // StringDecoder decodes them: a character split across chunks is kept whole, an incomplete
  // one at the end becomes U+FFFD for utf8), including bytes already received and not yet
  // emitted. Throws TypeError ERR_UNKNOWN_ENCODING for an unknown encoding. buffer() and text()
  // need Buffer chunks: do not combine them with setEncoding.
  IncomingMessage& setEncoding(std::string_view encoding = "utf8");
  // "" when no encoding was set (Node's readableEncoding: null).
  std::string_view readableEncoding() const;
  // The whole body (await-able): collects "data" until "end".
  Promise<Buffer> buffer();
  Promise<std::string> text();
  // req.pipe(destination[, {end}]) (a stream::Writable, a ServerResponse...), and
  // `for await (const chunk of req)`:
  //   for (auto it = req.iterate(); auto chunk = co_await it.next();) { ... }
  // (leaving the loop early destroys the request, as Node's `break`). Both read through
  // asStream(req).
  template <class W>
  W& pipe(W& destination, stream::PipeOptions options = {}) {
    return asStream(*this).pipe(destination, options);
  }
  stream::ReadableIterator<Buffer> iterate(bool destroyOnReturn = true) {
    return asStream(*this).iterate(destroyOnReturn);
  }

 protected:
  // Adding a 'data' listener makes the request flow (Node's Readable.on('data') resumes it).
  void listenerCountChanged(std::string_view event, size_t count) override;

 private:
  friend class detail::ExchangeImpl;
  friend class detail::ClientRequestImpl;
  friend class detail::BodyReadable;
  friend stream::Readable& asStream(IncomingMessage& message);
  explicit IncomingMessage(const detail::IncomingInit& init);
  // Emits "data" with `chunk`, decoded when setEncoding was called (nothing when the decoder
  // holds it all back). Returns false when there was nothing to emit.
  void emitData(const Buffer& chunk);
  // Before "end": what the decoder still holds (an incomplete character), as a last "data".
  void emitDecoderTail();
  // A recycled message starts without an encoding.
  void resetEncoding() {
    if (decoder_) {
      resetDecoder();
    }
  }
  void resetDecoder();
  // The message is reused for another request (or destroyed): its stream lets go of it.
  void detachStream() {
    if (stream_ != nullptr) {
      stream_->detach();
    }
  }
  // What this message reads from (named ex_ for ExchangeImpl::of).
  detail::IncomingSource ex_;
  std::unique_ptr<StringDecoder> decoder_;
  detail::MessageStream* stream_ = nullptr;  // asStream's, while it lives
};

class ServerResponse : public EventEmitter {
 public:
  explicit ServerResponse(detail::ExchangeImpl& ex);
  ~ServerResponse() override;

  int statusCode = 200;
  std::string statusMessage;  // "" : the standard reason for statusCode
  bool sendDate = true;
  bool headersSent = false;
  bool writableEnded = false;     // end() was called
  bool writableFinished = false;  // every byte was handed to the socket
  bool destroyed = false;         // destroy() was called

  ServerResponse& setHeader(std::string_view name, std::string_view value);
  ServerResponse& setHeader(std::string_view name, const std::vector<std::string>& values);
  ServerResponse& setHeader(std::string_view name, uint64_t value);
  std::optional<std::string> getHeader(std::string_view name) const;
  // Lower-cased names; repeated values joined with ", ".
  std::vector<std::pair<std::string, std::string>> getHeaders() const;
  std::vector<std::string> getHeaderNames() const;
  bool hasHeader(std::string_view name) const;
  ServerResponse& removeHeader(std::string_view name);

  using HeaderList = std::initializer_list<std::pair<std::string_view, std::string_view>>;
  ServerResponse& writeHead(int status);
  ServerResponse& writeHead(int status, std::string_view statusMessage);
  ServerResponse& writeHead(int status, HeaderList headers);
  ServerResponse& writeHead(int status, std::string_view statusMessage, HeaderList headers);
  ServerResponse& writeHead(int status, std::string_view statusMessage,
                            const std::vector<std::pair<std::string, std::string>>& headers);
  // The same; a list built for this response (a proxy's filtered upstream fields) is taken
  // over instead of copied.
  ServerResponse& writeHead(int status, std::string_view statusMessage,
                            std::vector<std::pair<std::string, std::string>>&& headers);

  // false when the caller should wait for "drain".
  bool write(std::string_view chunk, UniqueFunction<void(Error*)> cb = nullptr);
  bool write(const Buffer& chunk, UniqueFunction<void(Error*)> cb = nullptr);
  // Ends the response (data, if given, is its last chunk); cb runs on "finish". Returns
  // nothing, unlike Node's `this`: so `co_return res.end();` compiles in a Promise<> handler
  // (a coroutine cannot both `co_return;` and return a value) and `return res.end();` in a
  // void one.
  void end(UniqueFunction<void()> cb = nullptr);
  void end(std::string_view data, UniqueFunction<void()> cb = nullptr);
  void end(const Buffer& data, UniqueFunction<void()> cb = nullptr);
  ServerResponse& flushHeaders();
  ServerResponse& addTrailers(HeaderList trailers);
  // Sends "HTTP/1.1 100 Continue" (for a checkContinue listener).
  ServerResponse& writeContinue();

  // res.destroy([err]): destroys the connection; when earlier pipelined responses are still
  // to be sent, once they have gone (as Node, which destroys the socket when the response gets
  // it). The request is aborted ("aborted" if not read to its end), then "close" on both. No
  // "error" on the response (as Node); with `err`, the socket's "error" listeners and the
  // server's "clientError" listeners get it.
  ServerResponse& destroy();
  ServerResponse& destroy(const Error& err);
  // res.setTimeout(ms[, cb]): sets the connection's idle timeout (0: off) and adds cb as a
  // "timeout" listener (cb takes () or (net::Socket&)).
  ServerResponse& setTimeout(uint64_t ms);
  template <class F>
  ServerResponse& setTimeout(uint64_t ms, F&& cb) {
    on("timeout", std::forward<F>(cb));
    return setTimeout(ms);
  }

  IncomingMessage& req();
  net::Socket& socket();

  // Machinery for middleware that rewrites the body (express::compression; see
  // nodecc/detail/response_filter.h): from now on writeHead, write, end and flushHeaders go
  // through `filter`, which this response owns until its exchange serves the next request.
  void setFilter(std::unique_ptr<detail::ResponseFilter> filter);
  detail::ResponseFilter* filter() const { return filter_.get(); }

 private:
  friend class detail::ExchangeImpl;
  friend class detail::ResponseFilter;
  template <class>
  friend class detail::OutgoingWritable;
  friend stream::Writable& asStream(ServerResponse& response);
  void detachStream() {
    if (stream_ != nullptr) {
      stream_->detach();
    }
  }
  // write() and end() less the filter test; the callback is taken by reference so that the
  // unfiltered path costs what it did before filters existed (no move, no second destructor).
  bool writeUnfiltered(std::string_view chunk, UniqueFunction<void(Error*)>&& cb);
  void endUnfiltered(std::string_view data, UniqueFunction<void()>&& cb);
  // on-headers: writeHead's fields become setHeader calls, the filter sees the head, and the
  // head is stored with the (possibly changed) status.
  void writeHeadFiltered(int status, std::string_view message,
                         const std::vector<std::pair<std::string, std::string>>& headers);
  detail::ExchangeImpl& ex_;
  std::unique_ptr<detail::ResponseFilter> filter_;
  detail::MessageStream* stream_ = nullptr;  // asStream's, while it lives
};

using RequestListener = UniqueFunction<void(IncomingMessage&, ServerResponse&)>;
using AsyncRequestListener = UniqueFunction<Promise<>(IncomingMessage&, ServerResponse&)>;

// http.Server. (Node's http.Server extends net.Server; here it is its own EventEmitter with the
// same listening methods.)
class Server : public EventEmitter {
 public:
  explicit Server(const ServerOptions& options);
  ~Server() override;
  // The thread's runtime owns a server made by createServer(), which returns a reference:
  // `auto server = http::createServer(...)` would copy it, and says so at compile time.
  Server(const Server&) = delete;
  template <class S>
  requires std::same_as<S, Server> Server(
      S&) {  // NOLINT: only to name the fix when `auto server = createServer(...)` copies
    static_assert(!std::same_as<S, Server>,
                  "http::createServer() returns Server& (the runtime owns the server): write "
                  "`auto& server = http::createServer(...)`");
  }

  Server& listen(uint16_t port, UniqueFunction<void()> cb = nullptr);
  Server& listen(uint16_t port, std::string_view host, UniqueFunction<void()> cb = nullptr);
  Server& listen(const net::ListenOptions& options, UniqueFunction<void()> cb = nullptr);
  // Stops accepting, closes idle connections, lets requests in flight finish; then "close".
  Server& close(UniqueFunction<void(Error*)> cb = nullptr);
  void closeIdleConnections();
  void closeAllConnections();
  net::AddressInfo address() const;
  bool listening() const;
  void getConnections(UniqueFunction<void(Error*, size_t)> cb) const;
  Server& ref();
  Server& unref();
  // server.setTimeout(ms[, cb]): sets `timeout` and adds cb as a "timeout" listener (cb takes
  // () or (net::Socket&)).
  Server& setTimeout(uint64_t ms);
  template <class F>
  Server& setTimeout(uint64_t ms, F&& cb) {
    on("timeout", std::forward<F>(cb));
    return setTimeout(ms);
  }

  // Settable until listen(), as Node's server properties.
  ServerOptions options;
  size_t maxConnections = 0;  // 0: no limit
  // server.timeout: the idle timeout (ms, 0: none) each connection accepted from now on starts
  // with, and goes back to for each request after a keep-alive wait. Settable at any time.
  uint64_t timeout = 0;

 private:
  friend struct nodecc::detail::Access;
  detail::HttpServerImpl* impl() const { return impl_; }
  detail::HttpServerImpl* impl_;
};

namespace detail {
Server& createServer(const ServerOptions& options, RequestListener listener);
Server& createAsyncServer(const ServerOptions& options, AsyncRequestListener listener);
}  // namespace detail

// http.createServer([options][, listener]). The server belongs to the thread's runtime, which
// destroys it when the thread's loop is torn down (as net::createServer): keep the reference
// (`auto& server = http::createServer(...)`), never delete it. The listener is
// void(IncomingMessage&, ServerResponse&) or a coroutine returning Promise<>; it is added as a
// "request" listener.
Server& createServer();
Server& createServer(const ServerOptions& options);
template <class F>
requires std::is_invocable_v<F&, IncomingMessage&, ServerResponse&> Server& createServer(
    const ServerOptions& options, F&& listener) {
  using R = std::invoke_result_t<F&, IncomingMessage&, ServerResponse&>;
  if constexpr (std::is_same_v<R, Promise<>>) {
    return detail::createAsyncServer(options, AsyncRequestListener(std::forward<F>(listener)));
  } else {
    return detail::createServer(options, RequestListener(std::forward<F>(listener)));
  }
}
template <class F>
requires std::is_invocable_v<F&, IncomingMessage&, ServerResponse&> Server& createServer(
    F&& listener) {
  return createServer(ServerOptions{}, std::forward<F>(listener));
}

}  // namespace nodecc::http

// The client half of Node's http module.
#include "nodecc/http_client.h"  // IWYU pragma: export
