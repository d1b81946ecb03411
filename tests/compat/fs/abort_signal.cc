// fs.readFile / fs.writeFile with {signal}, callback and promise forms: an aborted signal
// calls back at once (before readFile returns) with AbortError and creates no file; an abort
// while the operation runs ends it with AbortError; a signal that never aborts changes nothing.
#include <cstdio>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;
namespace fsp = fs::promises;

std::string dir;
std::string at(const std::string& name) { return dir + "/" + name; }
void show(const char* what, const Error* err) {
  if (err) std::printf("%s %s %s %s\n", what, err->name.c_str(), err->code.c_str(), err->message.c_str());
  else std::printf("%s ok\n", what);
}

Promise<> main2() {
  AbortController ac;
  std::string text = co_await fsp::readFile(at("a.txt"), "utf8", {ac.signal});
  std::printf("read %s\n", text.c_str());
  try {
    co_await fsp::readFile(at("a.txt"), {AbortSignal::abort()});
  } catch (const Error& err) {
    show("promise readFile aborted", &err);
  }
  AbortController mid;
  auto p = fsp::readFile(at("a.txt"), {mid.signal});
  mid.abort();
  try {
    co_await p;
  } catch (const Error& err) {
    show("promise readFile aborted while reading", &err);
  }
  AbortController midWrite;
  fs::WriteFileOptions wo{.signal = midWrite.signal};  // an aggregate: named (GCC 12)
  auto w = fsp::writeFile(at("c.txt"), "data", wo);
  midWrite.abort();
  try {
    co_await w;
  } catch (const Error& err) {
    show("promise writeFile aborted while writing", &err);
  }
  try {
    co_await fsp::readFile(at("missing.txt"), {ac.signal});
  } catch (const Error& err) {
    std::printf("missing %s\n", err.code.c_str());
  }
  co_await fsp::readFile(at("a.txt"), "utf8");
  fs::readFile(at("a.txt"), "utf8", {ac.signal}, [](Error* err, std::string data) {
    show("cb readFile", err);
    std::printf("data %s\n", data.c_str());
    fs::rmSync(dir, {.recursive = true});
  });
}

int main() {
  dir = fs::mkdtempSync(os::tmpdir() + "/nodecc-abort-");
  fs::writeFileSync(at("a.txt"), "hello");
  fs::readFile(at("a.txt"), {AbortSignal::abort()}, [](Error* err, Buffer) { show("cb readFile aborted", err); });
  std::printf("after readFile call\n");
  fs::WriteFileOptions options{.signal = AbortSignal::abort()};
  fs::writeFile(at("b.txt"), "data", options, [](Error* err) {
    show("cb writeFile aborted", err);
    std::printf("b.txt exists %s\n", fs::existsSync(at("b.txt")) ? "true" : "false");
  });
  setTimeout([] { main2(); }, 10);
  return nodecc::run();
}
