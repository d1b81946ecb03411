// Sync forms failing: Node's message, code, errno, syscall, path and dest for each. Tests run
// as root, so no EACCES: the failures are ENOENT, EEXIST, EISDIR, ENOTDIR, ENOTEMPTY, EINVAL,
// EBADF, ELOOP, plus rm's ERR_FS_EISDIR and the argument errors.
#include <cstdio>
#include <string>
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

template <class F>
void t(const char* name, F f) {
  try {
    f();
    std::printf("%s no error\n", name);
  } catch (const Error& e) {
    std::printf("%s | %s | %s %s %s %s %s %s\n", name, rel(e.message).c_str(), e.name.c_str(), e.code.c_str(), errnoOf(e).c_str(), rel(e.syscall).c_str(), rel(e.path).c_str(), rel(e.dest).c_str());
  }
}

int main() {
  tmp = fs::mkdtempSync("/tmp/nodecc-fs-errors-");

  fs::writeFileSync(at("file"), "x");
  fs::mkdirSync(at("dir"));
  fs::writeFileSync(at("dir/inner"), "y");
  fs::symlinkSync("loop2", at("loop1"));
  fs::symlinkSync("loop1", at("loop2"));
  fs::symlinkSync("nowhere", at("dangling"));

  t("readFile missing", [] { fs::readFileSync(at("missing")); });
  t("readFile dir", [] { fs::readFileSync(at("dir")); });
  t("readFile dir utf8", [] { fs::readFileSync(at("dir"), "utf8"); });
  t("open dir w", [] { fs::openSync(at("dir"), "w"); });
  t("open dir r+", [] { fs::openSync(at("dir"), "r+"); });
  t("open wx existing", [] { fs::openSync(at("file"), "wx"); });
  t("open missing", [] { fs::openSync(at("missing")); });
  t("open under file", [] { fs::openSync(at("file/x"), "w"); });
  t("open bad flags", [] { fs::openSync(at("file"), "rw"); });
  t("writeFile dir", [] { fs::writeFileSync(at("dir"), "x"); });
  t("writeFile missing dir", [] { fs::writeFileSync(at("nodir/x"), "x"); });
  t("appendFile dir", [] { fs::appendFileSync(at("dir"), "x"); });
  t("stat missing", [] { fs::statSync(at("missing")); });
  t("stat loop", [] { fs::statSync(at("loop1")); });
  t("lstat missing", [] { fs::lstatSync(at("missing")); });
  t("stat nul", [] { fs::statSync(std::string("a\0b", 3)); });
  t("readdir file", [] { fs::readdirSync(at("file")); });
  t("readdir missing", [] { fs::readdirSync(at("missing")); });
  t("mkdir existing", [] { fs::mkdirSync(at("dir")); });
  t("mkdir no parent", [] { fs::mkdirSync(at("nodir/x")); });
  t("mkdir recursive over file", [] { fs::mkdirSync(at("file"), {.recursive = true}); });
  t("mkdir recursive under file", [] { fs::mkdirSync(at("file/a/b"), {.recursive = true}); });
  t("mkdir recursive dangling", [] { fs::mkdirSync(at("dangling"), {.recursive = true}); });
  t("rmdir non-empty", [] { fs::rmdirSync(at("dir")); });
  t("rmdir file", [] { fs::rmdirSync(at("file")); });
  t("rmdir missing", [] { fs::rmdirSync(at("missing")); });
  t("unlink dir", [] { fs::unlinkSync(at("dir")); });
  t("unlink missing", [] { fs::unlinkSync(at("missing")); });
  t("rm missing", [] { fs::rmSync(at("missing")); });
  t("rm missing recursive", [] { fs::rmSync(at("missing"), {.recursive = true}); });
  t("rm dir", [] { fs::rmSync(at("dir")); });
  t("rename missing", [] { fs::renameSync(at("missing"), at("other")); });
  t("rename dir over file", [] { fs::renameSync(at("dir"), at("file")); });
  t("rename file over dir", [] { fs::renameSync(at("file"), at("dir")); });
  t("copyFile missing", [] { fs::copyFileSync(at("missing"), at("other")); });
  t("copyFile excl", [] { fs::copyFileSync(at("file"), at("dir/inner"), fs::constants::COPYFILE_EXCL); });
  t("copyFile to dir", [] { fs::copyFileSync(at("file"), at("dir")); });
  t("copyFile from dir", [] { fs::copyFileSync(at("dir"), at("c2")); });
  std::printf("copyFile from dir left nothing %s\n", str(fs::existsSync(at("c2"))));
  t("access missing", [] { fs::accessSync(at("missing")); });
  t("access X on plain file", [] { fs::accessSync(at("file"), X_OK); });
  t("realpath missing", [] { fs::realpathSync(at("missing")); });
  t("realpath under file", [] { fs::realpathSync(at("file/x")); });
  t("realpath dangling", [] { fs::realpathSync(at("dangling")); });
  t("realpath loop", [] { fs::realpathSync(at("loop1")); });
  t("truncate missing", [] { fs::truncateSync(at("missing")); });
  t("truncate dir", [] { fs::truncateSync(at("dir")); });
  t("symlink existing", [] { fs::symlinkSync("file", at("dir/inner")); });
  t("readlink file", [] { fs::readlinkSync(at("file")); });
  t("readlink missing", [] { fs::readlinkSync(at("missing")); });
  t("utimes missing", [] { fs::utimesSync(at("missing"), 1, 2); });
  t("chmod missing", [] { fs::chmodSync(at("missing"), 0644); });
  t("close bad fd", [] { fs::closeSync(99999); });
  t("fstat bad fd", [] { fs::fstatSync(99999); });
  t("read bad fd", [] { fs::readSync(99999, Buffer::alloc(4)); });
  t("write bad fd", [] { fs::writeSync(99999, "x"); });
  t("ftruncate bad fd", [] { fs::ftruncateSync(99999); });
  t("futimes bad fd", [] { fs::futimesSync(99999, 1, 2); });
  t("fsync bad fd", [] { fs::fsyncSync(99999); });
  int fd = fs::openSync(at("file"), "r");
  t("read range", [fd] { fs::readSync(fd, Buffer::alloc(4), 1, 4, 0); });
  t("read offset", [fd] { fs::readSync(fd, Buffer::alloc(4), 5, 1, 0); });
  t("write offset", [fd] { fs::writeSync(fd, Buffer::alloc(4), 5, 1); });
  t("write length", [fd] { fs::writeSync(fd, Buffer::alloc(4), 1, 4); });
  t("write read-only fd", [fd] { fs::writeSync(fd, "x"); });
  fs::closeSync(fd);
  int dfd = fs::openSync(at("dir"), "r");
  t("read dir fd", [dfd] { fs::readSync(dfd, Buffer::alloc(4)); });
  fs::closeSync(dfd);

  fs::rmSync(tmp, {.recursive = true});
  std::printf("cleaned %s\n", str(fs::existsSync(tmp)));
  return nodecc::run();
}
