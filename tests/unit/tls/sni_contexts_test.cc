// server.addContext's hostname patterns (src/tls/sni_contexts.h) against Node 20's: each
// expectation below is what Node's RegExp (lib/_tls_wrap.js, Server.prototype.addContext)
// answered for the same pattern and name.
#include "tls/sni_contexts.h"

#include <gtest/gtest.h>

#include <memory>
#include <string_view>

namespace nodecc::tls::core {
namespace {

struct Case {
  std::string_view pattern;
  std::string_view servername;
  bool matches;
};

constexpr Case kNodeAnswers[] = {
    {"a.test", "a.test", true},
    {"a.test", "A.test", false},  // the RegExp has no i flag
    {"a.test", "a.test.", false},
    {"a.test", "xa.test", false},
    {"a.test", "a_test", false},  // '.' is escaped
    {"*.wild.test", "x.wild.test", true},
    {"*.wild.test", "a.b.wild.test", false},  // '*' does not cross a dot
    {"*.wild.test", ".wild.test", true},      // '*' may be empty
    {"*.wild.test", "wild.test", false},
    {"*", "localhost", true},
    {"*", "a.b", false},
    {"*", "", true},
    {"a*", "abc", true},
    {"a*c", "ac", true},
    {"a*c", "abbc", true},
    {"a*c", "abcd", false},
    {"a*b*c", "axxbyyc", true},
    {"a*b*c", "axxbyy", false},
    {"*.*", "a.b", true},
    {"*.*", "a.b.c", false},
    {"x-*.test", "x-1.test", true},
    {"x-*.test", "x.test", false},
    {"*a", "aaa", true},
    {"**.t", "q.t", true},
    {"a.*.c", "a..c", true},
    {"a.*.c", "a.b.c", true},
    {"a.*.c", "a.b.b.c", false},
    {"a+b.test", "a+b.test", true},  // '+' and '?' are escaped
    {"a+b.test", "aab.test", false},
    {"a?.test", "a.test", false},
};

TEST(SniContexts, MatchesHostnamesAsNodesRegExp) {
  for (const Case& c : kNodeAnswers) {
    EXPECT_EQ(matchesHostname(c.pattern, c.servername), c.matches)
        << c.pattern << " against " << c.servername;
  }
}

TEST(SniContexts, LastAddedMatchWins) {
  ContextOptions o;
  o.isServer = true;
  TlsError err;
  auto wild = Context::create(o, &err);
  auto exact = Context::create(o, &err);
  auto later = Context::create(o, &err);
  ASSERT_TRUE(wild && exact && later);
  SniContexts list;
  EXPECT_TRUE(list.empty());
  EXPECT_EQ(list.find("a.test"), nullptr);
  list.add("*.test", wild);
  list.add("a.test", exact);
  EXPECT_FALSE(list.empty());
  EXPECT_EQ(*list.find("a.test"), exact);
  EXPECT_EQ(*list.find("b.test"), wild);
  EXPECT_EQ(list.find("b.other"), nullptr);
  list.add("*.test", later);  // added last: searched first
  EXPECT_EQ(*list.find("a.test"), later);
  EXPECT_EQ(*list.find("b.test"), later);
}

}  // namespace
}  // namespace nodecc::tls::core
