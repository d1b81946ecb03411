// Must not compile: a T&& coroutine parameter binds only temporaries, which die before the
// coroutine resumes.
#include <nodecc/timers.h>

#include <vector>

nodecc::Promise<int> sum(std::vector<int>&& values) {
  co_await nodecc::timers::promises::setTimeout(1);
  int s = 0;
  for (int v : values)
    s += v;
  co_return s;
}

int main() {
  sum({1, 2, 3});
}
