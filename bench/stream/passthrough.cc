// COUNT small chunks (16 bytes) written into three PassThroughs piped together into a Writable
// that counts them; the producer respects backpressure (waits for 'drain'). Prints JSON:
// {"ms", "chunks", "bytes"}. The twin of passthrough.js.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <cstdlib>

using namespace nodecc;

int main(int argc, char** argv) {
  const long count = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 1000000;
  const Buffer chunk = Buffer::from("0123456789abcdef");
  stream::PassThrough a, b, c;
  uint64_t chunks = 0, bytes = 0;
  stream::Writable sink(
      {.write = [&](stream::Writable&, const Buffer& buf, std::string_view, stream::Callback cb) {
        chunks++;
        bytes += buf.size();
        cb();
      }});
  auto start = process::hrtime.bigint();
  sink.on("finish", [&] {
    double ms = double(process::hrtime.bigint() - start) / 1e6;
    std::printf("{\"ms\": %.1f, \"chunks\": %llu, \"bytes\": %llu}\n", ms,
                static_cast<unsigned long long>(chunks), static_cast<unsigned long long>(bytes));
  });
  a.pipe(b).pipe(c).pipe(sink);
  long i = 0;
  UniqueFunction<void()> produce;
  produce = [&] {
    while (i < count) {
      i++;
      if (!a.write(chunk)) {
        a.once("drain", [&produce] { produce(); });
        return;
      }
    }
    a.end();
  };
  produce();
  return run();
}
