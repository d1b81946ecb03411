#pragma once
// Express 5's API over nodecc's http server: a Node service written with Express converts line
// for line.
//
//   auto app = express::express();
//   app.use(express::json());
//   app.get("/users/:id", [](express::Request& req, express::Response& res) {
//     res.json({{"id", req.params["id"]}});
//   });
//   app.use([](const Error& err, express::Request& req, express::Response& res, express::Next next)
//   {
//     res.status(500).send(err.message);
//   });
//   app.listen(3000);
//
// Routing is Express 5's (the `router` package 2.x): the same layer order, the same path syntax
// and errors (path-to-regexp 8: "/:id", "/*splat", "/file{.:ext}", "\\:" escapes), next(),
// next("route"), next("router"), next(err), four-argument error middleware, app.param,
// mergeParams, strict and case-sensitive routing, and handlers that are coroutines returning
// Promise<> (a rejection goes to the error middleware). Where Express tries each layer in
// turn, a router here skips the layers whose literal first path segment differs from the
// request's (an index per router), so lookup does not grow with the route count; the handler
// chosen is always the one Express would choose.
//
// Handlers: any callable taking (Request&, Response&), (Request&, Response&, Next), or for
// error middleware (const Error&, Request&, Response&, Next) or (std::exception_ptr,
// Request&, Response&, Next); each may return void or Promise<> (async). A Router, a Route's
// owner, or an Application may be mounted with use().
//
// Lifetime: Request and Response are lent to handlers for one request; they stay valid until
// the response has emitted "close" (a handler's timers may use them until then) and while a
// Next for the request is alive. Applications and routers are shared handles: copies refer to
// the same router, as JavaScript references do. Everything belongs to the loop thread that
// created it.
//
// C++ differences (docs/express.md lists them all): Express's getters are methods
// (req.path(), req.ip(), req.hostname(), req.fresh(), req.protocol()...); a header or
// parameter that JavaScript reads as undefined reads as "" (get(), params[...]); errors are
// nodecc::Error (HttpError carries the status); app.get(name) with one argument is
// app.get(name) returning the Setting, as in Express.
#include <any>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "nodecc/buffer.h"
#include "nodecc/error.h"
#include "nodecc/events.h"
#include "nodecc/fs.h"
#include "nodecc/function.h"
#include "nodecc/http.h"
#include "nodecc/json.h"
#include "nodecc/promise.h"
#include "nodecc/querystring.h"
#include "nodecc/small_vector.h"
#include "nodecc/zlib.h"

namespace nodecc::express {

class Application;
class Next;
class Request;
class Response;
class Route;
class Router;

namespace detail {
struct Ctx;
struct Frame;
struct AppImpl;
struct RouterImpl;
struct RouteImpl;
class Handler;
// Calls `fn` with the error as a nodecc::Error (the object thrown when it is one, so a handler
// may dynamic_cast it to HttpError; next(err) then passes that same object on).
void withError(const std::exception_ptr& error, const Next& next,
               UniqueFunction<void(const Error&)> fn);
}  // namespace detail

// http-errors' HttpError: an Error with the HTTP status that finalhandler answers with. `type`
// names a body parser's failure ("entity.too.large", "entity.parse.failed"...); `expose` is
// true for 4xx (the message is meant for the client); `headers` are set on the error response.
class HttpError : public Error {
 public:
  explicit HttpError(int status, std::string message = {});
  int status;
  int statusCode;
  bool expose;
  std::string type;
  std::vector<std::pair<std::string, std::string>> headers;
};
// http-errors' createError(status[, message]).
HttpError createError(int status, std::string message = {});

// req.params: a parameter's decoded value; a *wildcard's value is an array (its segments).
// Keys in JavaScript's property order. A missing key reads as "" (use has()).
class Params {
 public:
  struct Entry {
    std::string key;
    SmallVector<std::string, 1> values;
    bool array = false;
    // String(value) in JavaScript: the value, or the segments joined by ",".
    std::string value() const;
  };
  std::string operator[](std::string_view name) const;
  const Entry* find(std::string_view name) const;
  bool has(std::string_view name) const { return find(name) != nullptr; }
  // The segments of a wildcard, or the one value of a parameter; [] when absent.
  std::vector<std::string> getAll(std::string_view name) const;
  void set(std::string_view name, std::string value);
  void set(std::string_view name, std::vector<std::string> values);  // an array
  bool remove(std::string_view name);
  void clear() { entries_.clear(); }
  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  const Entry* begin() const { return entries_.begin(); }
  const Entry* end() const { return entries_.end(); }

