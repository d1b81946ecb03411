// http::serveStatic: the API face of src/static. A request is answered from the per-handler
// StaticFiles engine (a cache hit answers at once, allocating nothing), and the prepared
// response goes out through ExchangeImpl::respondRaw (head and in-memory body copied once into
// the connection's output, large files by sendfile). A miss waits for the thread-pool lookup
// in a Pending, which holds the handler alive and the exchange unfinished (so its request
// fields stay valid) until the lookup completes, and watches the exchange: a lookup that
// outlives the request's bounds (orphanTimeout, maxOrphans: the exchange recycled) answers
// nothing.
#include "nodecc/serve_static.h"

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "api/default_thread_pool.h"
#include "api/http/server/exchange.h"
#include "api/http/text.h"
#include "api/runtime.h"
#include "http/field_values.h"
#include "nodecc/error.h"
#include "os/open_beneath.h"
#include "static/static_files.h"

namespace nodecc::http {

namespace detail {

class StaticServer : public std::enable_shared_from_this<StaticServer> {
 public:
  StaticServer(loop::core::Loop& loop, std::shared_ptr<const staticfiles::core::RootConfig> config,
               UniqueFunction<void(IncomingMessage&, ServerResponse&, int, uint64_t)> onResponse)
      : loop_(loop),
        engine_(loop, nodecc::detail::defaultThreadPool(), std::move(config)),
        onResponse_(std::move(onResponse)) {}

  void handle(IncomingMessage& req, ServerResponse& res, UniqueFunction<void()>* next);
  StaticHandler::Stats stats() const;

 private:
  struct Pending;
  static void fillRequest(const ExchangeImpl& ex, staticfiles::core::Request* r);
  static void onReady(staticfiles::core::StaticFiles::Waiter* w);
  void finish(ExchangeImpl& ex, const staticfiles::core::Response& out,
              UniqueFunction<void()>* next);
  void send(ExchangeImpl& ex, const staticfiles::core::Response& out);
  std::string_view mergeCallerHeaders(const ExchangeImpl& ex, std::string_view fields);

