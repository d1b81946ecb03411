#pragma once
// ClientRequestImpl: one http.request(): the ClientRequest facade (Node's OutgoingMessage
// side: headers, framing, write/end, 'drain', 'finish'), the IncomingMessage of its response
// (a Readable: buffering, pause/resume, 'data'/'end', backpressure on the socket) and the
// event sequence Node produces as the socket connects, answers, fails or closes.
//
// Implementations are recycled per thread (strings and vectors keep their capacity), so a
// warm client does not allocate for them per request. `generation` changes on reuse: a
// queued callback that captured an older generation does nothing.
//
// Lifetime: made by request(); holds its socket's attention from assignment until the
// exchange is done; recycled in the check phase (a setImmediate) after both 'close' events
// (request and response) have been emitted and it holds no socket: the nextTicks and promise
// continuations those events start (`co_await res.text()`, then reading res) still see it.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "http/exchange.h"
#include "http/parser.h"
#include "loop/loop.h"
#include "nodecc/http_client.h"

namespace nodecc::http::detail {

class AgentImpl;
class ClientSocket;

// Node's default writableHighWaterMark: write() returns false past it.
inline constexpr size_t kClientHighWaterMark = 16 * 1024;
// A request is retried on a fresh connection only if all it sent is still here; bigger
// bodies are not kept for that.
inline constexpr size_t kMaxRetainedBytes = 64 * 1024;

class ClientRequestImpl {
 public:
  // A fresh or recycled implementation for this thread.
  static ClientRequestImpl& make();
  ClientRequestImpl();
  ~ClientRequestImpl();
  ClientRequestImpl(const ClientRequestImpl&) = delete;
  ClientRequestImpl& operator=(const ClientRequestImpl&) = delete;

  // Response storage, which res's rawHeaders/rawTrailers read (declared before res).
  std::string emptyString;  // res.method / res.url
  std::vector<http::core::OwnedHeader> resHeaders;
  size_t resHeaderCount = 0;
  std::vector<http::core::OwnedHeader> resTrailers;
  size_t resTrailerCount = 0;

  ClientRequest req;
  IncomingMessage res;
  uint64_t generation = 0;

  // --- what request() decided (options.cc)
  std::string connectHost;  // hostname to resolve (no brackets)
  uint16_t port = 80;
  std::string localAddress;
  uint16_t localPort = 0;
  int family = 0;
  size_t maxHeaderSize = 16 * 1024;
  std::optional<uint64_t> timeoutMs;  // options.timeout / setTimeout()
  AgentImpl* agent = nullptr;         // one reference held
  AbortSignal signal;
  uint64_t signalListener = 0;
  // request()'s callback: Node adds it as the first 'response' listener (once); kept here
  // instead, which spares a listener allocation per request.
  ResponseListener responseCallback;
  // Starts the request: agent, signal, expect-continue head.
  void start();

  // --- outgoing message (head.cc)
  HeaderPairs outHeaders;  // [0, outCount) in use; strings reused
  size_t outCount = 0;
  std::string head;  // the stored head, until it is sent
  bool headStored = false;
  bool chunked = false;
  bool useChunkedByDefault = false;
  bool shouldKeepAlive = true;
  bool removedContentLength = false;
  bool removedTransferEncoding = false;
  bool removedConnection = false;
  // Node's _storeHeader for a request: the head, framing and Connection chosen as Node does.
  // fromEnd: called by end(data) before any write, with the body's length.
  void storeHead(bool fromEnd, size_t endLength);
  // Sends a body chunk framed as the head says (the head itself first if not yet sent);
  // last: the final chunk of a chunked body follows (end()).
  void sendBody(std::string_view data, bool last = false);
  void setOutHeader(std::string_view name, std::string_view value, bool append);
  bool hasOutHeader(std::string_view name) const;

