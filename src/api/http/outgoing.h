#pragma once
// What Node's OutgoingMessage gives both ServerResponse and ClientRequest: header validation
// with Node's errors, getHeaders() merging, and the number formatting of a message head.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "api/http/text.h"

namespace nodecc::http::detail {

// Throws Error ERR_HTTP_HEADERS_SENT ("Cannot <what> headers after they are sent...").
[[noreturn]] void throwHeadersSent(const char* what);
// Throws TypeError ERR_INVALID_HTTP_TOKEN or ERR_INVALID_CHAR as Node's validateHeader*.
void checkHeader(std::string_view name, std::string_view value);
// getHeaders(): lower-cased names, each once, values of repeated names joined with ", ".
std::vector<std::pair<std::string, std::string>> mergeHeaders(
    std::span<const std::pair<std::string, std::string>> headers);
void appendDecimal(std::string& out, uint64_t v);

// The header fields Node's _storeHeader looks for while it writes a head, by name (any case).
enum class FramingField : uint8_t {
  kOther,
  kDate,
  kTrailer,
  kConnection,
  kContentLength,
  kTransferEncoding,
};
inline FramingField framingField(std::string_view name) {
  // The length first: most names match none of these and leave after one compare.
  switch (name.size()) {
    case 4:
      return equalsIgnoreCase(name, "date") ? FramingField::kDate : FramingField::kOther;
    case 7:
      return equalsIgnoreCase(name, "trailer") ? FramingField::kTrailer : FramingField::kOther;
    case 10:
      return equalsIgnoreCase(name, "connection") ? FramingField::kConnection
                                                  : FramingField::kOther;
    case 14:
      return equalsIgnoreCase(name, "content-length") ? FramingField::kContentLength
                                                      : FramingField::kOther;
    case 17:
      return equalsIgnoreCase(name, "transfer-encoding") ? FramingField::kTransferEncoding
                                                         : FramingField::kOther;
    default:
      return FramingField::kOther;
  }
}

void appendHex(std::string& out, uint64_t v);

}  // namespace nodecc::http::detail
