// fs.promises and FileHandle in an async function: results on success, rejections with Node's
// errors, a FileHandle's read/write/readFile/writeFile/stat/truncate/close, and the "file
// closed" errors after close.
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string tmp;
std::string rel(std::string p) {
  if (p.empty()) return "undefined";
  for (size_t i = p.find(tmp); i != std::string::npos; i = p.find(tmp, i)) p.replace(i, tmp.size(), "<tmp>");
  return p;
}
std::string at(const std::string& name) { return tmp + "/" + name; }
const char* str(bool b) { return b ? "true" : "false"; }
std::string errnoOf(const Error& e) { return e.errnum == 0 ? "undefined" : std::to_string(e.errnum); }
void show(const std::string& name, const Error& e) {
  std::printf("%s | %s | %s %s %s %s %s\n", name.c_str(), rel(e.message).c_str(), e.code.c_str(), errnoOf(e).c_str(), rel(e.syscall).c_str(), rel(e.path).c_str(), rel(e.dest).c_str());
}
std::string oct(uint64_t v) { char b[32]; std::snprintf(b, sizeof b, "%llo", (unsigned long long)v); return b; }
std::string opt(const std::optional<std::string>& s) { return s ? rel(*s) : "undefined"; }

Promise<> main2() {
  namespace fsp = fs::promises;
  co_await fsp::writeFile(at("a.txt"), "hello");
  co_await fsp::appendFile(at("a.txt"), " world");
  size_t len = (co_await fsp::readFile(at("a.txt"))).length();
  std::printf("readFile %zu %s\n", len, (co_await fsp::readFile(at("a.txt"), "utf8")).c_str());
  fs::Stats st = co_await fsp::stat(at("a.txt"));
  std::printf("stat %llu %s %s\n", (unsigned long long)st.size, str(st.isFile()), str(st.isDirectory()));
  auto m1 = co_await fsp::mkdir(at("x/y/z"), {.recursive = true});
  auto m2 = co_await fsp::mkdir(at("x/y/z"), {.recursive = true});
  std::printf("mkdir %s %s\n", opt(m1).c_str(), opt(m2).c_str());
  co_await fsp::writeFile(at("x/y/f.txt"), "f");
  std::string names;
  for (auto& n : co_await fsp::readdir(at("x/y"))) names += (names.empty() ? "" : ",") + n;
  std::printf("readdir %s\n", names.c_str());
  std::string types;
  for (auto& d : co_await fsp::readdir(at("x/y"), fs::withFileTypes)) types += (types.empty() ? "" : ",") + d.name + ":" + str(d.isFile());
  std::printf("readdir types %s\n", types.c_str());
  co_await fsp::copyFile(at("a.txt"), at("b.txt"));
  co_await fsp::rename(at("b.txt"), at("c.txt"));
  co_await fsp::access(at("c.txt"));
  co_await fsp::symlink("c.txt", at("link"));
  std::string target = co_await fsp::readlink(at("link"));
  std::printf("readlink %s %s\n", target.c_str(), str((co_await fsp::lstat(at("link"))).isSymbolicLink()));
  std::printf("realpath %s\n", rel(co_await fsp::realpath(at("link"))).c_str());
  co_await fsp::truncate(at("c.txt"), 2);
  co_await fsp::utimes(at("c.txt"), 5, 6);
  co_await fsp::chmod(at("c.txt"), 0644);
  fs::Stats c = co_await fsp::stat(at("c.txt"));
  std::printf("truncate utimes chmod %llu %.0f %s\n", (unsigned long long)c.size, c.mtimeMs, oct(c.mode & 0777).c_str());
  std::string tdir = co_await fsp::mkdtemp(at("tmp-"));
  std::printf("mkdtemp %zu\n", rel(tdir).size());
  co_await fsp::rmdir(tdir);
  co_await fsp::unlink(at("link"));
  co_await fsp::rm(at("x"), {.recursive = true});
  std::string left;
  for (auto& n : co_await fsp::readdir(tmp)) left += (left.empty() ? "" : ",") + n;
  std::printf("after rm %s\n", left.c_str());

  std::vector<std::pair<std::string, std::function<Promise<>()>>> failing = {
    {"readFile missing", [] { return fsp::readFile(at("missing")).then([](Buffer&) {}); }},
    {"readFile dir", [] { return fsp::readFile(tmp).then([](Buffer&) {}); }},
    {"stat missing", [] { return fsp::stat(at("missing")).then([](fs::Stats&) {}); }},
    {"mkdir over file", [] { return fsp::mkdir(at("a.txt"), {.recursive = true}).then([](std::optional<std::string>&) {}); }},
    {"mkdir under file", [] { return fsp::mkdir(at("a.txt/q"), {.recursive = true}).then([](std::optional<std::string>&) {}); }},
    {"rename missing", [] { return fsp::rename(at("missing"), at("q")); }},
    {"copyFile excl", [] { return fsp::copyFile(at("a.txt"), at("c.txt"), fs::constants::COPYFILE_EXCL); }},
    {"realpath missing", [] { return fsp::realpath(at("missing")).then([](std::string&) {}); }},
    {"rm dir", [] { return fsp::rm(tmp); }},
    {"rmdir non-empty", [] { return fsp::rmdir(tmp); }},
    {"open dir for writing", [] { return fsp::open(tmp, "w").then([](fs::FileHandle&) {}); }},
    {"open bad flags", [] { return fsp::open(at("a.txt"), "bogus").then([](fs::FileHandle&) {}); }},
  };
  for (auto& [name, f] : failing) {
    try { co_await f(); std::printf("%s no error\n", name.c_str()); } catch (const Error& e) { show(name, e); }
  }

  fs::FileHandle fh = co_await fsp::open(at("fh.txt"), "w+");
  std::printf("open %s %s\n", "number", str(fh.fd() > 2));
  fs::WriteResult w1 = co_await fh.write("abcdef");
  std::printf("write string %zu\n", w1.bytesWritten);
  fs::WriteResult w2 = co_await fh.write(Buffer::from("XYZ"), 0, 3, 1);
  std::printf("write buffer %zu %s\n", w2.bytesWritten, w2.buffer.toString().c_str());
  fs::ReadResult r1 = co_await fh.read(Buffer::alloc(10), 0, 10, 0);
  std::printf("read %zu %s\n", r1.bytesRead, r1.buffer.toString("utf8", 0, r1.bytesRead).c_str());
  fs::Stats s1 = co_await fh.stat();
  std::printf("fh stat %llu %s\n", (unsigned long long)s1.size, str(s1.isFile()));
  co_await fh.truncate(4);
  std::printf("fh truncate %llu\n", (unsigned long long)(co_await fh.stat()).size);
  co_await fh.close();
  std::printf("closed fd %d\n", fh.fd());
  co_await fh.close();
  std::printf("second close resolves\n");
  std::vector<std::pair<std::string, std::function<Promise<>()>>> closed = {
    {"stat", [&] { return fh.stat().then([](fs::Stats&) {}); }},
    {"read", [&] { return fh.read(Buffer::alloc(1), 0, 1, 0).then([](fs::ReadResult&) {}); }},
    {"write", [&] { return fh.write("x").then([](fs::WriteResult&) {}); }},
    {"readFile", [&] { return fh.readFile().then([](Buffer&) {}); }},
    {"truncate", [&] { return fh.truncate(); }},
  };
  for (auto& [name, f] : closed) {
    try { co_await f(); std::printf("closed %s no error\n", name.c_str()); } catch (const Error& e) { std::printf("closed %s %s %s %s %s\n", name.c_str(), e.message.c_str(), e.code.c_str(), e.syscall.c_str(), errnoOf(e).c_str()); }
  }

  fs::FileHandle rh = co_await fsp::open(at("a.txt"));
  std::printf("fh readFile %s\n", (co_await rh.readFile("utf8")).c_str());
  co_await rh.close();
  fs::FileHandle wh = co_await fsp::open(at("w.txt"), "w");
  co_await wh.writeFile("written by handle");
  co_await wh.close();
  std::printf("fh writeFile %s\n", (co_await fsp::readFile(at("w.txt"), "utf8")).c_str());
  fs::FileHandle ah = co_await fsp::open(at("w.txt"), "a");
  co_await ah.appendFile("!");
  co_await ah.close();
  std::printf("fh appendFile %s\n", (co_await fsp::readFile(at("w.txt"), "utf8")).c_str());

  // close() waits for the operations in flight on the handle.
  fs::FileHandle ph = co_await fsp::open(at("a.txt"));
  auto reads = Promise<>::all({ph.read(Buffer::alloc(5), 0, 5, 0), ph.read(Buffer::alloc(5), 0, 5, 6)});
  Promise<> closing = ph.close();
  auto done = co_await reads;
  co_await closing;
  std::printf("reads before close %s|%s\n", done[0].buffer.toString().c_str(), done[1].buffer.toString().c_str());

  co_await fsp::rm(tmp, {.recursive = true});
  std::printf("cleaned %s\n", str(fs::existsSync(tmp)));
}

int main() {
  tmp = fs::mkdtempSync("/tmp/nodecc-fs-promises-");
  main2();
  return nodecc::run();
}
