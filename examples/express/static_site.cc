// A static site: express.static with caching, a page by sendFile, a download route, a 404 page.
// Run: PORT=3000 ./example-express-static-site; then open http://localhost:3000/
#include <cstdlib>

#include "nodecc/nodecc.h"
namespace express = nodecc::express;
namespace path = nodecc::path;
using express::Request; using express::Response; using express::Next;

int main() {
  const std::string site = path::join(NODECC_DIRNAME, "site");
  auto app = express::express();
  app.set("env", "production");

  app.use(express::static_(site, {.maxAge = 600000}));
  app.get("/about", [site](Request& req, Response& res) { res.sendFile("docs/index.html", {.root = site}); });
  app.get("/download/:name", [site](Request& req, Response& res, Next next) {
    if (req.params["name"] != "guide") return next();
    res.download(path::join(site, "docs", "guide.md"), "nodecc-guide.md", {}, [&res](const nodecc::Error* err) {
      auto* h = dynamic_cast<const express::HttpError*>(err);
      if (err && !res.headersSent()) res.status(h ? h->status : 500).send("download failed");
    });
  });
  app.use([](Request& req, Response& res) { res.status(404).type("html").send("<h1>Not found</h1><p>" + req.path() + "</p>"); });

  const char* port = std::getenv("PORT");
  app.listen(uint16_t(port ? std::atoi(port) : 3000), "127.0.0.1", [] { std::puts("listening"); std::fflush(stdout); });
  return nodecc::run();
}
