// express.static, res.sendFile and res.download over public/: headers, ranges, conditional
// requests, dotfiles, index, redirects, fallthrough, errors.
#include <cstdlib>

#include "nodecc/nodecc.h"
#include "nodecc/express.h"
namespace express = nodecc::express;
namespace path = nodecc::path;
using express::Request; using express::Response; using express::Next;

int main() {
  auto app = express::express();
  app.set("env", "production");
  const std::string root = path::join(nodecc::process::cwd(), "public");

  app.use(express::static_("public"));
  app.use("/cached", express::static_("public", {.immutable = true, .maxAge = 3600000}));
  app.use("/dots", express::static_("public", {.dotfiles = express::Dotfiles::kAllow}));
  app.use("/deny", express::static_("public", {.dotfiles = express::Dotfiles::kDeny}));
  app.use("/strict", express::static_("public", {.fallthrough = false}));
  app.use("/noredirect", express::static_("public", {.redirect = false}));
  app.use("/noindex", express::static_("public", {.index = {}}));
  app.use("/plain", express::static_("public", {.etag = false, .lastModified = false, .acceptRanges = false, .cacheControl = false}));
  app.use("/headers", express::static_("public", {.setHeaders = [](Response& res, const std::string& file, const nodecc::fs::Stats&) { res.setHeader("X-File", std::string(path::basename(file))); }}));

  app.get("/file/:name", [root](Request& req, Response& res) { res.sendFile(req.params["name"], {.root = root}); });
  app.get("/abs", [root](Request& req, Response& res) { res.sendFile(path::join(root, "hello.txt")); });
  app.get("/rel", [](Request& req, Response& res) { res.sendFile("public/hello.txt"); });
  app.get("/dir", [root](Request& req, Response& res) { res.sendFile(path::join(root, "sub")); });
  app.get("/options", [root](Request& req, Response& res) { res.sendFile("hello.txt", {.root = root, .maxAge = 60000, .headers = {{"X-Custom", "yes"}, {"Cache-Control", "no-cache"}}, .lastModified = false}); });
  app.get("/cb/:name", [root](Request& req, Response& res) {
    res.sendFile(req.params["name"], {.root = root}, [&res](const nodecc::Error* err) {
      auto* h = dynamic_cast<const express::HttpError*>(err);
      if (err) res.status(h ? h->status : 500).send("callback " + (h ? std::to_string(h->status) : std::string("undefined")) + " " + (err->code.empty() ? std::string("undefined") : err->code));
    });
  });
  app.get("/traverse", [root](Request& req, Response& res) { res.sendFile("../static.js", {.root = root}); });
  app.get("/dotfile", [root](Request& req, Response& res) { res.sendFile(".secret", {.root = root}); });
  app.get("/dotfile-allowed", [root](Request& req, Response& res) { res.sendFile(".secret", {.root = root, .dotfiles = express::Dotfiles::kAllow}); });
  app.get("/download", [root](Request& req, Response& res) { res.download(path::join(root, "hello.txt")); });
  app.get("/download-as", [root](Request& req, Response& res) { res.download(path::join(root, "data.json"), "report.json"); });
  app.get("/download-missing", [root](Request& req, Response& res) { res.download(path::join(root, "nope.txt")); });
  app.get("/download-root", [root](Request& req, Response& res) { res.download("style.css", "theme.css", {.root = root, .headers = {{"Content-Disposition", "ignored"}, {"X-Extra", "1"}}}); });

  app.use([](Request& req, Response& res) { res.status(404).send("fell through to " + req.method + " " + req.originalUrl); });
  app.use([](const nodecc::Error& err, Request& req, Response& res, Next next) {
    auto* h = dynamic_cast<const express::HttpError*>(&err);
    int status = h ? h->status : 500;
    res.status(status).send("error " + std::to_string(status) + " " + (h && h->expose ? err.message : err.name));
  });

  app.listen(uint16_t(std::atoi(std::getenv("PORT"))), "127.0.0.1", [] { std::puts("listening"); std::fflush(stdout); });
  return nodecc::run();
}