 private:
  Entry& slot(std::string_view name);
  SmallVector<Entry, 2> entries_;
};

// A setting's value (app.set(name, value)): undefined, a boolean, a number, a string, or a
// trust-proxy function (address, hop index) -> trusted.
class Setting {
 public:
  using TrustFn = std::function<bool(const std::string& address, size_t hop)>;
  Setting() = default;
  Setting(bool v) : kind_(kBool), number_(v) {}           // NOLINT: implicit, as JavaScript values
  Setting(int v) : kind_(kNumber), number_(v) {}          // NOLINT
  Setting(double v) : kind_(kNumber), number_(v) {}       // NOLINT
  Setting(const char* v) : kind_(kString), string_(v) {}  // NOLINT
  Setting(std::string v) : kind_(kString), string_(std::move(v)) {}  // NOLINT
  Setting(std::string_view v) : kind_(kString), string_(v) {}        // NOLINT
  Setting(TrustFn fn) : kind_(kFunction), fn_(std::move(fn)) {}      // NOLINT
  // "json replacer": a function or a key list, as JSON.stringify's second argument.
  Setting(JSON::Replacer r) : kind_(kReplacer), replacer_(std::move(r)) {}  // NOLINT
  bool isUndefined() const { return kind_ == kUndefined; }
  bool isBool() const { return kind_ == kBool; }
  bool isNumber() const { return kind_ == kNumber; }
  bool isString() const { return kind_ == kString; }
  bool isFunction() const { return kind_ == kFunction; }
  bool isReplacer() const { return kind_ == kReplacer; }
  const JSON::Replacer& replacer() const { return replacer_; }
  // Boolean(value) in JavaScript.
  bool truthy() const;
  double number() const { return number_; }
  const std::string& string() const { return string_; }
  const TrustFn& function() const { return fn_; }
  // String(value): "true", "2", the string...; "undefined" when undefined.
  std::string toString() const;
  bool operator==(const Setting& o) const;

 private:
  enum Kind : uint8_t { kUndefined, kBool, kNumber, kString, kFunction, kReplacer };
  Kind kind_ = kUndefined;
  double number_ = 0;
  std::string string_;
  TrustFn fn_;
  JSON::Replacer replacer_;
};

// app.locals / res.locals: JavaScript objects of any values.
using Locals = std::map<std::string, std::any, std::less<>>;

// The `next` function a handler receives. next() goes on to the next matching layer,
// next("route") skips the rest of the current route's handlers, next("router") leaves the
// current router, next(err) goes to the error middleware (any exception: an Error, an
// HttpError, a std::exception_ptr). Cheap to copy; while a copy lives the request's Request and
// Response stay valid. Calling it after the response was sent is allowed, as in Express.
class Next {
 public:
  Next(const Next& o);
  Next(Next&& o) noexcept;
  Next& operator=(Next o) noexcept;
  ~Next();

  void operator()() const;
  // "route" or "router"; any other text is an Error with that message (next('oops') in JS).
  void operator()(std::string_view signal) const;
  void operator()(const char* signal) const { (*this)(std::string_view(signal)); }
  void operator()(std::exception_ptr err) const;
  // An Error an error handler received is passed on as the object thrown (an HttpError keeps
  // its status); any other is copied.
  void operator()(const Error& err) const;
  template <class E>
  requires(std::is_base_of_v<std::exception, std::decay_t<E>> &&
           !std::is_same_v<std::decay_t<E>, Error>) void
  operator()(E&& err) const {
    (*this)(std::make_exception_ptr(std::forward<E>(err)));
  }

 private:
  friend struct detail::Ctx;
  friend class Request;
  friend void detail::withError(const std::exception_ptr&, const Next&,
                                UniqueFunction<void(const Error&)>);
  Next(detail::Ctx* ctx, detail::Frame* frame);
  detail::Ctx* ctx_;
  detail::Frame* frame_;
};

// req.query: Express 5's default "simple" parser (node:querystring) over the URL's query,
// parsed on first use. Reads like querystring::ParsedQuery.
class Query {
 public:
  explicit Query(const Request& req) : req_(req) {}
  const querystring::ParsedQuery& object() const;
  std::string operator[](std::string_view name) const { return object()[name]; }
  std::optional<std::string> get(std::string_view name) const { return object().get(name); }
  std::vector<std::string> getAll(std::string_view name) const { return object().getAll(name); }
  bool has(std::string_view name) const { return object().has(name); }
  size_t size() const { return object().size(); }
  bool empty() const { return object().empty(); }
  auto begin() const { return object().begin(); }
  auto end() const { return object().end(); }
  void reset() { parsed_.reset(); }

