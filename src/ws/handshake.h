#pragma once
// The opening handshake's computations (RFC 6455 §4), as the `ws` package does them. The HTTP
// exchange itself (status, Upgrade/Connection checks, writing the 101) is the caller's.
#include <string>
#include <string_view>
#include <vector>

namespace nodecc::ws::core {

// Sec-WebSocket-Accept for a Sec-WebSocket-Key: base64(SHA-1(key + the RFC's GUID)).
std::string acceptKey(std::string_view secWebSocketKey);

// A Sec-WebSocket-Key ws accepts: 22 base64 characters then "==" (16 bytes encoded), checked
// as ws checks it (/^[+/0-9A-Za-z]{22}==$/); the server answers 400 otherwise.
bool isValidKey(std::string_view key);

// Parses Sec-WebSocket-Protocol as ws's subprotocol.parse: tokens separated by commas with
// optional spaces/tabs around them. Appends views into `header` to out, in order. False (out
// then holds what was parsed so far) on a syntax error, an empty header, or a duplicate token;
// ws answers 400 "Invalid Sec-WebSocket-Protocol header" to those.
bool parseProtocols(std::string_view header, std::vector<std::string_view>& out);

// A fresh Sec-WebSocket-Key for a client: 16 bytes from OpenSSL's CSPRNG, base64 (24 chars).
std::string makeClientKey();

// RFC 7230's token characters (ws's tokenChars), for the header parsers here and in extensions.
bool isTokenChar(unsigned char c);

}  // namespace nodecc::ws::core
