#include "recorder/config.h"

#include <gtest/gtest.h>

namespace nodecc::recorder::core {
namespace {

TEST(RecordConfig, OffAndEmptyRecordNothing) {
  RecordConfig c;
  std::string err;
  ASSERT_TRUE(parseRecordConfig("off", &c, &err));
  EXPECT_EQ(c.mode, RecordConfig::Mode::kOff);
  ASSERT_TRUE(parseRecordConfig("", &c, &err));
  EXPECT_EQ(c.mode, RecordConfig::Mode::kOff);
}

TEST(RecordConfig, RingTakesASizeWithUnitAndOptions) {
  RecordConfig c;
  std::string err;
  ASSERT_TRUE(parseRecordConfig("ring:64M,path=/tmp/x.trace,writes", &c, &err)) << err;
  EXPECT_EQ(c.mode, RecordConfig::Mode::kRing);
  EXPECT_EQ(c.ringBytes, 64u << 20);
  EXPECT_EQ(c.path, "/tmp/x.trace");
  EXPECT_TRUE(c.writes);
}

TEST(RecordConfig, FileTakesAPathAndRotation) {
  RecordConfig c;
  std::string err;
  ASSERT_TRUE(parseRecordConfig("file:/var/tmp/a.trace,rotate=1G", &c, &err)) << err;
  EXPECT_EQ(c.mode, RecordConfig::Mode::kFile);
  EXPECT_EQ(c.path, "/var/tmp/a.trace");
  EXPECT_EQ(c.rotateBytes, 1u << 30);
}

TEST(RecordConfig, RejectsMalformedSpecsWithAReason) {
  RecordConfig c;
  for (const char* bad : {"ring", "ring:", "ring:12", "ring:64X", "ring:64M,rotate=1M",
                          "file:", "file:/a,rotate=1", "tape:/x", "ring:64M,bogus"}) {
    std::string err;
    EXPECT_FALSE(parseRecordConfig(bad, &c, &err)) << bad;
    EXPECT_FALSE(err.empty()) << bad;
  }
}

}  // namespace
}  // namespace nodecc::recorder::core
