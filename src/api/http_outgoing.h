#pragma once
// What Node's OutgoingMessage gives both ServerResponse and ClientRequest: header validation
// with Node's errors, getHeaders() merging, and the number formatting of a message head.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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
FramingField framingField(std::string_view name);
void appendHex(std::string& out, uint64_t v);

}  // namespace nodecc::http::detail