 private:
  const Request& req_;
  mutable std::optional<querystring::ParsedQuery> parsed_;
};

// A JavaScript object with string keys (req.cookies) in Object.keys order: keys that are array
// indices ("0".."4294967294") first, ascending, then the others in insertion order. A missing
// key reads as a default value.
template <class V>
class OrderedMap {
 public:
  using Entry = std::pair<std::string, V>;
  V operator[](std::string_view key) const {
    const V* v = find(key);
    return v ? *v : V();
  }
  const V* find(std::string_view key) const {
    for (const Entry& e : entries_) {
      if (e.first == key) {
        return &e.second;
      }
    }
    return nullptr;
  }
  bool has(std::string_view key) const { return find(key) != nullptr; }
  void set(std::string_view key, V value) {
    for (Entry& e : entries_) {
      if (e.first == key) {
        e.second = std::move(value);
        return;
      }
    }
    size_t at = entries_.size();
    if (isArrayIndex(key)) {
      at = 0;
      while (at < entries_.size() && isArrayIndex(entries_[at].first) &&
             (entries_[at].first.size() < key.size() ||
              (entries_[at].first.size() == key.size() && entries_[at].first < key))) {
        ++at;
      }
    }
    entries_.emplace(entries_.begin() + static_cast<std::ptrdiff_t>(at), std::string(key),
                     std::move(value));
  }
  bool remove(std::string_view key) {
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->first == key) {
        entries_.erase(it);
        return true;
      }
    }
    return false;
  }
  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  void clear() { entries_.clear(); }
  auto begin() const { return entries_.begin(); }
  auto end() const { return entries_.end(); }

 private:
  // Canonical decimal in [0, 2^32 - 2]: two such keys compare by length, then as text.
  static bool isArrayIndex(std::string_view k) {
    if (k.empty() || k.size() > 10 || (k.size() > 1 && k[0] == '0')) {
      return false;
    }
    for (char c : k) {
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return k.size() < 10 || k <= "4294967294";
  }
  std::vector<Entry> entries_;
};

// The outcome of req.accepts(...) and its kin: the best match, or false (no match).
using Accepted = std::optional<std::string>;

// req.body as the body parsers leave it: undefined (no parser ran or it skipped the request),
// text (text()), bytes (raw()), a form (urlencoded()) or a JSON value (json(): req.body.json).
class Body {
 public:
  enum class Kind : uint8_t { kUndefined, kText, kBuffer, kForm, kJson };
  Kind kind = Kind::kUndefined;
  std::string text;
  Buffer buffer;
  querystring::ParsedQuery form;
  JSON::Value json;  // json()'s result (req.body in Express); undefined otherwise
  bool isUndefined() const { return kind == Kind::kUndefined; }
  // A form field ("" when absent or not a form).
  std::string operator[](std::string_view name) const { return form[name]; }
};

// res.cookie options (cookie.serialize's, and Express's maxAge and signed).
struct CookieOptions {
  std::optional<int64_t> maxAge;  // milliseconds, as Express
  std::optional<double> expires;  // ms since the epoch (a JS Date's getTime())
  std::string domain;
  std::string path;  // "/" when empty
  bool httpOnly = false;
  bool secure = false;
  bool partitioned = false;
  bool signed_ = false;     // `signed` (with cookieParser(secret))
  std::string sameSite;     // "strict", "lax", "none", or "" (none sent)
  std::string priority;     // "low", "medium", "high"
  bool encodeValue = true;  // false: the value is written as is (encode: String)
};

// send's and serve-static's `dotfiles`: a path with a segment starting with '.' is 404
// (ignore), 403 (deny) or served (allow).
enum class Dotfiles : uint8_t { kIgnore, kAllow, kDeny };

// res.sendFile / res.download options (send's): maxAge in milliseconds; `headers` are set
// before send's own (which then keep them).
struct SendFileOptions {
  std::string root{};  // a relative path is resolved under it (".." is 403)
  int64_t maxAge = 0;
  std::vector<std::pair<std::string, std::string>> headers{};
  Dotfiles dotfiles = Dotfiles::kIgnore;
  bool acceptRanges = true;
  bool cacheControl = true;
  bool immutable = false;
  bool lastModified = true;
};
// The callback of sendFile/download: nullptr when the file was sent, else the error (an
// HttpError with send's status: 404 for a missing file...). Without one, errors go to next(err)
// and a directory to next().
using SendFileCallback = std::function<void(const Error*)>;

// Express's req: Node's IncomingMessage plus Express's properties. The http message itself is
// req.message (its events, pause/resume, socket...).
class Request {
 public:
  http::IncomingMessage& message;
  Application& app;  // the application handling the request (a mounted one inside it)
  Response& res;
  const std::string& method;
  // The URL as the current router sees it (its mount path removed); originalUrl as received.
  std::string url;
  const std::string& originalUrl;
  std::string baseUrl;
  const http::IncomingHttpHeaders& headers;
  const std::string& httpVersion;
  Params params;
  Query query{*this};
  Body body;  // set by a body parser; undefined before
  // cookieParser(): the request's cookies, and those whose signature checked out.
  OrderedMap<std::string> cookies;
  // A signed cookie whose signature did not check out is nullopt (false in Express).
  OrderedMap<std::optional<std::string>> signedCookies;
  std::string secret;  // cookieParser's first secret; "" without one
  Next next;           // req.next: the current router's next

