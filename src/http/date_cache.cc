#include "http/date_cache.h"

#include <cstdio>
#include <ctime>

#include "os/clock.h"

namespace nodecc::http::core {

namespace {
struct DateCache {
  long second = -1;
  int64_t validUntilMs = 0;  // loop time at which `second` may have ended (httpDateStamp)
  char text[32];
};
thread_local DateCache tCache;

void format(long second) {
  if (second == tCache.second) {
    return;
  }
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  time_t t = second;
  tm g;
  gmtime_r(&t, &g);
  std::snprintf(tCache.text, sizeof tCache.text, "%s, %02d %s %04d %02d:%02d:%02d GMT",
                kDays[g.tm_wday], g.tm_mday, kMonths[g.tm_mon], g.tm_year + 1900, g.tm_hour,
                g.tm_min, g.tm_sec);
  tCache.second = second;
}

}  // namespace

std::string_view httpDate() {
  format(long(os::core::wallClockSeconds()));
  return {tCache.text, 29};
}

HttpDateStamp httpDateStamp(int64_t loopNowMs) {
  if (loopNowMs >= tCache.validUntilMs) {
    const int64_t wallMs = os::core::wallClockMs();
    format(long(wallMs / 1000));
    tCache.validUntilMs = loopNowMs + (1000 - wallMs % 1000);
  }
  return {std::string_view(tCache.text, 29), tCache.validUntilMs};
}

}  // namespace nodecc::http::core
