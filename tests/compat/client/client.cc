// The same HTTP client program for Node.js (client.js) and nodecc, run against server.js by
// run_client_pair.py: each step prints the response (status, headers sorted without date,
// body, trailers) and the events of the exchange in order.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <nodecc/nodecc.h>

using namespace nodecc;

static const int port = std::stoi(process::env["SERVER_PORT"]);
static const int closedPort = std::stoi(process::env["CLOSED_PORT"]);
static const std::string base = "http://127.0.0.1:" + std::to_string(port);

// JSON.stringify of a string.
static std::string stringify(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') { out += '\\'; out += char(c); }
    else if (c == '\n') out += "\\n";
    else if (c < 0x20) { char b[8]; std::snprintf(b, sizeof b, "\\u%04x", c); out += b; }
    else out += char(c);
  }
  return out + "\"";
}

static std::vector<std::string> sortedLines(const http::IncomingHttpHeaders& obj) {
  std::vector<std::pair<std::string, std::string>> entries(obj.begin(), obj.end());
  std::erase_if(entries, [](auto& e) { return e.first == "date"; });
  std::sort(entries.begin(), entries.end());
  std::vector<std::string> lines;
  for (auto& [n, v] : entries) lines.push_back("  " + n + ": " + v);
  return lines;
}

static Promise<> exchange(std::string name, std::string path, http::RequestOptions options, std::function<void(http::ClientRequest&)> send, http::Agent& agent) {
  auto p = Promise<>::withResolvers();
  auto events = std::make_shared<std::vector<std::string>>();
  options.agent = agent;
  auto& req = http::request(base + path, options, [name, events](http::IncomingMessage& res) {
    events->push_back("response");
    std::printf("%s: %d %s HTTP/%s\n", name.c_str(), res.statusCode, res.statusMessage.c_str(), res.httpVersion.c_str());
    for (auto& line : sortedLines(res.headers)) std::printf("%s\n", line.c_str());
    auto body = std::make_shared<std::string>();
    res.on("data", [body](const Buffer& chunk) { *body += chunk.toString(); });
    res.on("end", [events, body, &res] {
      events->push_back("end");
      std::printf("  body %s\n", stringify(*body).c_str());
      for (auto& line : sortedLines(res.trailers)) std::printf("  trailer%s\n", line.c_str());
    });
    res.on("aborted", [events] { events->push_back("aborted"); });
    res.on("error", [events](const Error& err) { events->push_back("res error " + err.code + " " + err.message); });
    res.on("close", [events] { events->push_back("res close"); });
  });
  req.on("socket", [events, &req](net::Socket&) { events->push_back(req.reusedSocket ? "socket (reused)" : "socket"); });
  req.on("finish", [events] { events->push_back("finish"); });
  req.on("continue", [events] { events->push_back("continue"); });
  req.on("information", [events](const http::InformationEvent& info) {
    std::string link = "undefined";
    for (auto& [n, v] : info.headers) if (n == "link") link = v;
    events->push_back("information " + std::to_string(info.statusCode) + " " + link);
  });
  req.on("timeout", [events, &req] { events->push_back("timeout"); req.destroy(); });
  req.on("error", [events](const Error& err) { events->push_back("error " + err.code + " " + err.message); });
  req.on("close", [events, resolve = p.resolve] {
    events->push_back("close");
    setTimeout([events, resolve] {
      std::string line;
      for (auto& e : *events) line += (line.empty() ? "" : ", ") + e;
      std::printf("  events %s\n", line.c_str());
      resolve();
    }, 50);
  });
  send(req);
  return p.promise;
}

static void thrown(const std::string& name, const std::function<void()>& f) {
  try {
    f();
    std::printf("%s: no error\n", name.c_str());
  } catch (const Error& err) {
    std::printf("%s: %s %s\n", name.c_str(), err.code.c_str(), err.message.c_str());
  }
}

static Promise<> main2() {
  http::Agent agent({.keepAlive = true});
  http::RequestOptions none;
  http::RequestOptions head; head.method = "HEAD";
  http::RequestOptions post; post.method = "POST"; post.headers = {{"X-A", "1"}};
  http::RequestOptions put; put.method = "PUT";
  http::RequestOptions postPlain; postPlain.method = "POST";
  http::RequestOptions expect; expect.method = "PUT"; expect.headers = {{"Expect", "100-continue"}};
  http::RequestOptions timed; timed.timeout = 100;
  auto end = [](http::ClientRequest& req) { req.end(); };
  co_await exchange("json", "/json", none, end, agent);
  co_await exchange("json again", "/json", none, end, agent);
  co_await exchange("chunked", "/chunked", none, end, agent);
  co_await exchange("head", "/json", head, end, agent);
  co_await exchange("post", "/echo?x=1", post, [](http::ClientRequest& req) { req.end("hello"); }, agent);
  co_await exchange("put chunks", "/echo", put, [](http::ClientRequest& req) { req.write("ab"); req.end("c"); }, agent);
  co_await exchange("headers", "/echo", postPlain, [](http::ClientRequest& req) {
    req.setHeader("X-One", "1");
    req.setHeader("X-Two", std::vector<std::string>{"2a", "2b"});
    req.setHeader("x-one", "uno");
    req.removeHeader("X-Gone");
    std::string names;
    for (auto& n : req.getHeaderNames()) names += (names.empty() ? "" : ",") + n;
    std::printf("headers: %s %s %s %s\n", req.getHeader("x-one")->c_str(), req.getHeader("X-TWO")->c_str(), req.hasHeader("x-gone") ? "true" : "false", names.c_str());
    req.end();
  }, agent);
  co_await exchange("204", "/status?code=204", none, end, agent);
  co_await exchange("304", "/status?code=304", none, end, agent);
  co_await exchange("404", "/status?code=404&message=Nope", none, end, agent);
  co_await exchange("hints", "/hints", none, end, agent);
  co_await exchange("continue", "/continue", expect, [](http::ClientRequest& req) {
    req.on("continue", [&req] { req.end("the body"); });
  }, agent);
  co_await exchange("hangup", "/hangup", none, end, agent);
  co_await exchange("cut", "/cut", none, end, agent);
  co_await exchange("timeout", "/slow", timed, end, agent);
  AbortController controller;
  http::RequestOptions withSignal; withSignal.signal = controller.signal;
  co_await exchange("abort", "/slow", withSignal, [&controller](http::ClientRequest& req) {
    req.end();
    setTimeout([&controller] { controller.abort(); }, 50);
  }, agent);
  http::RequestOptions refused; refused.port = uint16_t(closedPort);
  co_await exchange("refused", "/", refused, end, agent);
  http::RequestOptions unknown; unknown.hostname = "nonexistent.invalid"; unknown.port = 80;
  co_await exchange("not found", "/", unknown, end, agent);
  thrown("https", [] { http::request("https://127.0.0.1/"); });
  thrown("path", [] { http::RequestOptions o; o.path = "/a b"; http::request(base + "/", o); });
  thrown("header", [] { http::RequestOptions o; o.headers = {{"Bad Name", "x"}}; http::request(base + "/", o); });
  agent.destroy();
}

int main() {
  main2();
  return nodecc::run();
}