  // req.get(name) / req.header(name): the field's value, "" when absent (Referer and Referrer
  // are the same field).
  std::string get(std::string_view name) const;
  std::string header(std::string_view name) const { return get(name); }
  // req.is(types...): the first type the Content-Type matches ("json", "text/*",
  // "application/json"...), as type-is: the request's media type when the argument names it;
  // nullopt when none matches (false) or there is no body (null: tell with hasBody()).
  std::optional<std::string> is(std::initializer_list<std::string_view> types) const;
  std::optional<std::string> is(std::string_view type) const { return is({type}); }
  // type-is's hasBody(req): a Transfer-Encoding or a numeric Content-Length.
  bool hasBody() const;
  // req.accepts(types...) (extensions or MIME types), acceptsEncodings, acceptsCharsets,
  // acceptsLanguages: the best offered value, or nullopt. Without arguments: every acceptable
  // value, most preferred first (acceptsAll...).
  Accepted accepts(std::initializer_list<std::string_view> types) const;
  Accepted accepts(const std::vector<std::string>& types) const;
  Accepted accepts(std::string_view type) const { return accepts({type}); }
  Accepted acceptsEncodings(std::initializer_list<std::string_view> encodings) const;
  Accepted acceptsCharsets(std::initializer_list<std::string_view> charsets) const;
  Accepted acceptsLanguages(std::initializer_list<std::string_view> languages) const;
  std::vector<std::string> acceptsAll() const;
  std::vector<std::string> acceptsEncodingsAll() const;
  std::vector<std::string> acceptsCharsetsAll() const;
  std::vector<std::string> acceptsLanguagesAll() const;

  // Express's getters, as methods.
  std::string path() const;      // the pathname of url
  std::string protocol() const;  // "http", or X-Forwarded-Proto from a trusted proxy
  bool secure() const { return protocol() == "https"; }
  std::string ip() const;                // proxy-addr under "trust proxy"
  std::vector<std::string> ips() const;  // trusted X-Forwarded-For addresses, client first
  std::string host() const;      // Host, or X-Forwarded-Host from a trusted proxy; "" if none
  std::string hostname() const;  // host() without the port
  std::vector<std::string> subdomains() const;
  bool fresh() const;
  bool stale() const { return !fresh(); }
  bool xhr() const;

  Request(detail::Ctx& ctx, http::IncomingMessage& message, Application& app, Response& res);
  Request(const Request&) = delete;
  Request& operator=(const Request&) = delete;

 private:
  friend struct detail::Ctx;
  friend class Response;
  friend class Query;
  detail::Ctx& ctx_;
};

// Express's res: Node's ServerResponse plus Express's methods. The http response itself is
// res.message.
class Response {
 public:
  http::ServerResponse& message;
  Application& app;
  Request& req;
  int& statusCode;
  Locals locals;

  bool headersSent() const { return message.headersSent; }

  // res.status(code): 100..999, else RangeError (TypeError for a non-integer, unused here).
  Response& status(int code);
  // res.set(field, value) / res.header: a Content-Type gets its charset as mime-types'
  // contentType() gives it ("html" is not expanded here; type() does that).
  Response& set(std::string_view field, std::string_view value);
  Response& set(std::string_view field, const std::vector<std::string>& values);
  Response& set(std::initializer_list<std::pair<std::string_view, std::string_view>> fields);
  Response& header(std::string_view field, std::string_view value) { return set(field, value); }
  // res.get(field): the value set, "" when none (several values joined by ", ").
  std::string get(std::string_view field) const;
  // res.append(field, value): adds a value to a field (Set-Cookie, Link...).
  Response& append(std::string_view field, std::string_view value);
  Response& append(std::string_view field, const std::vector<std::string>& values);
  // res.type(type) / contentType: "json", ".html", "png" or a full MIME type.
  Response& type(std::string_view type);
  Response& contentType(std::string_view t) { return type(t); }
  Response& vary(std::string_view field);
  Response& location(std::string_view url);
  // res.links({rel: url}): the Link header.
  Response& links(std::initializer_list<std::pair<std::string_view, std::string_view>> links);
  Response& attachment(std::string_view filename = {});

