#include "os/errno_table.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <set>
#include <string>

namespace nodecc::os::core {
namespace {

TEST(ErrnoTable, NamesAnErrnoOfEitherSign) {
  EXPECT_EQ(errnoName(-ENOENT), "ENOENT");
  EXPECT_EQ(errnoName(ENOENT), "ENOENT");
  EXPECT_EQ(errnoName(-ECONNRESET), "ECONNRESET");
  EXPECT_EQ(errnoName(-EADDRINUSE), "EADDRINUSE");
}

TEST(ErrnoTable, GivesLibuvMessages) {
  // Node prints libuv's wording, not strerror's ("No such file or directory").
  EXPECT_EQ(errnoMessage(-ENOENT), "no such file or directory");
  EXPECT_EQ(errnoMessage(ENOENT), "no such file or directory");
  EXPECT_EQ(errnoMessage(-EADDRINUSE), "address already in use");
  EXPECT_EQ(errnoMessage(-ECANCELED), "operation canceled");
  EXPECT_EQ(errnoMessage(-EPIPE), "broken pipe");
}

TEST(ErrnoTable, UnknownErrnoIsUnknown) {
  EXPECT_EQ(errnoName(-9999), "UNKNOWN");
  EXPECT_EQ(errnoMessage(-9999), "unknown error");
  EXPECT_EQ(errnoName(0), "UNKNOWN");
  EXPECT_EQ(errnoMessage(0), "unknown error");
}

TEST(ErrnoTable, NameMapsBackToNegativeErrno) {
  EXPECT_EQ(errnoFromName("ENOENT"), -ENOENT);
  EXPECT_EQ(errnoFromName("EAGAIN"), -EAGAIN);
  EXPECT_EQ(errnoFromName("NOT_AN_ERRNO"), 0);
  EXPECT_EQ(errnoFromName(""), 0);
  EXPECT_EQ(errnoFromName("enoent"), 0);  // names are case-sensitive, as Node's codes
}

TEST(ErrnoTable, EveryEntryRoundTripsAndHasAMessage) {
  std::set<std::string> names;
#define NODECC_CHECK_ENTRY(name, msg)                   \
  EXPECT_EQ(errnoName(-name), #name);                   \
  EXPECT_EQ(errnoMessage(-name), msg);                  \
  EXPECT_EQ(errnoFromName(#name), -name) << #name;      \
  EXPECT_FALSE(std::string_view(msg).empty()) << #name; \
  names.insert(#name);
  NODECC_ERRNO_TABLE(NODECC_CHECK_ENTRY)
#undef NODECC_CHECK_ENTRY
  EXPECT_GE(names.size(), 50u);
}

}  // namespace
}  // namespace nodecc::os::core
