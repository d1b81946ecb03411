#pragma once
// Node's global fetch() over plain HTTP:
//
//   RequestInit init{.method = "POST", .body = "hi"};
//   auto res = co_await fetch("http://127.0.0.1:8080/api", init);
//   if (res.ok) { auto text = co_await res.text(); }
//
// Name the RequestInit: GCC 12 miscompiles an aggregate built in a co_await operand
// (`co_await fetch(url, {.method = "POST"})`): it copies the temporary into the coroutine
// frame bit for bit and destroys both, a double free. Under GCC 12 that form does not
// compile (the deleted overload below); with clang it is fine.
//
// As Node's (undici): connections are pooled and kept alive (their own agent, not
// http::globalAgent()); redirects are followed (up to 20) unless redirect is "manual" or
// "error"; a network failure rejects with TypeError "fetch failed", the underlying error (its
// code, e.g. ECONNREFUSED) in err.cause; an aborted signal rejects with the signal's
// reason (AbortError "This operation was aborted"). Blocked ("bad") ports are refused as the
// Fetch standard says. Only "http:" URLs (no TLS yet); no decompression, so no
// Accept-Encoding is sent.
//
// Response is a shared handle: copies see the same body, which can be consumed once (text(),
// arrayBuffer(), json(), or body.getReader()); the body streams with backpressure (nothing is
// read from the socket beyond what the reader asked for and a high-water mark). Request is the
// same kind of handle over its body (bytes, or a stream read as it is sent). Loop thread only.
//
// Streams (the end of this header): stream::fromWeb(res.body) is Node's Readable.fromWeb, a
// stream::Readable to pipe or pipeline anywhere; stream::toWeb(readable) is Readable.toWeb; and a
// request body may be a stream, sent chunked:
//
//   RequestInit init{.method = "POST", .body = fs::createReadStream(path), .duplex = "half"};
//   auto res = co_await fetch(url, init);
//   co_await stream::promises::pipeline(stream::fromWeb(res.body), zlib::createGunzip(), out);
//
// json() parses the body with nodecc's JSON (nodecc/json.h) after decoding it as UTF-8 with a
// leading byte order mark dropped (as undici's text() and json()); a malformed body rejects
// with JSON.parse's SyntaxError, V8's message ("Unexpected token 'b', \"bad\" is not valid
// JSON"). json<T>() parses into a type declared with NODECC_JSON (TypeError on a mismatch).
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nodecc/buffer.h"
#include "nodecc/http_client.h"
#include "nodecc/json.h"
#include "nodecc/promise.h"
#include "nodecc/stream.h"

namespace nodecc {

namespace detail {
struct FetchBody;
struct FetchAccess;
}  // namespace detail

// fetch's Headers: case-insensitive names, kept lower-cased. Iteration is in name order with
// the values of a name combined by ", " (Set-Cookie values stay apart), as the standard's
// "sort and combine".
class Headers {
 public:
  Headers() = default;
  Headers(std::initializer_list<std::pair<std::string_view, std::string_view>> init);
  explicit Headers(const http::HeaderPairs& init);

  std::optional<std::string> get(std::string_view name) const;
  bool has(std::string_view name) const;
  void set(std::string_view name, std::string_view value);
  void append(std::string_view name, std::string_view value);
  // headers.delete(name) (`delete` is a C++ keyword).
  void remove(std::string_view name);
  std::vector<std::string> getSetCookie() const;
  // Sorted and combined, as iteration yields them.
  http::HeaderPairs entries() const;

 private:
  http::HeaderPairs list_;  // lower-cased names, in the order they were added
};

// reader.read()'s result: {done, value}.
struct ReadResult {
  bool done = false;
  Buffer value;
};

class ReadableStreamDefaultReader {
 public:
  // The next chunk, or {done: true} at the end; rejects (TypeError "terminated") when the
  // connection ended the body early.
  Promise<ReadResult> read();
  void releaseLock();
  // Stops the body: the connection is closed.
  void cancel();

 private:
  friend class ReadableStream;
  explicit ReadableStreamDefaultReader(std::shared_ptr<detail::FetchBody> b) : b_(std::move(b)) {}
  std::shared_ptr<detail::FetchBody> b_;
};

// response.body, or stream::toWeb(readable): a stream of Buffers read through getReader().
// A handle: copies share the stream.
class ReadableStream {
 public:
  // Throws TypeError when the body is already used or locked.
  ReadableStreamDefaultReader getReader();
  bool locked() const;

 private:
  friend class Response;
  friend struct detail::FetchAccess;
  std::shared_ptr<detail::FetchBody> b_;
};

// RequestInit's body: bytes (a string or a Buffer, sent with content-length), or a stream (a
// ReadableStream, or a stream::Readable taken as stream::toWeb takes it), sent with
// transfer-encoding: chunked as it is read, with the connection's backpressure ('drain'). A
// stream body needs duplex = "half", as Node's fetch requires; it is read once, so a redirect
// that would send it again (any but 303) fails the fetch, as undici's does. An upload that ends
// early (aborted, connection lost) cancels its stream (a Readable is destroyed; Node's is left).
class BodyInit {
 public:
  BodyInit(std::string bytes) : bytes_(std::move(bytes)), text_(true) {}
  BodyInit(std::string_view bytes) : bytes_(bytes), text_(true) {}
  BodyInit(const char* bytes) : bytes_(bytes), text_(true) {}
  BodyInit(const Buffer& bytes) : bytes_(bytes.view()) {}
  BodyInit(ReadableStream stream) : stream_(std::move(stream)) {}
  BodyInit(stream::Readable& readable);                 // stream::toWeb(readable)
  BodyInit(stream::ReadableOf<std::string>& readable);  // stream::toWeb(readable)

