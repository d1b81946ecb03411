// Must compile: the parameters the check lets through. By-value text and lists; a request and
// a response by reference (objects the server keeps alive for the exchange); a member
// coroutine, whose object comes as `Class&`; a coroutine lambda, which receives itself as
// `const Lambda&`; a generic lambda called with lvalues; and std::cref, a reference shared on
// purpose.
#include <nodecc/generator.h>
#include <nodecc/http.h>
#include <nodecc/timers.h>

#include <functional>
#include <string>
#include <vector>

using namespace nodecc;

Promise<std::string> greet(std::string name, std::vector<int> ids) {
  co_await timers::promises::setTimeout(1);
  co_return name + std::to_string(ids.size());
}

Promise<> handle(http::IncomingMessage& req, http::ServerResponse& res) {
  co_await timers::promises::setTimeout(1);
  res.end(req.url);
}

struct Counter {
  int n = 0;
  Promise<int> next() {
    co_await timers::promises::setTimeout(1);
    co_return ++n;
  }
};

Promise<std::size_t> shared(std::reference_wrapper<const std::string> text) {
  co_await timers::promises::setTimeout(1);
  co_return text.get().size();
}

Generator<int> upTo(int n) {
  for (int i = 0; i < n; i++)
    co_yield i;
}

int main() {
  auto& server =
      http::createServer([](auto& req, auto& res) -> Promise<> { co_await handle(req, res); });
  (void)server;
  Counter c;
  c.next();
  greet("world", {1, 2});
  static const std::string kept = "kept";
  shared(std::cref(kept));
  for (int i : upTo(2))
    (void)i;
}
