// parseArgs: the accessors of its result, and any arguments at all in non-strict mode.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <algorithm>
#include <random>

namespace nodecc {
namespace {

TEST(ParseArgs, ReadsValuesThroughTheAccessors) {
  util::ParseArgsResult r = util::parseArgs(
      {.args = std::vector<std::string>{"-v", "--name=x", "--tag", "a", "--tag", "b"},
       .options = {{"verbose", {.type = "boolean", .short_ = "v"}},
                   {"name", {.type = "string"}},
                   {"tag", {.type = "string", .multiple = true}},
                   {"port", {.type = "string", .default_ = "80"}}}});
  EXPECT_TRUE(r.values.flag("verbose"));
  EXPECT_EQ(r.values.string("name"), "x");
  EXPECT_EQ(r.values.strings("tag"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(r.values.string("port"), "80");
  EXPECT_FALSE(r.values.has("missing"));
  EXPECT_EQ(r.values.find("missing"), nullptr);
}

// Non-strict parsing accepts anything: random bytes as arguments never throw, and the result
// prints. (Token indices and positionals follow Node's quirks, compared with Node by
// tests/compat/util/parse_args_random.)
TEST(ParseArgs, NonStrictModeTakesAnyArguments) {
  std::mt19937 rng(42);
  const std::string alphabet = "-=ab\xc3\xa9 ";
  for (int round = 0; round < 2000; ++round) {
    std::vector<std::string> args(rng() % 6);
    for (std::string& a : args) {
      size_t n = rng() % 7;
      for (size_t i = 0; i < n; ++i) {
        a += alphabet[rng() % alphabet.size()];
      }
    }
    util::ParseArgsResult r =
        util::parseArgs({.args = args,
                         .options = {{"a", {.type = "string", .short_ = "a"}}},
                         .strict = false,
                         .tokens = true});
    ASSERT_TRUE(r.tokens.has_value());
    EXPECT_GE(r.tokens->size(), r.positionals.size());
    EXPECT_FALSE(util::inspect(r).empty());
  }
}

}  // namespace
}  // namespace nodecc
