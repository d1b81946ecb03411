// finalhandler 2: what answers when no layer did (404 "Cannot GET /path") or an error reached
// the end of the stack (its status and, outside production, its text), with the same page
// and headers; and the HTML escaping and URL encoding it uses (escape-html, encodeurl).
#include <cstdio>

#include "api/express/ctx.h"
#include "api/express/tables.h"
#include "api/express/text.h"
#include "nodecc/timers.h"

namespace nodecc::express::detail {

namespace {

std::string createHtmlDocument(std::string_view message) {
  std::string body;
  std::string escaped = escapeHtml(message);
  // .replaceAll('\n', '<br>').replaceAll('  ', ' &nbsp;')
  std::string withBreaks;
  for (char c : escaped) {
    if (c == '\n') {
      withBreaks += "<br>";
    } else {
      withBreaks += c;
    }
  }
  for (size_t i = 0; i < withBreaks.size(); ++i) {
    if (withBreaks[i] == ' ' && i + 1 < withBreaks.size() && withBreaks[i + 1] == ' ') {
      body += " &nbsp;";
      ++i;
    } else {
      body += withBreaks[i];
    }
  }
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<title>Error</title>\n</head>\n<body>\n<pre>" +
         body + "</pre>\n</body>\n</html>\n";
}

struct ErrorInfo {
  std::optional<int> status;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string text;  // err.stack || err.toString(): nodecc has no stack, so toString()
};

ErrorInfo inspect(Ctx& ctx, const std::exception_ptr& e) {
  ErrorInfo info;
  withError(e, ctx.makeNext(&ctx.final), [&](const Error& err) {
    if (auto* h = dynamic_cast<const HttpError*>(&err)) {
      if (h->status >= 400 && h->status < 600) {
        info.status = h->status;
      } else if (h->statusCode >= 400 && h->statusCode < 600) {
        info.status = h->statusCode;
      }
      if (info.status) {
        info.headers = h->headers;
      }
    }
    info.text = err.name + (err.message.empty() ? "" : ": " + err.message);
  });
  return info;
}

void write(Ctx& ctx, int status, const std::vector<std::pair<std::string, std::string>>& headers,
           const std::string& message) {
  std::string body = createHtmlDocument(message);
  http::ServerResponse& res = *ctx.out;
  res.statusCode = status;
  res.statusMessage = std::string(http::statusCodeText(status));
  res.removeHeader("Content-Encoding");
  res.removeHeader("Content-Language");
  res.removeHeader("Content-Range");
  for (const auto& [k, v] : headers) {
    res.setHeader(k, v);
  }
  res.setHeader("Content-Security-Policy", "default-src 'none'");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Length", uint64_t(body.size()));
  if (ctx.msg->method == "HEAD") {
    res.end();
    return;
  }
  res.end(body);
}

}  // namespace

void finalHandler(Ctx& ctx, const Signal& signal) {
  http::ServerResponse& res = *ctx.out;
  const bool isError = signal.kind == Signal::kError;
  if (!isError && res.headersSent) {
    return;
  }
  int status;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string msg;
  const std::string& env = ctx.app().resolved().env;
  if (isError) {
    ErrorInfo info = inspect(ctx, signal.error);
    if (info.status) {
      status = *info.status;
      headers = std::move(info.headers);
    } else {
      status = res.statusCode;
      if (status < 400 || status > 599) {
        status = 500;
      }
    }
    msg = env != "production" ? info.text : std::string();
    if (msg.empty()) {
      msg = std::string(http::statusCodeText(status));
    }
    if (env != "test") {
      // app's logerror, a tick later as finalhandler's setImmediate(onerror).
      setImmediate([text = info.text] { std::fprintf(stderr, "%s\n", text.c_str()); });
    }
  } else {
    status = 404;
    std::optional<std::string> path = pathnameOf(ctx.req().originalUrl);
    msg = "Cannot " + ctx.msg->method + " " + encodeUrl(path ? *path : "resource");
  }
  if (res.headersSent) {
    res.socket().destroy();
    return;
  }
  if (ctx.msg->complete) {
    write(ctx, status, headers, msg);
    return;
  }
  // Wait for the request's body to be read (finalhandler's onFinished(req, write)).
  ctx.msg->on("end", [ref = CtxRef(&ctx), status, headers, msg] {
    write(*ref.get(), status, headers, msg);
  });
  ctx.msg->resume();
}

}  // namespace nodecc::express::detail
