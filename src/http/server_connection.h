#pragma once
// ServerConnection: one accepted HTTP/1.1 connection. Parses requests out of the bytes the
// socket delivers (pipelined ones too), hands them to the delegate as Exchanges, sends the
// responses back strictly in request order, and enforces the server's timeouts with a single
// loop timer (headers, request, keep-alive and lingering-close phases never overlap).
//
// Reads land in a per-thread scratch buffer; only the unfinished tail of a request is copied
// into a connection-owned buffer, so an idle keep-alive connection holds no read buffer. All
// response bytes produced while one read is processed leave in one write (cork).
//
// Lifecycle: created by ServerCore on accept; deleted by itself in the close phase after the socket
// closed (onClose), after the delegate's onConnectionClose.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "http/chunked.h"
#include "http/exchange.h"
#include "http/input_buffer.h"
#include "http/parser.h"
#include "loop/timer_queue.h"
#include "net/stream.h"

namespace nodecc::http::core {

class ServerCore;

class ServerConnection final : public net::core::Stream::Handler {
 public:
  ServerConnection(ServerCore& server, int fd);
  ~ServerConnection() override;
  ServerConnection(const ServerConnection&) = delete;
  ServerConnection& operator=(const ServerConnection&) = delete;

  net::core::Stream& stream() { return stream_; }
  ServerCore& server() { return server_; }

  // req.pause()/resume(): stop and restart delivering request bytes (TCP pushes back).
  void pauseReading();
  void resumeReading();
  // socket.destroy(): closes now; unfinished exchanges are aborted.
  void destroy();
  // destroy(), then frees the connection now (its close callback runs at once, telling the
  // server and its delegate): for a server going away.
  void destroyNow() {
    destroy();
    stream_.closeNow();
  }
  // res.destroy() of `ex`: destroys now when `ex` is the response being sent (or not queued);
  // otherwise once the responses before it have gone (Exchange::destroyConnection).
  void destroyAt(Exchange* ex);
  // socket.setTimeout(ms), which req/res.setTimeout and server.timeout set: the delegate's
  // onTimeout after `ms` without reads or writes (0: off). It fires once, then again only after
  // new activity. It does not run while the connection waits between requests (the keep-alive
  // timeout does then, as Node replaces the socket's timeout with it), and the next request
  // sets it back to the server's (setServerTimeout), as Node's resetSocketTimeout. It shares
  // the connection's one timer: no timer per request.
  void setIdleTimeout(uint64_t ms);
  // server.timeout, read when the connection was accepted: the idle timeout it starts with and
  // goes back to for each request that follows a keep-alive wait.
  void setServerTimeout(uint64_t ms) {
    serverTimeoutMs_ = ms;
    setIdleTimeout(ms);
  }
  uint64_t idleTimeout() const { return idleMs_; }
  // The exchange whose request body is arriving (Node's parser.incoming while incomplete).
  Exchange* receiving() const { return receiving_; }
  // The oldest exchange whose response is not done (Node's socket._httpMessage).
  Exchange* current() const { return head_; }
  // Closes once the exchanges in flight are done (server.close()).
  void closeWhenIdle();
  // No request in progress and no response bytes still on their way: a response that ended
  // but is still being sent (a large sendfile body) keeps its connection out of
  // closeIdleConnections(), as Node's socket._httpMessage does until 'finish'. A connection
  // still waiting for its first request is not idle either (as Node's).
  bool idle() const {
    return requests_ > 0 && head_ == nullptr && receiving_ == nullptr && input_.empty() &&
           out_.empty() && stream_.queuedBytes() == 0;
  }
  uint32_t requestCount() const { return requests_; }

  // ServerCore's end-of-iteration flush of output written outside the read callback.
  void flushQueued() {
    flushQueued_ = false;
    flushOut();
  }

  // The layer above's per-connection object (the API's socket facade), or null.
  void* userData = nullptr;

  // Intrusive list of the server's connections.
  ServerConnection* prev = nullptr;
  ServerConnection* next = nullptr;
  void* owner = nullptr;

 private:
  friend class Exchange;
  enum class State : uint8_t { kHead, kBodyLength, kBodyChunked, kNoMoreRequests, kLinger };
  enum class TimerKind : uint8_t { kNone, kHeaders, kRequest, kKeepAlive, kLinger };

  // net::core::Stream::Handler
  std::span<char> readBuffer() override;
  void onRead(size_t n) override;
  void onEnd() override;
  void onDrain() override;
  void onError(int err) override;
  void onClose() override;

