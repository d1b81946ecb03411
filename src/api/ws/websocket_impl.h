#pragma once
// WebSocketImpl: one WebSocket connection, the socket's handler and the protocol engine's
// (ws::core::Receiver, Sender) in one object, with the Node-style facade (ws::WebSocket) it
// owns. No net::Socket underneath: the connection reads straight into a per-thread buffer,
// frames are parsed and unmasked in place there, and every frame sent while one read is
// processed (or in one loop iteration) leaves in one write (cork).
//
// Lifecycle (ws's): OPEN once start() ran; CLOSING when a close frame was sent or received,
// the peer ended, or terminate(); CLOSED when the socket has closed, which emits "close" (code,
// reason) and deletes the object in the loop's close phase. The closing handshake ends with our
// FIN once both close frames have passed; the socket closes when the peer's FIN arrives, or
// after kCloseTimeoutMs.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "http/parser.h"
#include "loop/loop.h"
#include "loop/timer_queue.h"
#include "net/socket_address.h"
#include "net/stream.h"
#include "nodecc/ws.h"
#include "tls/connection.h"
#include "tls/context.h"
#include "ws/deflate.h"
#include "ws/receiver.h"
#include "ws/sender.h"

namespace nodecc::ws::detail {

class ServerImpl;

// What a connection starts with (from the server's options, or a client's).
struct ConnectionOptions {
  core::Role role = core::Role::kServer;
  uint64_t maxPayload = 100 * 1024 * 1024;
  size_t maxFragments = 16 * 1024;
  bool skipUTF8Validation = false;
  bool autoPong = true;
  size_t maxPendingAutoPongs = 60;  // ServerOptions::maxPendingAutoPongs
  std::string protocol;
  std::string extensions;                      // the Sec-WebSocket-Extensions agreed
  std::optional<core::DeflateParams> deflate;  // permessage-deflate, when agreed
  core::DeflateOptions deflateOptions;
};

// What a client's opening handshake must find in the server's 101 (ws's checks).
struct ClientHandshake {
  std::string request;                 // the GET request, written once connected
  std::string key;                     // our Sec-WebSocket-Key
  std::vector<std::string> protocols;  // offered
  bool offeredDeflate = false;
  uint64_t timeoutMs = 0;  // ws's handshakeTimeout (0: none)
  std::string address;     // for connect errors ("connect ECONNREFUSED 127.0.0.1:8080")
  uint16_t port = 0;
  // wss://: the client context and what the certificate is checked against.
  std::shared_ptr<tls::core::Context> tls;
  tls::core::Connection::ClientOptions tlsOptions;
};

class WebSocketImpl final : public net::core::Stream::Handler, public core::Receiver::Handler {
 public:
  // ws's closeTimeout: how long the closing handshake may take before the socket is destroyed.
  static constexpr uint64_t kCloseTimeoutMs = 30 * 1000;

  WebSocketImpl(loop::core::Loop& loop, ConnectionOptions options);
  ~WebSocketImpl() override;
  WebSocketImpl(const WebSocketImpl&) = delete;
  WebSocketImpl& operator=(const WebSocketImpl&) = delete;

  // Server: takes the socket `fd` (connected, non-blocking; with `tls`, the TLS session it
  // carries), writes `handshake` (the 101 response) and parses `head` (bytes that followed the
  // request head) as the first frames from a nextTick (after the caller's 'connection' listeners
  // are attached, as ws). False (fd closed, nothing emitted) when the loop cannot watch it.
  bool start(int fd, std::unique_ptr<net::core::Stream::Filter> tls, std::string_view handshake,
             std::string_view head);
  // Client: CONNECTING until the server's 101 passes ws's checks ("open"), or "error" and
  // "close" (1006). `to` unset: the host is being resolved (connectTo or fail follows).
  void startClient(std::string url, ClientHandshake handshake);
  void connectTo(const net::core::SocketAddress& to);
  // The host's address is known (or err): connects, or fails. Frees a socket closed meanwhile.
  void resolved(Error* err, const net::core::SocketAddress* to);
  bool lookupPending = false;  // a resolve callback will still come (see resolved)
  // Fails a client that is still connecting: "error" (err), then "close" (1006).
  void failHandshake(const Error& err);

  WebSocket& facade() { return *facade_; }
  ServerImpl* server = nullptr;  // told when the connection closes (wss.clients)

