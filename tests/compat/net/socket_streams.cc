// net::Socket as a Duplex (socket_streams.js's twin): an echo server that is socket.pipe(socket),
// a server that runs pipeline(socket, upper-case Transform, socket), a client reading with
// iterate() (for await), and a pipeline whose peer resets the connection.
#include <nodecc/nodecc.h>

#include <cctype>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

using namespace nodecc;

static stream::Transform& upper() {
  auto* t = new stream::Transform({.transform = [](auto&, const Buffer& chunk, auto, auto cb) {
    std::string s = chunk.toString();
    for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    cb(nullptr, s);
  }});
  t->ownSelf();
  return *t;
}

static std::map<std::string, net::Server*> servers;

static Promise<uint16_t> listen(net::Server& server) {
  auto r = Promise<uint16_t>::withResolvers();
  server.listen(0, "127.0.0.1", [&server, resolve = r.resolve] { resolve(server.address().port); });
  return r.promise;
}

static Promise<> connected(net::Socket& socket) {
  auto r = Promise<>::withResolvers();
  socket.once("connect", [resolve = r.resolve] { resolve(); });
  return r.promise;
}

static Promise<> exchange(std::string name, uint16_t port, std::vector<std::string> pieces) {
  auto& client = net::connect(port, "127.0.0.1");
  co_await connected(client);
  for (auto& p : pieces) client.write(p);
  client.end();
  std::string text;
  for (auto it = client.iterate(); auto chunk = co_await it.next();) text += chunk->toString();
  std::printf("%s \"%s\" %s\n", name.c_str(), text.c_str(), client.destroyed() ? "true" : "false");
}

static Promise<> mainAsync() {
  std::map<std::string, uint16_t> ports;
  for (auto& [name, server] : servers) ports[name] = co_await listen(*server);
  // Named first: GCC 12 rejects a braced list in a co_await operand (docs/guide.md).
  std::vector<std::string> echoed{"hello ", "world"}, uppered{"abc ", "def"};
  co_await exchange("echo", ports["echo"], echoed);
  co_await exchange("upper", ports["upper"], uppered);
  // A client that leaves its loop early: its socket is destroyed.
  auto& client = net::connect(ports["echo"], "127.0.0.1");
  co_await connected(client);
  client.write("first");
  for (auto it = client.iterate(); auto chunk = co_await it.next();) {
    std::printf("early exit got %s\n", chunk->toString().c_str());
    break;
  }
  std::printf("early exit destroyed %s\n", client.destroyed() ? "true" : "false");
  // A peer that resets the connection mid-pipeline.
  auto& resetter = net::connect(ports["reset"], "127.0.0.1");
  co_await connected(resetter);
  resetter.write("some bytes");
  co_await timers::promises::setTimeout(100);
  resetter.resetAndDestroy();
  co_await timers::promises::setTimeout(200);
  for (auto& [name, server] : servers) server->close();
  std::printf("done\n");
}

int main() {
  servers["echo"] = &net::createServer([](net::Socket& socket) { socket.pipe(socket); });
  servers["upper"] = &net::createServer([](net::Socket& socket) {
    stream::pipeline(socket, upper(), socket, [](Error* err) {
      std::printf("upper pipeline %s\n", err ? err->code.c_str() : "ok");
    });
  });
  servers["reset"] = &net::createServer([](net::Socket& socket) {
    auto bytes = std::make_shared<size_t>(0);
    auto* sink = new stream::Writable({.write = [bytes](auto&, const Buffer& chunk, auto, auto cb) {
      *bytes += chunk.size();
      cb(nullptr);
    }});
    sink->ownSelf();
    stream::pipeline(socket, *sink, [bytes](Error* err) {
      std::printf("reset pipeline %s %s\n", err ? err->code.c_str() : "ok", *bytes > 0 ? "true" : "false");
    });
  });
  mainAsync();
  return run();
}
