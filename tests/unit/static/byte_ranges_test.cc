#include "static/byte_ranges.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace nodecc::staticfiles::core {
namespace {

using Pairs = std::vector<std::pair<uint64_t, uint64_t>>;

std::pair<RangeOutcome, Pairs> parse(std::string_view h, uint64_t size) {
  RangeSet set;
  RangeOutcome o = parseRange(h, size, &set);
  Pairs p;
  for (size_t i = 0; i < set.count; ++i) {
    p.emplace_back(set.ranges[i].first, set.ranges[i].last);
  }
  return {o, p};
}

TEST(ByteRanges, SingleForms) {
  EXPECT_EQ(parse("bytes=0-9", 100).second, (Pairs{{0, 9}}));
  EXPECT_EQ(parse("bytes=90-", 100).second, (Pairs{{90, 99}}));
  EXPECT_EQ(parse("bytes=-10", 100).second, (Pairs{{90, 99}}));
  EXPECT_EQ(parse("bytes=-1000", 100).second, (Pairs{{0, 99}}));
  EXPECT_EQ(parse("bytes=50-1000", 100).second, (Pairs{{50, 99}}));
  EXPECT_EQ(parse("BYTES=0-0", 100).second, (Pairs{{0, 0}}));
  EXPECT_EQ(parse("bytes=99-99", 100).first, RangeOutcome::kSatisfiable);
}

TEST(ByteRanges, UnsatisfiableRanges) {
  EXPECT_EQ(parse("bytes=100-", 100).first, RangeOutcome::kUnsatisfiable);
  EXPECT_EQ(parse("bytes=100-200", 100).first, RangeOutcome::kUnsatisfiable);
  EXPECT_EQ(parse("bytes=-0", 100).first, RangeOutcome::kUnsatisfiable);
  EXPECT_EQ(parse("bytes=200-300, 400-", 100).first, RangeOutcome::kUnsatisfiable);
  EXPECT_EQ(parse("bytes=99999999999999999999999-", 100).first, RangeOutcome::kUnsatisfiable);
}

TEST(ByteRanges, UnsatisfiableMembersOfASetAreDropped) {
  EXPECT_EQ(parse("bytes=200-300, 0-4", 100).second, (Pairs{{0, 4}}));
}

TEST(ByteRanges, SyntaxErrorsAreIgnored) {
  for (const char* h :
       {"", "bytes", "bytes=", "bytes=,", "bits=0-1", "bytes = 0-1", "bytes=a-b", "bytes=5-1",
        "bytes=1", "bytes=--1", "bytes=0-1;x", "bytes=0-1 2-3", "bytes=-", "bytes=1-2,x"}) {
    EXPECT_EQ(parse(h, 100).first, RangeOutcome::kIgnore) << h;
  }
}

TEST(ByteRanges, EmptyRepresentationIgnoresRange) {
  EXPECT_EQ(parse("bytes=0-", 0).first, RangeOutcome::kIgnore);
  EXPECT_EQ(parse("bytes=-5", 0).first, RangeOutcome::kIgnore);
}

TEST(ByteRanges, SeveralRangesSortedAndKeptApart) {
  auto [o, p] = parse("bytes=500-599, 0-99,  300-399", 1000);
  EXPECT_EQ(o, RangeOutcome::kSatisfiable);
  EXPECT_EQ(p, (Pairs{{0, 99}, {300, 399}, {500, 599}}));
}

TEST(ByteRanges, OverlappingAndNearRangesCoalesce) {
  EXPECT_EQ(parse("bytes=0-99,50-150", 1000).second, (Pairs{{0, 150}}));
  EXPECT_EQ(parse("bytes=0-99,100-199", 1000).second, (Pairs{{0, 199}}));
  EXPECT_EQ(parse("bytes=0-99,150-199", 1000).second, (Pairs{{0, 199}}));  // gap 50 < overhead
  EXPECT_EQ(parse("bytes=0-0,0-0,0-0,0-0", 1000).second, (Pairs{{0, 0}}));
  EXPECT_EQ(parse("bytes=-10,0-", 1000).second, (Pairs{{0, 999}}));
}

TEST(ByteRanges, TooManyRangeSpecsAreIgnored) {
  std::string h = "bytes=";
  for (size_t i = 0; i < kMaxRangeSpecs; ++i) {
    h += std::to_string(i * 1000) + "-" + std::to_string(i * 1000 + 1) + ",";
  }
  EXPECT_EQ(parse(h, 1000000).first, RangeOutcome::kSatisfiable);
  EXPECT_EQ(parse(h, 1000000).second.size(), kMaxRangeSpecs);
  h += "999000-999001";
  EXPECT_EQ(parse(h, 1000000).first, RangeOutcome::kIgnore);
}

}  // namespace
}  // namespace nodecc::staticfiles::core
