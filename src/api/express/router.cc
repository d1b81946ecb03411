// Router, Route and their layers as router 2.x builds them (use: end = false, strict = false;
// route: end = true with the router's strict and caseSensitive; route methods from
// http.METHODS), and the index that lets dispatch skip layers that cannot match.
#include <algorithm>

#include "api/express/ctx.h"
#include "api/url/codec.h"

namespace nodecc::express::detail {

namespace {}  // namespace

std::string lowerMethod(std::string_view s) {
  std::string out(s);
  text::core::lowerInPlace(out);
  return out;
}

std::string loosenPath(std::string_view path) {
  if (path == "/") {
    return std::string(path);
  }
  size_t end = path.size();
  while (end > 0 && path[end - 1] == '/') {
    --end;
  }
  return std::string(path.substr(0, end));
}

bool isHttpMethod(std::string_view lowerName) {
  for (const std::string& m : http::methods()) {
    if (m.size() == lowerName.size() && lowerMethod(m) == lowerName) {
      return true;
    }
  }
  return false;
}

bool RouteImpl::hasMethod(std::string_view m) const {
  return std::find(methods.begin(), methods.end(), m) != methods.end();
}

bool RouteImpl::handlesMethod(std::string_view m) const {
  if (all) {
    return true;
  }
  if (m == "head" && !hasMethod("head")) {
    return hasMethod("get");
  }
  return hasMethod(m);
}

std::vector<std::string> RouteImpl::optionsMethods() const {
  std::vector<std::string> out;
  for (const std::string& m : methods) {
    std::string upper = m;
    for (char& c : upper) {
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    out.push_back(std::move(upper));
  }
  if (hasMethod("get") && !hasMethod("head")) {
    out.push_back("HEAD");
  }
  return out;
}

void RouteIndex::add(size_t layerIndex, const Layer& layer) {
  std::vector<std::vector<std::string>> prefixes;
  for (const PathPattern& p : layer.matchers) {
    prefixes.push_back(layer.slash ? std::vector<std::string>() : p.literalSegments(kDepth));
    if (prefixes.back().empty()) {
      break;
    }
  }
  if (prefixes.empty() || prefixes.back().empty()) {
    dynamic_.push_back(uint32_t(layerIndex));
    return;
  }
  for (const std::vector<std::string>& segments : prefixes) {
    Node* node = &root_;
    for (const std::string& s : segments) {
      std::unique_ptr<Node>& child = node->children[s];
      if (!child) {
        child = std::make_unique<Node>();
      }
      node = child.get();
    }
    if (node->layers.empty() || node->layers.back() != uint32_t(layerIndex)) {
      node->layers.push_back(uint32_t(layerIndex));
    }
  }
}

RouteIndex::Cursor RouteIndex::lookup(std::string_view path, bool sensitive) const {
  Cursor c;
  thread_local std::string key;
  const Node* node = &root_;
  size_t at = 0;
  while (!node->children.empty() && c.count < kDepth && at < path.size() && path[at] == '/') {
    size_t slash = path.find('/', at + 1);
    key.assign(path.substr(at + 1, slash == std::string_view::npos ? path.npos : slash - at - 1));
    if (!sensitive) {
      text::core::lowerInPlace(key);
    }
    auto it = node->children.find(key);
    if (it == node->children.end()) {
      break;
    }
    node = it->second.get();
    if (!node->layers.empty()) {
      c.buckets[c.count++] = &node->layers;
    }
    if (slash == std::string_view::npos) {
      break;
    }
    at = slash;
  }
  return c;
}

size_t RouteIndex::nextCandidate(const Cursor& c, size_t from, size_t end) const {
  size_t best = end;
  auto firstAtOrAfter = [from](const std::vector<uint32_t>& v) -> size_t {
    auto it = std::lower_bound(v.begin(), v.end(), uint32_t(from));
    return it == v.end() ? SIZE_MAX : *it;
  };
  if (!dynamic_.empty()) {
    best = std::min(best, firstAtOrAfter(dynamic_));
  }
  for (size_t i = 0; i < c.count; ++i) {
    best = std::min(best, firstAtOrAfter(*c.buckets[i]));
  }
  return best;
}

void RouterImpl::push(Layer layer) {
  stack.push_back(std::move(layer));
  index.add(stack.size() - 1, stack.back());
}

std::shared_ptr<RouteImpl> RouterImpl::route(const std::vector<std::string>& paths) {
  auto route = std::make_shared<RouteImpl>();
  route->path = paths.size() == 1 ? paths[0] : std::string();
  Layer layer{{}, paths, false, Handler(Handler::Kind::kRequest, nullptr, nullptr), route};
  PathOptions o;
  o.end = true;
  o.sensitive = options.caseSensitive;
  o.trailing = !options.strict;
  for (const std::string& p : paths) {
    layer.matchers.emplace_back(options.strict ? std::string(p) : loosenPath(p), o);
  }
  push(std::move(layer));
  return route;
}

}  // namespace nodecc::express::detail

namespace nodecc::express {

using detail::Handler;
using detail::Layer;
using detail::PathOptions;

Router::Router(RouterOptions options) : impl_(std::make_shared<detail::RouterImpl>(options)) {}

void Router::useHandler(std::string_view path, Handler handler) {
  usePaths({std::string(path)}, std::move(handler));
}

void Router::usePaths(const std::vector<std::string>& paths, Handler handler) {
  if (paths.empty()) {
    throw TypeError("", "argument handler is required");
  }
  if (handler.kind == Handler::Kind::kApp) {
    // app.use(subapp): its mountpath and parent, and its 'mount' event.
    detail::AppImpl& sub = *handler.app;
    detail::AppImpl* parent = impl_->app;
    sub.mountpath = paths[0];
    sub.parent = parent;
    if (parent != nullptr) {
      if (sub.trustProxyDefault && parent->lookup("trust proxy fn") != nullptr) {
        sub.settings.erase("trust proxy");
        sub.settings.erase("trust proxy fn");
      }
      Application parentApp(parent->self.lock());
      sub.events.emit("mount", parentApp);
    }
  }
  Layer layer{{}, paths, false, std::move(handler), nullptr};
  layer.slash = paths.size() == 1 && paths[0] == "/";
  PathOptions o;
  o.end = false;
  o.sensitive = impl_->options.caseSensitive;
  o.trailing = true;
  for (const std::string& p : paths) {
    layer.matchers.emplace_back(detail::loosenPath(p), o);
  }
  impl_->push(std::move(layer));
}

Route Router::route(std::string_view path) {
  return Route(impl_->route({std::string(path)}));
}

Route Router::route(const std::vector<std::string>& paths) {
  return Route(impl_->route(paths));
}

void Router::addParam(std::string_view name, detail::ParamHandler handler) {
  if (name.empty()) {
    throw TypeError("", "argument name is required");
  }
  impl_->params[std::string(name)].push_back(std::move(handler));
}

void Route::addHandler(std::string_view method, Handler handler) {
  std::string m = detail::lowerMethod(method);
  if (!m.empty() && !detail::isHttpMethod(m)) {
    throw TypeError("", "unknown method: " + std::string(method));
  }
  if (m.empty()) {
    impl_->all = true;
  } else if (!impl_->hasMethod(m)) {
    impl_->methods.push_back(m);
  }
  impl_->stack.push_back(detail::RouteLayer{std::move(m), std::move(handler)});
}

const std::string& Route::path() const {
  return impl_->path;
}

}  // namespace nodecc::express
