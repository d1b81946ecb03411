// The callback forms, one after another (each step starts from the previous one's callback):
// err-first results on success and Node's errors on failure. Also: a hundred readFiles in
// flight at once all complete, each exactly once.
#include <cstdio>
#include <deque>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string tmp;
std::string rel(std::string p) {
  for (size_t i = p.find(tmp); i != std::string::npos; i = p.find(tmp, i)) p.replace(i, tmp.size(), "<tmp>");
  return p;
}
std::string at(const std::string& name) { return tmp + "/" + name; }
const char* str(bool b) { return b ? "true" : "false"; }
std::string err(Error* e) { return e == nullptr ? "null" : rel(e->message) + " " + e->code + " " + e->syscall; }
std::string oct(uint64_t v) { char b[32]; std::snprintf(b, sizeof b, "%llo", (unsigned long long)v); return b; }

std::deque<UniqueFunction<void()>> steps;
template <class F> void step(F f) { steps.emplace_back(std::move(f)); }
void next() { if (steps.empty()) return; auto f = std::move(steps.front()); steps.pop_front(); f(); }

int main() {
  tmp = fs::mkdtempSync("/tmp/nodecc-fs-callbacks-");

  step([] { fs::writeFile(at("a.txt"), "hello", [](Error* e) { std::printf("writeFile %s\n", err(e).c_str()); next(); }); });
  step([] { fs::appendFile(at("a.txt"), " world", [](Error* e) { std::printf("appendFile %s\n", err(e).c_str()); next(); }); });
  step([] { fs::readFile(at("a.txt"), [](Error* e, Buffer d) { std::printf("readFile %s %zu %s\n", err(e).c_str(), d.length(), d.toString().c_str()); next(); }); });
  step([] { fs::readFile(at("a.txt"), "base64", [](Error* e, std::string s) { std::printf("readFile base64 %s %s\n", err(e).c_str(), s.c_str()); next(); }); });
  step([] { fs::readFile(at("missing"), [](Error* e, Buffer) { std::printf("readFile missing %s %s\n", err(e).c_str(), e ? "undefined" : "?"); next(); }); });
  step([] { fs::stat(at("a.txt"), [](Error* e, fs::Stats s) { std::printf("stat %s %llu %s\n", err(e).c_str(), (unsigned long long)s.size, str(s.isFile())); next(); }); });
  step([] { fs::stat(at("missing"), [](Error* e, fs::Stats) { std::printf("stat missing %s\n", err(e).c_str()); next(); }); });
  step([] { fs::mkdir(at("d/e"), {.recursive = true}, [](Error* e, std::optional<std::string> p) { std::printf("mkdir recursive %s %s\n", err(e).c_str(), p ? rel(*p).c_str() : "undefined"); next(); }); });
  step([] { fs::mkdir(at("d/e"), {.recursive = true}, [](Error* e, std::optional<std::string> p) { std::printf("mkdir recursive again %s %s\n", err(e).c_str(), p ? rel(*p).c_str() : "undefined"); next(); }); });
  step([] { fs::mkdir(at("d/f"), [](Error* e) { std::printf("mkdir %s\n", err(e).c_str()); next(); }); });
  step([] { fs::mkdir(at("d/f"), [](Error* e) { std::printf("mkdir existing %s\n", err(e).c_str()); next(); }); });
  step([] { fs::mkdir(at("a.txt/x"), {.recursive = true}, [](Error* e) { std::printf("mkdir over file %s\n", err(e).c_str()); next(); }); });
  step([] { fs::writeFile(at("d/e/x.txt"), "x", [](Error* e) { std::printf("writeFile nested %s\n", err(e).c_str()); next(); }); });
  step([] { fs::readdir(at("d"), [](Error* e, std::vector<std::string> names) {
    std::string j; for (size_t i = 0; i < names.size(); i++) j += (i ? "," : "") + names[i];
    std::printf("readdir %s %s\n", err(e).c_str(), j.c_str()); next(); }); });
  step([] { fs::readdir(at("d"), fs::withFileTypes, [](Error* e, std::vector<fs::Dirent> ds) {
    std::string j; for (size_t i = 0; i < ds.size(); i++) j += (i ? "," : "") + ds[i].name + ":" + str(ds[i].isDirectory());
    std::printf("readdir types %s %s\n", err(e).c_str(), j.c_str()); next(); }); });
  step([] { fs::readdir(at("a.txt"), [](Error* e, std::vector<std::string>) { std::printf("readdir file %s\n", err(e).c_str()); next(); }); });
  step([] { fs::rmdir(at("d"), [](Error* e) { std::printf("rmdir non-empty %s\n", err(e).c_str()); next(); }); });
  step([] { fs::copyFile(at("a.txt"), at("b.txt"), [](Error* e) { std::printf("copyFile %s\n", err(e).c_str()); next(); }); });
  step([] { fs::copyFile(at("a.txt"), at("b.txt"), fs::constants::COPYFILE_EXCL, [](Error* e) { std::printf("copyFile excl %s\n", err(e).c_str()); next(); }); });
  step([] { fs::rename(at("b.txt"), at("c.txt"), [](Error* e) { std::printf("rename %s\n", err(e).c_str()); next(); }); });
  step([] { fs::rename(at("b.txt"), at("c.txt"), [](Error* e) { std::printf("rename missing %s\n", err(e).c_str()); next(); }); });
  step([] { fs::access(at("c.txt"), R_OK, [](Error* e) { std::printf("access %s\n", err(e).c_str()); next(); }); });
  step([] { fs::access(at("c.txt"), X_OK, [](Error* e) { std::printf("access X %s\n", err(e).c_str()); next(); }); });
  step([] { fs::exists(at("c.txt"), [](bool yes) { std::printf("exists %s\n", str(yes)); next(); }); });
  step([] { fs::exists(at("b.txt"), [](bool yes) { std::printf("exists missing %s\n", str(yes)); next(); }); });
  step([] { fs::symlink("c.txt", at("link"), [](Error* e) { std::printf("symlink %s\n", err(e).c_str()); next(); }); });
  step([] { fs::symlink("c.txt", at("link"), [](Error* e) { std::printf("symlink existing %s\n", err(e).c_str()); next(); }); });
  step([] { fs::symlink("nowhere", at("dangling"), [](Error* e) { std::printf("symlink dangling %s\n", err(e).c_str()); next(); }); });
  step([] { fs::mkdir(at("dangling/x/y"), {.recursive = true}, [](Error* e) { std::printf("mkdir recursive through dangling %s %s\n", err(e).c_str(), rel(e ? e->path : "").c_str()); next(); }); });
  step([] { fs::readlink(at("link"), [](Error* e, std::string target) { std::printf("readlink %s %s\n", err(e).c_str(), target.c_str()); next(); }); });
  step([] { fs::lstat(at("link"), [](Error* e, fs::Stats s) { std::printf("lstat %s %s\n", err(e).c_str(), str(s.isSymbolicLink())); next(); }); });
  step([] { fs::realpath(at("link"), [](Error* e, std::string p) { std::printf("realpath %s %s\n", err(e).c_str(), rel(p).c_str()); next(); }); });
  step([] { fs::realpath(at("d/missing/x"), [](Error* e, std::string) { std::printf("realpath missing %s\n", err(e).c_str()); next(); }); });
  step([] { fs::truncate(at("c.txt"), 3, [](Error* e) { std::printf("truncate %s %s\n", err(e).c_str(), fs::readFileSync(at("c.txt"), "utf8").c_str()); next(); }); });
  step([] { fs::utimes(at("c.txt"), 100, 200, [](Error* e) { std::printf("utimes %s %.0f\n", err(e).c_str(), fs::statSync(at("c.txt")).mtimeMs); next(); }); });
  step([] { fs::chmod(at("c.txt"), 0600, [](Error* e) { std::printf("chmod %s %s\n", err(e).c_str(), oct(fs::statSync(at("c.txt")).mode & 0777).c_str()); next(); }); });
  step([] { fs::open(at("fd.txt"), "w+", [](Error* e, int fd) {
    std::printf("open %s %s\n", err(e).c_str(), "number");
    fs::write(fd, "abcdef", [fd](Error* e2, size_t n, std::string s) {
      std::printf("write string %s %zu %s\n", err(e2).c_str(), n, s.c_str());
      fs::write(fd, Buffer::from("XYZ"), 1, 2, 0, [fd](Error* e3, size_t n3, Buffer b3) {
        std::printf("write buffer %s %zu %s\n", err(e3).c_str(), n3, b3.toString().c_str());
        Buffer buf = Buffer::alloc(8);
        fs::read(fd, buf, 0, 8, 0, [fd, buf](Error* e4, size_t n4, Buffer b4) {
          std::printf("read %s %zu %s %s\n", err(e4).c_str(), n4, b4.toString("utf8", 0, n4).c_str(), str(b4.data() == buf.data()));
          fs::fstat(fd, [fd](Error* e5, fs::Stats s5) {
            std::printf("fstat %s %llu\n", err(e5).c_str(), (unsigned long long)s5.size);
            fs::ftruncate(fd, 1, [fd](Error* e6) {
              std::printf("ftruncate %s %llu\n", err(e6).c_str(), (unsigned long long)fs::fstatSync(fd).size);
              fs::fsync(fd, [fd](Error* e7) {
                std::printf("fsync %s\n", err(e7).c_str());
                fs::close(fd, [fd](Error* e8) {
                  std::printf("close %s\n", err(e8).c_str());
                  fs::close(fd, [](Error* e9) { std::printf("close again %s\n", err(e9).c_str()); next(); });
                });
              });
            });
          });
        });
      });
    });
  }); });
  step([] { fs::open(at("missing"), "r", [](Error* e, int) { std::printf("open missing %s %s\n", err(e).c_str(), e ? "undefined" : "?"); next(); }); });
  step([] { fs::unlink(at("link"), [](Error* e) { std::printf("unlink %s\n", err(e).c_str()); next(); }); });
  step([] { fs::unlink(at("link"), [](Error* e) { std::printf("unlink missing %s\n", err(e).c_str()); next(); }); });
  step([] { fs::rm(at("d"), [](Error* e) { std::printf("rm dir %s\n", err(e).c_str()); next(); }); });
  step([] { fs::rm(at("d"), {.recursive = true}, [](Error* e) { std::printf("rm recursive %s %s\n", err(e).c_str(), str(fs::existsSync(at("d")))); next(); }); });
  step([] { fs::rm(at("d"), {.force = true}, [](Error* e) { std::printf("rm force missing %s\n", err(e).c_str()); next(); }); });
  step([] { fs::mkdtemp(at("t-"), [](Error* e, std::string p) { std::printf("mkdtemp %s %zu %s\n", err(e).c_str(), rel(p).size(), str(fs::statSync(p).isDirectory())); next(); }); });
  step([] {
    auto done = std::make_shared<int>(0);
    auto bytes = std::make_shared<size_t>(0);
    for (int i = 0; i < 100; i++) {
      fs::readFile(at("a.txt"), [done, bytes](Error*, Buffer d) {
        (*done)++;
        *bytes += d.length();
        if (*done == 100) { std::printf("100 readFiles %d %zu\n", *done, *bytes); next(); }
      });
    }
  });
  step([] { fs::rm(tmp, {.recursive = true}, [](Error* e) { std::printf("cleaned %s %s\n", err(e).c_str(), str(fs::existsSync(tmp))); next(); }); });
  next();
  return nodecc::run();
}
