// express(): the application (Express 5's lib/application.js): settings with Express's
// defaults and inheritance for mounted apps, app.handle with finalhandler as the last step,
// listen. And the per-request context's life: acquired from a per-thread pool when a request
// arrives, released when its response has closed and no Next refers to it.
#include <cmath>
#include <cstdio>
#include <memory>
#include <utility>

#include "api/express/ctx.h"
#include "api/express/proxy_addr.h"
#include "api/express/tables.h"
#include "api/express/text.h"
#include "nodecc/process.h"
#include "nodecc/timers.h"

namespace nodecc::express::detail {

namespace {

uint64_t& settingsVersion() {
  thread_local uint64_t v = 1;
  return v;
}

// The recycled contexts of this thread, freed with it (a context in use is not in it).
struct CtxPool : std::vector<Ctx*> {
  CtxPool() = default;
  CtxPool(const CtxPool&) = delete;
  CtxPool& operator=(const CtxPool&) = delete;
  ~CtxPool() {
    for (Ctx* c : *this) {
      delete c;
    }
  }
};

CtxPool& ctxPool() {
  thread_local CtxPool pool;
  return pool;
}

// A bound on recycled contexts per thread (each ~1 KiB with its frames).
constexpr size_t kMaxPooledContexts = 1024;
// refs while a context tears its Request down.
constexpr int kDestroying = 1 << 30;

}  // namespace

AppImpl::AppImpl() {
  // defaultConfiguration()
  std::string env = process::env.get("NODE_ENV").value_or("");
  if (env.empty()) {
    env = "development";
  }
  set("x-powered-by", true);
  set("etag", "weak");
  set("env", env);
  set("query parser", "simple");
  set("subdomain offset", 2);
  set("trust proxy", false);
  trustProxyDefault = true;
  set("jsonp callback name", "callback");
  if (env == "production") {
    set("view cache", true);
  }
}

RouterImpl& AppImpl::getRouter() {
  if (!router) {
    RouterOptions o;
    o.caseSensitive =
        lookup("case sensitive routing") && lookup("case sensitive routing")->truthy();
    o.strict = lookup("strict routing") && lookup("strict routing")->truthy();
    router = std::make_shared<RouterImpl>(o);
    router->app = this;
  }
  return *router;
}

const Setting* AppImpl::lookup(std::string_view name) const {
  for (const AppImpl* a = this; a != nullptr; a = a->parent) {
    auto it = a->settings.find(name);
    if (it != a->settings.end()) {
      return &it->second;
    }
  }
  return nullptr;
}

void AppImpl::set(std::string_view name, Setting value) {
  ++settingsVersion();
  std::string key(name);
  if (name == "etag") {
    if (!(value.isBool() ||
          (value.isString() && (value.string() == "weak" || value.string() == "strong")))) {
      throw TypeError("", "unknown value for etag function: " + value.toString());
    }
  } else if (name == "query parser") {
    if (!(value.isBool() || (value.isString() && value.string() == "simple"))) {
      throw TypeError("", "unknown value for query parser function: " + value.toString());
    }
  } else if (name == "trust proxy") {
    settings["trust proxy fn"] = Setting(compileTrust(value));
    trustProxyDefault = false;
  }
  settings[key] = std::move(value);
}

const AppImpl::Resolved& AppImpl::resolved() {
  if (resolved_.version == settingsVersion()) {
    return resolved_;
  }
  Resolved r;
  r.version = settingsVersion();
  auto get = [this](std::string_view n) {
    const Setting* s = lookup(n);
    return s ? *s : Setting();
  };
  r.poweredBy = get("x-powered-by").truthy();
  Setting etag = get("etag");
  r.etag = etag.isString() ? (etag.string() == "strong" ? 2 : 1) : (etag.truthy() ? 1 : 0);
  r.queryParser = get("query parser").truthy();
  r.env = get("env").isUndefined() ? "development" : get("env").toString();
  r.jsonSpaces = get("json spaces");
  r.jsonEscape = get("json escape").truthy();
  r.jsonReplacer = get("json replacer");
  r.jsonpCallback = get("jsonp callback name").toString();
  Setting offset = get("subdomain offset");
  r.subdomainOffset = offset.isNumber() ? offset.number() : 0;
  Setting trust = get("trust proxy fn");
  if (trust.isFunction()) {
    r.trust = trust.function();
  }
  resolved_ = std::move(r);
  return resolved_;
}

Ctx* Ctx::acquire() {
  auto& pool = ctxPool();
  if (pool.empty()) {
    return new Ctx();
  }
  Ctx* c = pool.back();
  pool.pop_back();
  return c;
}

void Ctx::release() {
  if (--refs > 0) {
    return;
  }
  // req.next is not counted (start() sets refs after building it): while the Request is
  // destroyed, its release must not reach zero again.
  refs = kDestroying;
  req().~Request();
  res().~Response();
  live_ = false;
  app_ = Application(std::shared_ptr<AppImpl>());
  routerUsed = routeUsed = paramUsed = appUsed = 0;
  for (size_t i = 0; i < appFrames.size(); ++i) {
    appFrames[i]->outer.reset();
  }
  route = nullptr;
  refs = 0;
  auto& pool = ctxPool();
  if (pool.size() < kMaxPooledContexts) {
    pool.push_back(this);
  } else {
    delete this;
  }
}

void Ctx::start(const Application& app, http::IncomingMessage& m, http::ServerResponse& o) {
  msg = &m;
  out = &o;
  lowerMethod = m.method;
  text::core::lowerInPlace(lowerMethod);
  app_ = app;
  new (resStorage_) Response(*this, o, app_, req());
  new (reqStorage_) Request(*this, m, app_, res());
  live_ = true;
  refs = 1;  // the response's, until it emits "close"
  o.once("close", [this] { release(); });
}

void FinalFrame::next(Ctx& ctx, Signal signal) {
  finalHandler(ctx, signal);
}

void forwardRejection(const Next& next, const std::exception_ptr& reason) {
  if (!reason) {
    next(Error("Rejected promise"));
  } else {
    next(reason);
  }
}

void withError(const std::exception_ptr& error, const Next& next,
               UniqueFunction<void(const Error&)> fn) {
  try {
    std::rethrow_exception(error);
  } catch (const Error& e) {
    // Remembered for next(err) (by the thread's current context, when there is one).
    Ctx* ctx = next.ctx_;
    const Error* savedErr = nullptr;
    std::exception_ptr savedPtr;
    if (ctx != nullptr) {
      savedErr = std::exchange(ctx->currentError, &e);
      savedPtr = std::exchange(ctx->currentErrorPtr, error);
    }
    try {
      fn(e);
    } catch (...) {
      if (ctx != nullptr) {
        ctx->currentError = savedErr;
        ctx->currentErrorPtr = savedPtr;
      }
      throw;
    }
    if (ctx != nullptr) {
      ctx->currentError = savedErr;
      ctx->currentErrorPtr = savedPtr;
    }
  } catch (const std::exception& e) {
    Error converted(e.what());
    fn(converted);
  } catch (...) {
    Error converted("Unknown error");
    fn(converted);
  }
}

}  // namespace nodecc::express::detail

