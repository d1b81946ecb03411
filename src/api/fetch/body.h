#pragma once
// FetchBody: what a ReadableStream reads, shared by its handles and its reader. Two kinds: a
// fetch() response's body (ResponseBody, below) and a stream::Readable's (toWeb, in
// web_streams.cc). The flags are the web stream's own (disturbed, locked).
//
// ResponseBody reads the response IncomingMessage with backpressure: the message stays paused
// except while a read() (or text()/arrayBuffer()) waits for bytes. When the last handle goes
// while the body is unread, the request is destroyed so its connection is not left taken. The
// message's listeners hold the body only weakly.
#include <deque>
#include <memory>
#include <optional>

#include "nodecc/fetch.h"

namespace nodecc::detail {

struct FetchBody : std::enable_shared_from_this<FetchBody> {
  virtual ~FetchBody() = default;
  // reader.read(): the next chunk, {done: true} at the end, or the stream's error.
  virtual Promise<ReadResult> read() = 0;
  // The whole body (text(), arrayBuffer()): TypeError "Body is unusable" once used or locked.
  virtual Promise<Buffer> readAll();
  // reader.cancel(): a pending read() resolves {done: true}; the source is released.
  virtual void cancel() = 0;

  bool used = false;    // disturbed: a read began
  bool locked = false;  // a reader or a whole-body read holds it
};

struct ResponseBody final : FetchBody {
  ~ResponseBody() override;
  // Starts listening to `res` (from the 'response' listener, before any byte arrives).
  void attach(http::ClientRequest& req, http::IncomingMessage& res);

  Promise<ReadResult> read() override;
  Promise<Buffer> readAll() override;
  void cancel() override;

  http::ClientRequest* req = nullptr;    // until the request's 'close'
  http::IncomingMessage* res = nullptr;  // until the response's 'close'
  std::deque<Buffer> chunks;
  bool done = false;
  bool failed = false;
  bool collecting = false;
  std::optional<Resolve<ReadResult>> waiting;
  std::optional<Resolve<Buffer>> whole;

 private:
  void onData(const Buffer& chunk);
  void onEnd();
  void onFailure();
  void settleWhole();
};

// new Response(bytes)'s body: the bytes as one chunk.
struct BytesBody final : FetchBody {
  explicit BytesBody(Buffer b) : bytes(std::move(b)) {}
  Promise<ReadResult> read() override;
  void cancel() override { bytes.reset(); }

  std::optional<Buffer> bytes;
};

// The private parts of fetch.h's handles, for the fetch layer's files.
struct FetchAccess {
  static void setBody(Response& r, std::shared_ptr<FetchBody> b) { r.body.b_ = std::move(b); }
  static ReadableStream makeStream(std::shared_ptr<FetchBody> b) {
    ReadableStream s;
    s.b_ = std::move(b);
    return s;
  }
  static const std::shared_ptr<FetchBody>& body(const ReadableStream& s) { return s.b_; }
};

// TypeError "Body is unusable: Body has already been read".
Error bodyUnusable();

// What new Request(input, init) checks of init's duplex and a stream body, in undici's order
// (duplex's value as init is converted, then the body): throws TypeError. fetch(url, init)
// makes the same checks, as it builds a Request.
void checkStreamInit(const RequestInit& init);

}  // namespace nodecc::detail
