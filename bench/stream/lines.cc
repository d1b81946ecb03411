// A line-splitting Transform over generated text: a Readable pushes the same 64 KiB of lines
// (the last one cut, so lines span chunks) until TOTAL bytes went by; the Transform splits
// them into one string per line (TransformOf<Buffer, std::string>); a Writable counts lines
// and bytes. Prints JSON: {"ms", "lines", "bytes"}. The twin of lines.js.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace nodecc;

class LineSplitter : public stream::TransformOf<Buffer, std::string> {
 protected:
  void _transform(const Buffer& buf, std::string_view,
                  stream::TransformCallback<Buffer, std::string> cb) override {
    const char* p = reinterpret_cast<const char*>(buf.data());
    const char* end = p + buf.size();
    while (const char* nl = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)))) {
      if (rest_.empty()) {
        push(std::string(p, nl));
      } else {
        rest_.append(p, nl);
        push(std::move(rest_));
        rest_.clear();
      }
      p = nl + 1;
    }
    rest_.append(p, end);
    cb();
  }
  void _flush(stream::FlushCallback<Buffer, std::string> cb) override {
    if (!rest_.empty()) {
      push(std::move(rest_));
    }
    cb();
  }

 private:
  std::string rest_;
};

int main(int argc, char** argv) {
  const uint64_t total = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : uint64_t(1) << 30;
  std::string pattern;
  for (int i = 0; pattern.size() < 65536; i++) {
    pattern += "line " + std::to_string(i) + " " + std::string(size_t(i % 60), 'x') + "\n";
  }
  const Buffer chunk = Buffer::from(std::string_view(pattern).substr(0, 65536));
  uint64_t sent = 0;
  stream::Readable source({.read = [&](stream::Readable& self, size_t) {
    while (sent < total) {
      sent += chunk.size();
      if (!self.push(chunk)) {
        return;
      }
    }
    self.push(nullptr);
  }});
  LineSplitter splitter;
  uint64_t lines = 0, bytes = 0;
  stream::WritableOf<std::string> sink(
      {.write = [&](auto&, const std::string& line, std::string_view, stream::Callback cb) {
        lines++;
        bytes += line.size();
        cb();
      }});
  auto start = process::hrtime.bigint();
  stream::pipeline(source, splitter, sink, [&](Error* err) {
    if (err != nullptr) {
      throw *err;
    }
    double ms = double(process::hrtime.bigint() - start) / 1e6;
    std::printf("{\"ms\": %.1f, \"lines\": %llu, \"bytes\": %llu}\n", ms,
                static_cast<unsigned long long>(lines), static_cast<unsigned long long>(bytes));
  });
  return run();
}
