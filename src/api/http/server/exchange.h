#pragma once
// The API-side objects of the HTTP server: an ExchangeImpl is the http layer's Exchange plus
// the IncomingMessage and ServerResponse facades; HttpServerImpl is the ServerDelegate that
// turns the layer's callbacks into Node's events. Exchanges are recycled per server (their
// strings and vectors keep their capacity), so a warm server does not allocate per request.
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "api/http/server/head_buffer.h"
#include "api/http/text.h"
#include "api/net/server_lifecycle.h"
#include "http/exchange.h"
#include "http/server_connection.h"
#include "http/server_core.h"
#include "http/server_delegate.h"
#include "loop/intrusive_list.h"
#include "loop/timer_queue.h"
#include "nodecc/detail/response_filter.h"
#include "nodecc/http.h"
#include "tls/connection.h"

namespace nodecc::tls::detail {
class SecureServer;
}  // namespace nodecc::tls::detail

namespace nodecc::http::detail {

class HttpServerImpl;
class HttpSocket;
class ExchangeImpl;

// Runs `body`; when it throws, runs `cleanup` and rethrows: a listener that throws out of an
// event sequence (reported as uncaught, the server goes on) must not skip the bookkeeping after
// it, or the exchange is never released. A try block costs nothing until something throws (a
// guard comparing std::uncaught_exceptions() cost ~25 instructions per use).
template <class Body, class Cleanup>
void cleanUpOnThrow(Body&& body, Cleanup&& cleanup) {
  try {
    body();
  } catch (...) {
    cleanup();
    throw;
  }
}

// An exchange whose client went away before its handler ended the response: it waits, inert
// (its writes go nowhere), for the handler to end it, at most ServerOptions::orphanTimeout.
struct OrphanLink {
  ExchangeImpl* ex = nullptr;
  int64_t since = 0;  // loop time it was orphaned
  OrphanLink* prev = nullptr;
  OrphanLink* next = nullptr;
  loop::core::IntrusiveList<OrphanLink>* owner = nullptr;
};

// A weak reference to one request of an exchange, for work that may outlive the request's
// bounds (a serveStatic lookup slower than orphanTimeout): `ex` is cleared when the exchange
// is recycled or deleted. Valid for the request when `ex` is set and its generation matches.
struct ExchangeWatch {
  ExchangeImpl* ex = nullptr;
  uint64_t generation = 0;
  ExchangeWatch* next = nullptr;  // the exchange's other watches
};

class ExchangeImpl final : public http::core::Exchange {
 public:
  explicit ExchangeImpl(HttpServerImpl& server);
  ~ExchangeImpl() override;

  static ExchangeImpl& of(IncomingMessage& req) { return req.ex_; }
  // Fills the facades from the parsed request (called before "request").
  void begin();
  // Response side.
  void storeHead(bool fromEnd, size_t endLength);
  void sendHeadIfNeeded();
  void writeBody(std::string_view data);
  void finishResponse();
  // The Date field (withDate) and the Connection (and Keep-Alive) fields (withConnection) as
  // Node writes them; sets `last` when the connection is to close. The common case, all three
  // on a persistent connection, is one copy of the server's cached keepAliveTail().
  void appendDateAndConnection(bool withDate, bool withConnection, bool sendKeepAlive);
  // This response must close its connection although its request kept it alive:
  // maxRequestsPerSocket reached, or the server is closing.
  bool mustClose() const;
  // A complete response prepared outside Node's response machinery (serveStatic): `fields` is
  // the status line and header fields, each ending in CRLF, without Date and Connection, which
  // are added here as end() adds them; then `body`, then `len` bytes of `file` from `offset`.
  // Marks the response sent and ended and emits 'finish' and 'close' as end() does.
  void respondRaw(std::string_view fields, std::string_view body,
                  net::core::SharedFile* file = nullptr, int64_t offset = 0, size_t len = 0);
  // respondRaw's first half, for a body of several pieces (multipart/byteranges over a file):
  // sends the head and returns true; the caller then writes the body (write, sendFile) and
  // calls finishResponse(). False when there is nothing to send (already ended, or aborted:
  // the response is then complete as far as the API is concerned).
  // `bodyStart` (at most kHeadBodyCoalesceBytes) leaves in the same write as the head.
  bool beginRawResponse(std::string_view fields, std::string_view bodyStart = {});
  // A body up to this size rides in the head's buffer (copied once more) rather than being
  // written on its own: one copy into the connection's output instead of two.
  static constexpr size_t kHeadBodyCoalesceBytes = 1024;
  // The exchange behind a response (serveStatic answers through respondRaw).
  static ExchangeImpl& of(ServerResponse& res) { return res.ex_; }
  void failResponse(std::exception_ptr e);
  // Request side.
  void deliverBody(std::string_view data);
  void deliverEnd();
  void flowIfWanted();
  void scheduleEnd();
  void scheduleRequestClose();
  // Discards the unread body and resumes reading; `flow`: then let the request 'end'.
  void dump(bool flow = true);
  void onAborted();
  // 'aborted', 'error' (with listeners), and 'close' on both, once the connection is gone.
  void emitAbortEvents(uint64_t gen);
  // req.destroy([err]) and res.destroy([err]).
  void destroyRequest(const Error* err);
  // Node's destroyer() on a server request (a failed pipeline, an iterator left early): the
  // request is destroyed ('aborted' if its body had not ended, then 'error' to its listeners
  // and 'close'), the rest of its body read and dropped, the connection kept for the response.
  void abandonRequest(const Error* err);
  // What both share: marks the request destroyed and, unless it was read to its end, aborted
  // ('aborted' at once); false when there is nothing more to do.
  bool markRequestDestroyed();
  // req 'close' (once), then the exchange may be released.
  void emitRequestClose(uint64_t gen);
  void destroyResponse(const Error* err);
  // Both the http layer and the event sequence are done with it: back to the free list.
  void release();
  // Registers `w` for the current request; unwatch() before `w` goes, unless `w->ex` was
  // cleared (the exchange was recycled or deleted meanwhile).
  void watch(ExchangeWatch* w);
  void unwatch(ExchangeWatch* w);
  // Clears every watch (recycle, destruction).
  void dropWatches() {
    while (ExchangeWatch* w = watches) {
      watches = w->next;
      w->ex = nullptr;
      w->next = nullptr;
    }
  }
  // Releases the API's hold once both "close" events were emitted, an async handler has
  // settled, and the handler ended the response; if the client went away instead, the exchange
  // becomes an orphan (HttpServerImpl::adoptOrphan).
  void releaseApiHold();

