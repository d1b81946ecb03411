#include "static/http_date.h"

#include <gtest/gtest.h>

#include <ctime>
#include <string>

namespace nodecc::staticfiles::core {
namespace {

std::string format(int64_t t) {
  char buf[kHttpDateLength];
  formatHttpDate(t, buf);
  return std::string(buf, kHttpDateLength);
}

TEST(HttpDate, FormatsImfFixdate) {
  EXPECT_EQ(format(784111777), "Sun, 06 Nov 1994 08:49:37 GMT");
  EXPECT_EQ(format(0), "Thu, 01 Jan 1970 00:00:00 GMT");
  EXPECT_EQ(format(951782400), "Tue, 29 Feb 2000 00:00:00 GMT");
  EXPECT_EQ(format(4102444799), "Thu, 31 Dec 2099 23:59:59 GMT");
}

TEST(HttpDate, FormatAgreesWithGmtimeOverManyDays) {
  for (int64_t t = 0; t < 4102444800; t += 86400 * 37 + 3671) {
    time_t tt = time_t(t);
    tm g{};
    gmtime_r(&tt, &g);
    char want[64];
    strftime(want, sizeof want, "%a, %d %b %Y %H:%M:%S GMT", &g);
    ASSERT_EQ(format(t), want) << t;
  }
}

TEST(HttpDate, ParsesTheThreeForms) {
  int64_t t = 0;
  ASSERT_TRUE(parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT", &t));
  EXPECT_EQ(t, 784111777);
  ASSERT_TRUE(parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT", &t));
  EXPECT_EQ(t, 784111777);
  ASSERT_TRUE(parseHttpDate("Sun Nov  6 08:49:37 1994", &t));
  EXPECT_EQ(t, 784111777);
  ASSERT_TRUE(parseHttpDate("Thu Nov 16 08:49:37 1994", &t));
  EXPECT_EQ(t, 784111777 + 10 * 86400);
}

TEST(HttpDate, RoundTrips) {
  for (int64_t t : {int64_t(0), int64_t(1700000000), int64_t(2147483647), int64_t(4000000000)}) {
    int64_t back = -1;
    ASSERT_TRUE(parseHttpDate(format(t), &back));
    EXPECT_EQ(back, t);
  }
}

TEST(HttpDate, RejectsMalformedDates) {
  int64_t t;
  for (const char* s :
       {"", "yesterday", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 UTC",
        "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
        "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 29 Feb 1900 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:49:37 GMT ", "1994-11-06T08:49:37Z",
        "Sun, 06 Nov 1994 08:49:37 GMTx"}) {
    EXPECT_FALSE(parseHttpDate(s, &t)) << s;
  }
}

}  // namespace
}  // namespace nodecc::staticfiles::core
