// process.stdin piped through an uppercasing Transform into process.stdout (ASCII letters,
// byte by byte: a chunk may end inside a UTF-8 character).
#include <nodecc/nodecc.h>

using namespace nodecc;

int main() {
  stream::Transform upper({.transform = [](auto&, const Buffer& chunk, std::string_view,
                                           auto callback) {
    Buffer out = Buffer::from(chunk);
    for (size_t i = 0; i < out.length(); i++) if (out[i] >= 97 && out[i] <= 122) out[i] -= 32;
    callback(nullptr, out);
  }});
  process::stdin().on("end", [] { console.log("[stdin end]"); });
  upper.on("end", [] { console.log("[upper end]"); });
  process::stdin().pipe(upper).pipe(process::asStream(process::stdout));
  return run();
}