  HttpServerImpl& server;
  IncomingMessage req;
  ServerResponse res;
  uint64_t generation = 0;
  int holds = 0;

  // Response state (Node's OutgoingMessage fields).
  std::vector<std::pair<std::string, std::string>> outHeaders;
  std::vector<std::pair<std::string, std::string>> outTrailers;
  HeadBuffer head;  // the stored head (status line + headers + CRLF), until sent
  bool headStored = false;
  bool headFlushed = false;
  bool hasBody = true;
  bool chunked = false;
  bool keepAlive = true;  // shouldKeepAlive
  bool last = false;      // _last: close after this response
  bool useChunkedByDefault = true;
  // removeHeader() of a header Node would add itself: it is then left out (Node's
  // _removedConnection, _removedContLen, _removedTE; removing Date clears res.sendDate).
  bool removedConnection = false;
  bool removedContentLength = false;
  bool removedTransferEncoding = false;
  // The request asked for 100-continue; a final status sent without the 100 before it closes
  // the connection (the client may still send the body it was waiting to send).
  bool expectContinue = false;
  bool sent100 = false;
  bool finishEmitted = false;
  // The connection closed right after this exchange's own ended response while its body was
  // still arriving: as in Node (the request had left the incoming list at 'finish'), the
  // request gets no 'aborted' and no 'close'; the response still emits 'finish' and 'close'.
  bool quietAbort = false;
  bool closeEmitted = false;         // res 'close'
  bool requestCloseEmitted = false;  // req 'close'
  bool endScheduled = false;
  bool consuming = false;  // the request was read (Node's _consuming): no dump at 'finish'
  bool apiHoldReleased = false;
  bool abortedEmitted = false;  // req 'aborted' (req.destroy() emits it at once)
  // req.destroy(err)'s error, for the request's 'error' (allocated only then).
  std::unique_ptr<Error> destroyError;
  bool needDrain = false;
  bool asyncPending = false;  // an async handler's promise has not settled yet
  bool asyncThrew = false;    // it was rejected: nothing of the handler is left to run
  // During 'upgrade': the socket the connection became (req.socket()).
  net::Socket* upgradedSocket = nullptr;
  OrphanLink orphan;
  ExchangeWatch* watches = nullptr;
  std::vector<UniqueFunction<void()>> finishCallbacks;