  // res.send(body): a string (text/html unless a Content-Type was set), a Buffer
  // (application/octet-stream), or nothing. Content-Length, a weak ETag as Express computes it
  // ("etag" setting), 304 when the request is fresh, no body for HEAD/204/304.
  Response& send(std::string_view body);
  Response& send(const char* body) { return send(std::string_view(body)); }
  Response& send(const std::string& body) { return send(std::string_view(body)); }
  Response& send(const Buffer& body);
  Response& send();
  // res.send(value): a number, boolean, array or object goes out as res.json(value); a string
  // as send(string); null as an empty body.
  Response& send(const JSON::Value& value);
  // res.json(value): JSON.stringify with the "json replacer" and "json spaces" settings ("json
  // escape" writes <, > and & as \u003c...), Content-Type application/json unless one was set,
  // then send(): ETag, 304 and HEAD as send's.
  Response& json(const JSON::Value& value);
  // res.jsonp(value): json() wrapped in the callback named by the query parameter of the
  // "jsonp callback name" setting ("callback"), as text/javascript with nosniff.
  Response& jsonp(const JSON::Value& value);
  // res.sendFile(path[, options][, callback]): the file as send streams it (Content-Type from
  // its extension, Accept-Ranges, Cache-Control, Last-Modified, a weak ETag of size and mtime,
  // 304/412 for conditional requests, one byte range as 206, HEAD). `path` is absolute unless
  // options.root is set (TypeError otherwise).
  void sendFile(std::string_view path, SendFileOptions options = {},
                SendFileCallback callback = nullptr);
  // res.download(path[, filename][, options][, callback]): sendFile with Content-Disposition:
  // attachment (filename, or the path's base name).
  void download(std::string_view path, std::string_view filename = {}, SendFileOptions options = {},
                SendFileCallback callback = nullptr);
  // res.sendStatus(code): the status and its reason as text/plain.
  Response& sendStatus(int code);
  // res.redirect([status,] url): 302 by default, with Express's text/html/empty bodies.
  void redirect(std::string_view url);
  void redirect(int status, std::string_view url);

  using CookieOptions = express::CookieOptions;
  // res.cookie(name, value[, options]) / res.clearCookie(name[, options]).
  Response& cookie(std::string_view name, std::string_view value, CookieOptions options = {});
  Response& clearCookie(std::string_view name, CookieOptions options = {});

  // res.format({type: handler, ..., default}): runs the handler the Accept header prefers, or
  // `default`, else next(406 Not Acceptable). A handler is void() here.
  using FormatHandlers = std::vector<std::pair<std::string, std::function<void()>>>;
  Response& format(const FormatHandlers& handlers);

  // Node's ServerResponse methods, forwarded to res.message.
  Response& setHeader(std::string_view name, std::string_view value) {
    message.setHeader(name, value);
    return *this;
  }
  std::optional<std::string> getHeader(std::string_view name) const {
    return message.getHeader(name);
  }
  bool hasHeader(std::string_view name) const { return message.hasHeader(name); }
  Response& removeHeader(std::string_view name) {
    message.removeHeader(name);
    return *this;
  }
  bool write(std::string_view chunk) { return message.write(chunk); }
  // res.flush(), which compression() adds: sends what the compressor holds now (a full flush
  // of the stream so far: server-sent events, a long poll). A no-op when the response is not
  // being compressed (in Node it is then undefined).
  void flush();
  Response& end() {
    message.end();
    return *this;
  }
  Response& end(std::string_view data) {
    message.end(data);
    return *this;
  }
  Response& writeHead(int status) {
    message.writeHead(status);
    return *this;
  }

  Response(detail::Ctx& ctx, http::ServerResponse& message, Application& app, Request& req);
  Response(const Response&) = delete;
  Response& operator=(const Response&) = delete;

 private:
  friend struct detail::Ctx;
  Response& sendBody(std::string_view chunk, bool isBuffer, bool hasBody);
  detail::Ctx& ctx_;
  // Fields set or appended with several values (Set-Cookie...), by lower-case name, so that
  // append() adds to the list instead of to its joined text.
  std::map<std::string, std::vector<std::string>, std::less<>> multi_;
};

}  // namespace nodecc::express

#include "nodecc/detail/express_handler.h"  // IWYU pragma: keep (handler type erasure)

namespace nodecc::express {

// A route (app.route(path)): handlers per method for one path.
class Route {
 public:
  explicit Route(std::shared_ptr<detail::RouteImpl> impl) : impl_(std::move(impl)) {}
  template <class... H>
  Route& all(H&&... handlers) {
    (add("", std::forward<H>(handlers)), ...);
    return *this;
  }
#define NODECC_EXPRESS_ROUTE_METHOD(name, method)  \
  template <class... H>                            \
  Route& name(H&&... handlers) {                   \
    (add(method, std::forward<H>(handlers)), ...); \
    return *this;                                  \
  }
  NODECC_EXPRESS_ROUTE_METHOD(get, "get")
  NODECC_EXPRESS_ROUTE_METHOD(post, "post")
  NODECC_EXPRESS_ROUTE_METHOD(put, "put")
  NODECC_EXPRESS_ROUTE_METHOD(patch, "patch")
  NODECC_EXPRESS_ROUTE_METHOD(delete_, "delete")
  NODECC_EXPRESS_ROUTE_METHOD(options, "options")
  NODECC_EXPRESS_ROUTE_METHOD(head, "head")
#undef NODECC_EXPRESS_ROUTE_METHOD
  // route.method(name, handlers...) for any of http.METHODS ("PURGE", "search"...).
  template <class... H>
  Route& method(std::string_view name, H&&... handlers) {
    (add(name, std::forward<H>(handlers)), ...);
    return *this;
  }
  const std::string& path() const;

