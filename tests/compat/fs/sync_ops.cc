// Every fs operation's Sync form on success: what it returns and what stat then reports,
// printing only what is deterministic (no inode numbers or times the test did not set).
#include <charconv>
#include <cstdio>
#include <ctime>
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
std::string num(double v) { char b[64]; auto r = std::to_chars(b, b + sizeof b, v, std::chars_format::fixed); return std::string(b, r.ptr); }
std::string oct(uint64_t v) { char b[32]; std::snprintf(b, sizeof b, "%llo", (unsigned long long)v); return b; }
std::string iso(fs::Stats::Date d) {
  long long ms = std::chrono::duration_cast<std::chrono::milliseconds>(d.time_since_epoch()).count();
  std::time_t s = ms / 1000; std::tm tm{}; gmtime_r(&s, &tm);
  char b[64]; std::snprintf(b, sizeof b, "%04d-%02d-%02dT%02d:%02d:%02d.%03lldZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ms % 1000);
  return b;
}
std::string opt(const std::optional<std::string>& s) { return s ? rel(*s) : "undefined"; }
std::string join(const std::vector<std::string>& v) { std::string o; for (size_t i = 0; i < v.size(); i++) o += (i ? "," : "") + v[i]; return o; }

int main() {
  tmp = fs::mkdtempSync("/tmp/nodecc-fs-sync-");

  fs::writeFileSync(at("a.txt"), "hello");
  fs::appendFileSync(at("a.txt"), " world");
  std::printf("readFile %s\n", fs::readFileSync(at("a.txt"), "utf8").c_str());
  Buffer buf = fs::readFileSync(at("a.txt"));
  std::printf("readFile buffer %zu %d\n", buf.length(), buf[0]);
  fs::writeFileSync(at("hex.bin"), "00ff10", "hex");
  std::printf("hex %s\n", fs::readFileSync(at("hex.bin")).toString("hex").c_str());
  fs::writeFileSync(at("mode.txt"), "m", {.mode = 0600});
  std::printf("mode %s\n", oct(fs::statSync(at("mode.txt")).mode & 0777).c_str());

  fs::Stats st = fs::statSync(at("a.txt"));
  std::printf("stat %llu %s %s %s %llu %s\n", (unsigned long long)st.size, str(st.isFile()), str(st.isDirectory()), str(st.isSymbolicLink()), (unsigned long long)st.nlink, str(st.blksize > 0));
  std::printf("stat dir %s %s\n", str(fs::statSync(tmp).isDirectory()), str(fs::statSync(tmp).isFile()));

  std::printf("mkdir %s\n", opt(fs::mkdirSync(at("d"))).c_str());
  std::printf("mkdir recursive %s\n", opt(fs::mkdirSync(at("d/e/f/g"), {.recursive = true})).c_str());
  std::printf("mkdir recursive again %s\n", opt(fs::mkdirSync(at("d/e/f/g"), {.recursive = true})).c_str());
  fs::writeFileSync(at("d/z.txt"), "z");
  fs::writeFileSync(at("d/b.txt"), "b");
  fs::writeFileSync(at("d/B.txt"), "B");
  std::printf("readdir %s\n", join(fs::readdirSync(at("d"))).c_str());
  for (const fs::Dirent& e : fs::readdirSync(at("d"), fs::withFileTypes)) {
    std::printf("dirent %s %s %s %s %s %s\n", e.name.c_str(), str(e.isFile()), str(e.isDirectory()), str(e.isSymbolicLink()), rel(e.parentPath).c_str(), rel(e.path).c_str());
  }

  fs::copyFileSync(at("a.txt"), at("copy.txt"));
  std::printf("copyFile %s\n", fs::readFileSync(at("copy.txt"), "utf8").c_str());
  fs::chmodSync(at("a.txt"), 0640);
  fs::copyFileSync(at("a.txt"), at("copy2.txt"), fs::constants::COPYFILE_EXCL);
  std::printf("copyFile mode %s\n", oct(fs::statSync(at("copy2.txt")).mode & 0777).c_str());
  fs::renameSync(at("copy2.txt"), at("renamed.txt"));
  std::printf("rename %s %s\n", str(fs::existsSync(at("copy2.txt"))), str(fs::existsSync(at("renamed.txt"))));

  fs::symlinkSync("a.txt", at("link"));
  std::printf("readlink %s\n", fs::readlinkSync(at("link")).c_str());
  std::printf("lstat %s %s %llu\n", str(fs::lstatSync(at("link")).isSymbolicLink()), str(fs::statSync(at("link")).isSymbolicLink()), (unsigned long long)fs::statSync(at("link")).size);
  std::printf("realpath %s\n", rel(fs::realpathSync(at("link"))).c_str());
  std::printf("realpath dots %s\n", rel(fs::realpathSync(at("d/e/../e/./f"))).c_str());
  for (const fs::Dirent& e : fs::readdirSync(tmp, fs::withFileTypes)) {
    if (e.name == "link") std::printf("dirent link %s %s\n", str(e.isSymbolicLink()), str(e.isFile()));
  }

  fs::truncateSync(at("copy.txt"), 4);
  std::printf("truncate %s\n", fs::readFileSync(at("copy.txt"), "utf8").c_str());
  fs::truncateSync(at("copy.txt"));
  std::printf("truncate 0 %llu\n", (unsigned long long)fs::statSync(at("copy.txt")).size);

  fs::utimesSync(at("a.txt"), 1000000, 2000000.5);
  fs::Stats t = fs::statSync(at("a.txt"));
  std::printf("utimes %s %s %s %lld\n", num(t.atimeMs).c_str(), num(t.mtimeMs).c_str(), iso(t.mtime).c_str(), (long long)std::chrono::duration_cast<std::chrono::milliseconds>(t.atime.time_since_epoch()).count());
  using Date = fs::Stats::Date;
  fs::utimesSync(at("a.txt"), Date(std::chrono::milliseconds(1500000000123)), Date(std::chrono::milliseconds(1600000000456)));
  fs::Stats t2 = fs::statSync(at("a.txt"));
  std::printf("utimes date %s %s %s\n", num(t2.atimeMs).c_str(), num(t2.mtimeMs).c_str(), iso(t2.mtime).c_str());

  fs::accessSync(at("a.txt"));
  fs::accessSync(at("a.txt"), R_OK | W_OK);
  std::printf("access ok %d %d %d %d\n", F_OK, R_OK, W_OK, X_OK);
  std::printf("exists %s %s %s\n", str(fs::existsSync(at("a.txt"))), str(fs::existsSync(at("nope"))), str(fs::existsSync(std::string("a\0b", 3))));

  int fd = fs::openSync(at("rw.txt"), "w+");
  size_t w1 = fs::writeSync(fd, "abcdef");
  size_t w2 = fs::writeSync(fd, Buffer::from("XYZ"), 1, 2, 1);
  std::printf("write %zu %zu\n", w1, w2);
  Buffer rb = Buffer::alloc(10);
  size_t r1 = fs::readSync(fd, rb, 0, 10, 0);
  std::printf("read %zu %s\n", r1, rb.toString("utf8", 0, 6).c_str());
  size_t r2 = fs::readSync(fd, rb, 2, 3, 3);
  std::printf("read at %zu %s\n", r2, rb.toString("utf8", 0, 6).c_str());
  std::printf("fstat %llu %s\n", (unsigned long long)fs::fstatSync(fd).size, str(fs::fstatSync(fd).isFile()));
  fs::ftruncateSync(fd, 2);
  fs::fsyncSync(fd);
  std::printf("ftruncate %llu\n", (unsigned long long)fs::fstatSync(fd).size);
  fs::closeSync(fd);
  int fd2 = fs::openSync(at("rw.txt"), O_RDONLY);
  std::printf("numeric flags %zu\n", fs::readSync(fd2, Buffer::alloc(4)));
  fs::closeSync(fd2);
  int fd3 = fs::openSync(at("rw.txt"), "a");
  fs::writeSync(fd3, "++");
  fs::closeSync(fd3);
  std::printf("append flag %s\n", fs::readFileSync(at("rw.txt"), "utf8").c_str());

  fs::unlinkSync(at("link"));
  fs::rmdirSync(at("d/e/f/g"));
  std::printf("unlink rmdir %s %s\n", str(fs::existsSync(at("link"))), str(fs::existsSync(at("d/e/f/g"))));
  fs::rmSync(at("d"), {.recursive = true});
  fs::rmSync(at("gone"), {.force = true});
  fs::rmSync(at("renamed.txt"));
  std::printf("rm %s\n", join(fs::readdirSync(tmp)).c_str());
  fs::rmSync(tmp, {.recursive = true});
  std::printf("cleaned %s\n", str(fs::existsSync(tmp)));
  return nodecc::run();
}
