// util.parseArgs on 400 argument lists drawn from a seeded generator (the same in both
// programs): strict and non-strict, tokens included, Node's quirks included.
#include <nodecc/nodecc.h>

#include <cmath>
using namespace nodecc;

uint32_t state = 2463534242u;
uint32_t next() {
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return state;
}
const std::vector<std::string> alphabet = {"-", "-", "=", "a", "b", "c", "x", " ", "é"};
const std::vector<std::pair<std::string, util::ParseArgsOption>> options = {
    {"a", {.type = "string", .short_ = "a"}},
    {"b", {.type = "boolean", .short_ = "b"}},
    {"c", {.type = "string", .multiple = true}},
};
template <class T>
std::string show(const T& v) { return util::inspect(v, {.depth = INFINITY, .breakLength = INFINITY}); }

int main() {
  for (int round = 0; round < 400; round++) {
    std::vector<std::string> args;
    uint32_t count = next() % 5;
    for (uint32_t i = 0; i < count; i++) {
      std::string arg;
      uint32_t length = next() % 6;
      for (uint32_t j = 0; j < length; j++) arg += alphabet[next() % alphabet.size()];
      args.push_back(arg);
    }
    bool strict = next() % 2 == 0;
    try {
      auto r = util::parseArgs({.args = args, .options = options, .strict = strict, .allowPositionals = true, .tokens = true});
      console.log(round, show(args), show(r));
    } catch (const Error& e) {
      console.log(round, show(args), e.code, show(e.message));
    }
  }
}
