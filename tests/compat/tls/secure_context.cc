// setSecureContext and addContext: which ticket keys a server has after setSecureContext (the
// ones last given as an option, else new random ones; setTicketKeys' are dropped), whether a
// session from before resumes after it (TLS 1.3 and 1.2), and the errors both throw.
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
Buffer keys = Buffer::alloc(48, 1);
Buffer rotated = Buffer::alloc(48, 2);
Buffer given = Buffer::alloc(48, 3);
std::vector<std::string> lines;

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
    return "no error";
  } catch (const Error& e) {
    return e.code + " " + e.message;
  }
}

tls::SecureContextOptions options(const std::string& k, const std::string& c, Buffer ticketKeys = Buffer()) {
  tls::SecureContextOptions o;
  o.key = {k}; o.cert = {c}; o.ticketKeys = ticketKeys;
  return o;
}

tls::ServerOptions serverOptions(Buffer ticketKeys = Buffer()) {
  tls::ServerOptions o;
  o.key = {key}; o.cert = {cert}; o.ticketKeys = ticketKeys;
  return o;
}

void connect(tls::Server& server, const std::string& maxVersion, const Buffer& session, std::function<void(bool, Buffer)> next) {
  auto last = std::make_shared<Buffer>();
  auto reused = std::make_shared<bool>(false);
  tls::ConnectionOptions o;
  o.port = server.address().port; o.host = "127.0.0.1"; o.servername = "localhost"; o.rejectUnauthorized = false; o.maxVersion = maxVersion; o.session = session;
  auto clientPtr = std::make_shared<tls::TLSSocket*>(nullptr);
  tls::TLSSocket& client = tls::connect(o, [clientPtr, reused] {
    *reused = (*clientPtr)->isSessionReused();
  });
  *clientPtr = &client;
  client.on("session", [last](const Buffer& s) { *last = s; });
  client.on("data", [](const Buffer&) {});
  client.on("close", [next, reused, last](bool) { next(*reused, *last); });
}

// A session made before setSecureContext, offered after it.
void across(tls::Server& server, const std::string& maxVersion, std::function<void(std::string)> next) {
  server.setSecureContext(options(key, cert));
  connect(server, maxVersion, Buffer(), [&server, maxVersion, next](bool reusedFirst, Buffer session) {
    server.setSecureContext(options(key, cert));
    connect(server, maxVersion, session, [next, reusedFirst](bool reusedAfter, Buffer) {
      next("first " + str(reusedFirst) + " after setSecureContext " + str(reusedAfter));
    });
  });
}

int main() {
  key = fs::readFileSync("key.pem", "utf8");
  cert = fs::readFileSync("cert.pem", "utf8");

  tls::Server& own = tls::createServer(serverOptions());
  Buffer before = own.getTicketKeys();
  own.setSecureContext(options(key, cert));
  lines.push_back("own keys kept " + str(own.getTicketKeys().equals(before)) + " length " + std::to_string(own.getTicketKeys().length()));

  tls::Server& keyed = tls::createServer(serverOptions(keys));
  keyed.setTicketKeys(rotated);
  keyed.setSecureContext(options(key, cert));
  lines.push_back("option keys back " + str(keyed.getTicketKeys().equals(keys)) + " rotated kept " + str(keyed.getTicketKeys().equals(rotated)));
  keyed.setSecureContext(options(key, cert, given));
  lines.push_back("new option keys " + str(keyed.getTicketKeys().equals(given)));
  keyed.setSecureContext(options(key, cert));
  lines.push_back("new option keys kept " + str(keyed.getTicketKeys().equals(given)));

  lines.push_back("bad key: " + errorOf([&] { own.setSecureContext(options("nope", cert)); }));
  lines.push_back("bad cert: " + errorOf([&] { own.setSecureContext(options(key, "nope")); }));
  lines.push_back("short ticketKeys: " + errorOf([&] { own.setSecureContext(options(key, cert, Buffer::alloc(10))); }));
  lines.push_back("empty name: " + errorOf([&] { own.addContext("", options(key, cert)); }));
  lines.push_back("addContext bad key: " + errorOf([&] { own.addContext("a.test", options("nope", cert)); }));
  lines.push_back("addContext: " + errorOf([&] { own.addContext("a.test", options(key, cert)); }));
  lines.push_back("addContext a SecureContext: " + errorOf([&] { own.addContext("b.test", tls::createSecureContext(options(key, cert))); }));

  tls::Server& withKeys = tls::createServer(serverOptions(keys), [](tls::TLSSocket& socket) { socket.end("k"); });
  tls::Server& without = tls::createServer(serverOptions(), [](tls::TLSSocket& socket) { socket.end("o"); });
  withKeys.listen(0, "127.0.0.1", [&] { without.listen(0, "127.0.0.1", [&] {
    across(withKeys, "TLSv1.3", [&](std::string a) { across(without, "TLSv1.3", [&, a](std::string b) { across(withKeys, "TLSv1.2", [&, a, b](std::string c) { across(without, "TLSv1.2", [&, a, b, c](std::string d) {
      lines.push_back("TLSv1.3 ticketKeys option: " + a);
      lines.push_back("TLSv1.3 own keys: " + b);
      lines.push_back("TLSv1.2 ticketKeys option: " + c);
      lines.push_back("TLSv1.2 own keys: " + d);
      withKeys.close();
      without.close();
    }); }); }); });
  }); });

  process::on("exit", [](int) {
    for (const std::string& line : lines) std::printf("%s\n", line.c_str());
  });
  return nodecc::run();
}
