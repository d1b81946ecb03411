// Nesting and indentation: JSON.stringify's space as a number (clamped to 10, none below 1)
// or a string (its first 10 characters), empty containers, and a round trip.
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  const JSON::Value value = JSON::Object{{"name", "nested"}, {"list", JSON::Array{1, JSON::Array{2, JSON::Array{3, JSON::Array{}}}, JSON::Object{}, JSON::Object{{"deep", JSON::Object{{"deeper", JSON::Object{{"deepest", nullptr}}}}}}}}, {"empty", JSON::Object{}}, {"flags", JSON::Array{true, false}}, {"10", "ten"}, {"2", "two"}};
  std::printf("%s\n", JSON::stringify(value).c_str());
  for (const JSON::Space& space : std::vector<JSON::Space>{2, 4, 10, 11, 0, -1, 1.9, "\t", "--", "abcdefghijklmnop", ""}) {
    std::printf("%s\n", JSON::stringify(value, nullptr, space).c_str());
  }
  const JSON::Value round = JSON::parse(JSON::stringify(value, nullptr, 3));
  std::printf("%s\n", JSON::stringify(round) == JSON::stringify(value) ? "true" : "false");
  std::printf("%s %zu %s\n", round["list"][3]["deep"]["deeper"]["deepest"].isNull() ? "null" : "?", round["list"].size(), std::string(round["10"].asString()).c_str());
  return nodecc::run();
}
