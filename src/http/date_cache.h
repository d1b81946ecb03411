#pragma once
// The Date header value (IMF-fixdate, RFC 9110 5.6.7), formatted at most once per second per
// thread: every response of that second reuses the same 29 bytes.
#include <cstdint>
#include <string_view>

namespace nodecc::http::core {

// "Sun, 06 Nov 1994 08:49:37 GMT" for the current second.
std::string_view httpDate();

// The same text read against the loop's cached time (Loop::now(), milliseconds): the wall clock
// is read only when the second the cache holds may have ended, not once per response, and
// `validUntilMs` says until which loop time the text stays current (callers that cache lines
// built around it rebuild them then). The date may lag by as long as the loop iteration has
// run so far.
struct HttpDateStamp {
  std::string_view text;
  int64_t validUntilMs;
};
HttpDateStamp httpDateStamp(int64_t loopNowMs);

}  // namespace nodecc::http::core
