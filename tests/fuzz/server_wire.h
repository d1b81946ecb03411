#pragma once
// The two oracles of the whole-server fuzz target (server_fuzz.cc), as pure functions:
//   - what a client's byte stream asks for: its requests as the HTTP/1.1 parser reads them
//     when it has the whole stream at once (no reads, no splits, no server state);
//   - whether the bytes a client received are a well-formed sequence of HTTP/1.1 responses
//     that answer what the handler was asked, in order, each at most once.
// Both abort (with a message) when a property is violated.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http/parse_types.h"

namespace fuzzserver {

void check(bool ok, const char* what);

// One request of the client's stream.
struct StreamRequest {
  std::string method;
  std::string target;
  std::string body;           // complete only when bodyComplete
  bool bodyComplete = false;  // the stream holds its whole body
  // Answered by the API layer without reaching a handler: an Expect other than 100-continue
  // (417), or CONNECT (the connection is destroyed).
  bool notForHandler = false;
};

struct StreamRequests {
  std::vector<StreamRequest> requests;
  // Final responses the client may get at most: one per request, plus one for a rejected or
  // unfinished request at the end.
  size_t maxResponses = 0;
  // A request's body is malformed or stops short: the server ends the connection, and a
  // response already under way (a handler that answered before reading the body) stops short
  // too, which the client sees (a missing last chunk or missing Content-Length bytes).
  bool bodyCutShort = false;
};

StreamRequests readRequests(std::string_view stream,
                            const nodecc::http::core::ParserLimits& limits);

// What the handler was asked and answered, request by request (index = X-Seq).
struct HandlerRecord {
  std::string method;
  std::string url;
  std::string body;                       // as delivered by 'data' events
  bool bodyRead = false;                  // the handler reads the body
  bool ended = false;                     // 'end' was emitted
  bool finished = false;                  // res 'finish'
  bool closed = false;                    // res 'close'
  bool isStatic = false;                  // answered by serveStatic
  std::optional<std::string> expectBody;  // the response body the handler sent, when known
};

struct WireFacts {
  bool truncationAllowed = false;  // the handler destroyed a socket: a response may stop short
  std::string secret;              // bytes of a file outside the static root
};

// Checks `wire` (everything the client received) against the handler's records and the
// stream's requests.
void checkResponses(std::string_view wire, const std::vector<HandlerRecord>& log,
                    const StreamRequests& stream, const WireFacts& facts);

// The handler's records must be the stream's requests, in order, skipping only those the API
// layer answers itself; a body read to its end must be the stream's body.
void checkHandlerSawStream(const std::vector<HandlerRecord>& log, const StreamRequests& stream);

}  // namespace fuzzserver
