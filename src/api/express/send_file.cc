// The `send` module (1.2) as Express 5 uses it: res.sendFile, res.download and express.static
// (serve-static 2.2). Path checks, the headers in send's order (Accept-Ranges, Cache-Control,
// Last-Modified, ETag W/"<size hex>-<mtime ms hex>", Content-Type), preconditions (412, 304),
// one byte range (206; several ranges are a 200 as send answers them; 416 to the error path),
// HEAD, directories (301 to the trailing slash, or next()), dotfiles, index files. Files are
// read with fs::open/fs::read in chunks, waiting for "drain" when the socket is behind.
#include <cmath>
#include <memory>

#include "api/express/ctx.h"
#include "api/express/range_parser.h"
#include "api/express/tables.h"
#include "api/express/text.h"
#include "api/url/codec.h"
#include "nodecc/fs.h"
#include "nodecc/path.h"
#include "static/http_date.h"

namespace nodecc::express {

namespace {

// Bytes read from the file per write.
constexpr size_t kReadChunkBytes = 64 * 1024;
// send's MAX_MAXAGE: one year in milliseconds.
constexpr int64_t kMaxMaxAgeMs = 60LL * 60 * 24 * 365 * 1000;

struct Send;

// What the caller (sendFile or static) does with each outcome, as the listeners it puts on
// send's stream: "error" (an HttpError, statuses as send's), "directory", "file", "end".
struct SendHooks {
  std::function<void(const Error&)> onError;
  std::function<void(Send&)> onDirectory;  // null: EISDIR to onError
  std::function<void()> onFile;
  std::function<void()> onEnd;
  std::function<void(Response&, const std::string& path, const fs::Stats&)> onHeaders;
};

struct SendSettings {
  std::string root;  // "" for none
  bool acceptRanges = true;
  bool cacheControl = true;
  bool etag = true;
  bool lastModified = true;
  bool immutable = false;
  Dotfiles dotfiles = Dotfiles::kIgnore;
  std::vector<std::string> index = {"index.html"};
  int64_t maxAgeMs = 0;
};

struct Send : std::enable_shared_from_this<Send> {
  Request& req;
  Response& res;
  Next keep;         // holds req and res alive
  std::string path;  // as received (URL-encoded for static)
  std::shared_ptr<const SendSettings> settings;
  SendHooks hooks;
  int fd = -1;
  int64_t position = 0;
  int64_t remaining = 0;
  bool closed = false;

  Send(Request& q, Response& s, Next n) : req(q), res(s), keep(std::move(n)) {}

  void error(int status, std::vector<std::pair<std::string, std::string>> headers = {}) {
    HttpError e(status);
    e.headers = std::move(headers);
    hooks.onError(e);
  }
  void statError(const Error& err) {
    int status =
        err.code == "ENAMETOOLONG" || err.code == "ENOENT" || err.code == "ENOTDIR" ? 404 : 500;
    // createError(status, err): the fs error itself, with the status added.
    HttpError e(status);
    static_cast<Error&>(e) = err;
    e.expose = false;  // send's createHttpError(status, err): {expose: false}
    hooks.onError(e);
  }
  bool hasTrailingSlash() const { return !path.empty() && path.back() == '/'; }