  loop::core::Loop& loop_;
  staticfiles::core::StaticFiles engine_;
  UniqueFunction<void(IncomingMessage&, ServerResponse&, int, uint64_t)> onResponse_;
  std::string merged_;  // fields with the caller's headers merged in
};

// A request waiting for a lookup on the thread pool. The exchange is watched: a lookup that
// outlives the request's bounds (orphanTimeout, maxOrphans) finds it cleared and answers
// nothing.
struct StaticServer::Pending : staticfiles::core::StaticFiles::Waiter {
  Pending() : Waiter(&StaticServer::onReady) {}
  ~Pending() {
    if (exchange.ex != nullptr) {
      exchange.ex->unwatch(&exchange);
    }
  }
  std::shared_ptr<StaticServer> server;
  ExchangeWatch exchange;
  UniqueFunction<void()> next;
  bool hasNext = false;
};

void StaticServer::fillRequest(const ExchangeImpl& ex, staticfiles::core::Request* r) {
  r->method = ex.method;
  r->target = ex.url;
  // One pass over the fields, dispatching on the name's length first; the first occurrence of
  // each field counts.
  for (size_t i = 0; i < ex.headerCount; ++i) {
    const core::OwnedHeader& h = ex.headers[i];
    std::string_view name = h.name;
    staticfiles::core::FieldValue* slot = nullptr;
    switch (name.size()) {
      case 5:
        slot = http::core::equalsLower(name, "range") ? &r->range : nullptr;
        break;
      case 8:
        if (http::core::equalsLower(name, "if-match")) {
          slot = &r->ifMatch;
        } else if (http::core::equalsLower(name, "if-range")) {
          slot = &r->ifRange;
        }
        break;
      case 13:
        slot = http::core::equalsLower(name, "if-none-match") ? &r->ifNoneMatch : nullptr;
        break;
      case 15:
        slot = http::core::equalsLower(name, "accept-encoding") ? &r->acceptEncoding : nullptr;
        break;
      case 17:
        slot = http::core::equalsLower(name, "if-modified-since") ? &r->ifModifiedSince : nullptr;
        break;
      case 19:
        slot =
            http::core::equalsLower(name, "if-unmodified-since") ? &r->ifUnmodifiedSince : nullptr;
        break;
      default:
        break;
    }
    if (slot != nullptr && !staticfiles::core::present(*slot)) {
      // data() is never null for a std::string, so a present-but-empty field stays present.
      *slot = std::string_view(h.value.data(), h.value.size());
    }
  }
}

void StaticServer::handle(IncomingMessage& req, ServerResponse& res, UniqueFunction<void()>* next) {
  if (&nodecc::detail::Runtime::current().loop() != &loop_) {
    std::fprintf(stderr,
                 "nodecc: a serveStatic handler was called on a thread other than the one that "
                 "created it; create one per thread\n");
    std::abort();
  }
  if (res.writableEnded) {
    return;
  }
  if (res.headersSent) {
    throw Error("ERR_HTTP_HEADERS_SENT", "Cannot write headers after they are sent to the client");
  }
  ExchangeImpl& ex = ExchangeImpl::of(res);
  staticfiles::core::Request r;
  fillRequest(ex, &r);
  staticfiles::core::Response out;
  if (engine_.serve(r, &out) == staticfiles::core::StaticFiles::Outcome::kDone) {
    finish(ex, out, next);
    return;
  }
  auto p = std::make_unique<Pending>();
  p->server = shared_from_this();
  ex.watch(&p->exchange);
  if (next != nullptr) {
    p->next = std::move(*next);
    p->hasNext = true;
  }
  engine_.wait(p.release());
}

void StaticServer::onReady(staticfiles::core::StaticFiles::Waiter* w) {
  std::unique_ptr<Pending> p(static_cast<Pending*>(w));
  ExchangeImpl* live = p->exchange.ex;
  const uint64_t generation = p->exchange.generation;
  if (w->lookup == nullptr || live == nullptr || live->generation != generation) {
    return;  // the loop is going away, or the request's exchange was recycled: nobody to answer
  }
  live->unwatch(&p->exchange);
  ExchangeImpl& ex = *live;
  StaticServer& self = *p->server;
  staticfiles::core::Request r;
  fillRequest(ex, &r);
  staticfiles::core::Response out;
  self.engine_.resume(r, w, &out);
  // This runs from the lookup's completion, not under the server's request dispatch: an
  // exception from `next` or onResponse is handled here as it would be there (500 and the
  // uncaught-exception path), and the lookup's other waiters still get their answers.
  try {
    self.finish(ex, out, p->hasNext && !ex.aborted() ? &p->next : nullptr);
  } catch (...) {
    ex.server.handleException(ex, generation, std::current_exception());
  }
}

void StaticServer::finish(ExchangeImpl& ex, const staticfiles::core::Response& out,
                          UniqueFunction<void()>* next) {
  if (out.clientError && next != nullptr && *next) {
    (*next)();
    return;
  }
  send(ex, out);
}

namespace {

// Fields that frame the body or belong to the connection: always ours, never the caller's.
bool isFramingField(std::string_view name) {
  for (std::string_view f : {"content-length", "content-range", "content-encoding",
                             "transfer-encoding", "connection", "keep-alive", "date", "trailer"}) {
    if (name.size() == f.size() && equalsIgnoreCase(name, f)) {
      return true;
    }
  }
  return false;
}

bool callerSet(const ExchangeImpl& ex, std::string_view name) {
  for (const auto& [n, v] : ex.outHeaders) {
    if (n.size() == name.size() && equalsIgnoreCase(n, name)) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::string_view StaticServer::mergeCallerHeaders(const ExchangeImpl& ex, std::string_view fields) {
  // Headers the caller set on the response before handing it over (CORS, a Cache-Control of
  // its own...): as serve-static keeps them, they are sent, replacing ours of the same name,
  // except the ones that frame the body. Costs nothing when there are none.
  merged_.clear();
  size_t lineEnd = fields.find("\r\n");
  merged_.append(fields.substr(0, lineEnd + 2));  // the status line
  for (size_t at = lineEnd + 2; at < fields.size();) {
    size_t end = fields.find("\r\n", at);
    std::string_view line = fields.substr(at, end - at);
    std::string_view name = line.substr(0, line.find(':'));
    if (isFramingField(name) || !callerSet(ex, name)) {
      merged_.append(line);
      merged_.append("\r\n");
    }
    at = end + 2;
  }
  for (const auto& [n, v] : ex.outHeaders) {
    if (!isFramingField(n)) {
      merged_.append(n);
      merged_.append(": ");
      merged_.append(v);
      merged_.append("\r\n");
    }
  }
  return merged_;
}

void StaticServer::send(ExchangeImpl& ex, const staticfiles::core::Response& out) {
  ex.res.statusCode = out.status;
  std::string_view fields = ex.outHeaders.empty() ? out.fields : mergeCallerHeaders(ex, out.fields);
  if (out.segments != nullptr) {
    if (ex.beginRawResponse(fields)) {
      for (size_t i = 0; i < out.segmentCount; ++i) {
        const staticfiles::core::Segment& s = out.segments[i];
        ex.write(s.bytes);
        if (s.range.file != nullptr && s.range.length > 0) {
          ex.sendFile(s.range.file, s.range.offset, size_t(s.range.length));
        }
      }
      ex.finishResponse();
    }
  } else {
    ex.respondRaw(fields, out.body, out.file.file, out.file.offset, size_t(out.file.length));
  }
  if (onResponse_) {
    onResponse_(ex.req, ex.res, out.status, out.bodyBytes);
  }
}

StaticHandler::Stats StaticServer::stats() const {
  const auto& s = engine_.stats();
  StaticHandler::Stats out;
  out.hits = s.hits;
  out.misses = s.misses;
  out.revalidations = s.revalidations;
  out.invalidations = s.invalidations;
  const auto& cache = engine_.cache();
  out.cachedFiles = cache.size();
  out.cachedBytes = cache.memoryBytes();
  return out;
}

}  // namespace detail

StaticHandler::StaticHandler(std::shared_ptr<detail::StaticServer> impl) : impl_(std::move(impl)) {}

void StaticHandler::operator()(IncomingMessage& req, ServerResponse& res) {
  impl_->handle(req, res, nullptr);
}

void StaticHandler::operator()(IncomingMessage& req, ServerResponse& res,
                               UniqueFunction<void()> next) {
  impl_->handle(req, res, &next);
}

StaticHandler::Stats StaticHandler::stats() const {
  return impl_->stats();
}

StaticHandler serveStatic(std::string_view root, StaticOptions options) {
  std::string path(root.empty() ? std::string_view(".") : root);
  auto fd = os::core::openRoot(path.c_str());
  if (!fd) {
    throw Error::fromErrno(fd.error(), "open", path);
  }
  staticfiles::core::Options o;
  o.cacheControl = std::move(options.cacheControl);
  o.listDirectories = options.listDirectories;
  o.followSymlinks = options.followSymlinks;
  o.dotfiles =
      options.dotfiles == StaticOptions::Dotfiles::kAllow  ? staticfiles::core::DotFiles::kAllow
      : options.dotfiles == StaticOptions::Dotfiles::kDeny ? staticfiles::core::DotFiles::kDeny
                                                           : staticfiles::core::DotFiles::kIgnore;
  o.indexFile = std::move(options.index);
  o.redirectDirectories = options.redirect;
  o.precompressed = options.precompressed;
  if (options.gzipLevel < 1 || options.gzipLevel > 9) {
    std::string message =
        "The value of \"gzipLevel\" is out of range. It must be >= 1 and <= 9. Received ";
    message += std::to_string(options.gzipLevel);
    throw RangeError("ERR_OUT_OF_RANGE", message);
  }
  o.gzip = options.gzip;
  o.gzipLevel = options.gzipLevel;
  o.gzipMinBytes = options.gzipMinBytes;
  o.gzipMaxBytes = options.gzipMaxBytes;
  o.gzipCacheBytes = options.gzipCacheBytes;
  o.cacheEntries = options.cacheEntries;
  o.cacheMemoryBytes = options.cacheMemoryBytes;
  o.memoryFileMaxBytes = options.memoryFileMaxBytes;
  o.revalidateMs = options.revalidateMs;
  auto config = std::make_shared<const staticfiles::core::RootConfig>(*fd, std::move(o));
  return StaticHandler(std::make_shared<detail::StaticServer>(
      nodecc::detail::Runtime::current().loop(), std::move(config), std::move(options.onResponse)));
}

}  // namespace nodecc::http
