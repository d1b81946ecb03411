// nodecc's https client as the TLS integration tests drive it, line for line with
// node_client.js (the oracle): the same arguments print the same lines.
//
//   tls-client-driver URL [--ca F] [--cert F --key F] [--insecure] [--servername N]
//                     [--count N] [--fetch]
// Prints per request "status <code> <body>" (the body's first line), or "error <code>
// <message>"; with --count, the requests go one after the other on the global agent and a
// last line "resumed <n>" counts the connections that resumed a TLS session.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <string>

using namespace nodecc;

namespace {

std::string arg(const char* name, const std::string& fallback = "") {
  const auto& argv = process::argv();
  for (size_t i = 3; i + 1 < argv.size(); ++i) {
    if (argv[i] == name) {
      return argv[i + 1];
    }
  }
  return fallback;
}

bool flag(const char* name) {
  const auto& argv = process::argv();
  for (size_t i = 3; i < argv.size(); ++i) {
    if (argv[i] == name) {
      return true;
    }
  }
  return false;
}

std::string firstLine(const std::string& s) {
  return s.substr(0, s.find('\n'));
}

Promise<> viaFetch(std::string url) {
  try {
    Response res = co_await fetch(url);
    std::string body = co_await res.text();
    std::printf("status %d %s\n", res.status, firstLine(body).c_str());
  } catch (const Error& e) {
    const Error& c = e.cause ? *e.cause : e;  // node_client.js: e.cause || e
    std::printf("error %s %s\n", c.code.c_str(), c.message.c_str());
  }
}

Promise<> viaRequest(std::string url, https::RequestOptions o, int count) {
  int resumed = 0;
  for (int i = 0; i < count; ++i) {
    auto done = Promise<>::withResolvers();
    auto& req = https::get(url, o, [&, resolve = done.resolve](http::IncomingMessage& res) {
      auto info = tls::secureInfo(res.socket());
      if (info && info->sessionReused) {
        ++resumed;
      }
      auto body = std::make_shared<std::string>();
      res.on("data", [body](const Buffer& chunk) { *body += chunk.toString(); });
      res.on("end", [&res, body] {
        std::printf("status %d %s\n", res.statusCode, firstLine(*body).c_str());
      });
      res.on("close", [resolve] { resolve(); });
    });
    req.on("error", [resolve = done.resolve](const Error& e) {
      std::printf("error %s %s\n", e.code.c_str(), e.message.c_str());
      resolve();
    });
    co_await done.promise;
    if (count > 1) {
      // A new connection each time, so that the next one can resume the session.
      https::globalAgent().destroy();
    }
  }
  if (count > 1) {
    std::printf("resumed %d\n", resumed);
  }
}

}  // namespace

int main() {
  const auto& argv = process::argv();
  std::string url = argv.size() > 2 ? argv[2] : "";
  https::RequestOptions o;
  if (!arg("--ca").empty()) {
    o.ca = {fs::readFileSync(arg("--ca"), "utf8")};
  }
  if (!arg("--cert").empty()) {
    o.cert = {fs::readFileSync(arg("--cert"), "utf8")};
    o.key = {fs::readFileSync(arg("--key"), "utf8")};
  }
  o.rejectUnauthorized = !flag("--insecure");
  o.servername = arg("--servername");
  int count = std::stoi(arg("--count", "1"));
  if (flag("--fetch")) {
    viaFetch(url).then([] { https::globalAgent().destroy(); });
  } else {
    viaRequest(url, o, count).then([] { https::globalAgent().destroy(); });
  }
  nodecc::run();
}