  void pipe();
  void sendIndex(std::string dir, size_t i, const Error* last);
  void sendFile(std::string file);
  void send(const std::string& file, const fs::Stats& st);
  void stream(const std::string& file);
  void readNext();
  void finish();
};

// The path's segments contain one starting with '.' (but not "." itself).
bool containsDotFile(std::string_view p) {
  size_t b = 0;
  while (b <= p.size()) {
    size_t e = p.find('/', b);
    if (e == std::string_view::npos) {
      e = p.size();
    }
    std::string_view part = p.substr(b, e - b);
    if (part.size() > 1 && part[0] == '.') {
      return true;
    }
    b = e + 1;
  }
  return false;
}

// /(?:^|[\\/])\.\.(?:[\\/]|$)/
bool hasUpPath(std::string_view p) {
  for (size_t i = p.find(".."); i != std::string_view::npos; i = p.find("..", i + 1)) {
    bool before = i == 0 || p[i - 1] == '/' || p[i - 1] == '\\';
    bool after = i + 2 == p.size() || p[i + 2] == '/' || p[i + 2] == '\\';
    if (before && after) {
      return true;
    }
  }
  return false;
}

void Send::pipe() {
  std::optional<std::string> decoded = url::detail::decodeUriComponent(path);
  if (!decoded || decoded->find('\0') != std::string::npos) {
    error(400);
    return;
  }
  std::string p = std::move(*decoded);
  std::string parts;
  if (!settings->root.empty()) {
    if (!p.empty()) {
      p = path::normalize("./" + p);
    }
    if (hasUpPath(p)) {
      error(403);
      return;
    }
    parts = p;
    p = path::normalize(path::join(settings->root, p));
  } else {
    if (hasUpPath(p)) {
      error(403);
      return;
    }
    parts = path::normalize(p);
    p = path::resolve(p);
  }
  if (containsDotFile(parts)) {
    switch (settings->dotfiles) {
      case Dotfiles::kAllow:
        break;
      case Dotfiles::kDeny:
        error(403);
        return;
      case Dotfiles::kIgnore:
        error(404);
        return;
    }
  }
  if (!settings->index.empty() && hasTrailingSlash()) {
    sendIndex(p, 0, nullptr);
    return;
  }
  sendFile(p);
}

void Send::sendIndex(std::string dir, size_t i, const Error* last) {
  if (i >= settings->index.size()) {
    if (last) {
      statError(*last);
    } else {
      error(404);
    }
    return;
  }
  std::string file = path::join(dir, settings->index[i]);
  fs::stat(file, [self = shared_from_this(), dir, i, file](Error* err, fs::Stats st) {
    if (err) {
      self->sendIndex(dir, i + 1, err);
      return;
    }
    if (st.isDirectory()) {
      self->sendIndex(dir, i + 1, nullptr);
      return;
    }
    if (self->hooks.onFile) {
      self->hooks.onFile();
    }
    self->send(file, st);
  });
}

void Send::sendFile(std::string file) {
  fs::stat(file, [self = shared_from_this(), file](Error* err, fs::Stats st) {
    bool endsWithSep = !file.empty() && file.back() == '/';
    if (err) {
      self->statError(*err);  // no `extensions` option: the same 404 either way
      return;
    }
    if (st.isDirectory()) {
      if (self->hooks.onDirectory) {
        self->hooks.onDirectory(*self);
      } else {
        Error e("EISDIR, read");
        e.code = "EISDIR";
        self->hooks.onError(e);
      }
      return;
    }
    if (endsWithSep) {
      self->error(404);
      return;
    }
    if (self->hooks.onFile) {
      self->hooks.onFile();
    }
    self->send(file, st);
  });
}

std::string httpDate(int64_t ms) {
  char buf[40];
  int64_t s = ms >= 0 ? ms / 1000 : (ms - 999) / 1000;
  staticfiles::core::formatHttpDate(s, buf);
  return std::string(buf, 29);
}

std::string toHex(uint64_t v) {
  char buf[20];
  int n = std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(v));
  return std::string(buf, size_t(n));
}

std::string extensionOf(const std::string& file) {
  return std::string(path::extname(file));
}

void Send::send(const std::string& file, const fs::Stats& st) {
  http::ServerResponse& m = res.message;
  if (m.headersSent) {
    error(500);
    return;
  }
  if (hooks.onHeaders) {
    hooks.onHeaders(res, file, st);
  }
  if (settings->acceptRanges && !m.hasHeader("Accept-Ranges")) {
    m.setHeader("Accept-Ranges", "bytes");
  }
  if (settings->cacheControl && !m.hasHeader("Cache-Control")) {
    std::string cc = "public, max-age=" + std::to_string(settings->maxAgeMs / 1000);
    if (settings->immutable) {
      cc += ", immutable";
    }
    m.setHeader("Cache-Control", cc);
  }
  // stat.mtime as Node builds it: new Date(Math.round(mtimeMs)).
  auto mtimeMs = static_cast<int64_t>(std::floor(st.mtimeMs + 0.5));
  if (settings->lastModified && !m.hasHeader("Last-Modified")) {
    m.setHeader("Last-Modified", httpDate(mtimeMs));
  }
  if (settings->etag && !m.hasHeader("ETag")) {
    m.setHeader("ETag", "W/\"" + toHex(st.size) + "-" + toHex(uint64_t(mtimeMs)) + "\"");
  }
  if (!m.hasHeader("Content-Type")) {
    std::optional<std::string> type = detail::mimeContentType(extensionOf(file));
    m.setHeader("Content-Type", type && !type->empty() ? *type : "application/octet-stream");
  }
  const auto& h = req.headers;
  std::string etag = res.get("ETag");
  std::string lastModified = res.get("Last-Modified");
  bool conditional = !h["if-match"].empty() || !h["if-unmodified-since"].empty() ||
                     !h["if-none-match"].empty() || !h["if-modified-since"].empty();
  if (conditional) {
    bool failed = false;
    std::string_view match = h["if-match"];
    if (!match.empty()) {
      if (etag.empty()) {
        failed = true;
      } else if (match != "*") {
        failed = true;
        size_t b = 0;
        while (b < match.size()) {
          size_t e = match.find(',', b);
          std::string_view tag = text::core::trimOws(match.substr(b, e - b));
          if (tag == etag || "W/" + std::string(tag) == etag ||
              std::string("W/") + etag == std::string(tag)) {
            failed = false;
          }
          if (e == std::string_view::npos) {
            break;
          }
          b = e + 1;
        }
      }
    } else {
      int64_t since = 0;
      if (staticfiles::core::parseHttpDate(h["if-unmodified-since"], &since)) {
        int64_t lm = 0;
        failed = !staticfiles::core::parseHttpDate(lastModified, &lm) || lm > since;
      }
    }
    if (failed) {
      error(412);
      return;
    }
    int status = res.statusCode;
    bool cachable = (status >= 200 && status < 300) || status == 304;
    if (cachable && detail::isFresh(h, etag, lastModified)) {
      for (const char* name : {"Content-Encoding", "Content-Language", "Content-Length",
                               "Content-Range", "Content-Type"}) {
        m.removeHeader(name);
      }
      res.statusCode = 304;
      m.end();
      finish();
      return;
    }
  }
  auto len = static_cast<int64_t>(st.size);
  int64_t offset = 0;
  std::string_view range = h["range"];
  std::string_view trimmed = range;
  while (!trimmed.empty() && trimmed.front() == ' ') {
    trimmed.remove_prefix(1);
  }
  if (settings->acceptRanges && trimmed.starts_with("bytes=")) {
    std::vector<detail::ByteRange> ranges;
    int r = detail::parseRange(len, range, ranges);
    std::string_view ifRange = h["if-range"];
    if (!ifRange.empty()) {
      bool fresh;
      if (ifRange.find('"') != std::string_view::npos) {
        fresh = !etag.empty() && ifRange.find(etag) != std::string_view::npos;
      } else {
        int64_t a = 0;
        int64_t b = 0;
        fresh = staticfiles::core::parseHttpDate(lastModified, &a) &&
                staticfiles::core::parseHttpDate(ifRange, &b) && a <= b;
      }
      if (!fresh) {
        r = -2;
      }
    }
    if (r == -1) {
      std::string cr = "bytes */" + std::to_string(len);
      m.setHeader("Content-Range", cr);
      error(416, {{"Content-Range", cr}});
      return;
    }
    if (r == 0 && ranges.size() == 1) {
      res.statusCode = 206;
      m.setHeader("Content-Range", "bytes " + std::to_string(ranges[0].start) + "-" +
                                       std::to_string(ranges[0].end) + "/" + std::to_string(len));
      offset = ranges[0].start;
      len = ranges[0].end - ranges[0].start + 1;
    }
  }
  m.setHeader("Content-Length", uint64_t(len));
  if (req.method == "HEAD" || len == 0) {
    m.end();
    finish();
    return;
  }
  position = offset;
  remaining = len;
  stream(file);
}

void Send::stream(const std::string& file) {
  res.message.on("close", [self = shared_from_this()] { self->closed = true; });
  fs::open(file, "r", [self = shared_from_this()](Error* err, int fd) {
    if (err) {
      self->statError(*err);
      return;
    }
    self->fd = fd;
    self->readNext();
  });
}

void Send::readNext() {
  if (closed) {
    fs::close(fd);
    return;
  }
  size_t n = static_cast<size_t>(std::min<int64_t>(remaining, int64_t(kReadChunkBytes)));
  fs::read(fd, Buffer::alloc(n), 0, n, position,
           [self = shared_from_this()](Error* err, size_t got, Buffer buf) {
             if (err || got == 0) {
               fs::close(self->fd);
               // A file that shrank or failed mid-way: the response cannot be framed any more.
               self->res.message.socket().destroy();
               return;
             }
             self->position += int64_t(got);
             self->remaining -= int64_t(got);
             bool more = self->res.message.write(buf.subarray(0, int64_t(got)));
             if (self->remaining <= 0) {
               fs::close(self->fd);
               self->res.message.end();
               self->finish();
               return;
             }
             if (more) {
               self->readNext();
             } else {
               self->res.message.once("drain", [self] { self->readNext(); });
             }
           });
}

void Send::finish() {
  if (hooks.onEnd) {
    hooks.onEnd();
  }
}

std::shared_ptr<SendSettings> settingsFrom(const SendFileOptions& o) {
  auto s = std::make_shared<SendSettings>();
  s->root = o.root.empty() ? std::string() : path::resolve(o.root);
  s->acceptRanges = o.acceptRanges;
  s->cacheControl = o.cacheControl;
  s->lastModified = o.lastModified;
  s->immutable = o.immutable;
  s->dotfiles = o.dotfiles;
  s->maxAgeMs = std::min(std::max<int64_t>(0, o.maxAge), kMaxMaxAgeMs);
  return s;
}

}  // namespace

