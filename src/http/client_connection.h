#pragma once
// ClientConnection: one HTTP/1.1 connection opened by a client. It carries requests one at a
// time (Node's client never pipelines): its owner writes a request's bytes and calls
// expectResponse(); the connection parses what comes back with the server parser's
// strictness (parseResponse, ChunkedDecoder) and reports the response head, body spans and
// end to the owner. A keep-alive connection then waits, still reading, for the next request.
//
// Strict where a lenient client would be fooled (response smuggling): a head or chunk framing
// the parser rejects, a body cut short by the peer, or bytes nobody asked for (after a
// complete response, or while idle) end the connection; they are never taken as the start of
// the next response. A body cut short is reported as onPeerEnd/onError before
// onMessageComplete, never as a short success.
//
// Reads land in a per-thread scratch buffer; only an unfinished response head (or input held
// while reading is paused) is copied into the connection's own buffer. Bytes written while the
// connection is still connecting wait in the connection and leave in one write once it is up.
//
// Lifecycle: connect() -> onConnect -> (write + expectResponse -> onResponse, onBody...,
// onMessageComplete)* -> destroy() or a peer close -> onClose, after which the connection
// deletes itself. No owner callback follows onClose; every callback may call destroy().
// Loop thread only.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "http/chunked.h"
#include "http/input_buffer.h"
#include "http/parser.h"
#include "loop/loop.h"
#include "loop/timer_queue.h"
#include "net/socket_address.h"
#include "net/stream.h"

namespace nodecc::http::core {

class ClientConnection final : public net::core::Stream::Handler {
 public:
  // What the connection reports to its owner (the API's pooled socket).
  class Owner {
   public:
    virtual ~Owner() = default;
    // connect() finished: 0 or -errno (the connection is then being destroyed).
    virtual void onConnect(int status) = 0;
    // An interim response (1xx other than 101), e.g. 100 Continue. Views valid in the call.
    virtual void onInformation(const ResponseHead& head, const Header* headers) = 0;
    // The final response head; head.body says how its body is delimited for this request
    // (kNone after a HEAD request, for 204 and 304). Views valid during the call.
    virtual void onResponse(const ResponseHead& head, const Header* headers) = 0;
    // Body bytes (decoded from chunked), a view valid during the call.
    virtual void onBody(std::string_view data) = 0;
    // The response is complete (a close-delimited one: the peer closed). Trailers, valid
    // during the call, only after a chunked body.
    virtual void onMessageComplete(const Header* trailers, size_t count) = 0;
    // The response cannot be read (invalid syntax or framing, a head over the limits, a 101,
    // bytes nobody asked for). The connection is already being destroyed.
    virtual void onParseError(const ParseError& err) = 0;
    // The peer finished sending (FIN). Comes after onMessageComplete when the FIN ended a
    // close-delimited body; otherwise a response in progress is incomplete.
    virtual void onPeerEnd() = 0;
    // A read or write failed (-errno); the connection is being destroyed.
    virtual void onError(int err) = 0;
    // The bytes written were handed to the kernel after some had to wait.
    virtual void onDrain() = 0;
    // No bytes moved for the setTimeout() period (the connection stays open).
    virtual void onTimeout() = 0;
    // Closed; the connection deletes itself when this returns.
    virtual void onClose() = 0;
  };

  ClientConnection(loop::core::Loop& loop, Owner& owner);
  ~ClientConnection() override;
  ClientConnection(const ClientConnection&) = delete;
  ClientConnection& operator=(const ClientConnection&) = delete;

  // Connects to `to`, from `from` when it is valid (a bind first: localAddress). -errno when
  // the attempt cannot start (then nothing is reported and the caller destroys).
  os::core::Result<void> connect(const net::core::SocketAddress& to,
                                 const net::core::SocketAddress& from);
  // Not connected yet (resolving, or connecting): writes wait in the connection.
  bool connecting() const { return !connected_ && !closed_; }
  bool closed() const { return closed_; }

  // Limits for the responses (maxHeaderSize...). Set before expectResponse().
  ParserLimits limits;

  // A request was (or is being) written: parse its response next. noBody: the request was
  // HEAD, so the response has no body whatever its fields say.
  void expectResponse(bool noBody);
  // Bytes of the current response received so far (0: it has not started).
  uint64_t responseBytes() const { return responseBytes_; }
  // The last response allows another request on this connection: its head and framing said
  // so, it was followed by nothing, and the connection is healthy.
  bool reusable() const { return reusable_ && !closed_ && !peerEnded_ && state_ == State::kIdle; }

  void write(std::string_view bytes);
  void write(std::string&& bytes);
  // Bytes written but not yet handed to the kernel.
  size_t queuedBytes() const { return pending_.size() + stream_.queuedBytes(); }
  // FIN after the queued bytes.
  void shutdown();

  void pauseReading();
  void resumeReading();
  bool paused() const { return userPaused_; }

  // Idle timeout (socket.setTimeout): onTimeout after `ms` without a byte read or written;
  // 0 stops it. The timer never keeps the loop alive.
  void setTimeout(uint64_t ms);
  uint64_t timeout() const { return timeoutMs_; }

  // Closes now (queued bytes are dropped); onClose follows in the close phase.
  void destroy();
  // destroy(), and no owner callback at all from now on (not even onClose): for an owner
  // that moves on (to the next address after a failed connect).
  void abandon();

  net::core::Stream& stream() { return stream_; }

 private:
  enum class State : uint8_t { kIdle, kHead, kBodyLength, kBodyChunked, kBodyUntilClose, kDone };

  // net::core::Stream::Handler
  std::span<char> readBuffer() override;
  void onRead(size_t n) override;
  void onEnd() override;
  void onConnect(int status) override;
  void onDrain() override;
  void onError(int err) override;
  void onClose() override;

  size_t consume(std::string_view data);
  size_t consumeHead(std::string_view data);
  size_t consumeBody(std::string_view data);
  void completeMessage(const Header* trailers, size_t count, bool followedByBytes);
  void failParse(const char* code, int status = 400);
  void processBuffered();
  void flushPending();
  void touch();
  os::core::Result<void> connectBound(const net::core::SocketAddress& to,
                                      const net::core::SocketAddress& from);
  static void onBoundConnectEvents(loop::core::IoWatcher* w, uint32_t events);
  static void onTimer(loop::core::Timer* t);

  loop::core::Loop& loop_;
  Owner* owner_;
  net::core::Stream stream_;
  loop::core::Timer timer_{&ClientConnection::onTimer};
  uint64_t timeoutMs_ = 0;
  State state_ = State::kIdle;

  // Unconsumed input: a partial head, or bytes held while paused.
  InputBuffer input_;
  // A response head that arrived in pieces: the parser's resume state.
  struct PartialHead {
    ResponseHead head;
    std::vector<Header> headers;
    size_t prevLen = 0;
  };
  std::unique_ptr<PartialHead> partial_;

  ChunkedDecoder chunked_;
  uint64_t bodyLeft_ = 0;
  uint64_t responseBytes_ = 0;
  bool noBody_ = false;
  bool reusable_ = false;

  // Written before the connection was up.
  std::string pending_;
  // A connect that binds first (localAddress) waits on this watcher, then hands the socket
  // to stream_.
  struct BoundConnect : loop::core::IoWatcher {
    ClientConnection* self = nullptr;
  };
  std::unique_ptr<BoundConnect> bound_;

  bool connected_ = false;
  bool userPaused_ = false;
  bool peerEnded_ = false;
  bool closed_ = false;
  bool processing_ = false;
};

}  // namespace nodecc::http::core
