// The demo site: a page and its stylesheet, /echo?value=, /api/time (JSON), POST /api/upload;
// with --https-port N over https too, with a self-signed certificate made at first start.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <algorithm>
#include <map>
#include <optional>
#include <memory>
#include <nodecc/crypto.h>
#include <nodecc/https.h>
#include <nodecc/nodecc.h>
#include <nodecc/url.h>
#include "../example_args.h"
using namespace nodecc;

const std::string root = path::join(NODECC_DIRNAME, "public");
const std::map<std::string, std::string> types = {{".html", "text/html; charset=utf-8"},
                                                  {".css", "text/css; charset=utf-8"}};

std::string extname(const std::string& name) { return name.substr(name.rfind('.')); }
std::string isoString(int64_t ms) {  // new Date(ms).toISOString()
  std::time_t s = ms / 1000;
  std::tm t;
  gmtime_r(&s, &t);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", t.tm_year + 1900,
                t.tm_mon + 1, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, int(ms % 1000));
  return buf;
}

// C++ only: Node's execFileSync(file, args, {stdio: 'ignore'}) (nodecc has no child_process):
// runs the program with its output discarded, waits, throws when it fails.
void execFileSync(const std::string& file, std::vector<std::string> args) {
  args.insert(args.begin(), file);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t ignore;
  posix_spawn_file_actions_init(&ignore);
  posix_spawn_file_actions_addopen(&ignore, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&ignore, 1, 2);
  pid_t pid;
  int status = 0;
  bool ran = posix_spawnp(&pid, file.c_str(), &ignore, nullptr, argv.data(), environ) == 0 &&
             waitpid(pid, &status, 0) == pid;
  posix_spawn_file_actions_destroy(&ignore);
  if (!ran || !WIFEXITED(status) || WEXITSTATUS(status) != 0) throw Error("Command failed: " + file);
}

// The certificate of --https-port: self-signed for localhost, made by the openssl command at
// first start and kept in $XDG_DATA_HOME/nodecc-demo (~/.local/share/nodecc-demo) for later
// starts, so that a browser or curl told once to trust it keeps trusting it (README.md).
std::pair<std::string, std::string> demoCertificate() {
  std::string data = process::env["XDG_DATA_HOME"];
  std::string dir = path::join(!data.empty() ? data : path::join(os::homedir(), ".local", "share"), "nodecc-demo");
  std::string cert = path::join(dir, "localhost-cert.pem");
  std::string key = path::join(dir, "localhost-key.pem");
  if (!fs::existsSync(cert) || !fs::existsSync(key)) {
    fs::mkdirSync(dir, {.recursive = true, .mode = 0700});
    execFileSync("openssl", {"req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "825",
                             "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1",
                             "-addext", "basicConstraints=critical,CA:FALSE", "-addext", "extendedKeyUsage=serverAuth",
                             "-keyout", key + ".tmp", "-out", cert + ".tmp"});
    fs::chmodSync(key + ".tmp", 0600);
    fs::renameSync(key + ".tmp", key);
    fs::renameSync(cert + ".tmp", cert);  // last: the certificate's presence says the pair is whole
    std::printf("made a self-signed certificate for localhost: %s\n", cert.c_str());
  }
  return {cert, key};
}

void sendFile(http::ServerResponse& res, const std::string& name) {
  fs::readFile(root + "/" + name, [&res, name](Error* err, Buffer data) {
    if (err) { res.writeHead(404, {{"Content-Type", "text/plain"}}); res.end("not found\n"); return; }
    res.setHeader("Content-Type", types.at(extname(name)));
    res.end(data);
  });
}

int main() {
  auto args = exampleArgs();
  uint16_t port = args.port;
  std::string host = args.host;
  const auto& argv = process::argv();
  auto at = std::find(argv.begin(), argv.end(), "--https-port");
  std::optional<uint16_t> httpsPort;
  if (at != argv.end() && at + 1 != argv.end()) httpsPort = uint16_t(std::stoi(*(at + 1)));

  auto app = [](http::IncomingMessage& req, http::ServerResponse& res) {
    auto u = url::parse(req.url, true);
    if (req.method == "GET" && u.pathname == "/") {
      sendFile(res, "index.html");
    } else if (req.method == "GET" && u.pathname == "/style.css") {
      sendFile(res, "style.css");
    } else if (req.method == "GET" && u.pathname == "/echo") {
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(!u.query["value"].empty() ? u.query["value"] : "no value specified");
    } else if (req.method == "GET" && u.pathname == "/api/time") {
      int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::system_clock::now().time_since_epoch()).count();
      res.setHeader("Content-Type", "application/json");
      res.end("{\"now\":" + std::to_string(now) + ",\"iso\":\"" + isoString(now) + "\"}");
    } else if (req.method == "POST" && u.pathname == "/api/upload") {
      auto hash = std::make_shared<crypto::Hash>(crypto::createHash("sha256"));
      auto bytes = std::make_shared<size_t>(0);
      req.on("data", [hash, bytes](const Buffer& chunk) { *bytes += chunk.length(); hash->update(chunk); });
      // C++ only: a client that leaves mid-upload never gets 'end', and a response never ended
      // stays allocated (no garbage collector; docs/node-to-nodecc.md): end it (a no-op then).
      req.on("aborted", [&res] { res.end(); });
      req.on("end", [&res, hash, bytes] {
        res.setHeader("Content-Type", "application/json");
        res.end("{\"bytes\":" + std::to_string(*bytes) + ",\"sha256\":\"" + hash->digest("hex") + "\"}");
      });
    } else {
      res.writeHead(404, {{"Content-Type", "text/plain"}});
      res.end("not found\n");
    }
  };
  auto& server = http::createServer(app);
  server.listen(port, host, [&] {
    std::printf("nodecc demo on http://%s:%u/  (Ctrl-C stops it)\n", host.c_str(), port);
    std::fflush(stdout);
  });
  http::Server* secure = nullptr;
  if (httpsPort) {
    auto [cert, key] = demoCertificate();
    https::ServerOptions options;
    options.cert = {fs::readFileSync(cert, "utf8")};
    options.key = {fs::readFileSync(key, "utf8")};
    secure = &https::createServer(options, app);
    secure->listen(*httpsPort, host, [secure, host, cert = cert] {
      std::printf("nodecc demo on https://%s:%u/  (certificate: %s)\n", host.c_str(), unsigned(secure->address().port), cert.c_str());
      std::fflush(stdout);
    });
  }
  process::on("SIGINT", [&server, secure] {
    std::printf("stopping\n");
    std::fflush(stdout);
    auto open = std::make_shared<int>(secure ? 2 : 1);
    auto closed = [open](Error*) { if (--*open == 0) process::exit(0); };
    server.close(closed);
    if (secure) secure->close(closed);
  });
  return nodecc::run();
}
