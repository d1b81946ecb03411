// Responses: send (strings, Buffers, ETag and 304), set/append/type/vary/links/location,
// redirect, format, attachment, cookies (signed too), sendStatus.
#include <cstdlib>

#include "nodecc/nodecc.h"
#include "nodecc/express.h"
namespace express = nodecc::express;
using nodecc::Buffer;
using express::Request; using express::Response; using express::Next;

static std::string orFalse(const std::optional<std::string>& v) { return v ? *v : "false"; }
static std::string boolText(bool b) { return b ? "true" : "false"; }
static std::string join(const std::vector<std::string>& v, const char* sep) { std::string o; for (size_t i = 0; i < v.size(); ++i) { if (i) o += sep; o += v[i]; } return o; }

int main() {
  auto app = express::express();
  app.set("env", "production");
  app.use(express::cookieParser("s3cret"));

  app.get("/text", [](Request& req, Response& res) { res.send("hello world"); });
  app.get("/empty", [](Request& req, Response& res) { res.send(""); });
  app.get("/nothing", [](Request& req, Response& res) { res.send(); });
  app.get("/buffer", [](Request& req, Response& res) { res.send(Buffer::from("raw bytes")); });
  app.get("/typed", [](Request& req, Response& res) { res.type("json"); res.send("{\"a\":1}"); });
  app.get("/typed-ext", [](Request& req, Response& res) { res.type(".png"); res.send(Buffer::from("png")); });
  app.get("/typed-full", [](Request& req, Response& res) { res.type("text/plain; charset=latin1"); res.send("plain"); });
  app.get("/set-ct", [](Request& req, Response& res) { res.set("Content-Type", "text/css"); res.send("a{}"); });
  app.get("/big", [](Request& req, Response& res) { res.send(std::string(5000, 'x')); });
  app.get("/created", [](Request& req, Response& res) { res.status(201).send("made"); });
  app.get("/nocontent", [](Request& req, Response& res) { res.status(204).send("ignored"); });
  app.get("/reset", [](Request& req, Response& res) { res.status(205).send("ignored"); });
  app.get("/etag-set", [](Request& req, Response& res) { res.set("ETag", "\"custom\""); res.send("custom etag"); });
  app.get("/headers", [](Request& req, Response& res) {
    res.set("X-One", "1");
    res.append("X-Many", "a");
    res.append("X-Many", "b");
    res.append("Link", "<http://a>; rel=\"a\"");
    res.links({{"next", "http://n"}, {"last", "http://l"}});
    res.vary("Accept").vary("accept").vary("Origin, User-Agent");
    res.location("/some where/ü");
    res.send("headers " + res.get("X-One"));
  });
  app.get("/redirect", [](Request& req, Response& res) { res.redirect("/target?a=b&c=<d>"); });
  app.get("/redirect301", [](Request& req, Response& res) { res.redirect(301, "http://example.com/x y"); });
  app.get("/format", [](Request& req, Response& res) {
    res.format({
      {"text/plain", [&] { res.send("plain text"); }},
      {"html", [&] { res.send("<b>html</b>"); }},
      {"json", [&] { res.send("{\"json\":true}"); }},
    });
  });
  app.get("/format-default", [](Request& req, Response& res) {
    res.format({{"text", [&] { res.send("t"); }}, {"default", [&] { res.status(406).send("none"); }}});
  });
  app.get("/attachment", [](Request& req, Response& res) { res.attachment("report final.pdf"); res.send("pdf"); });
  app.get("/attachment-utf8", [](Request& req, Response& res) { res.attachment("dir/report \"q\" 100%41.txt"); res.send("cv"); });
  app.get("/attachment-none", [](Request& req, Response& res) { res.attachment(); res.send("x"); });
  app.get("/cookie", [](Request& req, Response& res) {
    res.cookie("plain", "v a;l");
    res.cookie("opts", "1", {.domain = "example.com", .path = "/admin", .httpOnly = true, .secure = true, .sameSite = "lax"});
    res.cookie("signed", "secret value", {.signed_ = true});
    res.clearCookie("old");
    res.send("cookies");
  });
  app.get("/read-cookies", [](Request& req, Response& res) {
    std::string c, s;
    for (auto& [k, v] : req.cookies) { if (!c.empty()) c += ';'; c += k + "=" + v; }
    for (auto& [k, v] : req.signedCookies) { if (!s.empty()) s += ';'; s += k + "=" + (v ? *v : "false"); }
    res.send("cookies[" + c + "] signed[" + s + "]");
  });
  app.get("/accepts", [](Request& req, Response& res) {
    res.send(join({orFalse(req.accepts({"json", "html", "text/plain"})), orFalse(req.accepts("image/png")),
      orFalse(req.acceptsEncodings({"gzip", "br", "identity"})), orFalse(req.acceptsCharsets({"utf-8", "iso-8859-1"})),
      orFalse(req.acceptsLanguages({"en", "fr-FR", "de"}))}, " "));
  });
  app.get("/is", [](Request& req, Response& res) { auto is = [&](auto t) { return req.hasBody() ? orFalse(req.is(t)) : "null"; }; res.send(is(std::initializer_list<std::string_view>{"json", "text/*"}) + " " + is("html")); });
  app.post("/is", [](Request& req, Response& res) { req.message.resume(); req.message.on("end", [&req, &res] { res.send(orFalse(req.is({"json", "text/*", "+xml"})) + " " + orFalse(req.is("urlencoded"))); }); });
  app.get("/req-info", [](Request& req, Response& res) {
    res.send(join({req.protocol(), boolText(req.secure()), req.ip(), join(req.ips(), ","), req.hostname(), req.host(),
      join(req.subdomains(), "."), boolText(req.xhr()), req.get("referrer"), req.path()}, "|"));
  });
  app.get("/fresh", [](Request& req, Response& res) { res.set("Last-Modified", "Wed, 21 Oct 2015 07:28:00 GMT"); res.send(boolText(req.fresh()) + boolText(req.stale())); });
  app.get("/status-bad", [](Request& req, Response& res) { res.status(1000); });

  app.listen(uint16_t(std::atoi(std::getenv("PORT"))), "127.0.0.1", [] { std::puts("listening"); std::fflush(stdout); });
  return nodecc::run();
}