  // The facade's operations (ws's semantics; validation happened in the facade).
  void send(core::Opcode opcode, std::string_view data, bool fin, bool compress,
            UniqueFunction<void(Error*)> cb);
  void ping(std::string_view data, UniqueFunction<void(Error*)> cb);
  void pong(std::string_view data, UniqueFunction<void(Error*)> cb);
  // close(code) with 0: a close frame without a code.
  void close(uint16_t code, std::string_view reason);
  void terminate();
  void pause();
  void resume();

  int readyState() const { return readyState_; }
  // Queued bytes, and those of sends refused since the socket left OPEN (ws counts them).
  size_t bufferedAmount() const { return out_.size() + stream_.queuedBytes() + refusedBytes_; }
  void addRefusedBytes(size_t n) { refusedBytes_ += n; }
  const std::string& protocol() const { return options_.protocol; }
  // ws's ws.extensions: the names of the agreed extensions, joined with ","; not the header.
  std::string_view extensionNames() const { return options_.deflate ? "permessage-deflate" : ""; }
  bool paused() const { return paused_; }
  const std::string& url() const { return url_; }

 private:
  // net::core::Stream::Handler
  std::span<char> readBuffer() override;
  void onRead(size_t n) override;
  void onEnd() override;
  void onDrain() override;
  void onError(int err) override;
  void onClose() override;

  // core::Receiver::Handler
  void onMessage(std::string_view data, bool binary) override;
  void onPing(std::string_view data) override;
  void onPong(std::string_view data) override;
  void onClose(uint16_t code, std::string_view reason) override;
  void onError(uint16_t closeCode, std::string_view message, std::string_view code) override;

  void onConnect(int status) override;

  void feed(char* data, size_t n);
  static Buffer messageBuffer(std::string_view data);
  // The engine (receiver, sender, deflate) once the handshake fixed its parameters.
  void openEngine();
  // Client: the server's response so far; true once it is complete (and judged).
  void readHandshake(size_t n);
  // ws's checks of the 101; "" when it passes, else ws's message.
  std::string checkHandshake(const http::core::ResponseHead& head,
                             const http::core::Header* headers);
  static void onHandshakeTimer(loop::core::Timer* t);
  // Parses head_ (start's bytes after the request) unless closed or paused.
  void feedHead();
  // Frames queued in out_ go out now when no read is being processed; else at its end.
  void queued(UniqueFunction<void(Error*)> cb);
  // out_ to the stream.
  void writeOut();
  // writeOut, then the write callbacks once the stream has taken everything, then our FIN when
  // the output has ended.
  void flush();
  // out_ with the thread's spare buffer when it has none; given back once flushed.
  std::string& cork();
  void releaseCork();
  void runWriteCallbacks(Error* err);
  void scheduleWriteCallbacks();
  // Our side is done sending (after both close frames, or the peer's FIN): FIN once out_ and
  // the stream's queue are empty.
  void endOutput();
  void maybeShutdown();
  void destroy();
  static void onCloseTimer(loop::core::Timer* t);

  loop::core::Loop& loop_;
  ConnectionOptions options_;
  net::core::Stream stream_;
  std::unique_ptr<WebSocket> facade_;
  std::unique_ptr<core::PerMessageDeflate> deflate_;
  std::optional<core::Receiver> receiver_;
  std::optional<core::Sender> sender_;
  // Client only, while CONNECTING.
  std::unique_ptr<ClientHandshake> client_;
  std::string response_;            // the server's handshake response as it arrives
  std::unique_ptr<Error> failure_;  // "error" to emit before "close"
  std::string url_;
  std::string out_;          // frames not yet handed to the stream (the cork)
  std::string head_;         // the bytes that followed the request, until feedHead() parses them
  size_t refusedBytes_ = 0;  // data of send/ping/pong calls made when not OPEN
  size_t pendingAutoPongs_ = 0;  // automatic pongs queued, not yet handed to the kernel
  std::vector<UniqueFunction<void(Error*)>> writeCallbacks_;
  loop::core::Timer closeTimer_{&WebSocketImpl::onCloseTimer};
  loop::core::Timer handshakeTimer_{&WebSocketImpl::onHandshakeTimer};
  int readyState_ = WebSocket::OPEN;
  uint16_t closeCode_ = 1006;  // what "close" reports: the peer's close code, else 1006
  std::string closeReason_;
  bool closeFrameSent_ = false;
  bool closeFrameReceived_ = false;
  bool callbacksScheduled_ = false;
  bool corked_ = false;  // a read is being processed: out_ is flushed at its end
  bool outputEnded_ = false;
  bool peerEnded_ = false;
  bool paused_ = false;
  bool closing_ = false;  // the stream was closed
  bool closed_ = false;   // "close" was emitted; freed once lookupPending clears
};

}  // namespace nodecc::ws::detail
