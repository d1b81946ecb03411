// url::URLSearchParams; expected values taken from Node 20.
#include <gtest/gtest.h>
#include <nodecc/url.h>

#include <string>
#include <utility>
#include <vector>

using nodecc::URL;
using nodecc::URLSearchParams;
using Pairs = std::vector<std::pair<std::string, std::string>>;

TEST(URLSearchParams, ParsesAString) {
  URLSearchParams p("?a=1&b=x+y&a=2&c&=e&%zz=%41");
  EXPECT_EQ(p.entries(),
            (Pairs{{"a", "1"}, {"b", "x y"}, {"a", "2"}, {"c", ""}, {"", "e"}, {"%zz", "A"}}));
  EXPECT_EQ(p.size(), 6u);
  EXPECT_EQ(p.toString(), "a=1&b=x+y&a=2&c=&=e&%25zz=A");
  EXPECT_EQ(URLSearchParams("").size(), 0u);
  EXPECT_EQ(URLSearchParams("?").size(), 0u);
  EXPECT_EQ(URLSearchParams("??a").toString(), "%3Fa=");  // only one '?' is dropped
}

TEST(URLSearchParams, Lookups) {
  URLSearchParams p("a=1&b=2&a=3");
  EXPECT_EQ(p.get("a"), "1");
  EXPECT_EQ(p.get("zz"), std::nullopt);
  EXPECT_EQ(p.getAll("a"), (std::vector<std::string>{"1", "3"}));
  EXPECT_TRUE(p.getAll("zz").empty());
  EXPECT_TRUE(p.has("b"));
  EXPECT_TRUE(p.has("a", "3"));
  EXPECT_FALSE(p.has("a", "2"));
}

TEST(URLSearchParams, Mutations) {
  URLSearchParams p("a=1&b=x+y&a=2&c&=e&%zz=%41");
  p.set("a", "9");
  EXPECT_EQ(p.toString(), "a=9&b=x+y&c=&=e&%25zz=A");
  p.append("d", "\xC3\xA9 ~*");
  EXPECT_EQ(p.toString(), "a=9&b=x+y&c=&=e&%25zz=A&d=%C3%A9+%7E*");
  p.remove("b");
  p.remove("a", "8");  // no such pair
  EXPECT_EQ(p.toString(), "a=9&c=&=e&%25zz=A&d=%C3%A9+%7E*");
  p.set("new", "v");
  EXPECT_EQ(p.get("new"), "v");
}

TEST(URLSearchParams, SortIsStableInUtf16Order) {
  URLSearchParams p{{"z", "1"},
                    {"a", "2"},
                    {"z", "0"},
                    {"\xF0\x9F\x98\x80", "x"},  // U+1F600: a surrogate pair in UTF-16
                    {"\xEF\xBF\xBD", "y"},      // U+FFFD sorts after it
                    {"A", "3"}};
  p.sort();
  EXPECT_EQ(p.entries(), (Pairs{{"A", "3"},
                                {"a", "2"},
                                {"z", "1"},
                                {"z", "0"},
                                {"\xF0\x9F\x98\x80", "x"},
                                {"\xEF\xBF\xBD", "y"}}));
}

TEST(URLSearchParams, IterationAndForEach) {
  URLSearchParams p("a=1&b=2");
  std::vector<std::string> seen;
  p.forEach([&](const std::string& v, const std::string& k, const URLSearchParams& self) {
    seen.push_back(k + "=" + v + ":" + std::to_string(self.size()));
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"a=1:2", "b=2:2"}));
  std::vector<std::string> two;
  p.forEach([&](const std::string& v, const std::string& k) { two.push_back(k + v); });
  EXPECT_EQ(two, (std::vector<std::string>{"a1", "b2"}));
  std::string all;
  for (const auto& [k, v] : p) {
    all += k + v;
  }
  EXPECT_EQ(all, "a1b2");
  EXPECT_EQ(p.keys(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(p.values(), (std::vector<std::string>{"1", "2"}));
}

TEST(URLSearchParams, LiveLinkWithItsUrl) {
  URL u("http://a/?x=1");
  auto& sp = u.searchParams();
  sp.append("y", "2");
  EXPECT_EQ(u.href(), "http://a/?x=1&y=2");
  u.search("?q=a+b");
  EXPECT_EQ(sp.get("q"), "a b");
  u.href("http://b/?r=s");
  EXPECT_EQ(sp.get("r"), "s");
  sp.remove("r");
  EXPECT_EQ(u.href(), "http://b/");  // an empty list removes the '?'
  sp = URLSearchParams("k=v");
  EXPECT_EQ(u.search(), "?k=v");
  URLSearchParams copy = u.searchParams();  // a copy is detached
  copy.append("z", "1");
  EXPECT_EQ(u.search(), "?k=v");
}

TEST(URLSearchParams, ChangingTheListStripsAnOpaquePathsTrailingSpaces) {
  URL d("data:a b ?x");
  d.searchParams().sort();
  EXPECT_EQ(d.href(), "data:a b?x=");
}
