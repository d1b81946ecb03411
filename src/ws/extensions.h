#pragma once
// Sec-WebSocket-Extensions (RFC 6455 §9.1) parsed and formatted as the `ws` package's
// lib/extension.js does, and the permessage-deflate negotiation (RFC 7692 §7.1) as its
// lib/permessage-deflate.js does (offer, acceptAsServer, acceptAsClient, normalizeParams), with
// ws's error messages.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nodecc::ws::core {

struct ExtensionParam {
  std::string name;
  std::string value;  // unquoted and unescaped; empty when the parameter has no value
  bool hasValue = false;
};

struct ExtensionOffer {
  std::string name;
  std::vector<ExtensionParam> params;  // in header order, repeated names kept
};

// Appends the header's extensions, in order, to out. False on a syntax error (ws's parse throws
// "Unexpected character at index N" / "Unexpected end of input"): tokens, ';'-separated params,
// ','-separated extensions, optional spaces/tabs, values as tokens or quoted strings whose
// content (after unescaping) is token characters.
bool parseExtensions(std::string_view header, std::vector<ExtensionOffer>& out);

// "name; param; param=value, other" as ws's format (values written unquoted).
std::string formatExtensions(const std::vector<ExtensionOffer>& extensions);

// ws's `false` for a max_window_bits option (DeflateOptions): see there.
inline constexpr int kWindowBitsFalse = -1;

// ws's perMessageDeflate options that matter on the wire, mapped from JavaScript's values:
//   serverNoContextTakeover / clientNoContextTakeover: true as in ws; false is ws's default
//     (undefined). ws's explicit `false`, which refuses the parameter, is refuse* below.
//   serverMaxWindowBits / clientMaxWindowBits: 0 is ws's undefined (and, for a client's
//     clientMaxWindowBits, ws's true: offer the parameter without a value), 8..15 a number,
//     kWindowBitsFalse ws's false (a server declines offers with server_max_window_bits and
//     leaves client_max_window_bits out of its answer; a client does not offer
//     client_max_window_bits and rejects a response that sets it).
//
// A server with clientNoContextTakeover = true puts client_no_context_takeover in every answer,
// offered or not (ws does; RFC 7692 §7.1.1.1 allows it). The client then resets its context
// per message and this server inflates with the per-thread shared stream (deflate.h): the
// setting for servers with many idle compressed connections, which then hold no inflate window.
struct DeflateOptions {
  bool serverNoContextTakeover = false;
  bool clientNoContextTakeover = false;
  int serverMaxWindowBits = 0;
  int clientMaxWindowBits = 0;
  size_t threshold = 1024;  // ws's: a message below it is sent uncompressed (Sender's rule)
  int level = -1;           // zlib's default (6)
  int memLevel = 8;
  bool refuseServerNoContextTakeover = false;  // ws's serverNoContextTakeover: false
  bool refuseClientNoContextTakeover = false;  // ws's clientNoContextTakeover: false
};

// What was agreed. A window of 15 when the answer did not name one.
struct DeflateParams {
  bool serverNoContextTakeover = false;
  bool clientNoContextTakeover = false;
  int serverMaxWindowBits = 15;
  int clientMaxWindowBits = 15;
};

// A negotiation's outcome: params when permessage-deflate was agreed; otherwise no extension,
// or, when error is not empty, ws's message for a failed handshake.
struct DeflateNegotiation {
  std::optional<DeflateParams> params;
  std::string_view error;
};

// Server: the request's Sec-WebSocket-Extensions value. The first acceptable permessage-deflate
// offer is taken (as acceptAsServer); other extensions are ignored. No permessage-deflate offer:
// neither params nor error. A malformed header, an offer with an unknown, repeated or invalid
// parameter, or no acceptable offer: error = "Invalid or unacceptable Sec-WebSocket-Extensions
// header", which ws answers with a 400 (it does not fall back to no extension).
DeflateNegotiation negotiateDeflateOffer(std::string_view header, const DeflateOptions& options);

// The server's Sec-WebSocket-Extensions answer for what was agreed: "permessage-deflate" and
// the parameters that differ from the defaults.
std::string formatDeflateResponse(const DeflateParams& params);

// Client: the Sec-WebSocket-Extensions offer for the options (ws's offer()), e.g.
// "permessage-deflate; client_max_window_bits".
std::string formatDeflateOffer(const DeflateOptions& options);

// Client: the server's Sec-WebSocket-Extensions answer (when it sent one), validated as ws's
// client does. errors (ws aborts the handshake with them): "Invalid Sec-WebSocket-Extensions
// header" (malformed, invalid parameter, a parameter the options refuse), "Server indicated an
// extension that was not requested" (anything but permessage-deflate). A client that offered
// nothing and gets the header fails with ws's "Server sent a Sec-WebSocket-Extensions header but
// no extension was requested": that check is the caller's.
DeflateNegotiation acceptDeflateResponse(std::string_view header, const DeflateOptions& options);

}  // namespace nodecc::ws::core
