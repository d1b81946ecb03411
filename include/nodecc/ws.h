#pragma once
// WebSocket with the API of npm's `ws` package (RFC 6455, permessage-deflate of RFC 7692).
//
//   auto& wss = ws::createServer({.port = 8080});            // new WebSocketServer({port: 8080})
//   wss.on("connection", [](ws::WebSocket& socket, http::IncomingMessage& req) {
//     socket.on("message", [&socket](const Buffer& data, bool isBinary) {
//       socket.send(data, {.binary = isBinary});
//     });
//     socket.send("something");
//   });
//
// Events and payloads:
//   WebSocketServer: "connection" (WebSocket&, http::IncomingMessage&), "listening" (),
//                    "close" (), "error" (const Error&),
//                    "headers" (std::vector<std::string>& headers, http::IncomingMessage&),
//                    "wsClientError" (const Error&, net::Socket&, http::IncomingMessage&)
//   WebSocket: "open" () (a client's), "message" (const Buffer& data, bool isBinary),
//              "close" (int code, const Buffer& reason), "error" (const Error&),
//              "ping" (const Buffer&), "pong" (const Buffer&)
// Lifetime: createServer returns a server the thread's runtime owns; it lives until the thread
// ends. A WebSocket lives until its "close" event has been emitted and the callbacks running
// then have returned. The http::IncomingMessage of "connection" is valid during the listener
// only (copy what you need from it). Loop thread only.
//
// Received messages are delivered whole (fragments joined, inflated), checked as ws checks
// them: a protocol violation closes the connection with the code ws sends (1002, 1007, 1009)
// after an "error" event carrying ws's message and code (WS_ERR_...).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nodecc/buffer.h"
#include "nodecc/error.h"
#include "nodecc/events.h"
#include "nodecc/function.h"
#include "nodecc/http.h"
#include "nodecc/net.h"

namespace nodecc::ws {

namespace detail {
class WebSocketImpl;
class ServerImpl;
}  // namespace detail

// ws's perMessageDeflate options. The server negotiates the extension only when it is enabled.
struct PerMessageDeflateOptions {
  bool enabled = false;
  // Neither side keeps its compression context between messages: the server says both
  // server_no_context_takeover and client_no_context_takeover in its answer, offered or not
  // (RFC 7692 §7.1.1.1 lets it; ws clients and browsers accept it). Then a connection holds no
  // zlib state between messages (one zlib stream per thread and direction, reset per message):
  // 10,000 idle compressed connections hold no windows. ws's defaults are false for both
  // (better ratios on streams of similar messages, a window pair per connection): set them
  // false for that. (On a client, ClientOptions sets both false: ws's offer.)
  bool serverNoContextTakeover = true;
  bool clientNoContextTakeover = true;
  int serverMaxWindowBits = 0;  // 8..15; 0: not set
  int clientMaxWindowBits = 0;  // 8..15; 0: not set
  size_t threshold = 1024;      // messages smaller than this are sent uncompressed
  int level = -1;               // zlib's level (-1: its default)
  int memLevel = 8;
};

// What verifyClient sees (ws's info object).
struct ClientInfo {
  std::string origin;
  bool secure = false;
  http::IncomingMessage& req;
};

// new WebSocketServer(options).
struct ServerOptions {
  // Exactly one of port, server and noServer, as ws requires.
  std::optional<uint16_t> port{};  // listen on an http server of its own (0: an ephemeral port)
  std::string host{};              // "": as http's listen
  http::Server* server = nullptr;  // attach to this http server's 'upgrade' event
  bool noServer = false;           // only handleUpgrade()
  std::string path{};              // "": every path
  uint64_t maxPayload = 100 * 1024 * 1024;  // bytes per message (1009 beyond)
  PerMessageDeflateOptions perMessageDeflate{};
  bool clientTracking = true;       // wss.clients()
  bool skipUTF8Validation = false;  // text messages are not checked (ws's option)
  // The most frames one message may have (1008 beyond; ws's maxFragments). 0: no limit.
  size_t maxFragments = 16 * 1024;
  bool autoPong = true;
  // ws 8.23's maxPendingAutoPongs: with this many automatic pongs not yet handed to the kernel,
  // one more ping terminates the connection (a peer that pings without reading). 0: no limit.
  size_t maxPendingAutoPongs = 60;
  // Sync form: false refuses the handshake with 401.
  UniqueFunction<bool(const ClientInfo&)> verifyClient{};
  // Picks the subprotocol from the client's list; std::nullopt: none (no header sent).
  UniqueFunction<std::optional<std::string>(const std::set<std::string>&, http::IncomingMessage&)>
      handleProtocols{};
  int backlog = 511;
};

struct SendOptions {
  // Unset: a string goes as text, a Buffer as binary (ws: typeof data === 'string').
  std::optional<bool> binary{};
  bool compress = true;  // with permessage-deflate negotiated and the size past threshold
  bool fin = true;       // false: a fragment; the next send continues the message
};

// new WebSocket(url, protocols, options): ws's client options.
struct ClientOptions {
  // ws's client default: permessage-deflate offered as "permessage-deflate;
  // client_max_window_bits", context takeover kept both ways unless the server says otherwise.
  PerMessageDeflateOptions perMessageDeflate{
      .enabled = true, .serverNoContextTakeover = false, .clientNoContextTakeover = false};
  uint64_t maxPayload = 100 * 1024 * 1024;
  size_t maxFragments = 16 * 1024;
  bool autoPong = true;
  bool skipUTF8Validation = false;
  uint64_t handshakeTimeout = 0;  // ms; 0: none ("Opening handshake has timed out")
  int protocolVersion = 13;       // 13 or 8 (RangeError otherwise, as ws)
  std::string origin{};           // Origin (Sec-WebSocket-Origin for version 8)
  std::vector<std::pair<std::string, std::string>> headers{};  // more request fields
  // wss:// (the TLS options ws passes on to https.request): trusted CAs in PEM (empty: the
  // system store), whether a certificate that does not verify fails the handshake, the SNI
  // name ("": the URL's host name unless it is an IP address).
  std::vector<std::string> ca{};
  bool rejectUnauthorized = true;
  std::string servername{};
};

class WebSocket : public EventEmitter {
 public:
  static constexpr int CONNECTING = 0;
  static constexpr int OPEN = 1;
  static constexpr int CLOSING = 2;
  static constexpr int CLOSED = 3;

