#pragma once
// Reads llhttp's markdown test vectors (test/request/*.md and test/response/*.md upstream) at
// run time: each case is a `<!-- meta={...} -->` comment, an ```http block (the raw bytes,
// written with llhttp's escape conventions) and a ```log block (what llhttp reported). The
// vectors are never copied into this repository.
#include <string>
#include <utility>
#include <vector>

namespace nodecc::http::core::testing {

struct VectorCase {
  std::string file;       // "request/connection.md"
  std::string name;       // the heading; " (2)" appended to a repeated heading in the same file
  std::string type;       // meta "type": "request", "request-finish", "response", "...-lenient-..."
  bool skipBody = false;  // meta "skipBody": the body of every message is skipped
  std::string input;      // the bytes fed to llhttp
  std::string log;        // the log block as written
};

// One message as llhttp (or our harness) saw it.
struct VectorMessage {
  std::string method;
  std::string url;
  std::string protocol;  // "HTTP", or "ICE"/"RTSP" which llhttp also parses
  std::string version;   // "1.1"
  std::string reason;    // responses: the reason-phrase
  int status = 0;        // responses: the status code
  std::vector<std::pair<std::string, std::string>> headers;
  std::vector<std::pair<std::string, std::string>> trailers;
  std::string body;
  bool headersComplete = false;
  bool complete = false;
  bool upgraded = false;  // parsing stopped after it: the rest belongs to another protocol
};

struct VectorOutcome {
  std::vector<VectorMessage> messages;
  bool error = false;
  std::string errorText;  // llhttp's "code=N reason=..." or our status and code
};

// All cases of one markdown file; `relName` becomes VectorCase::file.
std::vector<VectorCase> readVectorFile(const std::string& path, const std::string& relName);

// Applies llhttp's md-test input conventions to an ```http block: lines joined with CRLF, a
// backslash at the end of a line joins it to the next, escapes \r \n \t \f \xHH \NNN (octal);
// escaped code points above 0x7F become UTF-8, as the test harness passed a JS string.
std::string decodeVectorInput(const std::string& block);

// What a ```log block says happened: messages (from "message begin" on, with spans
// concatenated), "headers complete", "message complete", and errors ("error code=22"
// - pause on CONNECT/Upgrade - is an upgrade, not an error; "finish=N" with N > 1 is one).
VectorOutcome readVectorLog(const std::string& log);

}  // namespace nodecc::http::core::testing
