// Streams made by create*() piped with pipe(), not pipeline: the gzip stream closes (and in
// nodecc is deleted) before the gunzip stream behind it finishes, whose 'finish' unpipes from
// its source (pipe_owned.js).
#include <nodecc/nodecc.h>

#include <cstdio>

using namespace nodecc;

int main() {
  size_t bytes = 0;
  stream::Writable sink({.write = [&](auto&, const Buffer& chunk, auto, auto cb) {
    bytes += chunk.size();
    cb();
  }});
  auto& gz = zlib::createGzip();
  auto& gunzip = zlib::createGunzip();
  gz.on("close", [] { std::printf("gzip close\n"); });
  gunzip.on("finish", [] { std::printf("gunzip finish\n"); });
  gunzip.on("close", [] { std::printf("gunzip close\n"); });
  sink.on("finish", [&] { std::printf("sink finish %zu\n", bytes); });
  gz.pipe(gunzip).pipe(sink);
  for (int i = 0; i < 64; i++) {
    gz.write(Buffer::alloc(4096, i));
  }
  gz.end();
  return run();
}
