// A server with a planted bug that needs one interleaving to crash: a GET /a arms a 20 ms
// timer; a GET /b that lands while it is armed marks it; when the marked timer fires, the
// next GET /c dereferences a null pointer. Each request alone, or in another order, is
// harmless: the crash depends on two clients and a timer. The flight recorder test drives it
// with random load until it crashes, then replays the ring trace the crash dumped.
#include <nodecc/nodecc.h>

#include <cstdio>

using namespace nodecc;

namespace {
int stage = 0;  // 0 idle, 1 /a armed the timer, 2 /b came meanwhile, 3 the timer saw both
int* victim = nullptr;
int requests = 0;
}  // namespace

int main() {
  int port = 0;
  const auto& argv = process::argv();
  for (size_t i = 2; i + 1 < argv.size(); ++i) {
    if (argv[i] == "--port") {
      port = std::atoi(argv[i + 1].c_str());
    }
  }
  static int value = 42;
  victim = &value;
  http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    ++requests;
    if (req.url == "/a" && stage == 0) {
      stage = 1;
      setTimeout([] { stage = stage == 2 ? 3 : 0; }, 20);
    } else if (req.url == "/b" && stage == 1) {
      stage = 2;
    } else if (req.url == "/c" && stage == 3) {
      std::printf("request %d: /c after /a, /b and the timer: crashing\n", requests);
      std::fflush(stdout);
      victim = nullptr;
    }
    res.end(std::to_string(*victim + requests));
  }).listen(port, "127.0.0.1", [] {
    std::printf("listening\n");
    std::fflush(stdout);
  });
  return run();
}
