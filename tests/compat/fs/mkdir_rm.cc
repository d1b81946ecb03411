// Recursive mkdir spelled every way (what it returns is the first directory it made, spelled
// as a prefix of the argument), rm over trees with links, and realpath through links.
#include <cstdio>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string tmp;
std::string rel(std::string p) {
  for (size_t i = p.find(tmp); i != std::string::npos; i = p.find(tmp, i)) p.replace(i, tmp.size(), "<tmp>");
  return p;
}
std::string at(const std::string& name) { return tmp + "/" + name; }
std::string str(bool b) { return b ? "true" : "false"; }
std::string show(const std::optional<std::string>& s) { return s ? rel(*s) : "undefined"; }
std::string show(const std::string& s) { return rel(s); }
std::string show(bool b) { return str(b); }
std::string oct(uint64_t v) { char b[32]; std::snprintf(b, sizeof b, "%llo", (unsigned long long)v); return b; }

template <class F>
void t(const std::string& name, F f) {
  try {
    if constexpr (std::is_void_v<decltype(f())>) {
      f();
      std::printf("%s undefined\n", name.c_str());
    } else {
      std::printf("%s %s\n", name.c_str(), show(f()).c_str());
    }
  } catch (const Error& e) {
    std::printf("%s | %s %s %s %s\n", name.c_str(), rel(e.message).c_str(), e.code.c_str(), e.syscall.c_str(), rel(e.path).c_str());
  }
}

int main() {
  tmp = fs::mkdtempSync("/tmp/nodecc-fs-mkdir-");

  for (std::string p : {"./a/b", "a2//b/", "a3/./b/../c", "a4/b/c/", ".", "a5/..", "a6/b"}) {
    t("mkdir -p " + p, [p] { return fs::mkdirSync(at(p), {.recursive = true}); });
  }
  t("mkdir -p existing nested", [] { return fs::mkdirSync(at("a6/b/c/d"), {.recursive = true}); });
  fs::writeFileSync(at("file"), "f");
  for (std::string p : {"file/", "file/a", "file/.", "file/a/b/c"}) {
    t("mkdir -p " + p, [p] { return fs::mkdirSync(at(p), {.recursive = true}); });
  }
  fs::symlinkSync("nowhere", at("dangling"));
  fs::symlinkSync("a6", at("dirlink"));
  t("mkdir -p dangling", [] { return fs::mkdirSync(at("dangling"), {.recursive = true}); });
  t("mkdir -p dangling/x", [] { return fs::mkdirSync(at("dangling/x"), {.recursive = true}); });
  t("mkdir -p through dir link", [] { return fs::mkdirSync(at("dirlink/b/new"), {.recursive = true}); });
  t("mkdir mode", [] { fs::mkdirSync(at("m"), {.mode = 0700}); return oct(fs::statSync(at("m")).mode & 0777); });
  t("list", [] { std::string o; for (auto& n : fs::readdirSync(tmp)) o += (o.empty() ? "" : ",") + n; return o; });

  t("realpath through dir link", [] { return fs::realpathSync(at("dirlink/b/new")); });
  t("realpath dots through link", [] { return fs::realpathSync(at("dirlink/../a6/b")); });
  t("realpath trailing slash", [] { return fs::realpathSync(at("a6/b/")); });
  t("realpath root", [] { return fs::realpathSync("/"); });

  t("rmdir dir link", [] { fs::rmdirSync(at("dirlink")); });
  t("rm dir link", [] { fs::rmSync(at("dirlink")); return fs::existsSync(at("a6/b/new")); });
  fs::symlinkSync("../file", at("a6/b/c/filelink"));
  fs::writeFileSync(at("a6/b/c/d/deep.txt"), "deep");
  t("rm -r tree with links", [] { fs::rmSync(at("a6"), {.recursive = true}); return fs::existsSync(at("file")); });
  t("rm -rf missing nested", [] { fs::rmSync(at("no/such/thing"), {.force = true, .recursive = true}); });
  t("rm file recursive", [] { fs::rmSync(at("file"), {.recursive = true}); return fs::existsSync(at("file")); });
  t("rm dangling link", [] { fs::rmSync(at("dangling")); return fs::existsSync(at("dangling")); });
  t("rm -r dot", [] { fs::rmSync(at("a3/."), {.recursive = true}); });
  t("rm -r", [] { fs::rmSync(tmp, {.recursive = true}); });
  t("cleaned", [] { return fs::existsSync(tmp); });
  return nodecc::run();
}
