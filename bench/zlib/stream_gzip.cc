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
  stream::pipeline(fs::createReadStream(argv[1]), zlib::createGzip(options), out,
                   [&out](Error* err) {
                     if (err != nullptr) {
                       std::fprintf(stderr, "%s\n", err->toString().c_str());
                       process::exitCode = 1;
                     } else {
                       // The pipeline holds `out` (owned by the runtime) until this returns.
                       std::printf("%llu\n", static_cast<unsigned long long>(out.bytesWritten));
                     }
                   });
  return run();
}