  // --- writing (write.cc, client_request.cc)
  bool write(std::string_view data, UniqueFunction<void(Error*)> cb);
  void end(std::string_view data, bool hasData, UniqueFunction<void()> cb);
  void destroy(const Error* err);
  void abort();
  void setTimeout(uint64_t ms);
  size_t writableLength() const;
  net::Socket* socketFacade() const;
  void setNoDelay(bool on);
  void setKeepAlive(bool on, uint64_t delayMs);

  // --- the socket (client_request.cc)
  // The agent gave this request a socket; "socket" follows from a tick.
  void onSocket(ClientSocket& socket, bool reused);
  void onSocketConnect();
  void onSocketDrain();
  void onSocketTimeout();
  // The socket failed (or the parser did): Node's socketErrorListener.
  void onSocketError(const Error& err);
  // The server closed its side (FIN).
  void onSocketEnd();
  void onSocketClose(const Error* err);
  // A kept-alive socket died before any byte of the response: may this request be sent
  // again on another connection? (idempotent method, nothing lost, not retried before)
  bool canRetry() const;
  void retry();

  // --- the response (response.cc)
  void onInformation(const http::core::ResponseHead& head, const http::core::Header* headers);
  void onResponseHead(const http::core::ResponseHead& head, const http::core::Header* headers);
  void onResponseBody(std::string_view data);
  void onResponseComplete(const http::core::Header* trailers, size_t count);
  // Readable side of the response.
  void resPause();
  void resResume();
  void resFlowIfWanted();
  void resDump();
  void resDestroy();  // Node's res.destroy(connResetException('aborted'))
  void scheduleEnd();
  void emitEnd();

  // --- state
  ClientSocket* socket = nullptr;    // assigned to this request (maybe not yet announced)
  bool socketAnnounced = false;      // "socket" was emitted for the current socket
  bool socketEverAnnounced = false;  // ... for any (a retry does not emit it again)
  bool reused = false;
  bool retried = false;
  std::string sent;  // bytes sent on a reused socket, kept for a retry
  bool keepSent = false;
  std::string pendingOut;  // written before the socket could take it
  bool needDrain = false;
  bool drainScheduled = false;
  bool finishPending = false;  // end() called, 'finish' not yet emitted
  bool finishScheduled = false;
  std::vector<UniqueFunction<void(Error*)>> writeCallbacks;
  std::vector<UniqueFunction<void()>> finishCallbacks;
  std::unique_ptr<Error> destroyError;  // destroy(err) before a socket
  bool hadError = false;                // an 'error' was emitted (no 'socket hang up' after it)
  bool aborted = false;                 // abort() (no 'socket hang up' either)
  bool closeEmitted = false;
  bool queuedInAgent = false;

  bool hasResponse = false;   // 'response' reached (req.res)
  bool responseDone = false;  // the parser finished the response
  bool resEnded = false;      // 'end' emitted (Node's req._ended)
  bool resCloseEmitted = false;
  bool resDestroyed = false;
  // Readable state of the response.
  enum class Flow : uint8_t { kNull, kFlowing, kPaused };
  Flow flow = Flow::kNull;
  bool flushScheduled = false;
  bool dumped = false;
  bool readStopped = false;  // the socket's reading paused for backpressure
  std::vector<Buffer> buffered;
  size_t bufferedBytes = 0;

 private:
  static void onRecycle(loop::core::Immediate* i);
  loop::core::Immediate recycler_{&ClientRequestImpl::onRecycle};
  bool recycleQueued_ = false;
  void reset();
  void recycleIfDone();
  void flushPendingOut();

 public:
  void sendRaw(std::string_view bytes);
  void recycle();

 private:
  void onSocketNT();
  void checkFinished();
  void emitFinish();
  void runWriteCallbacks(const Error* err);
  void responseKeepAlive();
  void detachSocket();
  void emitClose();
  void destroyWithoutSocket(const Error* err);
  void listenSignal();
  void unlistenSignal();
};

struct IncomingOps;
// The IncomingOps of a client's response (response.cc).
const IncomingOps& clientResponseOps();
// Node's connResetException(message): code ECONNRESET, no errno.
Error connResetError(const char* message);

}  // namespace nodecc::http::detail
