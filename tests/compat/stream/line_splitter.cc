// A line-splitting Transform (bytes in, one string per line out, readableObjectMode) fed chunks
// that cut lines anywhere, CRLF included; flush emits the unterminated last line.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;

std::string json(const std::vector<std::string>& v) { std::string o = "["; for (size_t i = 0; i < v.size(); i++) o += (i ? ",\"" : "\"") + v[i] + "\""; return o + "]"; }
class LineSplitter : public stream::TransformOf<Buffer, std::string> {
 public:
  std::string rest;
 protected:
  void _transform(const Buffer& chunk, std::string_view, stream::TransformCallback<Buffer, std::string> cb) override {
    std::string all = rest + chunk.toString();
    size_t start = 0, nl;
    while ((nl = all.find('\n', start)) != std::string::npos) {
      std::string p = all.substr(start, nl - start);
      if (!p.empty() && p.back() == '\r') p.pop_back();
      push(p);
      start = nl + 1;
    }
    rest = all.substr(start);
    cb();
  }
  void _flush(stream::FlushCallback<Buffer, std::string> cb) override { if (!rest.empty()) push(rest); cb(); }
};
int main() {
  std::vector<std::string> lines;
  std::string text = "alpha\nbeta\r\ngamma delta\n\nepsilon";
  auto& src = stream::Readable::from(std::vector<Buffer>{Buffer::from(text.substr(0, 3)), Buffer::from(text.substr(3, 9)), Buffer::from(text.substr(12, 1)), Buffer::from(text.substr(13))});
  LineSplitter splitter;
  stream::WritableOf<std::string> sink({.write = [&lines](auto&, const std::string& l, std::string_view, stream::Callback cb) { lines.push_back(l); cb(); }});
  stream::pipeline(src, splitter, sink, [&lines](Error* err) {
    std::printf("lines %s %s\n", json(lines).c_str(), err ? err->message.c_str() : "undefined");
  });
  return run();
}