namespace nodecc::express {

using detail::AppImpl;
using detail::Ctx;

Next::Next(detail::Ctx* ctx, detail::Frame* frame) : ctx_(ctx), frame_(frame) {
  ctx_->addRef();
}
Next::Next(const Next& o) : ctx_(o.ctx_), frame_(o.frame_) {
  if (ctx_) {
    ctx_->addRef();
  }
}
Next::Next(Next&& o) noexcept
    : ctx_(std::exchange(o.ctx_, nullptr)), frame_(std::exchange(o.frame_, nullptr)) {}
Next& Next::operator=(Next o) noexcept {
  std::swap(ctx_, o.ctx_);
  std::swap(frame_, o.frame_);
  return *this;
}
Next::~Next() {
  if (ctx_) {
    ctx_->release();
  }
}

void Next::operator()() const {
  if (ctx_ && frame_) {
    detail::CtxRef keep(ctx_);
    frame_->next(*ctx_, detail::Signal::none());
  }
}

void Next::operator()(std::string_view signal) const {
  if (!ctx_ || !frame_) {
    return;
  }
  detail::CtxRef keep(ctx_);
  if (signal == "route") {
    frame_->next(*ctx_, detail::Signal{detail::Signal::kRoute, nullptr});
  } else if (signal == "router") {
    frame_->next(*ctx_, detail::Signal{detail::Signal::kRouter, nullptr});
  } else if (signal.empty()) {
    frame_->next(*ctx_, detail::Signal::none());
  } else {
    frame_->next(*ctx_, detail::Signal::err(std::make_exception_ptr(Error(std::string(signal)))));
  }
}

void Next::operator()(const Error& err) const {
  if (ctx_ && ctx_->currentError == &err) {
    (*this)(ctx_->currentErrorPtr);
    return;
  }
  (*this)(std::make_exception_ptr(err));
}

void Next::operator()(std::exception_ptr err) const {
  if (!ctx_ || !frame_) {
    return;
  }
  detail::CtxRef keep(ctx_);
  frame_->next(*ctx_, err ? detail::Signal::err(std::move(err)) : detail::Signal::none());
}

Application::Application() : Application(std::make_shared<AppImpl>()) {}

Application::Application(std::shared_ptr<AppImpl> impl)
    : Router(std::shared_ptr<detail::RouterImpl>()), app_(std::move(impl)) {
  if (app_) {
    app_->self = app_;
    app_->getRouter();
    impl_ = app_->router;
  }
}

Application& Application::set(std::string_view name, Setting value) {
  app_->set(name, std::move(value));
  if (name == "case sensitive routing" || name == "strict routing") {
    // The router reads them when it is made (lazily, on first use, as in Express).
    if (app_->router && app_->router->stack.empty()) {
      app_->router->options.caseSensitive = app_->lookup("case sensitive routing") &&
                                            app_->lookup("case sensitive routing")->truthy();
      app_->router->options.strict =
          app_->lookup("strict routing") && app_->lookup("strict routing")->truthy();
    }
  }
  return *this;
}

Setting Application::get(std::string_view name) const {
  const Setting* s = app_->lookup(name);
  return s ? *s : Setting();
}

void Application::operator()(http::IncomingMessage& req, http::ServerResponse& res) {
  Ctx* ctx = Ctx::acquire();
  ctx->start(*this, req, res);
  detail::CtxRef keep(ctx);
  if (app_->resolved().poweredBy) {
    res.setHeader("X-Powered-By", "Express");
  }
  ctx->enterRouter(app_->getRouter(), &ctx->final);
}

namespace {

http::Server& serverOf(const Application& app) {
  Application self = app;
  return http::createServer(
      [self](http::IncomingMessage& req, http::ServerResponse& res) mutable { self(req, res); });
}

// Express 5 wraps the callback in once() and makes it the server's one-time 'error' listener
// too, so a listen error reaches it (and is not thrown) and a later error finds it spent.
UniqueFunction<void()> onceWithError(http::Server& server, UniqueFunction<void(Error*)> callback) {
  if (!callback) {
    return nullptr;
  }
  auto done = std::make_shared<UniqueFunction<void(Error*)>>(std::move(callback));
  server.once("error", [done](const Error& e) {
    if (auto f = std::exchange(*done, nullptr)) {
      Error err = e;
      f(&err);
    }
  });
  return [done] {
    if (auto f = std::exchange(*done, nullptr)) {
      f(nullptr);
    }
  };
}

UniqueFunction<void(Error*)> ignoringError(UniqueFunction<void()> callback) {
  if (!callback) {
    return nullptr;
  }
  return [f = std::move(callback)](Error*) mutable { f(); };
}

}  // namespace

http::Server& Application::listen(uint16_t port, UniqueFunction<void()> callback) {
  return listen(port, ignoringError(std::move(callback)));
}

http::Server& Application::listen(uint16_t port, UniqueFunction<void(Error*)> callback) {
  http::Server& server = serverOf(*this);
  return server.listen(port, onceWithError(server, std::move(callback)));
}

http::Server& Application::listen(uint16_t port, std::string_view host,
                                  UniqueFunction<void()> callback) {
  return listen(port, host, ignoringError(std::move(callback)));
}

http::Server& Application::listen(uint16_t port, std::string_view host,
                                  UniqueFunction<void(Error*)> callback) {
  http::Server& server = serverOf(*this);
  return server.listen(port, host, onceWithError(server, std::move(callback)));
}

http::Server& Application::listen(const net::ListenOptions& options,
                                  UniqueFunction<void()> callback) {
  return listen(options, ignoringError(std::move(callback)));
}

http::Server& Application::listen(const net::ListenOptions& options,
                                  UniqueFunction<void(Error*)> callback) {
  http::Server& server = serverOf(*this);
  return server.listen(options, onceWithError(server, std::move(callback)));
}

Locals& Application::locals() {
  return app_->locals;
}

std::string Application::mountpath() const {
  return app_->mountpath;
}

std::string Application::path() const {
  std::string out;
  for (const AppImpl* a = app_.get(); a->parent != nullptr; a = a->parent) {
    out.insert(0, a->mountpath);
  }
  return out;
}

EventEmitter& Application::events() {
  return app_->events;
}

Application express() {
  return Application();
}

}  // namespace nodecc::express