  // The stream, or null for bytes.
  const ReadableStream* stream() const { return stream_ ? &*stream_ : nullptr; }
  // The bytes (empty for a stream).
  const std::string& bytes() const { return bytes_; }
  // Given as a string: sent with content-type text/plain;charset=UTF-8 unless one is set (a
  // Buffer or a stream gets none, as in Node).
  bool text() const { return text_; }

 private:
  std::string bytes_;
  bool text_ = false;
  std::optional<ReadableStream> stream_;
};

// fetch(url, init).
struct RequestInit {
  std::string method = "GET";
  Headers headers{};
  std::optional<BodyInit> body{};  // none for GET and HEAD
  AbortSignal signal{};
  std::string redirect = "follow";  // "follow", "manual" or "error"
  // "half" is required with a stream body (TypeError "RequestInit: duplex option is required
  // when sending a body."); the only value accepted.
  std::string duplex{};
};

class Response {
 public:
  // new Response([body]): status 200, ok, its body the bytes or the stream (a stream::Readable
  // through toWeb), to read as a fetched one; a string body gets content-type
  // text/plain;charset=UTF-8. No body: body.getReader() throws, text() is "".
  Response() = default;
  explicit Response(BodyInit body);

  int status = 0;
  bool ok = false;  // status 200..299
  std::string statusText;
  Headers headers;
  std::string url;  // the final URL, after redirects
  bool redirected = false;
  ReadableStream body;

  bool bodyUsed() const;
  Promise<std::string> text();
  Promise<Buffer> arrayBuffer();  // the bytes (an ArrayBuffer in JavaScript)
  Promise<Buffer> bytes();
  // response.json(): see the header comment.
  Promise<JSON::Value> json();
  template <class T>
  Promise<T> json() {
    return text().then([](std::string& text) { return JSON::parse<T>(text); });
  }
};

// new Request(url[, init]): a request to pass to fetch(), or whose body a handler reads
// (text(), arrayBuffer(), json(): once, then TypeError "Body is unusable: Body has already
// been read"). As undici: the URL is parsed and re-serialized (TypeError "Failed to parse URL
// from ..." when it is not absolute), the method upper-cased when it is a standard one, a
// body with GET or HEAD is a TypeError ("Request with GET/HEAD method cannot have body."), and
// a string body gets "content-type: text/plain;charset=UTF-8" unless one is set.
class Request {
 public:
  explicit Request(std::string_view url);
  Request(std::string_view url, const RequestInit& init);

  std::string method;
  std::string url;
  Headers headers;
  AbortSignal signal;
  std::string redirect;
  std::string duplex = "half";  // as undici's request.duplex

  bool bodyUsed() const;
  Promise<std::string> text();
  Promise<Buffer> arrayBuffer();
  Promise<Buffer> bytes() { return arrayBuffer(); }
  Promise<JSON::Value> json();
  template <class T>
  Promise<T> json() {
    return text().then([](std::string& text) { return JSON::parse<T>(text); });
  }

 private:
  friend Promise<Response> fetch(const Request& request);
  struct Body {
    std::optional<std::string> bytes;
    std::optional<ReadableStream> stream;  // a stream body, read as the request is sent
    bool used = false;
  };
  std::shared_ptr<Body> body_;
};

// fetch(url[, init]): the response once its head arrived. init is copied before fetch()
// returns. Two overloads rather than a default argument: GCC 12 destroys a default
// argument's temporary wrongly when the call is the operand of co_await.
Promise<Response> fetch(std::string_view url);
Promise<Response> fetch(std::string_view url, const RequestInit& init);
// fetch(request): the request's method, headers, body (consumed: a second fetch of it, or a
// read of its body, is a TypeError), signal and redirect mode.
Promise<Response> fetch(const Request& request);
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
// Under GCC 12 a RequestInit temporary is refused: name it (`RequestInit init{.method = "POST"};
// co_await fetch(url, init);`). The compiler quotes the line below.
Promise<Response> fetch(std::string_view, RequestInit&&) = delete;  // GCC 12: name the RequestInit
#endif

}  // namespace nodecc

// Node's Readable.fromWeb and Readable.toWeb, between fetch's ReadableStream and the stream
// module. Free functions here rather than statics of stream::ReadableOf: the stream layer knows
// nothing of fetch (it is below it), and overloads on the stream's type leave room for
// Writable's and Duplex's forms. stream::fromWeb(res.body) is Node's Readable.fromWeb(res.body).
namespace nodecc::stream {

// Readable.fromWeb(readableStream): a byte Readable (high-water mark 16 KiB, as Node 20's) that
// takes the stream's reader (TypeError when it is locked) and reads one chunk each time _read
// asks, so a response body is read from its connection no faster than the Readable's consumer
// takes it. Destroying the Readable cancels the stream (a response's connection is closed, as
// reader.cancel() does); a read that fails ("terminated": the connection ended the body early)
// destroys it with that error. Owned by the runtime: it deletes itself after 'close'.
Readable& fromWeb(ReadableStream stream);

// Readable.toWeb(readable): a ReadableStream over a byte Readable (or one of strings, each a
// chunk of its UTF-8 bytes), usable as a fetch request body. The Readable is read in paused
// mode: chunks are queued up to its readableHighWaterMark (bytes; one chunk in object mode),
// then it is paused until read() takes them. Its end is {done: true}; its error rejects read();
// a 'close' before its end rejects with AbortError (cause ERR_STREAM_PREMATURE_CLOSE), as
// Node's. reader.cancel() destroys it. Keep a Readable you own alive until the stream has been
// read to its end or cancelled (as for pipe); Readable::from's are the runtime's.
ReadableStream toWeb(Readable& readable);
ReadableStream toWeb(ReadableOf<std::string>& readable);

}  // namespace nodecc::stream
