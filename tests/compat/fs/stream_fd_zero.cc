// fs.createReadStream over fd 0 (stdin, a file here): Node's close() skips a falsy fd, so the
// stream's end and close leave fd 0 open (stream_fd_zero.js).
#include <nodecc/nodecc.h>

#include <cstdio>

using namespace nodecc;

int main() {
  size_t bytes = 0;
  auto& rs = fs::createReadStream("", {.fd = 0});
  rs.on("data", [&](const Buffer& chunk) { bytes += chunk.size(); });
  rs.on("end", [&] { std::printf("end %zu\n", bytes); });
  rs.on("close", [] {
    std::printf("close\n");
    std::printf("fd 0 still open %s\n", fs::fstatSync(0).isFile() ? "true" : "false");
  });
  return run();
}
