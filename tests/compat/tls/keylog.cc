// 'keylog' on both sides of a TLS 1.3 and a TLS 1.2 connection: the labels in order, and that
// each line has the NSS key log shape ("LABEL <client random, 64 hex> <secret, hex>\n"), that
// one connection's lines share one client random and that both sides log the same secrets.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <set>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }
std::string key;
std::string cert;
std::vector<std::string> out;
std::vector<std::string> serverLines;
tls::Server* serverPtr = nullptr;

bool isHex(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s) if (std::string("0123456789abcdef").find(c) == std::string::npos) return false;
  return true;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); i++) {
    if (i == s.size() || s[i] == sep) { parts.push_back(s.substr(start, i - start)); start = i + 1; }
  }
  return parts;
}

void summary(const std::string& name, const std::vector<std::string>& lines) {
  std::vector<std::string> labels;
  std::set<std::string> randoms;
  bool shaped = true;
  for (const std::string& line : lines) {
    std::vector<std::string> parts = split(line, ' ');
    if (parts.size() != 3 || line.back() != '\n' || parts[1].size() != 64 || !isHex(parts[1]) || !isHex(parts[2].substr(0, parts[2].size() - 1))) shaped = false;
    labels.push_back(parts[0]);
    if (parts.size() > 1) randoms.insert(parts[1]);
  }
  std::string joined;
  for (size_t i = 0; i < labels.size(); i++) joined += (i ? " " : "") + labels[i];
  out.push_back(name + " " + std::to_string(lines.size()) + " lines shaped " + str(shaped) + " randoms " + std::to_string(randoms.size()) + ": " + joined);
}

std::string sortedJoin(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  std::string s;
  for (const std::string& x : v) s += x;
  return s;
}

void run(const std::string& maxVersion, std::function<void()> next) {
  auto clientLines = std::make_shared<std::vector<std::string>>();
  serverLines.clear();
  tls::ConnectionOptions o;
  o.port = serverPtr->address().port; o.host = "127.0.0.1"; o.servername = "localhost"; o.ca = {cert}; o.maxVersion = maxVersion;
  auto clientPtr = std::make_shared<tls::TLSSocket*>(nullptr);
  tls::TLSSocket& client = tls::connect(o, [clientPtr] {
    (*clientPtr)->write("hi");
  });
  *clientPtr = &client;
  client.on("keylog", [clientLines](const Buffer& line) { clientLines->push_back(line.toString()); });
  client.on("data", [](const Buffer&) {});
  client.on("close", [clientLines, maxVersion, next](bool) {
    summary(maxVersion + " client", *clientLines);
    summary(maxVersion + " server", serverLines);
    out.push_back(maxVersion + " same secrets " + str(sortedJoin(*clientLines) == sortedJoin(serverLines)));
    next();
  });
}

int main() {
  key = fs::readFileSync("key.pem", "utf8");
  cert = fs::readFileSync("cert.pem", "utf8");

  tls::ServerOptions options;
  options.key = {key};
  options.cert = {cert};
  tls::Server& server = tls::createServer(options, [](tls::TLSSocket& socket) {
    socket.on("data", [&socket](const Buffer&) { socket.end("bye"); });
  });
  serverPtr = &server;
  server.on("keylog", [](const Buffer& line, tls::TLSSocket&) { serverLines.push_back(line.toString()); });

  server.listen(0, "127.0.0.1", [&] {
    run("TLSv1.3", [&] { run("TLSv1.2", [&] { server.close(); }); });
  });

  process::on("exit", [](int) {
    for (const std::string& line : out) std::printf("%s\n", line.c_str());
  });
  return nodecc::run();
}
