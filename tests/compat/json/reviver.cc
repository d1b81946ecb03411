// JSON.parse's reviver: called for every member and element after its children, the root last
// with key ""; what it returns replaces the value, undefined deletes it (a hole in an array).
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  const std::string text = "{\"date\":\"2024-01-02\",\"count\":\"5\",\"items\":[1,2,3],\"skip\":true,\"nested\":{\"skip\":1,\"keep\":2,\"7\":\"seven\"}}";
  std::vector<std::string> calls;
  const JSON::Value value = JSON::parse(text, [&](std::string_view key, JSON::Value val) -> JSON::Value {
    calls.push_back(std::string(key));
    if (key == "skip") return {};
    if (key == "count") return std::stod(std::string(val.asString()));
    if (val.isArray()) return val.size();
    return val;
  });
  std::printf("%s\n", JSON::stringify(value).c_str());
  std::string joined;
  for (std::size_t i = 0; i < calls.size(); ++i) joined += (i ? "," : "") + calls[i];
  std::printf("%s\n", joined.c_str());
  std::printf("%s\n", JSON::stringify(JSON::parse("[1,[2,3],{\"0\":4}]", [](std::string_view k, JSON::Value v) { return k == "0" ? JSON::Value() : v; })).c_str());
  std::printf("%s\n", JSON::stringify(JSON::parse("{\"a\":{\"b\":1}}", [](std::string_view k, JSON::Value v) { return k == "" ? JSON::Value(v["a"]) : v; })).c_str());
  return nodecc::run();
}
