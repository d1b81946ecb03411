// req.headers: get() answers from the raw fields until a repeated field needs the joined map,
// and agrees with the map either way.
#include <gtest/gtest.h>
#include <nodecc/http.h>

#include <string>
#include <vector>

#include "http/exchange.h"

namespace nodecc::http {
namespace {

struct Fields {
  explicit Fields(std::vector<core::OwnedHeader> list)
      : list_(std::move(list)), count_(list_.size()) {}
  std::vector<core::OwnedHeader> list_;
  size_t count_;
  RawHeaders raw = nodecc::detail::Access::make<RawHeaders>(&list_, &count_);
};

TEST(IncomingHttpHeaders, GetReadsASingleFieldWithoutTheMap) {
  Fields f({{"Host", "a"},
            {"X-Forwarded-For", "1.2.3.4"},
            {"Accept", "x"},
            {"accept", "y"},
            {"Cookie", "a=1"},
            {"COOKIE", "b=2"},
            {"Content-Type", "t/1"},
            {"content-type", "t/2"}});
  IncomingHttpHeaders lazy(f.raw);
  EXPECT_EQ(lazy.get("x-forwarded-for"), "1.2.3.4");
  EXPECT_EQ(lazy.get("X-FORWARDED-FOR"), "1.2.3.4");
  EXPECT_EQ(lazy.get("missing"), std::nullopt);
  // Repeated fields are joined as Node joins them.
  EXPECT_EQ(lazy.get("accept"), "x, y");
  EXPECT_EQ(lazy.get("cookie"), "a=1; b=2");
  EXPECT_EQ(lazy.get("content-type"), "t/1");
  // Once the map exists, the answers are the same.
  IncomingHttpHeaders built(f.raw);
  EXPECT_EQ(built.size(), 5u);
  for (const char* name : {"host", "X-Forwarded-For", "accept", "cookie", "content-type", "no"}) {
    EXPECT_EQ(built.get(name), IncomingHttpHeaders(f.raw).get(name)) << name;
  }
}

TEST(IncomingHttpHeaders, ARecycledRequestIsReadAfresh) {
  Fields f(std::vector<core::OwnedHeader>{{"X-A", "1"}});
  IncomingHttpHeaders h(f.raw);
  EXPECT_EQ(h.size(), 1u);
  f.list_ = {{"X-A", "2"}, {"X-A", "3"}};
  f.count_ = 2;
  h.invalidate();
  EXPECT_EQ(h.get("x-a"), "2, 3");
  f.list_ = {{"X-A", "4"}};
  f.count_ = 1;
  h.invalidate();
  EXPECT_EQ(h.get("x-a"), "4");
}

}  // namespace
}  // namespace nodecc::http