  explicit WebSocket(detail::WebSocketImpl* impl) : impl_(impl) {}
  ~WebSocket() override;

  // ws.send(data[, options][, cb]): a string is sent as text, a Buffer as binary (options.binary
  // overrides). cb(Error*) runs once the frame is handed to the kernel, or with the error that
  // prevented it. Sending on a socket that is not OPEN calls cb with an Error (as ws) and sends
  // nothing (the data still counts in bufferedAmount(), as ws).
  void send(std::string_view data, UniqueFunction<void(Error*)> cb = nullptr);
  void send(std::string_view data, SendOptions options, UniqueFunction<void(Error*)> cb = nullptr);
  void send(const Buffer& data, UniqueFunction<void(Error*)> cb = nullptr);
  void send(const Buffer& data, SendOptions options, UniqueFunction<void(Error*)> cb = nullptr);
  // At most 125 bytes (else RangeError, as ws; checked only when OPEN, not OPEN is send's case).
  // A received ping is answered by itself (autoPong) and emitted as "ping".
  void ping(std::string_view data = {}, UniqueFunction<void(Error*)> cb = nullptr);
  void pong(std::string_view data = {}, UniqueFunction<void(Error*)> cb = nullptr);
  // Starts the closing handshake. A code ws accepts (1000..1014 but 1004..1006, 3000..4999; else
  // TypeError "First argument must be a valid error code number"), a reason of at most 123
  // bytes (else RangeError "The message must not be greater than 123 bytes"). Without a code the
  // close frame has none (the peer reads 1005). The socket closes once the peer has answered
  // and ended, or after 30 s. Once CLOSING or CLOSED the arguments are not checked (as ws).
  void close();
  void close(int code, std::string_view reason = {});
  // Destroys the connection at once (no closing handshake): "close" (1006).
  void terminate();
  void pause();
  void resume();

  int readyState() const;
  // Bytes queued in user space, not yet handed to the kernel, plus those of the send/ping/pong
  // calls made once the socket had left OPEN (ws's bufferedAmount).
  size_t bufferedAmount() const;
  std::string protocol() const;
  // The names of the agreed extensions, as ws's ws.extensions: "permessage-deflate" or "" (the
  // parameters are in the 101 response's Sec-WebSocket-Extensions, not here).
  std::string extensions() const;
  bool isPaused() const;
  // A client's URL (ws's url); "" for a server's socket.
  std::string url() const;

  detail::WebSocketImpl* impl() const { return impl_; }

 private:
  detail::WebSocketImpl* impl_;
};

class WebSocketServer : public EventEmitter {
 public:
  // new WebSocketServer(options[, callback]) as an object of your own (it must outlive the
  // loop, as a local of main() before run() does); createServer() makes one the runtime owns.
  explicit WebSocketServer(ServerOptions options, UniqueFunction<void()> callback = nullptr);
  ~WebSocketServer() override;
  WebSocketServer(const WebSocketServer&) = delete;
  WebSocketServer& operator=(const WebSocketServer&) = delete;

  // wss.handleUpgrade(req, socket, head, cb): completes (or refuses) the handshake of an
  // 'upgrade' request; cb gets the connected socket. The socket belongs to the WebSocket from
  // then on: do not use it afterwards.
  void handleUpgrade(http::IncomingMessage& req, net::Socket& socket, const Buffer& head,
                     UniqueFunction<void(WebSocket&, http::IncomingMessage&)> cb);
  // Whether the request's path matches options.path.
  bool shouldHandle(http::IncomingMessage& req) const;
  // Stops accepting; closes the server's own http server (not one it was given). Open
  // connections are not closed (ws 8). cb(Error*) once done.
  void close(UniqueFunction<void(Error*)> cb = nullptr);
  net::AddressInfo address() const;
  // wss.clients (with clientTracking): the open connections, in no particular order.
  std::vector<WebSocket*> clients() const;
  size_t clientCount() const;

  detail::ServerImpl* impl() const { return impl_; }

 private:
  detail::ServerImpl* impl_;
};

// new WebSocketServer(options[, callback]): with `port`, the server makes and listens on an
// http server of its own (answering other requests with 426, as ws); with `server`, it takes
// that server's upgrade requests; with noServer, only handleUpgrade. callback runs on
// "listening".
WebSocketServer& createServer(ServerOptions options, UniqueFunction<void()> callback = nullptr);

// new WebSocket(url[, protocols][, options]): a client, CONNECTING until "open" (or "error"
// and "close" 1006 with ws's message: "Unexpected server response: 404", "Invalid
// Sec-WebSocket-Accept header", "Server sent no subprotocol", a connect error...). Throws
// SyntaxError for what ws rejects at once (an invalid URL, a scheme other than ws:/http:, a
// fragment, an invalid or repeated subprotocol). wss:// runs over TLS (a certificate that does
// not verify: "error" with Node's code, e.g. DEPTH_ZERO_SELF_SIGNED_CERT). The socket belongs to
// the thread's runtime, as a server's does.
WebSocket& connect(std::string_view url, std::vector<std::string> protocols = {},
                   ClientOptions options = {});

}  // namespace nodecc::ws
