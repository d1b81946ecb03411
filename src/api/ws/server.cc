#include <set>
#include <utility>

#include "api/net/tcp_socket.h"
#include "api/runtime.h"
#include "api/ws/server_impl.h"
#include "api/ws/websocket_impl.h"
#include "nodecc/process.h"
#include "text/ascii.h"
#include "ws/extensions.h"
#include "ws/handshake.h"

namespace nodecc::ws {

namespace detail {

namespace {

// +req.headers['sec-websocket-version'] as JavaScript reads it: 13 and 8 are the values that
// matter; anything that is not a plain decimal number (after trimming) reads as neither.
int versionOf(std::string_view v) {
  v = text::core::trimOws(v);
  if (v.empty() || v.size() > 4) {
    return -1;
  }
  int n = 0;
  for (char c : v) {
    if (c < '0' || c > '9') {
      return -1;
    }
    n = n * 10 + (c - '0');
  }
  return n;
}

core::DeflateOptions deflateOptionsOf(const PerMessageDeflateOptions& o) {
  core::DeflateOptions d;
  d.serverNoContextTakeover = o.serverNoContextTakeover;
  d.clientNoContextTakeover = o.clientNoContextTakeover;
  d.serverMaxWindowBits = o.serverMaxWindowBits;
  d.clientMaxWindowBits = o.clientMaxWindowBits;
  d.threshold = o.threshold;
  d.level = o.level;
  d.memLevel = o.memLevel;
  return d;
}

}  // namespace

ServerImpl::ServerImpl(WebSocketServer& facade, ServerOptions options)
    : facade_(facade), options_(std::move(options)) {
  const int given =
      int(options_.port.has_value()) + int(options_.server != nullptr) + int(options_.noServer);
  if (given != 1) {
    Error err(
        "One and only one of the \"port\", \"server\", or \"noServer\" options must be "
        "specified");
    err.name = "TypeError";
    throw err;
  }
}

void ServerImpl::start(UniqueFunction<void()> callback) {
  if (options_.port) {
    // ws's own server answers every ordinary request with 426.
    server_ = &http::createServer([](http::IncomingMessage&, http::ServerResponse& res) {
      res.writeHead(426, {{"Content-Length", "16"}, {"Content-Type", "text/plain"}});
      res.end("Upgrade Required");
    });
    ownServer_ = true;
  } else {
    server_ = options_.server;
  }
  if (server_ == nullptr) {
    return;
  }
  server_->on("listening", [this] { facade_.emit("listening"); });
  server_->on("error", [this](const Error& err) { facade_.emit("error", err); });
  server_->on("upgrade",
              [this](http::IncomingMessage& req, net::Socket& socket, const Buffer& head) {
                handleUpgrade(req, socket, head, [this](WebSocket& ws, http::IncomingMessage& r) {
                  facade_.emit("connection", ws, r);
                });
              });
  if (ownServer_) {
    net::ListenOptions lo;
    lo.port = *options_.port;
    lo.host = options_.host;
    lo.backlog = options_.backlog;
    server_->listen(lo, std::move(callback));
  }
}

bool ServerImpl::shouldHandle(http::IncomingMessage& req) const {
  if (options_.path.empty()) {
    return true;
  }
  std::string_view url = req.url;
  size_t q = url.find('?');
  return (q == std::string_view::npos ? url : url.substr(0, q)) == options_.path;
}

void ServerImpl::handleUpgrade(http::IncomingMessage& req, net::Socket& socket, const Buffer& head,
                               UniqueFunction<void(WebSocket&, http::IncomingMessage&)> cb) {
  // ws's checks, in ws's order.
  const std::optional<std::string_view> key = req.headers.get("sec-websocket-key");
  const std::optional<std::string_view> upgrade = req.headers.get("upgrade");
  const int version = versionOf(req.headers["sec-websocket-version"]);
  if (req.method != "GET") {
    abortOrReport(req, socket, 405, "Invalid HTTP method");
    return;
  }
  if (!upgrade || !text::core::equalsIgnoreCase(*upgrade, "websocket")) {
    abortOrReport(req, socket, 400, "Invalid Upgrade header");
    return;
  }
  if (!key || !core::isValidKey(*key)) {
    abortOrReport(req, socket, 400, "Missing or invalid Sec-WebSocket-Key header");
    return;
  }
  if (version != 13 && version != 8) {
    abortOrReport(req, socket, 400, "Missing or invalid Sec-WebSocket-Version header",
                  "Sec-WebSocket-Version: 13, 8\r\n");
    return;
  }
  if (!shouldHandle(req)) {
    abortHandshake(socket, 400);
    return;
  }
  std::vector<std::string_view> protocolList;
  if (auto header = req.headers.get("sec-websocket-protocol")) {
    if (!core::parseProtocols(*header, protocolList)) {
      abortOrReport(req, socket, 400, "Invalid Sec-WebSocket-Protocol header");
      return;
    }
  }
  ConnectionOptions conn;
  conn.role = core::Role::kServer;
  conn.maxPayload = options_.maxPayload;
  conn.maxFragments = options_.maxFragments;
  conn.skipUTF8Validation = options_.skipUTF8Validation;
  conn.autoPong = options_.autoPong;
  conn.maxPendingAutoPongs = options_.maxPendingAutoPongs;
  if (options_.perMessageDeflate.enabled) {
    if (auto header = req.headers.get("sec-websocket-extensions")) {
      conn.deflateOptions = deflateOptionsOf(options_.perMessageDeflate);
      core::DeflateNegotiation n = core::negotiateDeflateOffer(*header, conn.deflateOptions);
      if (!n.error.empty()) {
        abortOrReport(req, socket, 400, n.error);
        return;
      }
      if (n.params) {
        conn.deflate = n.params;
        conn.extensions = core::formatDeflateResponse(*n.params);
      }
    }
  }
  if (options_.verifyClient) {
    ClientInfo info{std::string(req.headers[version == 8 ? "sec-websocket-origin" : "origin"]),
                    socket.backend()->stream().filter() != nullptr, req};
    if (!options_.verifyClient(info)) {
      abortHandshake(socket, 401);
      return;
    }
  }

  // ws's completeUpgrade.
  if (socket.destroyed() || !socket.backend()->readable() || !socket.backend()->writable()) {
    socket.destroy();
    return;
  }
  if (state_ != State::kRunning) {
    abortHandshake(socket, 503);
    return;
  }
  std::vector<std::string> headers = {"HTTP/1.1 101 Switching Protocols", "Upgrade: websocket",
                                      "Connection: Upgrade",
                                      "Sec-WebSocket-Accept: " + core::acceptKey(*key)};
  if (!protocolList.empty()) {
    std::optional<std::string> protocol;
    if (options_.handleProtocols) {
      std::set<std::string> protocols(protocolList.begin(), protocolList.end());
      protocol = options_.handleProtocols(protocols, req);
    } else {
      protocol = std::string(protocolList.front());
    }
    if (protocol && !protocol->empty()) {
      headers.push_back("Sec-WebSocket-Protocol: " + *protocol);
      conn.protocol = std::move(*protocol);
    }
  }
  if (conn.deflate) {
    headers.push_back("Sec-WebSocket-Extensions: " + conn.extensions);
  }
  if (facade_.listenerCount("headers") > 0) {
    facade_.emit("headers", headers, req);
  }
  std::string response;
  for (const std::string& h : headers) {
    response += h;
    response += "\r\n";
  }
  response += "\r\n";

  // The descriptor leaves its net::Socket (which nobody hears from again) for the connection.
  auto* tcp = dynamic_cast<net::detail::TcpSocket*>(socket.backend());
  if (tcp == nullptr || !tcp->releasable()) {
    socket.destroy();  // not a plain TCP socket, or user writes still queued on it
    return;
  }
  socket.removeAllListeners();
  (void)tcp->remoteAddress();  // kept: req.socket.remoteAddress still answers in 'connection'
  std::unique_ptr<net::core::Stream::Filter> tls;  // a wss:// connection's
  const int fd = tcp->release(&tls);
  auto* ws = new WebSocketImpl(nodecc::detail::Runtime::current().loop(), std::move(conn));
  if (!ws->start(fd, std::move(tls), response, head.view())) {
    delete ws;
    return;
  }
  if (options_.clientTracking) {
    ws->server = this;
    clients_.insert(ws);
  }
  cb(ws->facade(), req);
}

void ServerImpl::abortHandshake(net::Socket& socket, int status, std::string_view message,
                                std::string_view extraHeaders) {
  std::string_view reason = http::statusCodeText(status);
  if (message.empty()) {
    message = reason;
  }
  std::string response = "HTTP/1.1 " + std::to_string(status) + " " + std::string(reason) +
                         "\r\nConnection: close\r\nContent-Type: text/html\r\nContent-Length: " +
                         std::to_string(message.size()) + "\r\n" + std::string(extraHeaders) +
                         "\r\n" + std::string(message);
  socket.write(response, [&socket](Error*) { socket.destroy(); });
  socket.end();
}

void ServerImpl::abortOrReport(http::IncomingMessage& req, net::Socket& socket, int status,
                               std::string_view message, std::string_view extraHeaders) {
  if (facade_.listenerCount("wsClientError") > 0) {
    Error err{std::string(message)};
    facade_.emit("wsClientError", static_cast<const Error&>(err), socket, req);
    return;
  }
  abortHandshake(socket, status, message, extraHeaders);
}

void ServerImpl::connectionClosed(WebSocketImpl* ws) {
  clients_.erase(ws);
  if (shouldEmitClose_ && clients_.empty()) {
    process::nextTick([this] { emitCloseIfDone(); });
  }
}

void ServerImpl::emitCloseIfDone() {
  state_ = State::kClosed;
  facade_.emit("close");
}

void ServerImpl::close(UniqueFunction<void(Error*)> cb) {
  if (state_ == State::kClosed) {
    if (cb) {
      facade_.once("close", [cb = std::move(cb)]() mutable {
        Error err("The server is not running");
        cb(&err);
      });
    }
    process::nextTick([this] { emitCloseIfDone(); });
    return;
  }
  if (cb) {
    facade_.once("close", [cb = std::move(cb)]() mutable { cb(nullptr); });
  }
  if (state_ == State::kClosing) {
    return;
  }
  state_ = State::kClosing;
  if (server_ != nullptr) {
    server_->removeAllListeners("upgrade");
  }
  if (!ownServer_) {
    server_ = nullptr;
    if (options_.clientTracking && !clients_.empty()) {
      shouldEmitClose_ = true;
    } else {
      process::nextTick([this] { emitCloseIfDone(); });
    }
    return;
  }
  http::Server* own = server_;
  server_ = nullptr;
  own->close([this](Error*) { emitCloseIfDone(); });
}

net::AddressInfo ServerImpl::address() const {
  if (options_.noServer) {
    throw Error("The server is operating in \"noServer\" mode");
  }
  return server_ != nullptr ? server_->address() : net::AddressInfo{};
}

std::vector<WebSocket*> ServerImpl::clients() const {
  std::vector<WebSocket*> out;
  out.reserve(clients_.size());
  for (WebSocketImpl* ws : clients_) {
    out.push_back(&ws->facade());
  }
  return out;
}

}  // namespace detail

WebSocketServer::~WebSocketServer() {
  delete impl_;
}

void WebSocketServer::handleUpgrade(http::IncomingMessage& req, net::Socket& socket,
                                    const Buffer& head,
                                    UniqueFunction<void(WebSocket&, http::IncomingMessage&)> cb) {
  impl_->handleUpgrade(req, socket, head, std::move(cb));
}

bool WebSocketServer::shouldHandle(http::IncomingMessage& req) const {
  return impl_->shouldHandle(req);
}

void WebSocketServer::close(UniqueFunction<void(Error*)> cb) {
  impl_->close(std::move(cb));
}

net::AddressInfo WebSocketServer::address() const {
  return impl_->address();
}

std::vector<WebSocket*> WebSocketServer::clients() const {
  return impl_->clients();
}

size_t WebSocketServer::clientCount() const {
  return impl_->clientCount();
}

WebSocketServer::WebSocketServer(ServerOptions options, UniqueFunction<void()> callback)
    : impl_(new detail::ServerImpl(*this, std::move(options))) {
  impl_->start(std::move(callback));
}

WebSocketServer& createServer(ServerOptions options, UniqueFunction<void()> callback) {
  auto* server = new WebSocketServer(std::move(options), std::move(callback));
  nodecc::detail::Runtime::current().adopt(server);
  return *server;
}

}  // namespace nodecc::ws
