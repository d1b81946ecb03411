#pragma once
// HTTP/1.1 framing for replay-diff: where a message's head ends, its header fields, and a
// chunked body. Pure functions over bytes, shared by the splitting of recorded requests
// (recorded_requests.h) and the reading of live responses (response_reader.h). Lenient where
// a server would be strict: they cut bytes into messages, the server under test judges them.
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace nodecc::cli {

using HeaderList = std::vector<std::pair<std::string, std::string>>;  // names lower-cased

// Offset just past the blank line that ends a head starting at `data`, or npos when the
// bytes hold no complete head yet.
size_t headEnd(std::string_view data);

// Splits a complete head (headEnd's bytes) into its start line and fields.
void parseHead(std::string_view head, std::string* startLine, HeaderList* headers);

// The values of every field named `name` (lower case), joined by ", "; empty when none.
std::string headerValue(const HeaderList& headers, std::string_view name);
bool hasHeader(const HeaderList& headers, std::string_view name);
// True when the comma-separated field `name` holds `token` (case-insensitive).
bool headerHasToken(const HeaderList& headers, std::string_view name, std::string_view token);

enum class BodyParse { kDone, kIncomplete, kInvalid };

// A chunked body at the start of `data`: on kDone, `*consumed` is its length on the wire
// (trailers included) and `*decoded` its payload.
BodyParse chunkedBody(std::string_view data, size_t* consumed, std::string* decoded);

// Bytes as a printable excerpt: control bytes and backticks as \xNN, CR and LF as \r and \n.
std::string printable(std::string_view bytes, size_t limit);

}  // namespace nodecc::cli
