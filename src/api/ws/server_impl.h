#pragma once
// ServerImpl: the machinery of a ws::WebSocketServer. It validates an 'upgrade' request as the
// `ws` package's handleUpgrade does (same order, same statuses and bodies), negotiates the
// subprotocol and permessage-deflate, takes the socket's descriptor out of its net::Socket and
// hands it to a WebSocketImpl together with the 101 response and the bytes that followed the
// request. It keeps the open connections (wss.clients) in an intrusive list.
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "nodecc/ws.h"

namespace nodecc::ws::detail {

class WebSocketImpl;

class ServerImpl {
 public:
  ServerImpl(WebSocketServer& facade, ServerOptions options);

  // Attaches to options.server, or makes and listens on a server of its own (options.port).
  void start(UniqueFunction<void()> callback);

  void handleUpgrade(http::IncomingMessage& req, net::Socket& socket, const Buffer& head,
                     UniqueFunction<void(WebSocket&, http::IncomingMessage&)> cb);
  bool shouldHandle(http::IncomingMessage& req) const;
  void close(UniqueFunction<void(Error*)> cb);
  net::AddressInfo address() const;

  std::vector<WebSocket*> clients() const;
  size_t clientCount() const { return clients_.size(); }
  // A connection of this server closed (before its "close" event).
  void connectionClosed(WebSocketImpl* ws);

 private:
  // ws's abortHandshake: a plain HTTP error response, then the socket is destroyed.
  void abortHandshake(net::Socket& socket, int status, std::string_view message = {},
                      std::string_view extraHeaders = {});
  // ws's abortHandshakeOrEmitwsClientError.
  void abortOrReport(http::IncomingMessage& req, net::Socket& socket, int status,
                     std::string_view message, std::string_view extraHeaders = {});
  void emitCloseIfDone();

  enum class State { kRunning, kClosing, kClosed };

  WebSocketServer& facade_;
  ServerOptions options_;
  http::Server* server_ = nullptr;  // the http server whose upgrades we take, if any
  bool ownServer_ = false;
  State state_ = State::kRunning;
  bool shouldEmitClose_ = false;
  std::unordered_set<WebSocketImpl*> clients_;
};

}  // namespace nodecc::ws::detail
