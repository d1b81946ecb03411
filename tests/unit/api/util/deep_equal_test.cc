// isDeepStrictEqual across C++ types that stand for the same JavaScript values.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <array>
#include <list>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace nodecc {
namespace {

using util::isDeepStrictEqual;

TEST(DeepEqual, ComparesContainersOfDifferentTypesByValue) {
  EXPECT_TRUE(isDeepStrictEqual(std::vector<int>{1, 2}, std::array<double, 2>{1, 2}));
  EXPECT_TRUE(isDeepStrictEqual(std::list<int>{1, 2}, std::vector<long>{1, 2}));
  EXPECT_TRUE(isDeepStrictEqual(std::map<std::string, int>{{"a", 1}, {"b", 2}},
                                std::unordered_map<std::string, int>{{"b", 2}, {"a", 1}}));
  EXPECT_TRUE(isDeepStrictEqual(std::set<int>{1, 2}, std::unordered_set<int>{2, 1}));
  EXPECT_FALSE(isDeepStrictEqual(std::vector<int>{1}, std::set<int>{1}));
}

TEST(DeepEqual, SeesThroughHolders) {
  EXPECT_TRUE(isDeepStrictEqual(std::optional<int>(3), 3));
  EXPECT_TRUE(isDeepStrictEqual(std::optional<int>(), undefined));
  EXPECT_FALSE(isDeepStrictEqual(std::optional<int>(), nullptr));
  EXPECT_TRUE(isDeepStrictEqual(std::make_shared<std::string>("x"), "x"));
  EXPECT_TRUE(isDeepStrictEqual(std::shared_ptr<int>(), nullptr));
  EXPECT_TRUE(isDeepStrictEqual(std::variant<int, std::string>(2), 2.0));
}

TEST(DeepEqual, ComparesIntegersExactlyAndFloatsAsObjectIs) {
  EXPECT_FALSE(isDeepStrictEqual(uint64_t(1) << 63, int64_t(-1)));
  EXPECT_TRUE(isDeepStrictEqual(uint64_t(5), int8_t(5)));
  EXPECT_FALSE(isDeepStrictEqual(0.0f, -0.0));
  EXPECT_TRUE(isDeepStrictEqual(NAN, NAN));
}

TEST(DeepEqual, ComparesErrorFields) {
  Error a = Error::fromErrno(-2, "open", "x");
  Error b = Error::fromErrno(-2, "open", "x");
  Error c = Error::fromErrno(-2, "open", "y");
  EXPECT_TRUE(isDeepStrictEqual(a, b));
  EXPECT_FALSE(isDeepStrictEqual(a, c));
}

}  // namespace
}  // namespace nodecc
