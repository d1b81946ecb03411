#pragma once
// Machinery of nodecc/http.h, not part of the contract: the hook through which middleware
// rewrites a server response's body (express::compression), as Node middleware replaces
// res.writeHead, res.write and res.end. A response without a filter never looks here beyond
// one null test per call.
#include <string_view>

#include "nodecc/error.h"
#include "nodecc/function.h"

namespace nodecc::http {
class ServerResponse;
}  // namespace nodecc::http

namespace nodecc::http::detail {

// Installed with ServerResponse::setFilter for the rest of one response; the response owns it
// and destroys it when its exchange starts the next request (or is deleted). Loop thread only.
class ResponseFilter {
 public:
  virtual ~ResponseFilter() = default;
  // on-headers' listener: writeHead (explicit, or implied by flushHeaders) is about to store
  // the head; the fields writeHead was given are set already, statusCode is final unless this
  // changes it. Called once per response.
  virtual void onHeaders(ServerResponse& res) = 0;
  // res.write / res.end while the filter is installed.
  virtual bool write(ServerResponse& res, std::string_view chunk,
                     UniqueFunction<void(Error*)> cb) = 0;
  virtual void end(ServerResponse& res, std::string_view data, UniqueFunction<void()> cb) = 0;
  // res.flush() (what compression adds to the response): push out what is held back.
  virtual void flush(ServerResponse& res) {}

 protected:
  // The response's own write and end, as if no filter were installed (compression's _write
  // and _end).
  static bool writeThrough(ServerResponse& res, std::string_view chunk,
                           UniqueFunction<void(Error*)> cb = nullptr);
  static void endThrough(ServerResponse& res, std::string_view data,
                         UniqueFunction<void()> cb = nullptr);
  // What write() returns now: false once the connection is gone or its output is at or above
  // the server's highWaterMark (the caller should wait for "drain").
  static bool writable(ServerResponse& res);
  // The client went away: whatever is written goes nowhere.
  static bool gone(ServerResponse& res);

 private:
  friend class nodecc::http::ServerResponse;
  bool headersFired_ = false;
};

}  // namespace nodecc::http::detail
