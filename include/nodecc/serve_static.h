#pragma once
// http::serveStatic(root, options): a request listener that serves the files under `root`, as
// nginx does and as fast (see docs/static.md).
//
//   http::createServer(http::serveStatic("public")).listen(8080);
//
// or inside a handler, serve-static style, with `next` called instead of answering a client
// error (404, 403, 400, 405) so the application can route the request on. Headers the handler
// set on `res` before are sent too, replacing serveStatic's of the same name (a Cache-Control
// of its own, CORS), except the ones that frame the body (Content-Length, Content-Range,
// Content-Encoding...):
//
//   auto files = http::serveStatic("public");
//   http::createServer([files](http::IncomingMessage& req, http::ServerResponse& res) mutable {
//     files(req, res, [&req, &res] { res.writeHead(404); res.end("no route\n"); });
//   });
//
// GET and HEAD only (405 with Allow: GET, HEAD otherwise). Headers as nginx sends them:
// Content-Type from one MIME table, Content-Length, Last-Modified, ETag "<hex mtime>-<hex
// size>", Accept-Ranges; conditional requests (304/412, RFC 9110 §13.2.2), Range (206, 416,
// multipart/byteranges), precompressed file.br / file.gz beside a file chosen by
// Accept-Encoding (with Vary). Directory URLs serve index.html; "/dir" redirects to "/dir/".
// Paths are percent-decoded and normalized; traversal, encoded slashes, backslashes and NUL are
// refused (400); dotfiles are hidden (404); symbolic links out of the root are refused (403)
// unless followSymlinks.
//
// Files are cached per handler: open fds and precomputed headers, contents in memory for small
// files, sendfile(2) for the rest; a cached file is re-checked with a stat at most every
// revalidateMs, and a miss is looked up on the thread pool. A handler belongs to the thread
// that created it (each worker of a multi-threaded server creates its own).
//
// Throws Error (ENOENT, ENOTDIR, EACCES...) when `root` cannot be opened as a directory.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "nodecc/function.h"
#include "nodecc/http.h"

namespace nodecc::http {

struct StaticOptions {
  // Cache-Control sent with files, e.g. "public, max-age=3600" ("" sends none).
  std::string cacheControl;
  // An HTML listing for a directory without an index file (else 404).
  bool listDirectories = false;
  // Follow symbolic links that point outside the root (else 403).
  bool followSymlinks = false;
  // Paths with a segment starting with '.': "ignore" (404, as if absent), "deny" (403),
  // "allow" (served), as serve-static's option of the same name.
  enum class Dotfiles { kIgnore, kDeny, kAllow } dotfiles = Dotfiles::kIgnore;
  // File served for a directory URL ("" disables).
  std::string index = "index.html";
  // "/dir" -> 301 "/dir/" (else 404).
  bool redirect = true;
  // Serve file.br / file.gz beside a file when the client accepts them.
  bool precompressed = true;
  // Compress on the fly (nginx's `gzip on`, `nodecc serve --gzip`): a compressible file
  // (text/*, JavaScript, JSON, XML, SVG, wasm...) of gzipMinBytes..gzipMaxBytes with no .gz
  // sibling is gzipped at gzipLevel once per cache fill, on the thread pool, and the result
  // kept in the cache beside the file (dropped when the file changes on disk, at most
  // gzipCacheBytes of compressed bodies per cache). Its ETag is the file's made weak, every
  // response for the file carries Vary: Accept-Encoding, and a Range request is answered
  // from the file itself (as nginx does).
  bool gzip = false;
  int gzipLevel = 6;  // 1..9 (libdeflate's levels up to 9)
  size_t gzipMinBytes = 20;
  size_t gzipMaxBytes = size_t(8) << 20;
  size_t gzipCacheBytes = size_t(16) << 20;

  // The cache (per handler): at most cacheEntries files and cacheMemoryBytes of contents;
  // files up to memoryFileMaxBytes are held in memory, larger ones as open fds (sendfile).
  size_t cacheEntries = 1024;
  size_t cacheMemoryBytes = size_t(64) << 20;
  size_t memoryFileMaxBytes = size_t(32) << 10;
  // How stale a cached file may get: it is stat()ed again when used this long after its last
  // check (0: every request). A change on disk is served within this time.
  uint32_t revalidateMs = 1000;

  // Called after each response the handler sends (not when it falls through to `next`), with
  // the status and the body bytes (0 for HEAD): the hook for an access log.
  UniqueFunction<void(IncomingMessage&, ServerResponse&, int status, uint64_t bodyBytes)>
      onResponse = nullptr;
};

namespace detail {
class StaticServer;
}

// The request listener serveStatic returns. Copies share one cache.
class StaticHandler {
 public:
  explicit StaticHandler(std::shared_ptr<detail::StaticServer> impl);
  // Answers every request, 404 and 405 included.
  void operator()(IncomingMessage& req, ServerResponse& res);
  // Calls next() instead of sending a 400/403/404/405 (serve-static's fallthrough).
  void operator()(IncomingMessage& req, ServerResponse& res, UniqueFunction<void()> next);

  struct Stats {
    uint64_t hits = 0;
    uint64_t misses = 0;
    uint64_t revalidations = 0;
    uint64_t invalidations = 0;
    size_t cachedFiles = 0;
    size_t cachedBytes = 0;
  };
  Stats stats() const;

 private:
  std::shared_ptr<detail::StaticServer> impl_;
};

StaticHandler serveStatic(std::string_view root, StaticOptions options = {});

}  // namespace nodecc::http