  size_t consume(std::string_view data);
  size_t consumeHead(std::string_view data);
  size_t consumeBody(std::string_view data);
  void startExchange(const RequestHead& head, const Header* headers);
  void fillExchange(Exchange* ex, const RequestHead& head, const Header* headers);
  // Hands the socket to the delegate (onUpgrade) and closes the connection around it.
  void startUpgrade(const RequestHead& head, const Header* headers, std::string_view rest);
  // An upgrade that waited for earlier responses: performed once they have all left. Checked
  // after every flush, hence the inline test.
  void retryUpgrade() {
    if (upgradeWaiting_) {
      retryWaitingUpgrade();
    }
  }
  void retryWaitingUpgrade();
  void completeBody();
  void rejectRequest(const ParseError& err);
  void exchangeOutput(Exchange* ex, std::string_view bytes);
  void exchangeOutput(Exchange* ex, std::string&& bytes);
  void exchangeSendFile(Exchange* ex, net::core::SharedFile* file, int64_t offset, size_t len);
  // Moves what `ex` wrote while waiting behind earlier responses to the output, in order.
  void promoteHeld(Exchange* ex);
  void exchangeFinished(Exchange* ex);
  void advanceQueue();
  void releaseIfDone(Exchange* ex);
  bool inQueue(const Exchange* ex) const;
  void flushOut();
  // Output of the head exchange written outside the read callback: gathered, flushed later.
  void gather(std::string_view bytes);
  std::string& cork();
  void releaseCork();
  void closeAfterFlush();
  void maybeFinishClosing();
  void abortAll();
  void setTimer(TimerKind kind, uint64_t ms);
  static void onTimer(loop::core::Timer* t);
  void onPhaseTimeout(TimerKind kind);
  // Reads and writes restart the idle count; nothing to do while no idle timeout is set.
  void touch() {
    if (idleMs_ != 0) {
      touchIdle();
    }
  }
  void touchIdle();
  bool idleCounting() const {
    return idleMs_ != 0 && !idleFired_ && timerKind_ != TimerKind::kKeepAlive &&
           state_ != State::kLinger && !closed_;
  }
  // Arms the timer to fire no later than loop time `due`.
  void armBy(int64_t due);
  // Re-arms the timer for the earlier of the phase deadline and the idle deadline.
  void rearm();
  void processBuffered();
  void settleTimer();

  ServerCore& server_;
  net::core::Stream stream_;
  loop::core::Timer timer_{&ServerConnection::onTimer};
  TimerKind timerKind_ = TimerKind::kNone;
  int64_t deadline_ = 0;  // loop time (ms) when timerKind_'s timeout expires
  uint64_t idleMs_ = 0;   // socket.setTimeout's value; 0: none
  uint64_t serverTimeoutMs_ = 0;
  int64_t lastActive_ = 0;  // loop time of the last read or write, while idleMs_ is set
  bool idleFired_ = false;  // 'timeout' was reported; waits for new activity
  State state_ = State::kHead;

  // Unconsumed input (a partial request, or bytes held while paused).
  InputBuffer input_;
  // A request head that arrived in pieces: the parser's resume state, only while incomplete.
  struct PartialHead {
    RequestHead head;
    std::vector<Header> headers;
    size_t prevLen = 0;
  };
  std::unique_ptr<PartialHead> partial_;

  Exchange* head_ = nullptr;       // oldest exchange whose response is not done
  Exchange* tail_ = nullptr;       // newest
  Exchange* receiving_ = nullptr;  // exchange whose body is arriving
  size_t queued_ = 0;
  uint64_t bodyLeft_ = 0;
  // Only for connections that have sent a chunked body (most never do).
  std::unique_ptr<ChunkedDecoder> chunked_;

  // Responses gathered while corked. Its buffer is borrowed from a per-thread spare while in
  // use and given back once flushed, so an idle connection holds none (see cork()).
  std::string out_;
  // The default response to a rejected request, sent once every earlier response has gone.
  std::string errorResponse_;
  bool corked_ = false;
  bool flushQueued_ = false;  // out_ waits for ServerCore's end-of-iteration flush
  bool userPaused_ = false;
  bool pipelinePaused_ = false;
  bool peerEnded_ = false;
  bool closeWhenDone_ = false;
  bool closed_ = false;
  bool processing_ = false;
  bool upgradeWaiting_ = false;  // an upgrade request waits behind earlier responses
  uint32_t requests_ = 0;
};

}  // namespace nodecc::http::core