 private:
  template <class H>
  void add(std::string_view method, H&& h) {
    addHandler(method, detail::makeHandler(std::forward<H>(h)));
  }
  void addHandler(std::string_view method, detail::Handler handler);
  std::shared_ptr<detail::RouteImpl> impl_;
};

struct RouterOptions {
  bool caseSensitive = false;
  bool mergeParams = false;
  bool strict = false;
};

// express.Router([options]): a shared handle; use it as middleware with use().
class Router {
 public:
  explicit Router(RouterOptions options = {});
  explicit Router(std::shared_ptr<detail::RouterImpl> impl) : impl_(std::move(impl)) {}

  // use([path,] handlers...): middleware, routers or applications, mounted at path ("/" by
  // default; a prefix that ends at a '/').
  template <class First, class... H>
  Router& use(First&& first, H&&... handlers) {
    if constexpr (std::is_convertible_v<First, std::string_view>) {
      static_assert(sizeof...(H) > 0, "use(path) needs a handler");
      (useHandler(std::string_view(first), detail::makeHandler(std::forward<H>(handlers))), ...);
    } else {
      useHandler("/", detail::makeHandler(std::forward<First>(first)));
      (useHandler("/", detail::makeHandler(std::forward<H>(handlers))), ...);
    }
    return *this;
  }
  // The same for several paths (an array in Express).
  template <class... H>
  Router& use(const std::vector<std::string>& paths, H&&... handlers) {
    (usePaths(paths, detail::makeHandler(std::forward<H>(handlers))), ...);
    return *this;
  }
  Route route(std::string_view path);
  Route route(const std::vector<std::string>& paths);
  // (At least one handler: app.get(name) with none is the setting, even on a non-const app.)
#define NODECC_EXPRESS_ROUTER_METHOD(name)                                          \
  template <class... H>                                                             \
  requires(sizeof...(H) > 0) Router& name(std::string_view path, H&&... handlers) { \
    route(path).name(std::forward<H>(handlers)...);                                 \
    return *this;                                                                   \
  }                                                                                 \
  template <class... H>                                                             \
  requires(sizeof...(H) > 0) Router& name(const std::vector<std::string>& paths,    \
                                          H&&... handlers) {                        \
    route(paths).name(std::forward<H>(handlers)...);                                \
    return *this;                                                                   \
  }
  NODECC_EXPRESS_ROUTER_METHOD(all)
  NODECC_EXPRESS_ROUTER_METHOD(get)
  NODECC_EXPRESS_ROUTER_METHOD(post)
  NODECC_EXPRESS_ROUTER_METHOD(put)
  NODECC_EXPRESS_ROUTER_METHOD(patch)
  NODECC_EXPRESS_ROUTER_METHOD(delete_)
  NODECC_EXPRESS_ROUTER_METHOD(options)
  NODECC_EXPRESS_ROUTER_METHOD(head)
#undef NODECC_EXPRESS_ROUTER_METHOD
  // router.param(name, fn): fn(req, res, next, value, name) before the first handler of a
  // layer whose path has :name (once per request per value).
  template <class F>
  Router& param(std::string_view name, F&& fn) {
    addParam(name, detail::makeParamHandler(std::forward<F>(fn)));
    return *this;
  }

  const std::shared_ptr<detail::RouterImpl>& impl() const {
    return impl_;
  }

 protected:
  void useHandler(std::string_view path, detail::Handler handler);
  void usePaths(const std::vector<std::string>& paths, detail::Handler handler);
  void addParam(std::string_view name, detail::ParamHandler handler);
  std::shared_ptr<detail::RouterImpl> impl_;
};

// An Express application (express()): a router with settings, locals, mounting and listen.
// A shared handle.
class Application : public Router {
 public:
  Application();
  explicit Application(std::shared_ptr<detail::AppImpl> impl);

  // app.set(name, value) / app.get(name) / enable / disable / enabled / disabled, with
  // Express's settings: "env" (NODE_ENV or "development"), "etag" ("weak", "strong", false),
  // "query parser" ("simple", false), "trust proxy" (false, true, a hop count, "loopback,
  // 10.0.0.0/8", a TrustFn), "subdomain offset" (2), "x-powered-by" (true), "case sensitive
  // routing", "strict routing", "json spaces", "json escape", "jsonp callback name".
  Application& set(std::string_view name, Setting value);
  Setting get(std::string_view name) const;
  using Router::get;
  Application& enable(std::string_view name) { return set(name, true); }
  Application& disable(std::string_view name) { return set(name, false); }
  bool enabled(std::string_view name) const { return get(name).truthy(); }
  bool disabled(std::string_view name) const { return !get(name).truthy(); }

