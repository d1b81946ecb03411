#pragma once
// FetchBody: the body of a fetch() Response, read from the response IncomingMessage with
// backpressure: the message stays paused except while a read() (or text()/arrayBuffer())
// waits for bytes. Shared by the Response handles (and their readers); when the last handle
// goes while the body is unread, the request is destroyed so its connection is not left
// taken. The message's listeners hold the body only weakly.
#include <deque>
#include <memory>
#include <optional>

#include "nodecc/fetch.h"

namespace nodecc::detail {

struct FetchBody : std::enable_shared_from_this<FetchBody> {
  ~FetchBody();
  // Starts listening to `res` (from the 'response' listener, before any byte arrives).
  void attach(http::ClientRequest& req, http::IncomingMessage& res);

  Promise<ReadResult> read();
  Promise<Buffer> readAll();
  void cancel();

  http::ClientRequest* req = nullptr;    // until the request's 'close'
  http::IncomingMessage* res = nullptr;  // until the response's 'close'
  std::deque<Buffer> chunks;
  bool done = false;
  bool failed = false;
  bool used = false;    // disturbed: a read began
  bool locked = false;  // a reader or a whole-body read holds it
  bool collecting = false;
  std::optional<Resolve<ReadResult>> waiting;
  std::optional<Resolve<Buffer>> whole;

 private:
  void onData(const Buffer& chunk);
  void onEnd();
  void onFailure();
  void settleWhole();
};

}  // namespace nodecc::detail
