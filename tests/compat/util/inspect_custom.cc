// Custom inspection ([util.inspect.custom] in Node, inspectCustom in nodecc), circular
// references, colours and functions.
#include <nodecc/nodecc.h>

#include <functional>
#include <memory>
using namespace nodecc;
using util::Object;

struct Money {
  int cents;
};
std::string inspectCustom(const Money& m) { return util::format("Money<%s>", m.cents / 100.0); }
struct Multi {};
std::string inspectCustom(const Multi&) { return "line1\nline2"; }
struct Tagged {
  std::string tag;
};
Object inspectCustom(const Tagged& t, double depth, const util::InspectOptions& options) {
  return Object{{"tag", t.tag}, {"depth", depth}, {"colors", options.colors}};
}
struct Deep {
  int level;
};
std::variant<std::string, Object> inspectCustom(const Deep& d, double depth, const util::InspectOptions&) {
  if (depth < 0) return util::format("[Deep %d]", d.level);
  return Object{{"level", d.level}, {"inner", Deep{d.level + 1}}};
}
// A JavaScript object graph: { name, children: [...] } sharing its nodes.
struct Node {
  std::string name;
  std::vector<std::shared_ptr<Node>> children;
};
Object inspectCustom(const Node& n) { return Object{{"name", n.name}, {"children", n.children}}; }

int main() {
  console.log(Money{1250}, std::vector{Money{5}}, Object{{"price", Money{99}}});
  console.log(Object{{"a", Object{{"b", Multi{}}}}}, std::vector{Multi{}});
  console.log(Tagged{"x"}, util::inspect(Tagged{"y"}, {.depth = 5, .colors = true}));
  console.log(Deep{0});
  console.log(util::format("%s|%O", Money{100}, Money{200}));

  auto a = std::make_shared<Node>(Node{"a", {}});
  a->children.push_back(a);
  console.log(a);
  auto b = std::make_shared<Node>(Node{"b", {}});
  auto c = std::make_shared<Node>(Node{"c", {b}});
  b->children.push_back(c);
  console.log(b, std::vector{b});
  auto shared = std::make_shared<Node>(Node{"shared", {}});
  console.log(Node{"root", {shared, shared}});

  std::function<int()> f = [] { return 1; };
  console.log(util::inspect(Object{{"a", 1}, {"s", "x"}, {"n", nullptr}, {"u", undefined}, {"b", true}, {"big", BigInt{5}}, {"arr", std::vector{1.0, -0.0}}, {"m", std::map<int, std::string>{{1, "a"}}}, {"f", f}}, {.colors = true}));
  console.log(util::inspect(std::vector{Object{{"a", Object{{"b", Object{{"c", Object{}}}}}}}}, {.depth = 1, .colors = true}), util::inspect(std::string(20, 'x') + "\n" + "y", {.colors = true, .breakLength = 10}));
  console.log(util::inspect(a, {.colors = true}), std::vector{f});

  // The cycles above would keep their nodes alive: break them (JavaScript's collector does).
  a->children.clear();
  b->children.clear();
}