void Response::sendFile(std::string_view file, SendFileOptions options, SendFileCallback done) {
  if (file.empty()) {
    throw TypeError("", "path argument is required to res.sendFile");
  }
  if (options.root.empty() && file.front() != '/') {
    throw TypeError("", "path must be absolute or specify root to res.sendFile");
  }
  auto settings = settingsFrom(options);
  settings->etag = app.enabled("etag");
  auto s = std::make_shared<Send>(req, *this, req.next);
  s->path = std::string(file);
  s->settings = settings;
  auto finished = std::make_shared<bool>(false);
  auto callback = std::make_shared<SendFileCallback>(std::move(done));
  Next next = req.next;
  auto complete = [finished, callback, next](const Error* err) mutable {
    if (*finished) {
      return;
    }
    *finished = true;
    if (*callback) {
      (*callback)(err);
      return;
    }
    if (err && err->code == "EISDIR") {
      next();
      return;
    }
    if (err) {
      if (auto* h = dynamic_cast<const HttpError*>(err)) {
        next(*h);
      } else {
        next(*err);
      }
    }
  };
  s->hooks.onError = [complete](const Error& e) mutable { complete(&e); };
  s->hooks.onEnd = [complete]() mutable { complete(nullptr); };
  if (!options.headers.empty()) {
    auto headers = std::make_shared<std::vector<std::pair<std::string, std::string>>>(
        std::move(options.headers));
    s->hooks.onHeaders = [headers](Response& res, const std::string&, const fs::Stats&) {
      for (const auto& [k, v] : *headers) {
        res.message.setHeader(k, v);
      }
    };
  }
  // send's path is URL-encoded (encodeURI(path)); decoding it gives `file` back.
  std::string encoded;
  url::detail::percentEncodeAppend(encoded, file,
                                   url::detail::kC0ControlSet.with(" \"%<>[\\]^`{|}"));
  s->path = std::move(encoded);
  s->pipe();
}

