// The pipeline's callback reads a stream the runtime owns (createGzip) turns after that stream
// closed: the file sink closes on the thread pool, later than the gzip stream's 'close'. The
// pipeline holds the gzip stream until its callback has returned (pipeline_owned_middle.js).
#include <nodecc/nodecc.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace nodecc;

int main() {
  const std::string file =
      path::join(os::tmpdir(), "nodecc-owned-middle-" + std::to_string(process::pid()) + ".gz");
  auto& gz = zlib::createGzip();
  auto& src = stream::Readable::from(std::vector<Buffer>{Buffer::alloc(100000, "a"),
                                                         Buffer::alloc(1000, "b")});
  gz.on("close", [] { std::printf("gzip close\n"); });
  auto& sink = fs::createWriteStream(file);
  sink.on("close", [] { std::printf("file close\n"); });
  stream::pipeline(src, gz, sink, [&](Error* err) {
    std::printf("pipeline %s %llu %s\n", err ? err->code.c_str() : "ok",
                static_cast<unsigned long long>(gz.bytesWritten()),
                gz.destroyed() ? "true" : "false");
    Buffer back = zlib::gunzipSync(fs::readFileSync(file));
    std::printf("file %zu %d %d\n", back.size(), back[0], back[back.size() - 1]);
    fs::unlinkSync(file);
  });
  return run();
}
