// Response.json() and Request.json(): values, V8's SyntaxError text for a bad or empty body,
// a byte order mark dropped, a body read twice, fetch(Request) consuming the request's body,
// and an aborted fetch.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <memory>
#include <string>

using namespace nodecc;

http::Server& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
  auto body = std::make_shared<std::string>();
  req.on("data", [body](const Buffer& c) { *body += c.toString(); });
  req.on("end", [&req, &res, body] {
    if (req.url == "/bad") res.end("{\"a\": bad}");
    else if (req.url == "/empty") res.end("");
    else if (req.url == "/bom") res.end("\xEF\xBB\xBF{\"b\":[1,true,null]}");
    else if (req.url == "/echo") res.end(req.method + " " + std::string(req.headers["content-type"]) + " " + *body);
    else res.end("{\"user\":{\"name\":\"ada\"},\"n\":7}");
  });
});

Promise<> main2() {
  std::string base = "http://127.0.0.1:" + std::to_string(server.address().port);
  for (std::string path : {"/ok", "/bad", "/empty", "/bom"}) {
    Response res = co_await fetch(base + path);
    try {
      JSON::Value v = co_await res.json();
      std::printf("%s %s\n", path.c_str(), JSON::stringify(v).c_str());
    } catch (const Error& err) {
      std::printf("%s %s %s\n", path.c_str(), err.name.c_str(), err.message.c_str());
    }
  }
  Response res = co_await fetch(base + "/ok");
  JSON::Value v = co_await res.json();
  std::printf("name %s %g\n", std::string(v["user"]["name"].asString()).c_str(), v["n"].asNumber() + 1);
  try {
    co_await res.json();
  } catch (const Error& err) {
    std::printf("again %s %s\n", err.name.c_str(), err.message.c_str());
  }

  RequestInit init{.method = "post", .body = JSON::stringify(JSON::parse("{\"x\":1}"))};
  Request req(base + "/echo", init);
  std::printf("request %s %s %s\n", req.url == base + "/echo" ? "true" : "false", req.method.c_str(), req.bodyUsed() ? "true" : "false");
  Response echoed = co_await fetch(req);
  std::printf("echo %s %s\n", req.bodyUsed() ? "true" : "false", (co_await echoed.text()).c_str());
  try {
    co_await fetch(req);
  } catch (const Error& err) {
    std::printf("reuse %s %s\n", err.name.c_str(), err.message.c_str());
  }
  RequestInit put{.method = "PUT", .body = "{\"k\":[1,2]}"};
  Request local(base + "/x", put);
  std::printf("request json %s %s\n", JSON::stringify(co_await local.json()).c_str(), local.bodyUsed() ? "true" : "false");
  try {
    RequestInit badInit{.method = "PUT", .body = "[1,"};
    co_await Request(base + "/x", badInit).json();
  } catch (const Error& err) {
    std::printf("request bad %s %s\n", err.name.c_str(), err.message.c_str());
  }
  try {
    RequestInit getBody{.body = "x"};
    Request(base + "/x", getBody);
  } catch (const Error& err) {
    std::printf("get body %s %s\n", err.name.c_str(), err.message.c_str());
  }
  try {
    Request("nope");
  } catch (const Error& err) {
    std::printf("bad url %s %s\n", err.name.c_str(), err.message.c_str());
  }
  AbortController ac;
  RequestInit withSignal{.signal = ac.signal};
  auto pending = fetch(base + "/ok", withSignal);
  ac.abort();
  try {
    co_await pending;
  } catch (const Error& err) {
    std::printf("abort %s %s\n", err.name.c_str(), err.message.c_str());
  }
  server.close();
}

int main() {
  server.listen(0, "127.0.0.1", [] { main2(); });
  return nodecc::run();
}
