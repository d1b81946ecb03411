#include "api/http/outgoing.h"

#include <algorithm>
#include <charconv>

#include "api/http/text.h"
#include "nodecc/error.h"

namespace nodecc::http::detail {

void throwHeadersSent(const char* what) {
  throw Error("ERR_HTTP_HEADERS_SENT",
              std::string("Cannot ") + what + " headers after they are sent to the client");
}

void checkHeader(std::string_view name, std::string_view value) {
  if (!isToken(name)) {
    throw TypeError("ERR_INVALID_HTTP_TOKEN",
                    "Header name must be a valid HTTP token [\"" + std::string(name) + "\"]");
  }
  if (!isValidHeaderValue(value)) {
    throw TypeError("ERR_INVALID_CHAR",
                    "Invalid character in header content [\"" + std::string(name) + "\"]");
  }
}

std::vector<std::pair<std::string, std::string>> mergeHeaders(
    std::span<const std::pair<std::string, std::string>> headers) {
  std::vector<std::pair<std::string, std::string>> out;
  std::string lower;
  for (const auto& [n, v] : headers) {
    assignLower(lower, n);
    auto it = std::find_if(out.begin(), out.end(), [&](auto& p) { return p.first == lower; });
    if (it != out.end()) {
      it->second += ", " + v;
    } else {
      out.emplace_back(lower, v);
    }
  }
  return out;
}

void appendDecimal(std::string& out, uint64_t v) {
  char buf[20];
  char* const end = buf + sizeof buf;
  const char* start = formatDecimal(end, v);
  out.append(start, size_t(end - start));
}

void appendHex(std::string& out, uint64_t v) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, 16);
  out.append(buf, size_t(end - buf));
}

}  // namespace nodecc::http::detail