  // Request stream state.
  bool flowing = false;
  bool userPaused = false;
  bool endPending = false;
  bool endEmitted = false;
  bool dumped = false;
  bool flushScheduled = false;
  std::vector<Buffer> buffered;
  size_t bufferedBytes = 0;
};

class HttpServerImpl final : public http::core::ServerDelegate,
                             public tls::core::Connection::Observer {
 public:
  HttpServerImpl(Server& facade, loop::core::Loop& loop);
  ~HttpServerImpl() override;

  void setListener(RequestListener l) { listener_ = std::move(l); }
  void setAsyncListener(AsyncRequestListener l);
  void listen(const net::ListenOptions& options);
  void close(UniqueFunction<void(Error*)> cb);
  net::Socket& socketOf(http::core::ServerConnection& conn);
  void handleException(ExchangeImpl& ex, uint64_t generation, std::exception_ptr e);
  // socket.destroy([err]) of a connection, from req.destroy (err may be null).
  void destroyConnection(http::core::ServerConnection& conn, const Error* err);
  // Node's socketOnError for destroy(err): 'clientError' (err, socket), then the socket's own
  // 'error' listeners; from a tick, as Node emits it.
  void reportSocketError(http::core::ServerConnection& conn, const Error& err);

  Server& facade;
  loop::core::Loop& loop;
  std::unique_ptr<http::core::ServerCore> core;
  // An https server's contexts: every accepted connection gets TLS (https_server.cc).
  std::unique_ptr<tls::detail::SecureServer> tls;
  uint64_t handshakeTimeoutMs = tls::core::kDefaultHandshakeTimeoutMs;
  static void attachTls(void* self, http::core::ServerConnection& conn);
  // tls::core::Connection::Observer: 'secureConnection' and 'tlsClientError'.
  void onSecure(tls::core::Connection& c) override;
  void onHandshakeError(tls::core::Connection& c, const tls::core::TlsError& err) override;

  // ServerDelegate
  void onConnection(http::core::ServerConnection& conn) override;
  void onConnectionClose(http::core::ServerConnection& conn) override;
  void onConnectionDestroyed(http::core::ServerConnection& conn) override;
  http::core::Exchange* newExchange(http::core::ServerConnection& conn) override;
  void releaseExchange(http::core::Exchange* ex) override;
  void onRequest(http::core::Exchange& ex) override;
  void onBody(http::core::Exchange& ex, std::string_view data) override;
  void onBodyEnd(http::core::Exchange& ex) override;
  void onAbort(http::core::Exchange& ex) override;
  void onDrain(http::core::Exchange& ex) override;
  void onTimeout(http::core::ServerConnection& conn) override;
  bool acceptsUpgrade() override { return facade.listenerCount("upgrade") > 0; }
  void onUpgrade(http::core::Exchange& ex, int fd,
                 std::unique_ptr<net::core::Stream::Filter> filter, std::string_view rest) override;
  bool onClientError(http::core::ServerConnection& conn,
                     const http::core::ParseError& err) override;

  void recycle(ExchangeImpl* ex);
  // "Date: ...\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n" for this second and
  // these options: the lines ending most response heads, rebuilt once a second.
  std::string_view keepAliveTail() {
    if (loop.now() < tail_.validUntilMs &&
        facade.options.keepAliveTimeout == tail_.keepAliveTimeout &&
        facade.options.maxRequestsPerSocket == tail_.maxRequestsPerSocket) {
      return tail_.text.view();
    }
    return rebuildKeepAliveTail();
  }
  // Keeps an aborted exchange whose response was not ended; `ex` leaves the orphans when its
  // handler ends the response (releaseOrphan), when it times out, or when there are more than
  // ServerOptions::maxOrphans.
  void adoptOrphan(ExchangeImpl* ex);
  void releaseOrphan(ExchangeImpl* ex);
  size_t orphanCount() const { return orphans_.size(); }
  // Exchanges in use (not in the free list), orphans included.
  size_t liveExchanges() const { return live_; }

 private:
  RequestListener listener_;
  AsyncRequestListener asyncListener_;
  std::string_view rebuildKeepAliveTail();
  struct KeepAliveTail {
    int64_t validUntilMs = 0;       // loop time until which `text` holds the current second
    uint64_t keepAliveTimeout = 0;  // the options `text` was built for
    uint32_t maxRequestsPerSocket = 0;
    HeadBuffer text;
  };
  KeepAliveTail tail_;
  static void onTrim(loop::core::Deferred* d);
  static void onOrphanTimer(loop::core::Timer* t);
  void armOrphanTimer();
  std::vector<ExchangeImpl*> free_;
  size_t live_ = 0;
  loop::core::IntrusiveList<OrphanLink> orphans_;
  loop::core::Timer orphanTimer_{&HttpServerImpl::onOrphanTimer};
  loop::core::Deferred trim_{&HttpServerImpl::onTrim, this};
  net::detail::ServerLifecycle lifecycle_;
};

// What http::createServer and https::createServer share: the thread's runtime adopts the
// server (closed with the thread's others, deleted at teardown); the listener, when there is
// one, becomes a 'request' listener.
Server& adoptServer(std::unique_ptr<Server> server);
void addRequestListener(Server& server, RequestListener listener);

}  // namespace nodecc::http::detail
