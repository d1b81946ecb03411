// process.stdout as a pipe's destination (stdout_pipeline.js's twin): lines through an
// upper-casing Transform piped into stdout, which stays open, then a second source piped into
// the same stdout, then a plain console.log.
#include <nodecc/nodecc.h>

#include <cctype>
#include <vector>

using namespace nodecc;

int main() {
  stream::Transform t({.transform = [](auto&, const Buffer& chunk, auto, auto cb) {
    std::string s = chunk.toString();
    for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    cb(nullptr, s);
  }});
  t.on("end", [] {
    setImmediate([] {
      console.log("first pipe ended");
      auto& second = stream::Readable::from(std::vector<Buffer>{Buffer::from("third line\n")});
      second.on("end", [] { setImmediate([] { console.log("stdout still writable"); }); });
      second.pipe(process::stdout);
    });
  });
  stream::Readable::from(std::vector<Buffer>{Buffer::from("first line\n"), Buffer::from("second line\n")})
      .pipe(t)
      .pipe(process::stdout);
  return run();
}
