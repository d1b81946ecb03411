// Must not compile: docs/guide.md's example of the dangling coroutine parameter. The caller's
// temporary std::string is gone at its `;`, and the coroutine reads it after resuming.
#include <nodecc/timers.h>

#include <cstdio>
#include <string>

nodecc::Promise<> greet(const std::string& name) {
  co_await nodecc::timers::promises::setTimeout(10);
  std::printf("%s\n", name.c_str());
}

int main() {
  greet("world");
}
