// bench-zlib-stream IN OUT [LEVEL]: IN -> gzip stream -> OUT (fs read stream, createGzip, fs
// write stream), stream_gzip.js's twin. Prints the bytes written.
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
  auto& in = fs::createReadStream(argv[1]);
  auto& gz = zlib::createGzip(options);
  auto& out = fs::createWriteStream(argv[2]);
  in.pipe(gz);
  // gz.pipe(out), as Node's pipe does it: pause on a full write, resume on 'drain'.
  gz.on("data", [&gz, &out](const Buffer& chunk) {
    if (!out.write(chunk)) {
      gz.pause();
    }
  });
  out.on("drain", [&gz] { gz.resume(); });
  gz.on("end", [&out] { out.end(); });
  out.on("finish", [&out] { std::printf("%llu\n", (unsigned long long)out.bytesWritten); });
  return run();
}
