// JSON.stringify's replacer: a function (called for the root with key "", then for every
// member and element, before its children; undefined leaves a member out) or a list of keys.
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  const JSON::Value value = JSON::Object{{"id", 7}, {"name", "x"}, {"password", "secret"}, {"nested", JSON::Object{{"id", 8}, {"password", "also"}, {"list", JSON::Array{1, "two", 3}}}}};
  std::printf("%s\n", JSON::stringify(value, [](std::string_view key, JSON::Value val) { return key == "password" ? JSON::Value() : val; }).c_str());
  std::printf("%s\n", JSON::stringify(value, [](std::string_view key, JSON::Value val) { return val.isNumber() ? JSON::Value(val.asNumber() * 2) : val; }).c_str());
  std::printf("%s\n", JSON::stringify(value, [](std::string_view key, JSON::Value val) { return key == "1" ? JSON::Value() : val; }).c_str());
  std::printf("%s\n", JSON::stringify(value, {"id", "nested", "list"}).c_str());
  std::printf("%s\n", JSON::stringify(value, {"name", "id", "name"}, 2).c_str());
  std::vector<std::string> seen;
  JSON::stringify(value, [&](std::string_view key, JSON::Value val) {
    seen.push_back(std::string(key));
    return val;
  });
  std::string joined;
  for (std::size_t i = 0; i < seen.size(); ++i) joined += (i ? "," : "") + seen[i];
  std::printf("%s\n", joined.c_str());
  const std::string nothing = JSON::stringify(value, [](std::string_view, JSON::Value) { return JSON::Value(); });
  std::printf("%s\n", nothing.empty() ? "undefined" : nothing.c_str());
  std::printf("%s\n", JSON::stringify(value, [](std::string_view key, JSON::Value val) { return key == "" ? JSON::Value(JSON::Array{val["id"], val["name"]}) : val; }).c_str());
  return nodecc::run();
}
