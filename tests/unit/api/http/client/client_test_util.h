#pragma once
// Helpers of the HTTP client tests: a server answering canned bytes, and a bounded run.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>

#include "unit/api/api_test_util.h"

namespace nodecc::test {

// The base URL of a listening http::Server.
inline std::string urlOf(http::Server& s, std::string_view path = "/") {
  return "http://127.0.0.1:" + std::to_string(s.address().port) + std::string(path);
}

// The client tests' fixture: sockets the global agent keeps alive (unref'd, with an idle
// timer) are closed before ApiTest checks that the loop holds nothing.
class ClientTest : public ApiTest {
 protected:
  void TearDown() override {
    http::globalAgent().destroy();
    nodecc::run();
    ApiTest::TearDown();
  }
};

// Runs a coroutine lambda, keeping the closure (its captures) alive until the coroutine is
// done: `[&]() -> Promise<> {...}()` alone destroys the closure at the first co_await. A
// rejection is rethrown, so it surfaces as an uncaught exception.
template <class F>
void spawn(F f) {
  auto holder = std::make_shared<F>(std::move(f));
  (*holder)().then([holder] {}, [holder](std::exception_ptr e) { std::rethrow_exception(e); });
}

// A TCP server for unusual and hostile responses: respond(socket, n) runs when the n-th
// request head (counted per connection from 0) has arrived. Bodies are not expected.
inline net::Server& rawServer(std::function<void(net::Socket&, int)> respond,
                              int* connections = nullptr) {
  auto fn = std::make_shared<std::function<void(net::Socket&, int)>>(std::move(respond));
  return net::createServer([fn, connections](net::Socket& s) {
    if (connections) {
      ++*connections;
    }
    auto buf = std::make_shared<std::string>();
    auto n = std::make_shared<int>(0);
    s.on("data", [&s, buf, n, fn](const Buffer& d) {
      *buf += d.toString("latin1");
      size_t at;
      while ((at = buf->find("\r\n\r\n")) != std::string::npos) {
        buf->erase(0, at + 4);
        (*fn)(s, (*n)++);
      }
    });
    s.on("error", [](const Error&) {});
  });
}

inline std::string urlOf(net::Server& s, std::string_view path = "/") {
  return "http://127.0.0.1:" + std::to_string(s.address().port) + std::string(path);
}

// An agent that keeps nothing: each request gets a connection of its own, closed after it.
inline http::AgentOptions noKeepAlive() {
  return http::AgentOptions{};
}
inline http::AgentOptions keepAlive() {
  http::AgentOptions o;
  o.keepAlive = true;
  return o;
}

}  // namespace nodecc::test
