#pragma once
// What the HTTP server layer asks of the layer above (the Node-style API). All callbacks run on
// the server's loop thread, inside loop callbacks.
#include <memory>
#include <string_view>

#include "http/parse_types.h"
#include "net/stream.h"

namespace nodecc::http::core {

class Exchange;
class ServerConnection;

class ServerDelegate {
 public:
  virtual ~ServerDelegate() = default;
  // A connection was accepted ('connection').
  virtual void onConnection(ServerConnection& conn) {}
  // The connection closed; its exchanges were aborted first.
  virtual void onConnectionClose(ServerConnection& conn) {}
  // socket.destroy(): the connection no longer counts (ServerCore::openConnectionCount).
  virtual void onConnectionDestroyed(ServerConnection& conn) {}
  // A fresh (or recycled) exchange for the next request.
  virtual Exchange* newExchange(ServerConnection& conn) = 0;
  virtual void releaseExchange(Exchange* ex) = 0;
  // A request asks to switch protocols (an Upgrade field with a Connection "upgrade" token, not
  // CONNECT): true when the layer above takes such connections over (Node: the server has
  // 'upgrade' listeners); false, and it is an ordinary request.
  virtual bool acceptsUpgrade() { return false; }
  // The connection left HTTP for the protocol `ex` asked for: `fd` is its socket, now owned by
  // the callee (open, non-blocking, not watched by any loop), `filter` its TLS (an https
  // server's; null otherwise: Stream::open(fd, filter) carries it on), and `rest` the bytes that
  // followed the request head, decrypted (valid during the call). The responses to earlier
  // requests have all been handed to the kernel. `ex` is valid during the call and released
  // after it; the connection closes without touching the socket.
  virtual void onUpgrade(Exchange& ex, int fd, std::unique_ptr<net::core::Stream::Filter> filter,
                         std::string_view rest) {}
  // The request head is complete ('request', or 'checkContinue'/'checkExpectation').
  virtual void onRequest(Exchange& ex) = 0;
  // Body bytes, valid during the call.
  virtual void onBody(Exchange& ex, std::string_view data) = 0;
  // The body is complete; trailers are in ex.trailers.
  virtual void onBodyEnd(Exchange& ex) = 0;
  // The connection went away before the exchange finished ('aborted'/'close').
  virtual void onAbort(Exchange& ex) = 0;
  // Response bytes drained below the high-water mark ('drain' on the current response).
  virtual void onDrain(Exchange& ex) {}
  // The connection's idle timeout (ServerConnection::setIdleTimeout) expired: Node's socket
  // 'timeout'. The connection stays open unless the layer above destroys it.
  virtual void onTimeout(ServerConnection& conn) {}
  // A request could not be parsed, or timed out (status 408). Return true when the layer above
  // answered it itself (a 'clientError' listener); otherwise the default response is sent:
  // "HTTP/1.1 <status> <reason>\r\nConnection: close\r\n\r\n", then the connection closes.
  virtual bool onClientError(ServerConnection& conn, const ParseError& err) { return false; }
};

}  // namespace nodecc::http::core