void Response::download(std::string_view file, std::string_view filename, SendFileOptions options,
                        SendFileCallback done) {
  std::vector<std::pair<std::string, std::string>> headers;
  headers.emplace_back("Content-Disposition",
                       detail::contentDisposition(filename.empty() ? file : filename));
  for (auto& [k, v] : options.headers) {
    if (!text::core::equalsIgnoreCase(k, "content-disposition")) {
      headers.emplace_back(std::move(k), std::move(v));
    }
  }
  options.headers = std::move(headers);
  std::string full = options.root.empty() ? path::resolve(file) : std::string(file);
  sendFile(full, std::move(options), std::move(done));
}

detail::Handler static_(std::string_view root, StaticOptions options) {
  if (root.empty()) {
    throw TypeError("", "root path required");
  }
  auto base = std::make_shared<SendSettings>();
  base->root = path::resolve(root);
  base->acceptRanges = options.acceptRanges;
  base->cacheControl = options.cacheControl;
  base->etag = options.etag;
  base->lastModified = options.lastModified;
  base->immutable = options.immutable;
  base->dotfiles = options.dotfiles;
  base->index = options.index;
  base->maxAgeMs = std::min(std::max<int64_t>(0, options.maxAge), kMaxMaxAgeMs);
  std::shared_ptr<const SendSettings> settings = base;
  bool fallthrough = options.fallthrough;
  bool redirect = options.redirect;
  auto setHeaders = std::make_shared<StaticOptions::SetHeaders>(std::move(options.setHeaders));
  return detail::makeHandler([=](Request& req, Response& res, Next next) {
    if (req.method != "GET" && req.method != "HEAD") {
      if (fallthrough) {
        next();
        return;
      }
      res.statusCode = 405;
      res.message.setHeader("Allow", "GET, HEAD");
      res.message.setHeader("Content-Length", "0");
      res.message.end();
      return;
    }
    std::optional<std::string> pathname = detail::legacyPathnameOf(req.url);
    std::optional<std::string> original = detail::legacyPathnameOf(req.originalUrl);
    std::string p = pathname.value_or("");
    if (p == "/" && !(original && !original->empty() && original->back() == '/')) {
      p.clear();
    }
    auto s = std::make_shared<Send>(req, res, next);
    s->path = p;
    s->settings = settings;
    auto forwardError = std::make_shared<bool>(!fallthrough);
    s->hooks.onError = [forwardError, next](const Error& err) mutable {
      auto* h = dynamic_cast<const HttpError*>(&err);
      if (*forwardError || !(h && h->status < 500)) {
        if (h) {
          next(*h);
        } else {
          next(err);
        }
        return;
      }
      next();
    };
    if (fallthrough) {
      s->hooks.onFile = [forwardError] { *forwardError = true; };
    }
    if (*setHeaders) {
      s->hooks.onHeaders = [setHeaders](Response& res, const std::string& file,
                                        const fs::Stats& st) { (*setHeaders)(res, file, st); };
    }
    s->hooks.onDirectory = [redirect](Send& self) {
      if (!redirect || self.hasTrailingSlash()) {
        self.error(404);
        return;
      }
      // The original URL with "/" after its pathname (leading slashes collapsed).
      std::string url = self.req.originalUrl;
      size_t q = url.find('?');
      std::string pathname = url.substr(0, q);
      std::string search = q == std::string::npos ? std::string() : url.substr(q);
      pathname += '/';
      size_t slashes = pathname.find_first_not_of('/');
      if (slashes == std::string::npos) {
        slashes = pathname.size();
      }
      if (slashes > 1) {
        pathname = "/" + pathname.substr(slashes);
      }
      std::string loc = detail::encodeUrl(pathname + search);
      std::string doc =
          "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<title>Redirecting</title>\n</head>\n<body>\n<pre>Redirecting to " +
          detail::escapeHtml(loc) + "</pre>\n</body>\n</html>\n";
      http::ServerResponse& m = self.res.message;
      self.res.statusCode = 301;
      m.setHeader("Content-Type", "text/html; charset=UTF-8");
      m.setHeader("Content-Length", uint64_t(doc.size()));
      m.setHeader("Content-Security-Policy", "default-src 'none'");
      m.setHeader("X-Content-Type-Options", "nosniff");
      m.setHeader("Location", loc);
      m.end(doc);
    };
    s->pipe();
  });
}

}  // namespace nodecc::express
