// Must not compile under GCC 12: a RequestInit built in a co_await operand is copied into the
// coroutine frame bit for bit and destroyed twice (a double free under ASan); fetch() deletes
// the rvalue overload so the form is rejected and the message names the named-init fix.
#include <nodecc/fetch.h>

nodecc::Promise<> post() {
  auto res = co_await nodecc::fetch("http://127.0.0.1:1/", {.method = "POST", .body = "hi"});
  (void)res;
}

int main() {
  post();
}
