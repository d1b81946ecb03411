#pragma once
// One-shot wrappers around parseRequest/parseResponse for tests. A result's views point into
// the input: a string_view or literal input is parsed in place (the caller keeps it alive; the
// guard-page tests rely on that), a temporary std::string is kept alive by the result.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "http/parser.h"

namespace nodecc::http::core::testing {

constexpr size_t kTestHeaderSlots = 64;
constexpr int kAccepted = 0;
constexpr int kNeedMore = -1;

struct RequestResult {
  std::shared_ptr<const std::string> input;  // set when the result owns its input
  ssize_t n = 0;
  RequestHead head;
  std::vector<Header> headers;
  ParseError err;

  // kAccepted, kNeedMore, or the error status.
  int outcome() const { return n > 0 ? kAccepted : n == 0 ? kNeedMore : err.status; }
  std::string_view header(std::string_view name) const {
    for (const Header& h : headers) {
      if (h.name == name) {
        return h.value;
      }
    }
    return "<absent>";
  }
};

inline RequestResult parseReqIn(std::string_view s, const ParserLimits& limits, size_t slots) {
  RequestResult r;
  std::vector<Header> h(slots);
  r.n = parseRequest(s, 0, r.head, h.data(), slots, limits, &r.err);
  if (r.n > 0) {
    h.resize(r.head.headerCount);
    r.headers = h;
  }
  return r;
}

inline RequestResult parseReq(std::string_view s, const ParserLimits& limits = {},
                              size_t slots = kTestHeaderSlots) {
  return parseReqIn(s, limits, slots);
}
inline RequestResult parseReq(const char* s, const ParserLimits& limits = {},
                              size_t slots = kTestHeaderSlots) {
  return parseReqIn(s, limits, slots);
}
inline RequestResult parseReq(std::string&& s, const ParserLimits& limits = {},
                              size_t slots = kTestHeaderSlots) {
  auto input = std::make_shared<const std::string>(std::move(s));
  RequestResult r = parseReqIn(*input, limits, slots);
  r.input = std::move(input);
  return r;
}

inline int requestOutcome(std::string_view s, const ParserLimits& limits = {}) {
  return parseReqIn(s, limits, kTestHeaderSlots).outcome();
}

struct ResponseResult {
  std::shared_ptr<const std::string> input;
  ssize_t n = 0;
  ResponseHead head;
  std::vector<Header> headers;
  ParseError err;
  int outcome() const { return n > 0 ? kAccepted : n == 0 ? kNeedMore : err.status; }
};

inline ResponseResult parseResIn(std::string_view s, const ParserLimits& limits) {
  ResponseResult r;
  std::vector<Header> h(kTestHeaderSlots);
  r.n = parseResponse(s, 0, r.head, h.data(), h.size(), limits, &r.err);
  if (r.n > 0) {
    h.resize(r.head.headerCount);
    r.headers = h;
  }
  return r;
}

inline ResponseResult parseRes(std::string_view s, const ParserLimits& limits = {}) {
  return parseResIn(s, limits);
}
inline ResponseResult parseRes(const char* s, const ParserLimits& limits = {}) {
  return parseResIn(s, limits);
}
inline ResponseResult parseRes(std::string&& s, const ParserLimits& limits = {}) {
  auto input = std::make_shared<const std::string>(std::move(s));
  ResponseResult r = parseResIn(*input, limits);
  r.input = std::move(input);
  return r;
}

// "GET / HTTP/1.1\r\nHost: h\r\n" + extra + "\r\n"
inline std::string getWith(std::string_view extra) {
  return "GET / HTTP/1.1\r\nHost: h\r\n" + std::string(extra) + "\r\n";
}

}  // namespace nodecc::http::core::testing
