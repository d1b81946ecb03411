// ticketKeys: two servers with the same keys resume each other's tickets, a server with its own
// (random) keys does not, and after setTicketKeys rotates them the old tickets no longer resume;
// over TLS 1.3 and TLS 1.2. getTicketKeys tells the keys; a key of the wrong size is refused.
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }
std::string key;
std::string cert;
Buffer keys = Buffer::alloc(48);
Buffer rotated = Buffer::alloc(48, 9);
std::vector<std::string> lines;
tls::Server* a = nullptr;
tls::Server* b = nullptr;
tls::Server* c = nullptr;

void connect(tls::Server* server, const std::string& maxVersion, const Buffer& session, std::function<void(bool, Buffer)> next) {
  auto last = std::make_shared<Buffer>();
  auto reused = std::make_shared<bool>(false);
  tls::ConnectionOptions o;
  o.port = server->address().port; o.host = "127.0.0.1"; o.servername = "localhost"; o.rejectUnauthorized = false; o.maxVersion = maxVersion; o.session = session;
  auto clientPtr = std::make_shared<tls::TLSSocket*>(nullptr);
  tls::TLSSocket& client = tls::connect(o, [clientPtr, reused] {
    *reused = (*clientPtr)->isSessionReused();
  });
  *clientPtr = &client;
  client.on("session", [last](const Buffer& s) { *last = s; });
  client.on("data", [](const Buffer&) {});
  client.on("close", [next, reused, last](bool) { next(*reused, *last); });
}

void round(const std::string& maxVersion, std::function<void()> next) {
  b->setTicketKeys(keys);
  connect(a, maxVersion, Buffer(), [maxVersion, next](bool reusedFirst, Buffer session) {
    connect(b, maxVersion, session, [maxVersion, next, reusedFirst, session](bool reusedB, Buffer) {
      connect(c, maxVersion, session, [maxVersion, next, reusedFirst, reusedB, session](bool reusedC, Buffer) {
        b->setTicketKeys(rotated);
        connect(b, maxVersion, session, [maxVersion, next, reusedFirst, reusedB, reusedC](bool reusedRotated, Buffer) {
          lines.push_back(maxVersion + " first " + str(reusedFirst) + " same keys " + str(reusedB) + " other keys " + str(reusedC) + " rotated " + str(reusedRotated));
          next();
        });
      });
    });
  });
}

int main() {
  key = fs::readFileSync("key.pem", "utf8");
  cert = fs::readFileSync("cert.pem", "utf8");
  for (int i = 0; i < 48; i++) keys[i] = uint8_t((i * 7 + 1) % 256);

  tls::ServerOptions withKeys;
  withKeys.key = {key}; withKeys.cert = {cert}; withKeys.ticketKeys = keys;
  tls::ServerOptions own;
  own.key = {key}; own.cert = {cert};
  a = &tls::createServer(withKeys, [](tls::TLSSocket& socket) { socket.end("a"); });
  b = &tls::createServer(withKeys, [](tls::TLSSocket& socket) { socket.end("b"); });
  c = &tls::createServer(own, [](tls::TLSSocket& socket) { socket.end("c"); });

  a->listen(0, "127.0.0.1", [] { b->listen(0, "127.0.0.1", [] { c->listen(0, "127.0.0.1", [] {
    lines.push_back("keys " + str(a->getTicketKeys().equals(keys)) + " " + std::to_string(c->getTicketKeys().length()) + " " + str(c->getTicketKeys().equals(keys)));
    bool threw = false;
    try {
      a->setTicketKeys(Buffer::alloc(10));
    } catch (const Error&) {
      threw = true;
    }
    lines.push_back("short keys refused " + str(threw));
    round("TLSv1.3", [] { round("TLSv1.2", [] {
      a->close();
      b->close();
      c->close();
    }); });
  }); }); });

  process::on("exit", [](int) {
    for (const std::string& line : lines) std::printf("%s\n", line.c_str());
  });
  return nodecc::run();
}