  // use() as Router's, and an Application mounts as a sub-app (its mountpath, its settings
  // inheriting this one's, req.app switching to it inside).
  template <class First, class... H>
  Application& use(First&& first, H&&... handlers) {
    Router::use(std::forward<First>(first), std::forward<H>(handlers)...);
    return *this;
  }

  // The request listener: app.handle(req, res) (what http.createServer(app) calls).
  void operator()(http::IncomingMessage& req, http::ServerResponse& res);
  // app.listen(port[, host][, callback]) and app.listen(options[, callback]):
  // http.createServer(app).listen(...). As in Express 5 the callback runs once, at 'listening'
  // or with the server's first 'error' (EADDRINUSE...), for which it is the listener: take
  // (Error* err) to tell them apart; a callback of () runs either way, as a JavaScript one that
  // ignores its argument does. Without a callback an error is uncaught, as in Express.
  http::Server& listen(uint16_t port, UniqueFunction<void()> callback = nullptr);
  http::Server& listen(uint16_t port, UniqueFunction<void(Error*)> callback);
  http::Server& listen(uint16_t port, std::string_view host,
                       UniqueFunction<void()> callback = nullptr);
  http::Server& listen(uint16_t port, std::string_view host, UniqueFunction<void(Error*)> callback);
  http::Server& listen(const net::ListenOptions& options,
                       UniqueFunction<void()> callback = nullptr);
  http::Server& listen(const net::ListenOptions& options, UniqueFunction<void(Error*)> callback);

  Locals& locals();
  // The path this app is mounted at ("/" at the top), and app.path(): the full mount path.
  std::string mountpath() const;
  std::string path() const;
  // Emitted on the sub-app when it is mounted: "mount" (Application& parent).
  EventEmitter& events();

  const std::shared_ptr<detail::AppImpl>& appImpl() const { return app_; }

 private:
  std::shared_ptr<detail::AppImpl> app_;
};

// express(): a new application.
Application express();

// Body parsers (body-parser 2 as Express 5 bundles it): a body whose Content-Type matches
// `type` (type-is rules) is read up to `limit` bytes (413 "request entity too large" past it,
// from Content-Length at once or while reading), decoded in its charset (415 for one that is
// not supported) and left in req.body; other requests pass through untouched. A gzip, deflate
// or br body is inflated first (the limit counts inflated bytes; 400 with zlib's message for a
// corrupt one), another Content-Encoding is 415, and with inflate = false any but identity.
// express.json(): JSON.parse of the body (an empty body is {}); strict: only an object or an
// array at the top (else 400 with the SyntaxError JSON.parse gives for it); a SyntaxError is
// 400 "entity.parse.failed" with V8's message; charsets: utf-8 only (415 for others).
struct JsonOptions {
  size_t limit = 100 * 1024;
  bool strict = true;
  bool inflate = true;
  JSON::Reviver reviver = nullptr;
  std::vector<std::string> type = {"application/json"};
};
struct UrlencodedOptions {
  size_t limit = 100 * 1024;
  bool inflate = true;
  bool extended = false;  // Express 5's default; true (qs) is not supported
  long parameterLimit = 1000;
  std::vector<std::string> type = {"application/x-www-form-urlencoded"};
};
struct TextOptions {
  size_t limit = 100 * 1024;
  bool inflate = true;
  std::string defaultCharset = "utf-8";
  std::vector<std::string> type = {"text/plain"};
};
struct RawOptions {
  size_t limit = 100 * 1024;
  bool inflate = true;
  std::vector<std::string> type = {"application/octet-stream"};
};
detail::Handler json(JsonOptions options = {});
detail::Handler urlencoded(UrlencodedOptions options = {});
detail::Handler text(TextOptions options = {});
detail::Handler raw(RawOptions options = {});

// express.static(root[, options]) (serve-static 2): GET and HEAD requests for files under root,
// as sendFile sends them; a directory URL without its trailing slash is a 301 to it (redirect),
// one with it serves `index`; other methods and missing files go to next() (fallthrough; with
// fallthrough = false, 405 and next(err)). `static` is a C++ keyword: static_.
struct StaticOptions {
  using SetHeaders = std::function<void(Response&, const std::string& path, const fs::Stats&)>;
  Dotfiles dotfiles = Dotfiles::kIgnore;
  bool etag = true;
  bool fallthrough = true;
  bool immutable = false;
  std::vector<std::string> index = {"index.html"};  // empty: no index files
  bool lastModified = true;
  int64_t maxAge = 0;  // milliseconds
  bool redirect = true;
  bool acceptRanges = true;
  bool cacheControl = true;
  SetHeaders setHeaders = nullptr;
};
detail::Handler static_(std::string_view root, StaticOptions options = {});

// cookie-parser: req.cookies, and with secrets req.signedCookies (the first secret signs
// res.cookie(..., {signed_: true})).
detail::Handler cookieParser(std::vector<std::string> secrets = {});
inline detail::Handler cookieParser(std::string secret) {
  return cookieParser(std::vector<std::string>{std::move(secret)});
}

// A size in bytes as the `bytes` package's parse() reads it: a number, or text such as "1kb",
// "1.5mb", " 100 " (case-insensitive units b, kb, mb, gb, tb, pb; powers of 1024).
class ByteSize {
 public:
  ByteSize(double bytes) : number_(bytes) {}                  // NOLINT: implicit, as JS values
  ByteSize(int bytes) : number_(bytes) {}                     // NOLINT
  ByteSize(const char* text) : text_(text), isText_(true) {}  // NOLINT
  ByteSize(std::string text) : text_(std::move(text)), isText_(true) {}  // NOLINT
  // bytes.parse(value): nullopt where it returns null (NaN, text it cannot read).
  std::optional<double> parse() const;

