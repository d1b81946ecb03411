// Permission denied (EACCES) in the Sync, callback and promise forms: a file without read or
// write permission, a directory that cannot be listed or searched, a read-only directory that
// refuses new, removed and renamed entries. Root bypasses these checks, so run_pair.py runs
// this pair as an unprivileged user (compat_pairs.cmake: UNPRIVILEGED).
#include <cstdio>
#include <deque>
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

template <class F>
void t(const char* name, F f) {
  try {
    f();
    std::printf("%s no error\n", name);
  } catch (const Error& e) {
    show(name, e);
  }
}

std::deque<UniqueFunction<void()>> steps;
template <class F> void step(F f) { steps.emplace_back(std::move(f)); }
void next() { if (steps.empty()) return; auto f = std::move(steps.front()); steps.pop_front(); f(); }
std::string err(Error* e) { return e == nullptr ? "null" : rel(e->message) + " " + e->code + " " + e->syscall; }

Promise<> promiseCases() {
  namespace fsp = fs::promises;
  std::vector<std::pair<std::string, std::function<Promise<>()>>> cases = {
    {"readFile", []() -> Promise<> { co_await fsp::readFile(at("secret")); }},
    {"open", []() -> Promise<> { co_await fsp::open(at("readonly"), "a"); }},
    {"writeFile", []() -> Promise<> { co_await fsp::writeFile(at("ro/new"), "x"); }},
    {"appendFile", []() -> Promise<> { co_await fsp::appendFile(at("readonly"), "x"); }},
    {"readdir", []() -> Promise<> { co_await fsp::readdir(at("locked")); }},
    {"stat", []() -> Promise<> { co_await fsp::stat(at("locked/inner")); }},
    {"mkdir", []() -> Promise<> { co_await fsp::mkdir(at("ro/sub")); }},
    {"mkdir recursive", []() -> Promise<> { co_await fsp::mkdir(at("ro/a/b/c"), {.recursive = true}); }},
    {"rmdir", []() -> Promise<> { co_await fsp::rmdir(at("ro/d")); }},
    {"unlink", []() -> Promise<> { co_await fsp::unlink(at("ro/f")); }},
    {"rename", []() -> Promise<> { co_await fsp::rename(at("ro/f"), at("moved")); }},
    {"truncate", []() -> Promise<> { co_await fsp::truncate(at("readonly")); }},
    {"access", []() -> Promise<> { co_await fsp::access(at("readonly"), W_OK); }},
  };
  for (auto& [name, f] : cases) {
    try { co_await f(); std::printf("promise %s no error\n", name.c_str()); } catch (const Error& e) { show("promise " + name, e); }
  }
  next();
}

