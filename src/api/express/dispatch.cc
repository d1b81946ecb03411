// router 2.x's Router.prototype.handle, processParams and Route.prototype.dispatch, statement
// for statement (router/index.js, router/lib/route.js, router/lib/layer.js), over frames
// instead of closures. The one change: the layer loop asks the router's RouteIndex for the
// next layer that could match instead of trying each (a skipped layer's match() would have
// returned false, so the same layer is chosen).
#include <algorithm>

#include "api/express/ctx.h"
#include "nodecc/timers.h"
#include "text/ascii.h"

namespace nodecc::express::detail {

namespace {

bool startsWith(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

// getProtohost(url): "http://host" of an absolute-form URL, "" otherwise.
std::string protohostOf(std::string_view url) {
  if (url.empty() || url[0] == '/') {
    return {};
  }
  size_t search = url.find('?');
  size_t pathLength = search != std::string_view::npos ? search : url.size();
  size_t fqdn = url.substr(0, pathLength).find("://");
  if (fqdn == std::string_view::npos) {
    return {};
  }
  size_t slash = url.find('/', 3 + fqdn);
  return std::string(url.substr(0, slash));
}

void mergeParams(Params& params, const Params& parent) {
  // Object.assign({}, parent, params), with the numeric keys of params shifted past the
  // parent's when both have a "0" (a regex route's captures).
  if (parent.empty()) {
    return;
  }
  Params merged = parent;
  if (params.has("0") && parent.has("0")) {
    size_t i = 0;
    while (params.has(std::to_string(i))) {
      ++i;
    }
    size_t o = 0;
    while (parent.has(std::to_string(o))) {
      ++o;
    }
    Params shifted;
    for (const auto& e : params) {
      shifted.set(e.key, std::vector<std::string>());
    }
    for (size_t k = i; k-- > 0;) {
      const Params::Entry* e = params.find(std::to_string(k));
      Params::Entry copy = *e;
      if (k < o) {
        params.remove(std::to_string(k));
      }
      if (copy.array) {
        params.set(std::to_string(k + o),
                   std::vector<std::string>(copy.values.begin(), copy.values.end()));
      } else {
        params.set(std::to_string(k + o), copy.values[0]);
      }
    }
  }
  for (const auto& e : params) {
    if (e.array) {
      merged.set(e.key, std::vector<std::string>(e.values.begin(), e.values.end()));
    } else {
      merged.set(e.key, e.values[0]);
    }
  }
  params = std::move(merged);
}

}  // namespace

void RouterFrame::reset() {
  router = nullptr;
  done = nullptr;
  idx = 0;
  protohost.clear();
  removed.clear();
  slashAdded = false;
  sync = 0;
  options = false;
  optionsMethods.clear();
  parentParams.clear();
  parentUrl.clear();
  parentNext = nullptr;
  hadParams = false;
  layer = nullptr;
  layerError = Signal::none();
  matchLength = 0;
  path.clear();
  called.clear();
}

void Ctx::enterRouter(RouterImpl& router, Frame* done) {
  Request& r = req();
  RouterFrame* f = frame(routerFrames, routerUsed);
  f->router = &router;
  f->done = done;
  f->protohost = protohostOf(r.url);
  f->parentParams = r.params;
  f->parentUrl = r.baseUrl;
  f->parentNext = nextFrame();
  if (r.method == "OPTIONS") {
    f->options = true;
  }
  setNextFrame(f);
  f->next(*this, Signal::none());
}

void RouterFrame::finish(Ctx& ctx, Signal signal, bool deferred) {
  auto run = [this, &ctx](Signal s) {
    // restore(callback, req, 'baseUrl', 'next', 'params')
    Request& req = ctx.req();
    req.baseUrl = parentUrl;
    ctx.setNextFrame(parentNext);
    req.params = parentParams;
    if (options && s.kind != Signal::kError && !optionsMethods.empty()) {
      // generateOptionsResponder: Allow lists the methods the matching routes handle.
      std::vector<std::string> m = optionsMethods;
      std::sort(m.begin(), m.end());
      m.erase(std::unique(m.begin(), m.end()), m.end());
      std::string allow;
      for (const auto& x : m) {
        allow += allow.empty() ? "" : ", ";
        allow += x;
      }
      try {
        http::ServerResponse& out = *ctx.out;
        out.setHeader("Allow", allow);
        out.setHeader("Content-Length", uint64_t(allow.size()));
        out.setHeader("Content-Type", "text/plain");
        out.setHeader("X-Content-Type-Options", "nosniff");
        out.end(allow);
      } catch (...) {
        done->next(ctx, Signal::err(std::current_exception()));
      }
      return;
    }
    done->next(ctx, std::move(s));
  };
  if (!deferred) {
    run(std::move(signal));
    return;
  }
  setImmediate([ref = CtxRef(&ctx), run, s = std::move(signal)]() mutable { run(std::move(s)); });
}

void RouterFrame::next(Ctx& ctx, Signal signal) {
  Request& req = ctx.req();
  Signal layerErr = signal.kind == Signal::kRoute ? Signal::none() : signal;

  if (slashAdded) {
    bool pathIsRoot = req.url == "/" || startsWith(req.url, "/?");
    if (pathIsRoot ||
        (!removed.empty() && removed.back() == '/' && !req.url.empty() && req.url[0] == '/')) {
      req.url.erase(0, 1);
    }
    slashAdded = false;
  }
  if (!removed.empty()) {
    req.baseUrl = parentUrl;
    req.url = protohost + removed + req.url.substr(std::min(protohost.size(), req.url.size()));
    removed.clear();
  }
  if (layerErr.kind == Signal::kRouter) {
    finish(ctx, Signal::none(), true);
    return;
  }
  const std::vector<Layer>& stack = router->stack;
  if (idx >= stack.size()) {
    finish(ctx, std::move(layerErr), true);
    return;
  }
  if (++sync > 100) {
    setImmediate([ref = CtxRef(&ctx), this, s = std::move(signal)]() mutable {
      next(*ref.get(), std::move(s));
    });
    return;
  }
  std::optional<std::string> pathname = pathnameOf(req.url);
  if (!pathname) {
    finish(ctx, std::move(layerErr), false);
    return;
  }
  path = std::move(*pathname);

  const bool sensitive = router->options.caseSensitive;
  RouteIndex::Cursor cursor = router->index.lookup(path, sensitive);
  Layer* matched = nullptr;
  PathPattern::Match m;
  size_t matchedPattern = 0;
  while (matched == nullptr && idx < stack.size()) {
    size_t candidate = router->index.nextCandidate(cursor, idx, stack.size());
    if (candidate >= stack.size()) {
      idx = stack.size();
      break;
    }
    idx = candidate + 1;
    Layer& layer = router->stack[candidate];
    bool ok = false;
    try {
      if (layer.slash) {
        m.length = 0;
        m.captureCount = 0;
        ok = true;
      } else {
        for (size_t i = 0; i < layer.matchers.size() && !ok; ++i) {
          ok = layer.matchers[i].match(path, &m);
          matchedPattern = i;
        }
        if (ok) {
          // The decoding of the parameters is part of match(): a bad %-sequence throws here.
          req.params.clear();
          decodeParams(layer.matchers[matchedPattern], m, path, req.params);
        }
      }
    } catch (...) {
      if (layerErr.kind != Signal::kError) {
        layerErr = Signal::err(std::current_exception());
      }
      ok = false;
    }
    if (!ok) {
      continue;
    }
    if (!layer.route) {
      matched = &layer;
      continue;
    }
    if (layerErr.kind == Signal::kError) {
      continue;
    }
    bool hasMethod = layer.route->handlesMethod(ctx.lowerMethod);
    if (!hasMethod && options) {
      for (auto& x : layer.route->optionsMethods()) {
        optionsMethods.push_back(std::move(x));
      }
    }
    if (!hasMethod && req.method != "HEAD") {
      continue;
    }
    matched = &layer;
  }
  if (matched == nullptr) {
    finish(ctx, std::move(layerErr), false);
    return;
  }
  if (matched->route) {
    ctx.route = matched->route.get();
  }
  if (router->options.mergeParams) {
    mergeParams(req.params, parentParams);
  }
  layer = matched;
  layerError = std::move(layerErr);
  matchLength = m.length;

  // processParams: only when this router has param callbacks for a key of the match.
  ParamFrame* pf = nullptr;
  if (!router->params.empty()) {
    for (const auto& e : req.params) {
      if (router->params.count(e.key) != 0) {
        pf = ctx.frame(ctx.paramFrames, ctx.paramUsed);
        break;
      }
    }
  }
  if (pf != nullptr) {
    pf->owner = this;
    for (const auto& e : req.params) {
      pf->keys.push_back(e.key);
    }
    pf->param(ctx, Signal::none());
    return;
  }
  afterParams(ctx, Signal::none());
}

void RouterFrame::afterParams(Ctx& ctx, Signal err) {
  if (err.kind != Signal::kNone) {
    next(ctx, layerError.kind == Signal::kError ? layerError : err);
  } else if (layer->route) {
    // The route layer's handle: route.dispatch(req, res, next).
    RouteImpl& route = *layer->route;
    RouteFrame* rf = ctx.frame(ctx.routeFrames, ctx.routeUsed);
    rf->route = &route;
    rf->done = this;
    if (route.stack.empty()) {
      next(ctx, Signal::none());
    } else {
      std::string_view method = ctx.lowerMethod;
      if (method == "head" && !route.hasMethod("head")) {
        method = "get";
      }
      rf->method = method;
      ctx.route = &route;
      rf->next(ctx, Signal::none());
    }
  } else {
    trimPrefix(ctx);
  }
  sync = 0;
}

void RouterFrame::trimPrefix(Ctx& ctx) {
  Request& req = ctx.req();
  std::string_view layerPath = std::string_view(path).substr(0, matchLength);
  if (!layerPath.empty()) {
    if (path.size() > layerPath.size() && path[layerPath.size()] != '/') {
      next(ctx, layerError);
      return;
    }
    removed.assign(layerPath);
    req.url =
        protohost + req.url.substr(std::min(req.url.size(), protohost.size() + removed.size()));
    if (protohost.empty() && (req.url.empty() || req.url[0] != '/')) {
      req.url.insert(req.url.begin(), '/');  // insert(0, "/") trips GCC 12's -Wrestrict
      slashAdded = true;
    }
    req.baseUrl =
        parentUrl + (removed.back() == '/' ? removed.substr(0, removed.size() - 1) : removed);
  }
  if (layerError.kind == Signal::kError) {
    ctx.handleError(layer->handler, layerError, this);
  } else {
    ctx.handleRequest(layer->handler, this);
  }
}

void ParamFrame::param(Ctx& ctx, Signal err) {
  RouterFrame& rf = *owner;
  Request& req = ctx.req();
  if (err.kind != Signal::kNone) {
    rf.afterParams(ctx, std::move(err));
    return;
  }
  for (;;) {
    if (i >= keys.size()) {
      rf.afterParams(ctx, Signal::none());
      return;
    }
    paramIndex = 0;
    key = keys[i++];
    const Params::Entry* value = req.params.find(key);
    auto it = rf.router->params.find(key);
    if (value == nullptr || it == rf.router->params.end()) {
      continue;
    }
    callbacks = &it->second;
    paramVal = value->value();
    size_t c = 0;
    while (c < rf.called.size() && rf.called[c].name != key) {
      ++c;
    }
    if (c < rf.called.size()) {
      RouterFrame::Called& pc = rf.called[c];
      bool sameMatch = !value->array && !pc.matchIsArray && pc.match == paramVal;
      if (sameMatch || pc.error.kind == Signal::kError || pc.error.kind == Signal::kRouter) {
        req.params.set(key, pc.value);
        Signal e = pc.error;
        if (e.kind != Signal::kNone) {
          rf.afterParams(ctx, std::move(e));
          return;
        }
        continue;
      }
      pc = RouterFrame::Called{key, paramVal, value->array, paramVal, {}};
    } else {
      rf.called.push_back(RouterFrame::Called{key, paramVal, value->array, paramVal, {}});
    }
    calledIndex = c;
    next(ctx, Signal::none());
    return;
  }
}

void ParamFrame::next(Ctx& ctx, Signal err) {
  // paramCallback
  RouterFrame& rf = *owner;
  Request& req = ctx.req();
  RouterFrame::Called& pc = rf.called[calledIndex];
  pc.value = req.params[key];
  if (err.kind != Signal::kNone) {
    pc.error = err;
    param(ctx, std::move(err));
    return;
  }
  if (paramIndex >= callbacks->size()) {
    param(ctx, Signal::none());
    return;
  }
  ParamHandler& fn = (*callbacks)[paramIndex++];
  Next n = ctx.makeNext(this);
  try {
    fn(req, ctx.res(), n, paramVal, key);
  } catch (...) {
    n(std::current_exception());
  }
}

void RouteFrame::next(Ctx& ctx, Signal signal) {
  if (signal.kind == Signal::kRoute) {
    done->next(ctx, Signal::none());
    return;
  }
  if (signal.kind == Signal::kRouter) {
    done->next(ctx, std::move(signal));
    return;
  }
  const std::vector<RouteLayer>& stack = route->stack;
  if (idx >= stack.size()) {
    done->next(ctx, std::move(signal));
    return;
  }
  if (++sync > 100) {
    setImmediate([ref = CtxRef(&ctx), this, s = std::move(signal)]() mutable {
      next(*ref.get(), std::move(s));
    });
    return;
  }
  RouteImpl* r = route;
  size_t found = stack.size();
  while (idx < stack.size()) {
    const RouteLayer& l = stack[idx++];
    if (l.method.empty() || l.method == method) {
      found = idx - 1;
      break;
    }
  }
  if (found == stack.size()) {
    done->next(ctx, std::move(signal));
    return;
  }
  Handler& h = r->stack[found].handler;
  if (signal.kind == Signal::kError) {
    ctx.handleError(h, signal, this);
  } else {
    ctx.handleRequest(h, this);
  }
  sync = 0;
}

void AppExitFrame::next(Ctx& ctx, Signal signal) {
  ctx.app_ = Application(outer);
  done->next(ctx, std::move(signal));
}

void Ctx::handleRequest(Handler& h, Frame* nextFrame) {
  switch (h.kind) {
    case Handler::Kind::kError:
      nextFrame->next(*this, Signal::none());
      return;
    case Handler::Kind::kRouter:
      enterRouter(*h.router, nextFrame);
      return;
    case Handler::Kind::kApp: {
      // mounted_app: the sub-app handles the request with req.app switched to it, and the
      // parent's next (with req.app restored) as its done.
      AppExitFrame* exit = frame(appFrames, appUsed);
      exit->outer = app_.appImpl();
      exit->done = nextFrame;
      app_ = Application(h.app);
      AppImpl& sub = *h.app;
      if (sub.resolved().poweredBy) {
        out->setHeader("X-Powered-By", "Express");
      }
      enterRouter(sub.getRouter(), exit);
      return;
    }
    case Handler::Kind::kRequest:
      break;
  }
  Next n = makeNext(nextFrame);
  try {
    h.request(req(), res(), n);
  } catch (...) {
    n(std::current_exception());
  }
}

void Ctx::handleError(Handler& h, const Signal& err, Frame* nextFrame) {
  if (h.kind != Handler::Kind::kError) {
    nextFrame->next(*this, err);
    return;
  }
  Next n = makeNext(nextFrame);
  try {
    h.error(err.error, req(), res(), n);
  } catch (...) {
    n(std::current_exception());
  }
}

}  // namespace nodecc::express::detail
