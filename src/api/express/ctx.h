#pragma once
// The state of one request going through an application: its Request and Response, the
// application it is in, and the dispatch frames (see router_impl.h). Reference counted: the
// dispatch holds it while running, every Next holds it, and the response holds it until it
// emits "close". Contexts are recycled per thread.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "api/express/parse_url.h"
#include "api/express/router_impl.h"
#include "nodecc/express.h"

namespace nodecc::express::detail {

// What next() was called with.
struct Signal {
  enum Kind : uint8_t { kNone, kRoute, kRouter, kError } kind = kNone;
  std::exception_ptr error;
  static Signal none() { return {}; }
  static Signal err(std::exception_ptr e) { return {kError, std::move(e)}; }
};

struct Frame {
  virtual ~Frame() = default;
  virtual void next(Ctx& ctx, Signal signal) = 0;
};

// One Router.prototype.handle call.
struct RouterFrame final : Frame {
  void next(Ctx& ctx, Signal signal) override;
  // A recycled frame as a new one, its strings and vectors keeping their capacity.
  void reset();
  void finish(Ctx& ctx, Signal signal, bool deferred);  // done(err) with the restores
  void afterParams(Ctx& ctx, Signal err);               // processParams' callback
  void trimPrefix(Ctx& ctx);

  RouterImpl* router = nullptr;
  Frame* done = nullptr;
  size_t idx = 0;
  std::string protohost;
  std::string removed;
  bool slashAdded = false;
  int sync = 0;
  bool options = false;
  std::vector<std::string> optionsMethods;
  Params parentParams;
  std::string parentUrl;
  // req.next outside this router (restored when it is left). A frame, not a Next: a Next
  // would hold the context, and every context would keep itself alive.
  Frame* parentNext = nullptr;
  bool hadParams = false;
  // The layer being entered, between its match and its handler (processParams may wait).
  Layer* layer = nullptr;
  Signal layerError;
  size_t matchLength = 0;
  std::string path;
  // paramcalled: per parameter name, what its callbacks did for which value.
  struct Called {
    std::string name;
    std::string match;
    bool matchIsArray = false;
    std::string value;
    Signal error;
  };
  std::vector<Called> called;
};

// One processParams run: the `next` its param callbacks receive.
struct ParamFrame final : Frame {
  void next(Ctx& ctx, Signal signal) override;  // paramCallback
  void param(Ctx& ctx, Signal err);
  RouterFrame* owner = nullptr;
  std::vector<std::string> keys;
  size_t i = 0;
  size_t paramIndex = 0;
  std::string key;
  std::vector<ParamHandler>* callbacks = nullptr;
  size_t calledIndex = 0;
  std::string paramVal;
};

// One Route.prototype.dispatch call.
struct RouteFrame final : Frame {
  void next(Ctx& ctx, Signal signal) override;
  RouteImpl* route = nullptr;
  Frame* done = nullptr;
  size_t idx = 0;
  int sync = 0;
  std::string_view method;  // lower case: the context's lowerMethod, or "get" for HEAD
  void reset() { *this = RouteFrame(); }
};

// A mounted application's exit: req.app goes back to the parent before its next runs.
struct AppExitFrame final : Frame {
  void next(Ctx& ctx, Signal signal) override;
  std::shared_ptr<AppImpl> outer;
  Frame* done = nullptr;
};

// finalhandler: the 404 page, or the error page.
struct FinalFrame final : Frame {
  void next(Ctx& ctx, Signal signal) override;
};

struct Ctx {
  static Ctx* acquire();
  void addRef() { ++refs; }
  void release();

  Request& req() { return *reinterpret_cast<Request*>(reqStorage_); }
  Response& res() { return *reinterpret_cast<Response*>(resStorage_); }
  AppImpl& app() { return *app_.appImpl(); }

  void start(const Application& app, http::IncomingMessage& msg, http::ServerResponse& out);
  // Enters a router as a handler would (router.handle(req, res, done)).
  void enterRouter(RouterImpl& router, Frame* done);
  // Runs layer/route handlers as the router's Layer.handleRequest / handleError do.
  void handleRequest(Handler& h, Frame* next);
  void handleError(Handler& h, const Signal& err, Frame* next);
  Next makeNext(Frame* f) { return Next(this, f); }
  // req.next's frame. req.next does not count as a reference (see start()), so it is
  // switched without counting.
  Frame* nextFrame() { return req().next.frame_; }
  void setNextFrame(Frame* f) { req().next.frame_ = f; }

  template <class F>
  F* frame(std::vector<std::unique_ptr<F>>& pool, size_t& used) {
    if (used == pool.size()) {
      pool.push_back(std::make_unique<F>());
    }
    F* f = pool[used++].get();
    if constexpr (requires { f->reset(); }) {
      f->reset();
    } else {
      *f = F();
    }
    return f;
  }

  int refs = 0;
  Application app_;
  // Request and Response refer to each other, so both are built in place here.
  alignas(Request) unsigned char reqStorage_[sizeof(Request)];
  alignas(Response) unsigned char resStorage_[sizeof(Response)];
  bool live_ = false;
  http::IncomingMessage* msg = nullptr;
  http::ServerResponse* out = nullptr;
  std::string lowerMethod;  // req.method in lower case, as the router compares it
  std::vector<std::unique_ptr<RouterFrame>> routerFrames;
  size_t routerUsed = 0;
  std::vector<std::unique_ptr<RouteFrame>> routeFrames;
  size_t routeUsed = 0;
  std::vector<std::unique_ptr<ParamFrame>> paramFrames;
  size_t paramUsed = 0;
  std::vector<std::unique_ptr<AppExitFrame>> appFrames;
  size_t appUsed = 0;
  FinalFrame final;
  RouteImpl* route = nullptr;  // req.route
  // The error an error handler is running with, so next(err) passes on the same object.
  const Error* currentError = nullptr;
  std::exception_ptr currentErrorPtr;
};

// Keeps a context alive for a callback scheduled later (setImmediate).
class CtxRef {
 public:
  explicit CtxRef(Ctx* c) : c_(c) { c_->addRef(); }
  CtxRef(const CtxRef& o) : c_(o.c_) { c_->addRef(); }
  CtxRef(CtxRef&& o) noexcept : c_(std::exchange(o.c_, nullptr)) {}
  CtxRef& operator=(const CtxRef&) = delete;
  ~CtxRef() {
    if (c_) {
      c_->release();
    }
  }
  Ctx* get() const { return c_; }

 private:
  Ctx* c_;
};

}  // namespace nodecc::express::detail