int main() {
  tmp = fs::mkdtempSync("/tmp/nodecc-fs-permissions-");

  fs::writeFileSync(at("secret"), "x");
  fs::chmodSync(at("secret"), 0000);
  fs::writeFileSync(at("readonly"), "r");
  fs::chmodSync(at("readonly"), 0444);
  fs::mkdirSync(at("locked"));
  fs::writeFileSync(at("locked/inner"), "y");
  fs::chmodSync(at("locked"), 0000);
  fs::mkdirSync(at("ro"));
  fs::writeFileSync(at("ro/f"), "z");
  fs::mkdirSync(at("ro/d"));
  fs::chmodSync(at("ro"), 0555);
  fs::mkdirSync(at("tree/sub"), {.recursive = true});
  fs::writeFileSync(at("tree/sub/f"), "w");
  fs::chmodSync(at("tree/sub"), 0555);

  t("readFile no read", [] { fs::readFileSync(at("secret")); });
  t("open no read", [] { fs::openSync(at("secret"), "r"); });
  t("open read-only for writing", [] { fs::openSync(at("readonly"), "r+"); });
  t("writeFile read-only", [] { fs::writeFileSync(at("readonly"), "x"); });
  t("appendFile read-only", [] { fs::appendFileSync(at("readonly"), "x"); });
  t("truncate read-only", [] { fs::truncateSync(at("readonly"), 0); });
  t("copyFile from no read", [] { fs::copyFileSync(at("secret"), at("copy")); });
  t("copyFile into read-only dir", [] { fs::copyFileSync(at("readonly"), at("ro/copy")); });
  t("access R_OK", [] { fs::accessSync(at("secret"), R_OK); });
  t("access W_OK", [] { fs::accessSync(at("readonly"), W_OK); });
  t("access F_OK", [] { fs::accessSync(at("secret")); });
  std::printf("exists no read %s\n", str(fs::existsSync(at("secret"))));
  std::printf("exists in unsearchable dir %s\n", str(fs::existsSync(at("locked/inner"))));
  t("stat no read", [] { std::printf("  size %llu\n", (unsigned long long)fs::statSync(at("secret")).size); });
  t("readdir locked", [] { fs::readdirSync(at("locked")); });
  t("readdir types locked", [] { fs::readdirSync(at("locked"), fs::withFileTypes); });
  t("stat in locked", [] { fs::statSync(at("locked/inner")); });
  t("lstat in locked", [] { fs::lstatSync(at("locked/inner")); });
  t("readFile in locked", [] { fs::readFileSync(at("locked/inner")); });
  t("realpath in locked", [] { fs::realpathSync(at("locked/inner")); });
  t("readlink in locked", [] { fs::readlinkSync(at("locked/inner")); });
  t("utimes in locked", [] { fs::utimesSync(at("locked/inner"), 1, 2); });
  t("writeFile in read-only dir", [] { fs::writeFileSync(at("ro/new"), "x"); });
  t("mkdir in read-only dir", [] { fs::mkdirSync(at("ro/sub")); });
  t("mkdir recursive in read-only dir", [] { fs::mkdirSync(at("ro/a/b"), {.recursive = true}); });
  t("unlink in read-only dir", [] { fs::unlinkSync(at("ro/f")); });
  t("rmdir in read-only dir", [] { fs::rmdirSync(at("ro/d")); });
  t("rm in read-only dir", [] { fs::rmSync(at("ro/f")); });
  t("rename out of read-only dir", [] { fs::renameSync(at("ro/f"), at("moved")); });
  t("rename into read-only dir", [] { fs::renameSync(at("readonly"), at("ro/moved")); });
  t("symlink in read-only dir", [] { fs::symlinkSync("f", at("ro/link")); });
  t("rm recursive with read-only subdir", [] { fs::rmSync(at("tree"), {.recursive = true}); });
  std::printf("tree kept %s\n", str(fs::existsSync(at("tree/sub/f"))));
  t("rm recursive force with read-only subdir", [] { fs::rmSync(at("tree"), {.force = true, .recursive = true}); });

  step([] { fs::readFile(at("secret"), [](Error* e, Buffer) { std::printf("cb readFile %s %s\n", err(e).c_str(), e ? "undefined" : "?"); next(); }); });
  step([] { fs::open(at("readonly"), "w", [](Error* e, int) { std::printf("cb open %s %s\n", err(e).c_str(), e ? "undefined" : "?"); next(); }); });
  step([] { fs::writeFile(at("ro/new"), "x", [](Error* e) { std::printf("cb writeFile %s\n", err(e).c_str()); next(); }); });
  step([] { fs::readdir(at("locked"), [](Error* e, std::vector<std::string>) { std::printf("cb readdir %s %s\n", err(e).c_str(), e ? "undefined" : "?"); next(); }); });
  step([] { fs::stat(at("locked/inner"), [](Error* e, fs::Stats) { std::printf("cb stat %s\n", err(e).c_str()); next(); }); });
  step([] { fs::mkdir(at("ro/a/b"), {.recursive = true}, [](Error* e) { std::printf("cb mkdir recursive %s\n", err(e).c_str()); next(); }); });
  step([] { fs::unlink(at("ro/f"), [](Error* e) { std::printf("cb unlink %s\n", err(e).c_str()); next(); }); });
  step([] { fs::rename(at("ro/f"), at("moved"), [](Error* e) { std::printf("cb rename %s\n", err(e).c_str()); next(); }); });
  step([] { fs::access(at("secret"), R_OK, [](Error* e) { std::printf("cb access %s\n", err(e).c_str()); next(); }); });
  step([] { fs::copyFile(at("secret"), at("copy"), [](Error* e) { std::printf("cb copyFile %s\n", err(e).c_str()); next(); }); });
  step([] {
    auto& rs = fs::createReadStream(at("secret"));
    rs.on("error", [](const Error& e) { Error copy = e; std::printf("read stream error %s\n", err(&copy).c_str()); next(); });
  });
  step([] {
    auto& ws = fs::createWriteStream(at("ro/stream"));
    ws.on("error", [](const Error& e) { Error copy = e; std::printf("write stream error %s\n", err(&copy).c_str()); next(); });
  });
  step([] { promiseCases(); });
  step([] {
    for (const char* d : {"locked", "ro", "tree/sub"}) fs::chmodSync(at(d), 0700);
    fs::rmSync(tmp, {.recursive = true});
    std::printf("cleaned %s\n", str(fs::existsSync(tmp)));
  });
  next();
  return nodecc::run();
}
