// Entity tags and RFC 9110 §13.2.2's order of evaluation.
#include "static/preconditions.h"

#include <gtest/gtest.h>

#include <string>

#include "static/entity_tag.h"

namespace nodecc::staticfiles::core {
namespace {

constexpr std::string_view kTag = "\"5f5e1000-d\"";
constexpr int64_t kMtime = 0x5f5e1000;  // Sun, 13 Sep 2020 12:26:40 GMT
const Validators kV{kTag, kMtime};
constexpr std::string_view kAt = "Sun, 13 Sep 2020 12:26:40 GMT";
constexpr std::string_view kBefore = "Sun, 13 Sep 2020 12:26:39 GMT";
constexpr std::string_view kAfter = "Sun, 13 Sep 2020 12:26:41 GMT";

TEST(EntityTag, NginxForm) {
  char buf[kMaxEntityTagLength];
  size_t n = formatEntityTag(kMtime, 13, buf);
  EXPECT_EQ(std::string(buf, n), kTag);
  n = formatEntityTag(INT64_MAX, UINT64_MAX, buf);
  EXPECT_EQ(std::string(buf, n), "\"7fffffffffffffff-ffffffffffffffff\"");
}

TEST(EntityTag, WeakAndStrongListMatching) {
  EXPECT_TRUE(entityTagListMatches(kTag, kTag, true));
  EXPECT_TRUE(entityTagListMatches(kTag, kTag, false));
  EXPECT_TRUE(entityTagListMatches("W/\"5f5e1000-d\"", kTag, true));
  EXPECT_FALSE(entityTagListMatches("W/\"5f5e1000-d\"", kTag, false));
  EXPECT_TRUE(entityTagListMatches("\"a\", \"5f5e1000-d\"", kTag, true));
  EXPECT_TRUE(entityTagListMatches(" , \"a,b\" ,\t\"5f5e1000-d\" ", kTag, true));
  EXPECT_TRUE(entityTagListMatches(" * ", kTag, false));
  EXPECT_FALSE(entityTagListMatches("\"5f5e1000-e\"", kTag, true));
  EXPECT_FALSE(entityTagListMatches("5f5e1000-d", kTag, true));  // unquoted: malformed
  EXPECT_FALSE(entityTagListMatches("\"5f5e1000-d", kTag, true));
  EXPECT_FALSE(entityTagListMatches("", kTag, true));
  EXPECT_FALSE(entityTagListMatches("*, \"x\"", kTag, true));
}

Precondition eval(FieldValue im, FieldValue inm, FieldValue ims, FieldValue ius) {
  return evaluatePreconditions({im, inm, ims, ius}, kV);
}

constexpr FieldValue kNone{};

TEST(Preconditions, NoConditionsProceed) {
  EXPECT_EQ(eval(kNone, kNone, kNone, kNone), Precondition::kProceed);
}

TEST(Preconditions, IfNoneMatchGives304OrProceeds) {
  EXPECT_EQ(eval(kNone, kTag, kNone, kNone), Precondition::kNotModified);
  EXPECT_EQ(eval(kNone, "*", kNone, kNone), Precondition::kNotModified);
  EXPECT_EQ(eval(kNone, "\"other\"", kNone, kNone), Precondition::kProceed);
}

TEST(Preconditions, IfModifiedSinceComparesDates) {
  EXPECT_EQ(eval(kNone, kNone, kAt, kNone), Precondition::kNotModified);
  EXPECT_EQ(eval(kNone, kNone, kAfter, kNone), Precondition::kNotModified);
  EXPECT_EQ(eval(kNone, kNone, kBefore, kNone), Precondition::kProceed);
  EXPECT_EQ(eval(kNone, kNone, "garbage", kNone), Precondition::kProceed);
}

TEST(Preconditions, IfNoneMatchTakesPrecedenceOverIfModifiedSince) {
  // A non-matching If-None-Match wins even though the date alone would give 304.
  EXPECT_EQ(eval(kNone, "\"other\"", kAfter, kNone), Precondition::kProceed);
  EXPECT_EQ(eval(kNone, kTag, kBefore, kNone), Precondition::kNotModified);
}

TEST(Preconditions, IfMatchFailureIs412) {
  EXPECT_EQ(eval("\"other\"", kNone, kNone, kNone), Precondition::kPreconditionFailed);
  EXPECT_EQ(eval("W/\"5f5e1000-d\"", kNone, kNone, kNone), Precondition::kPreconditionFailed);
  EXPECT_EQ(eval(kTag, kNone, kNone, kNone), Precondition::kProceed);
  EXPECT_EQ(eval("*", kNone, kNone, kNone), Precondition::kProceed);
}

TEST(Preconditions, IfUnmodifiedSinceOnlyWithoutIfMatch) {
  EXPECT_EQ(eval(kNone, kNone, kNone, kBefore), Precondition::kPreconditionFailed);
  EXPECT_EQ(eval(kNone, kNone, kNone, kAt), Precondition::kProceed);
  EXPECT_EQ(eval(kNone, kNone, kNone, "bad date"), Precondition::kProceed);
  // A matching If-Match makes If-Unmodified-Since irrelevant.
  EXPECT_EQ(eval(kTag, kNone, kNone, kBefore), Precondition::kProceed);
}

TEST(Preconditions, FailedIfMatchBeatsMatchingIfNoneMatch) {
  EXPECT_EQ(eval("\"other\"", kTag, kNone, kNone), Precondition::kPreconditionFailed);
  EXPECT_EQ(eval(kNone, kTag, kNone, kBefore), Precondition::kPreconditionFailed);
}

TEST(IfRange, EntityTagOrExactDate) {
  EXPECT_TRUE(ifRangeHolds(kNone, kV));
  EXPECT_TRUE(ifRangeHolds(kTag, kV));
  EXPECT_FALSE(ifRangeHolds("\"other\"", kV));
  EXPECT_FALSE(ifRangeHolds("W/\"5f5e1000-d\"", kV));
  EXPECT_TRUE(ifRangeHolds(kAt, kV));
  EXPECT_FALSE(ifRangeHolds(kAfter, kV));
  EXPECT_FALSE(ifRangeHolds(kBefore, kV));
  EXPECT_FALSE(ifRangeHolds("not a date", kV));
}

}  // namespace
}  // namespace nodecc::staticfiles::core
