#pragma once
// The router's state (router 2.x's Router, Route and Layer) and the per-request dispatch
// frames that stand for its closures: a RouterFrame is one call of Router.prototype.handle
// (its idx, removed, slashAdded, parentParams... and its `next`), a RouteFrame one call of
// Route.prototype.dispatch.
#include <array>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "api/express/path_pattern.h"
#include "nodecc/express.h"

namespace nodecc::express::detail {

// loosen(path): trailing slashes dropped, except for "/" (non-strict routing).
std::string loosenPath(std::string_view path);
std::string lowerMethod(std::string_view method);
bool isHttpMethod(std::string_view lowerName);  // one of http.METHODS, lower-cased

struct Layer {
  std::vector<PathPattern> matchers;
  std::vector<std::string> rawPaths;
  bool slash = false;  // use("/"): matches every path, consumes nothing
  Handler handler;
  std::shared_ptr<RouteImpl> route;  // a route layer (end = true), else middleware
};

struct RouteLayer {
  std::string method;  // lower case; "" for all()
  Handler handler;
};

struct RouteImpl {
  std::string path;
  std::vector<RouteLayer> stack;
  std::vector<std::string> methods;  // in the order first added (Object.keys order)
  bool all = false;
  bool handlesMethod(std::string_view lowerMethod) const;
  bool hasMethod(std::string_view lowerMethod) const;
  std::vector<std::string> optionsMethods() const;  // _methods(): upper case, HEAD after GET
};

// Which layers a path can reach, by the whole literal segments their patterns start with: a
// trie of segments whose node for api/users holds the layers whose patterns each start with
// exactly those segments (up to kDepth of them), and the layers with none, in stack order.
// Dispatch walks the merge of the buckets on the request's path down the trie and the others,
// from the current index, so a request tries only layers that could match, in the order
// Express would try them: 1,000 routes under /api cost what 10 do, as under 1,000 prefixes.
class RouteIndex {
 public:
  static constexpr size_t kDepth = 4;
  void add(size_t layerIndex, const Layer& layer);
  struct Cursor {
    std::array<const std::vector<uint32_t>*, kDepth> buckets;  // the first `count` are set
    size_t count = 0;
  };
  Cursor lookup(std::string_view path, bool sensitive) const;
  // The next candidate at or after `from`, or `end` when none.
  size_t nextCandidate(const Cursor& c, size_t from, size_t end) const;

 private:
  struct Node {
    std::vector<uint32_t> layers;
    std::unordered_map<std::string, std::unique_ptr<Node>> children;
  };
  Node root_;  // its own `layers` stay empty: a layer with no literal segment is dynamic_
  std::vector<uint32_t> dynamic_;
};

struct RouterImpl {
  explicit RouterImpl(const RouterOptions& o) : options(o) {}
  RouterOptions options;
  std::vector<Layer> stack;
  RouteIndex index;
  std::unordered_map<std::string, std::vector<ParamHandler>> params;
  AppImpl* app = nullptr;  // the application this is the router of, if any

  void push(Layer layer);
  std::shared_ptr<RouteImpl> route(const std::vector<std::string>& paths);
};

struct AppImpl {
  AppImpl();
  std::shared_ptr<RouterImpl> router;  // app.router, made lazily as in Express
  std::map<std::string, Setting, std::less<>> settings;
  bool trustProxyDefault = true;  // the trust_proxy_default symbol
  AppImpl* parent = nullptr;
  std::string mountpath = "/";
  Locals locals;
  EventEmitter events;
  std::weak_ptr<AppImpl> self;

  RouterImpl& getRouter();
  const Setting* lookup(std::string_view name) const;  // own settings, then the parent's
  void set(std::string_view name, Setting value);

  // Settings read on every request, resolved through the parents; recomputed after any
  // app.set() in the thread (settingsVersion).
  struct Resolved {
    uint64_t version = 0;
    bool poweredBy = true;
    int etag = 1;  // 0 none, 1 weak, 2 strong
    bool queryParser = true;
    std::string env;
    Setting jsonSpaces;
    Setting jsonReplacer;
    bool jsonEscape = false;
    std::string jsonpCallback = "callback";
    double subdomainOffset = 2;
    Setting::TrustFn trust;  // null: trust nothing
  };
  const Resolved& resolved();
  Resolved resolved_;
};

}  // namespace nodecc::express::detail
