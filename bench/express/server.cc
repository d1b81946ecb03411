// The express-routes scenario's server (text response until res.json lands): ROUTES routes
// /r0/:id ... /r<ROUTES-1>/:id, the request goes to the last one.
#include <cstdlib>
#include <string>

#include "nodecc/express.h"
#include "nodecc/nodecc.h"

int main() {
  namespace express = nodecc::express;
  int routes = std::getenv("ROUTES") ? std::atoi(std::getenv("ROUTES")) : 10;
  auto app = express::express();
  for (int i = 0; i < routes; ++i) {
    app.get("/r" + std::to_string(i) + "/:id", [](express::Request& req, express::Response& res) {
      res.send("{\"id\":\"" + req.params["id"] + "\"}");
    });
  }
  app.listen(uint16_t(std::atoi(std::getenv("PORT"))), "127.0.0.1", [] { std::puts("listening"); });
  return nodecc::run();
}
