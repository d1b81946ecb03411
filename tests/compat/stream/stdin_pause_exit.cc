// Reading process.stdin keeps the process alive; pause() lets it exit although the pipe on
// fd 0 stays open. Not from the 'data' listener itself: the Readable then reads on to fill its
// buffer (maybeReadMore), which starts the handle again, and Node keeps running.
#include <nodecc/nodecc.h>

using namespace nodecc;

int main() {
  process::stdin().once("data", [](const Buffer& chunk) {
    console.log("first chunk", chunk.length() > 0);
    setTimeout([] {
      process::stdin().pause();
      console.log("paused", process::stdin().isPaused(), "destroyed", process::stdin().destroyed());
      setTimeout([] { console.log("timer"); }, 20);
    }, 20);
  });
  process::stdin().on("close", [] { console.log("close"); });
  process::on("exit", [](int code) { console.log("exit", code); });
  return run();
}
