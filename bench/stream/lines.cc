// A line-splitting Transform over generated text: a Readable pushes the same 64 KiB of lines
// (the last one cut, so lines span chunks) until TOTAL bytes went by; the Transform splits
// them into one string per line (TransformOf<Buffer, std::string>); a Writable counts lines
// and bytes. Prints JSON: {"ms", "lines", "bytes"}. The twin of lines.js.
// `lines TOTAL slices` keeps each line as a slice of its chunk (Buffer::subarray shares the
// bytes, as V8's split shares the chunk's string with sliced strings): the same streams
// without a malloc and a free per line.
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

// Lines as Buffer slices; a line that spans two chunks is one new Buffer.
class SliceSplitter : public stream::Transform {
 public:
  SliceSplitter() : stream::Transform({.readableObjectMode = true}) {}

 protected:
  void _transform(const Buffer& buf, std::string_view,
                  stream::TransformCallback<Buffer, Buffer> cb) override {
    const char* base = reinterpret_cast<const char*>(buf.data());
    const char* p = base;
    const char* end = base + buf.size();
    while (const char* nl = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)))) {
      Buffer line = buf.subarray(p - base, nl - base);
      if (rest_.empty()) {
        push(std::move(line));
      } else {
        push(Buffer::concat({std::move(rest_), std::move(line)}));
        rest_ = Buffer();
      }
      p = nl + 1;
    }
    if (p != end) {
      Buffer tail = buf.subarray(p - base);
      rest_ = rest_.empty() ? std::move(tail) : Buffer::concat({std::move(rest_), std::move(tail)});
    }
    cb();
  }
  void _flush(stream::FlushCallback<Buffer, Buffer> cb) override {
    if (!rest_.empty()) {
      push(std::move(rest_));
    }
    cb();
  }

 private:
  Buffer rest_;
};

template <class Splitter, class Line>
int splitLines(uint64_t total) {
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
  Splitter splitter;
  uint64_t lines = 0, bytes = 0;
  stream::WritableOf<Line> sink(
      {.objectMode = true,
       .write = [&](auto&, const Line& line, std::string_view, stream::Callback cb) {
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

int main(int argc, char** argv) {
  const uint64_t total = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : uint64_t(1) << 30;
  if (argc > 2 && std::string_view(argv[2]) == "slices") {
    return splitLines<SliceSplitter, Buffer>(total);
  }
  return splitLines<LineSplitter, std::string>(total);
}
