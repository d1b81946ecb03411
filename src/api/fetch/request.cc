// fetch's Request (nodecc/fetch.h): undici's constructor checks, the in-memory body read once,
// and fetch(request); and the json() of Response and Request.
#include <string>
#include <utility>

#include "api/fetch/body.h"
#include "nodecc/fetch.h"
#include "nodecc/url.h"
#include "text/ascii.h"

namespace nodecc {

namespace {

// undici decodes a body as UTF-8 and drops one leading byte order mark (text() and json()).
std::string_view withoutBom(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") {
    text.remove_prefix(3);
  }
  return text;
}

// The Fetch standard's method normalization: these six are upper-cased, others kept as given.
std::string normalizeMethod(std::string_view method) {
  static constexpr std::string_view kNormalized[] = {"DELETE",  "GET",  "HEAD",
                                                     "OPTIONS", "POST", "PUT"};
  for (std::string_view m : kNormalized) {
    if (text::core::equalsIgnoreCase(method, m)) {
      return std::string(m);
    }
  }
  return std::string(method);
}

}  // namespace

namespace detail {

void checkStreamInit(const RequestInit& init) {
  if (!init.duplex.empty() && init.duplex != "half") {
    throw TypeError("", "Request constructor: " + init.duplex +
                            " is not an accepted type. Expected one of half.");
  }
  const ReadableStream* stream = init.body ? init.body->stream() : nullptr;
  if (stream == nullptr) {
    return;
  }
  if (init.duplex.empty()) {
    throw TypeError("", "RequestInit: duplex option is required when sending a body.");
  }
  const std::shared_ptr<FetchBody>& b = FetchAccess::body(*stream);
  if (!b || b->used || b->locked) {
    throw TypeError("", "Response body object should not be disturbed or locked");
  }
}

}  // namespace detail

Request::Request(std::string_view url) : Request(url, RequestInit{}) {}

Request::Request(std::string_view input, const RequestInit& init)
    : method(normalizeMethod(init.method)),
      headers(init.headers),
      signal(init.signal),
      redirect(init.redirect),
      body_(std::make_shared<Body>()) {
  try {
    url = URL(input).href();
  } catch (const Error&) {
    throw TypeError("", "Failed to parse URL from " + std::string(input));
  }
  for (std::string_view forbidden : {"CONNECT", "TRACE", "TRACK"}) {
    if (text::core::equalsIgnoreCase(method, forbidden)) {
      throw TypeError("", "'" + method + "' HTTP method is unsupported.");
    }
  }
  detail::checkStreamInit(init);
  if (init.body) {
    if (method == "GET" || method == "HEAD") {
      throw TypeError("", "Request with GET/HEAD method cannot have body.");
    }
    if (const ReadableStream* stream = init.body->stream()) {
      body_->stream = *stream;
      return;
    }
    body_->bytes = init.body->bytes();
    if (init.body->text() && !headers.has("content-type")) {
      headers.set("content-type", "text/plain;charset=UTF-8");
    }
  }
}

bool Request::bodyUsed() const {
  return body_->used;
}

Promise<Buffer> Request::arrayBuffer() {
  if (body_->used) {
    return Promise<Buffer>::reject(detail::bodyUnusable());
  }
  if (body_->bytes) {
    body_->used = true;  // a request without a body is never disturbed, as undici's
    return Promise<Buffer>::resolve(Buffer::from(*std::exchange(body_->bytes, std::nullopt)));
  }
  if (body_->stream) {
    body_->used = true;
    return detail::FetchAccess::body(*std::exchange(body_->stream, std::nullopt))->readAll();
  }
  return Promise<Buffer>::resolve(Buffer());
}

Promise<std::string> Request::text() {
  return arrayBuffer().then([](Buffer& b) {
    std::string text = b.toString();
    return std::string(withoutBom(text));
  });
}

Promise<JSON::Value> Request::json() {
  return text().then([](std::string& t) { return JSON::parse(t); });
}

Promise<JSON::Value> Response::json() {
  return text().then([](std::string& t) { return JSON::parse(t); });
}

Promise<Response> fetch(const Request& request) {
  RequestInit init;
  init.method = request.method;
  init.headers = request.headers;
  init.signal = request.signal;
  init.redirect = request.redirect;
  if (request.body_->used) {
    return Promise<Response>::reject(
        TypeError("",
                  "Cannot construct a Request with a Request object that has already been "
                  "used."));
  }
  if (request.body_->bytes) {
    request.body_->used = true;
    init.body = std::move(*request.body_->bytes);
    request.body_->bytes.reset();
  } else if (request.body_->stream) {
    request.body_->used = true;
    init.body = std::move(*request.body_->stream);
    init.duplex = "half";
    request.body_->stream.reset();
  }
  return fetch(request.url, init);
}

}  // namespace nodecc
