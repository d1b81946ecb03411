// The Autobahn|Testsuite client (wstest -m fuzzingserver is the other side): asks the case
// count, runs every case echoing each message back as it came, then has the reports written.
// Usage: ws-autobahn-client ws://127.0.0.1:PORT [agent]. tests/integration/ws/autobahn/run.py
// runs it in client mode.
#include <nodecc/nodecc.h>
#include <nodecc/ws.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>

using namespace nodecc;

int main() {
  const auto& argv = process::argv();
  if (argv.size() < 3) {
    std::fprintf(stderr, "usage: ws-autobahn-client ws://HOST:PORT [agent]\n");
    return 2;
  }
  const std::string base = argv[2];
  const std::string agent = argv.size() > 3 ? argv[3] : "nodecc";
  int caseCount = 0;

  auto updateReports = [&] {
    ws::WebSocket& socket = ws::connect(base + "/updateReports?agent=" + agent);
    socket.on("close", [](int, const Buffer&) { std::printf("reports updated\n"); });
  };
  std::function<void(int)> runCase = [&](int i) {
    if (i > caseCount) {
      updateReports();
      return;
    }
    // Autobahn's 9.3.1 and 9.4.1 send a message in 65536 fragments: past ws's default bound.
    ws::ClientOptions options;
    options.maxFragments = 0;
    ws::WebSocket& socket =
        ws::connect(base + "/runCase?case=" + std::to_string(i) + "&agent=" + agent, {}, options);
    socket.on("message", [&socket](const Buffer& data, bool isBinary) {
      socket.send(data, {.binary = isBinary});
    });
    socket.on("error", [](const Error&) {});  // the case's verdict is Autobahn's
    socket.on("close", [&runCase, i](int, const Buffer&) { runCase(i + 1); });
  };
  ws::WebSocket& counter = ws::connect(base + "/getCaseCount");
  counter.on("message",
             [&](const Buffer& data, bool) { caseCount = std::atoi(data.toString().c_str()); });
  counter.on("close", [&](int, const Buffer&) {
    std::printf("%d cases\n", caseCount);
    runCase(1);
  });
  return nodecc::run();
}
