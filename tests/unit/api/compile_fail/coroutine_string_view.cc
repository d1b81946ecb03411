// Must not compile: a std::string_view parameter of an async generator views the caller's
// temporary, which is gone before the generator's body first runs.
#include <nodecc/generator.h>

#include <string>
#include <string_view>

nodecc::AsyncGenerator<char> letters(std::string_view text) {
  for (char c : text)
    co_yield c;
}

int main() {
  auto g = letters(std::string("abc") + "def");
}
