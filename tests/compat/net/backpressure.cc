// Write backpressure: the server pauses its socket, so the kernel buffers fill and the client's
// writes queue up. The client writes 64 KiB chunks until write() returns false, then waits for
// 'drain' before writing more; after 4 rounds it ends. The server resumes after a while and
// counts what arrived. write() returns true while the kernel takes the bytes at once (no queue),
// false once bytes wait in the socket's own queue past highWaterMark (16 KiB); each false is
// followed by exactly one 'drain'. How many writes fit in the kernel buffers depends on the
// machine, so counts are compared with each other, never printed.
#include <cstdio>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }

int main() {
  const Buffer chunk = Buffer::from(std::string(64 * 1024, 'x'));
  const int rounds = 4;
  uint64_t writes = 0;
  auto expected = [&] { return writes * chunk.length() + 5; };

  net::Server* serverPtr = nullptr;
  net::Server& server = net::createServer([&](net::Socket& socket) {
    socket.pause();
    auto received = std::make_shared<uint64_t>(0);
    socket.on("data", [received](const Buffer& data) { *received += data.length(); });
    socket.on("end", [&, received] {
      std::printf("server end received %s\n", str(*received == expected()));
      socket.end();
    });
    socket.on("close", [&](bool) { serverPtr->close(); });
    setTimeout([&socket] {
      std::printf("server resume\n");
      socket.resume();
    }, 100);
  });
  serverPtr = &server;

  int round = 0;
  int drains = 0;
  uint64_t callbacks = 0;
  uint64_t lastCallback = 0;
  net::Socket* clientPtr = nullptr;
  auto writeUntilFull = [&] {
    net::Socket& client = *clientPtr;
    round++;
    for (;;) {
      writes++;
      const uint64_t id = writes;
      const bool ok = client.write(chunk, [&, id](Error* err) {
        if (err || id != lastCallback + 1) std::printf("callback out of order %llu\n", (unsigned long long)id);
        lastCallback = id;
        callbacks++;
      });
      if (!ok) break;
    }
    std::printf("round %d: write returned false, queued past hwm %s\n", round, str(client.writableLength() >= client.writableHighWaterMark));
  };

  server.listen(0, "127.0.0.1", [&] {
    net::Socket& client = net::connect(server.address().port, "127.0.0.1");
    clientPtr = &client;
    client.on("connect", [&] {
      const bool ok = client.write("small");
      std::printf("small write %s hwm %zu\n", str(ok), client.writableHighWaterMark);
      writeUntilFull();
    });
    client.on("drain", [&] {
      drains++;
      std::printf("drain %d queued %zu\n", drains, client.writableLength());
      if (round < rounds) {
        writeUntilFull();
      } else {
        client.end();
      }
    });
    client.on("close", [&](bool hadError) {
      std::printf("client close %s drains %d callbacks %s written %s\n", str(hadError), drains, str(callbacks == writes), str(client.bytesWritten() == writes * chunk.length() + 5));
    });
  });
  return nodecc::run();
}