 private:
  double number_ = 0;
  std::string text_;
  bool isText_ = false;
};

namespace detail {
struct CompressionConfig;
}  // namespace detail

// compression 1.8's options. The zlib ones (level, memLevel, strategy, windowBits, chunkSize,
// flush) are Node's zlib options for the gzip and deflate streams, checked as Node checks them
// (RangeError ERR_OUT_OF_RANGE, thrown by compression() here; Node throws at the first
// compressed response); `brotli` is the brotli stream's, its params starting from
// {BROTLI_PARAM_QUALITY: 4}.
struct CompressionOptions {
  // Whether to compress a response (called when its head is about to be stored); null:
  // compressionFilter, compression.filter in Node.
  using Filter = std::function<bool(http::IncomingMessage& req, http::ServerResponse& res)>;
  Filter filter = nullptr;
  // Responses whose Content-Length (or, when end(body) is the first write, body) is below this
  // are sent as they are. A value bytes.parse() rejects means the default, 1 KiB.
  ByteSize threshold = 1024;
  std::optional<int> level{};
  std::optional<int> memLevel{};
  std::optional<int> strategy{};
  std::optional<int> windowBits{};
  std::optional<int64_t> chunkSize{};  // the size of the compressed pieces written, 16 KiB
  std::optional<int> flush{};          // each write's flush kind: Z_NO_FLUSH
  // The coding used when the request has no Accept-Encoding: "identity" (none), or "gzip",
  // "deflate", "br".
  std::string enforceEncoding = "identity";
  // Last on purpose: when a member after it could throw while a braced temporary such as
  // compression({.level = 9}) is built, GCC 12 at -O2 warns that the std::map inside may be
  // destroyed uninitialized on that unwinding path (-Wmaybe-uninitialized, a false positive),
  // which fails a user's -Werror build (tests/install/documented.cc).
  zlib::BrotliOptions brotli{};
};

// The `compression` middleware (npm compression 1.8) for Express apps and for a bare
// http::createServer handler (compress(req, res, next), as in Node): negotiates br, gzip or
// deflate from Accept-Encoding (negotiator 0.6's q-values, `*`, identity;q=0; br, then gzip
// preferred at equal q), adds Vary: Accept-Encoding, and leaves alone responses the filter
// refuses (by default those whose Content-Type mime-db does not mark compressible), with
// Cache-Control: no-transform, below the threshold, already with a Content-Encoding, and
// HEAD requests. A compressed response loses its Content-Length and goes out chunked.
//
// The body is compressed as the application writes it, on the loop thread, into the
// connection (chunkSize pieces): nothing is held back beyond the codec's own window, so
// write() returns false and 'drain' comes exactly as for an uncompressed response. A body
// given whole to end() (res.send) is compressed in one pass (libdeflate for gzip/deflate at
// the default windowBits and strategy). One compression filter per response: a second
// compression() on the same request replaces the first.
class Compression {
 public:
  // Two constructors rather than a default argument: GCC 12 at -O3 warns
  // (-Wmaybe-uninitialized) about destroying a defaulted options temporary at the call site.
  Compression();
  explicit Compression(CompressionOptions options);
  void operator()(Request& req, Response& res, Next next) const;
  void operator()(http::IncomingMessage& req, http::ServerResponse& res,
                  UniqueFunction<void()> next) const;

 private:
  std::shared_ptr<const detail::CompressionConfig> config_;
};
Compression compression();
Compression compression(CompressionOptions options);
// compression.filter: whether the response's Content-Type is compressible (compressible 2 over
// mime-db: its flag, else text/* and +json, +text, +xml types); false without a Content-Type.
bool compressionFilter(http::IncomingMessage& req, http::ServerResponse& res);
// res.flush() for a bare http response compression() was applied to (a no-op otherwise).
void flush(http::ServerResponse& res);

}  // namespace nodecc::express
