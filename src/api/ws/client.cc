// The client side: new WebSocket(url, protocols, options) as ws makes it (its URL and
// subprotocol checks, its request, its checks of the server's 101 and their messages), then
// the same connection as a server's, in the client role (masked frames).
#include <algorithm>
#include <cstring>
#include <set>

#include "api/net/socket_backend.h"
#include "api/runtime.h"
#include "api/tls/context_holder.h"
#include "api/ws/websocket_impl.h"
#include "http/field_values.h"
#include "nodecc/dns.h"
#include "nodecc/process.h"
#include "nodecc/url.h"
#include "text/ascii.h"
#include "ws/extensions.h"
#include "ws/handshake.h"

namespace nodecc::ws {

namespace detail {

namespace {
// The server's handshake response may not be larger than this (Node's maxHeaderSize).
constexpr size_t kMaxResponseHead = 16 * 1024;
constexpr size_t kMaxResponseFields = 100;

Error syntaxError(std::string message) {
  Error err(std::move(message));
  err.name = "SyntaxError";
  return err;
}

std::optional<std::string_view> field(const http::core::Header* headers, size_t count,
                                      std::string_view lowerName) {
  for (size_t i = 0; i < count; ++i) {
    if (text::core::equalsIgnoreCase(headers[i].name, lowerName)) {
      return headers[i].value;
    }
  }
  return std::nullopt;
}
// A comma-separated list (Connection) holds `token`, in any case.
bool hasToken(std::string_view list, std::string_view token) {
  bool found = false;
  http::core::forEachListElement(list, [&](std::string_view element) {
    found = found || text::core::equalsIgnoreCase(element, token);
  });
  return found;
}
}  // namespace

void WebSocketImpl::startClient(std::string url, ClientHandshake handshake) {
  url_ = std::move(url);
  readyState_ = WebSocket::CONNECTING;
  client_ = std::make_unique<ClientHandshake>(std::move(handshake));
  if (client_->timeoutMs != 0) {
    loop_.startTimer(handshakeTimer_, client_->timeoutMs);
  }
}

void WebSocketImpl::resolved(Error* err, const net::core::SocketAddress* to) {
  lookupPending = false;
  if (closed_) {
    delete this;  // closed while its host was being resolved: "close" was emitted already
    return;
  }
  if (err != nullptr) {
    failHandshake(*err);
    return;
  }
  connectTo(*to);
}

void WebSocketImpl::connectTo(const net::core::SocketAddress& to) {
  if (closing_) {
    return;  // closed while its host was being resolved
  }
  if (auto r = stream_.connect(to); !r) {
    failHandshake(
        net::detail::errorWithAddress(r.error(), "connect", client_->address, client_->port));
    return;
  }
  if (client_->tls) {
    // The filter reports the connection (onConnect) once its handshake is done.
    tls::core::Connection::attachClient(stream_, client_->tls, client_->tlsOptions);
  }
}

void WebSocketImpl::onConnect(int status) {
  if (status != 0) {
    // A TLS handshake that failed reports its own error (a certificate that does not verify:
    // Node's DEPTH_ZERO_SELF_SIGNED_CERT...), as https.request's 'error' does.
    auto* secure = dynamic_cast<tls::core::Connection*>(stream_.filter());
    if (secure != nullptr && !secure->error().empty()) {
      failHandshake(tls::detail::toError(secure->error()));
      return;
    }
    failHandshake(
        net::detail::errorWithAddress(status, "connect", client_->address, client_->port));
    return;
  }
  (void)stream_.setNoDelay(true);
  stream_.write(std::string_view(client_->request));
  stream_.readStart();
}

void WebSocketImpl::failHandshake(const Error& err) {
  if (closing_) {
    return;
  }
  readyState_ = WebSocket::CLOSING;
  failure_ = std::make_unique<Error>(err);
  destroy();
}

void WebSocketImpl::onHandshakeTimer(loop::core::Timer* t) {
  static_cast<WebSocketImpl*>(t->data)->failHandshake(Error("Opening handshake has timed out"));
}

void WebSocketImpl::readHandshake(size_t n) {
  response_.append(readBuffer().data(), n);
  http::core::ResponseHead head;
  http::core::Header headers[kMaxResponseFields];
  http::core::ParserLimits limits;
  limits.maxHeaderSize = kMaxResponseHead;
  limits.maxHeadersCount = kMaxResponseFields;
  http::core::ParseError perr;
  ssize_t r =
      http::core::parseResponse(response_, 0, head, headers, kMaxResponseFields, limits, &perr);
  if (r == http::core::kIncomplete) {
    return;
  }
  if (r < 0) {
    Error err("Parse Error");  // as Node's http client reports a malformed response
    err.code = perr.code;
    failHandshake(err);
    return;
  }
  // Node's http client takes a 101 as an upgrade only with an Upgrade field and a Connection
  // "upgrade" token (llhttp's rule); any other response is ws's "unexpected response".
  auto connection = field(headers, head.headerCount, "connection");
  if (head.status != 101 || !field(headers, head.headerCount, "upgrade") || !connection ||
      !hasToken(*connection, "upgrade")) {
    failHandshake(Error("Unexpected server response: " + std::to_string(head.status)));
    return;
  }
  std::string problem = checkHandshake(head, headers);
  if (!problem.empty()) {
    failHandshake(Error(problem));
    return;
  }
  loop_.stopTimer(handshakeTimer_);
  client_.reset();
  openEngine();
  // The bytes after the head are the server's first frames: parsed after "open", as ws does.
  std::string rest = response_.substr(size_t(r));
  response_.clear();
  response_.shrink_to_fit();
  try {
    facade_->emit("open");
  } catch (...) {
    nodecc::detail::Runtime::current().uncaught(std::current_exception(), "uncaughtException");
  }
  if (!rest.empty() && !closing_) {
    corked_ = true;
    feed(rest.data(), rest.size());
    corked_ = false;
  }
  flush();
}

std::string WebSocketImpl::checkHandshake(const http::core::ResponseHead& head,
                                          const http::core::Header* headers) {
  const size_t count = head.headerCount;
  auto upgrade = field(headers, count, "upgrade");
  if (!upgrade || !text::core::equalsIgnoreCase(*upgrade, "websocket")) {
    return "Invalid Upgrade header";
  }
  auto accept = field(headers, count, "sec-websocket-accept");
  if (!accept || *accept != core::acceptKey(client_->key)) {
    return "Invalid Sec-WebSocket-Accept header";
  }
  auto protocol = field(headers, count, "sec-websocket-protocol");
  if (protocol) {
    if (client_->protocols.empty()) {
      return "Server sent a subprotocol but none was requested";
    }
    if (std::find(client_->protocols.begin(), client_->protocols.end(), *protocol) ==
        client_->protocols.end()) {
      return "Server sent an invalid subprotocol";
    }
    options_.protocol.assign(*protocol);
  } else if (!client_->protocols.empty()) {
    return "Server sent no subprotocol";
  }
  if (auto extensions = field(headers, count, "sec-websocket-extensions")) {
    if (!client_->offeredDeflate) {
      return "Server sent a Sec-WebSocket-Extensions header but no extension was requested";
    }
    core::DeflateNegotiation n = core::acceptDeflateResponse(*extensions, options_.deflateOptions);
    if (!n.error.empty()) {
      return std::string(n.error);
    }
    if (n.params) {
      options_.deflate = n.params;
      options_.extensions = core::formatDeflateResponse(*n.params);
    }
  }
  return {};
}

}  // namespace detail

namespace {

bool isIpLiteral(std::string_view host) {
  return net::isIP(host) != 0;
}

}  // namespace

WebSocket& connect(std::string_view address, std::vector<std::string> protocols,
                   ClientOptions options) {
  // ws's initAsClient checks, with its messages.
  std::optional<url::URL> parsed;
  try {
    parsed.emplace(address);
  } catch (const Error&) {
    throw detail::syntaxError("Invalid URL: " + std::string(address));
  }
  std::string scheme = parsed->protocol();
  if (scheme == "http:") {
    scheme = "ws:";
  }
  const bool secure = scheme == "wss:" || scheme == "https:";
  if (scheme != "ws:" && !secure) {
    throw detail::syntaxError(
        "The URL's protocol must be one of \"ws:\", \"wss:\", \"http:\", \"https:\", or "
        "\"ws+unix:\"");
  }
  if (!parsed->hash().empty()) {
    throw detail::syntaxError("The URL contains a fragment identifier");
  }
  if (options.protocolVersion != 13 && options.protocolVersion != 8) {
    Error err("Unsupported protocol version: " + std::to_string(options.protocolVersion) +
              " (supported versions: 8, 13)");
    err.name = "RangeError";
    throw err;
  }
  std::set<std::string> seen;
  for (const std::string& p : protocols) {
    bool token = !p.empty() && std::all_of(p.begin(), p.end(), [](char c) {
      return core::isTokenChar(static_cast<unsigned char>(c));
    });
    if (!token || !seen.insert(p).second) {
      throw detail::syntaxError("An invalid or duplicated subprotocol was specified");
    }
  }

  std::string hostname = parsed->hostname();
  if (hostname.size() > 2 && hostname.front() == '[') {
    hostname = hostname.substr(1, hostname.size() - 2);
  }
  const uint16_t port =
      parsed->port().empty() ? (secure ? 443 : 80) : uint16_t(std::stoi(parsed->port()));
  std::string path = parsed->pathname() + parsed->search();

  detail::ClientHandshake hs;
  hs.key = core::makeClientKey();
  hs.protocols = protocols;
  hs.timeoutMs = options.handshakeTimeout;
  hs.port = port;
  if (secure) {
    tls::SecureContextOptions so;
    so.ca = options.ca;
    hs.tls = tls::detail::makeContext(tls::detail::toCore(so, false));
    std::string name = options.servername.empty() ? hostname : options.servername;
    hs.tlsOptions.servername = net::isIP(name) != 0 ? "" : name;  // no SNI for an address
    hs.tlsOptions.host = name;
    hs.tlsOptions.rejectUnauthorized = options.rejectUnauthorized;
  }
  detail::ConnectionOptions conn;
  conn.role = core::Role::kClient;
  conn.maxPayload = options.maxPayload;
  conn.maxFragments = options.maxFragments;
  conn.skipUTF8Validation = options.skipUTF8Validation;
  conn.autoPong = options.autoPong;
  std::string& req = hs.request;
  req = "GET " + path +
        " HTTP/1.1\r\nSec-WebSocket-Version: " + std::to_string(options.protocolVersion) +
        "\r\nSec-WebSocket-Key: " + hs.key + "\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n";
  if (options.perMessageDeflate.enabled) {
    core::DeflateOptions d;
    d.serverNoContextTakeover = options.perMessageDeflate.serverNoContextTakeover;
    d.clientNoContextTakeover = options.perMessageDeflate.clientNoContextTakeover;
    d.serverMaxWindowBits = options.perMessageDeflate.serverMaxWindowBits;
    d.clientMaxWindowBits = options.perMessageDeflate.clientMaxWindowBits;
    d.threshold = options.perMessageDeflate.threshold;
    d.level = options.perMessageDeflate.level;
    d.memLevel = options.perMessageDeflate.memLevel;
    conn.deflateOptions = d;
    hs.offeredDeflate = true;
    req += "Sec-WebSocket-Extensions: " + core::formatDeflateOffer(d) + "\r\n";
  }
  if (!protocols.empty()) {
    req += "Sec-WebSocket-Protocol: ";
    for (size_t i = 0; i < protocols.size(); ++i) {
      req += (i ? "," : "") + protocols[i];
    }
    req += "\r\n";
  }
  if (!options.origin.empty()) {
    req += (options.protocolVersion == 8 ? "Sec-WebSocket-Origin: " : "Origin: ") + options.origin +
           "\r\n";
  }
  for (const auto& [name, value] : options.headers) {
    req += name + ": " + value + "\r\n";
  }
  req += "Host: " + parsed->host() + "\r\n\r\n";

  auto* ws = new detail::WebSocketImpl(nodecc::detail::Runtime::current().loop(), std::move(conn));
  WebSocket& facade = ws->facade();
  const bool literal = isIpLiteral(hostname);
  hs.address = hostname;
  ws->startClient(parsed->href(), std::move(hs));
  // The connection starts from a tick (or after the lookup), as ws's request does: listeners
  // added after connect() hear every event. The object outlives a close() meanwhile
  // (resolved() frees it then).
  ws->lookupPending = true;
  if (literal) {
    process::nextTick([ws, to = *net::core::SocketAddress::parse(hostname, port)] {
      ws->resolved(nullptr, &to);
    });
  } else {
    dns::lookup(hostname, [ws, port](Error* err, std::string ip, int) {
      if (err != nullptr) {
        ws->resolved(err, nullptr);
        return;
      }
      auto to = net::core::SocketAddress::parse(ip, port);
      ws->resolved(nullptr, &*to);
    });
  }
  return facade;
}

}  // namespace nodecc::ws
