// Resolving a promise with another promise (a then callback returning one, resolve(promise),
// and finally(), which resolves with a promise internally) costs extra microtask steps in
// JavaScript: a job to call the inner promise's then, another to settle the outer one. The
// step counter running beside each case makes those hops visible.
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

int step = 0;
void ticker() {
  std::printf("step %d\n", ++step);
  if (step < 6) queueMicrotask(ticker);
}

int main() {
  queueMicrotask(ticker);
  Promise<int>::resolve(1)
      .then([](int) { return Promise<int>::resolve(2); })
      .then([](int v) { std::printf("adopted %d\n", v); });
  Promise<int>::resolve(3)
      .finally([] { std::printf("finally\n"); })
      .then([](int v) { std::printf("after finally %d\n", v); });
  Promise<int>([](auto resolve, auto) { resolve(Promise<int>::resolve(4)); }).then([](int v) {
    std::printf("resolved with %d\n", v);
  });
  return nodecc::run();
}
