// bench-zlib-stream IN OUT [LEVEL]: IN -> gzip stream -> OUT (stream::pipeline of an fs read
// stream, createGzip and an fs write stream), stream_gzip.js's twin. Prints the bytes written.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <cstdlib>

using namespace nodecc;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: bench-zlib-stream IN OUT [LEVEL]\n");
    return 2;
  }
  zlib::Options options;
  if (argc > 3) {
    options.level = std::atoi(argv[3]);
  }
  auto& out = fs::createWriteStream(argv[2]);
  // The streams delete themselves after 'close', before the pipeline's callback (a nextTick
  // later): read the count at 'finish'.
  size_t written = 0;
  out.on("finish", [&out, &written] { written = out.bytesWritten; });
  stream::pipeline(fs::createReadStream(argv[1]), zlib::createGzip(options), out,
                   [&written](Error* err) {
                     if (err != nullptr) {
                       std::fprintf(stderr, "%s\n", err->toString().c_str());
                       process::exitCode = 1;
                     } else {
                       std::printf("%zu\n", written);
                     }
                   });
  return run();
}
