// The fs layer's operations, called directly: Node's semantics where they differ from the
// plain syscall (mkdir -p, rm, copyFile, the realpath walk, open flags) and the error sites
// compound operations report.
#include "fs/ops.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "unit/fs/fs_test_util.h"

namespace nodecc::fs::core {
namespace {

using test::TempDir;

void put(const std::string& path, const std::string& data) {
  ErrorSite site;
  ASSERT_TRUE(
      writeFile(path.c_str(), data.data(), data.size(), O_WRONLY | O_CREAT | O_TRUNC, 0644, &site)
          .ok());
}

std::string get(const std::string& path) {
  ErrorSite site;
  auto r = readFile(path.c_str(), O_RDONLY, &site);
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? r.value() : std::string();
}

TEST(FsOps, ParsesEveryNodeFlagSpellingAndRejectsOthers) {
  EXPECT_EQ(parseOpenFlags("r").value(), O_RDONLY);
  EXPECT_EQ(parseOpenFlags("r+").value(), O_RDWR);
  EXPECT_EQ(parseOpenFlags("w").value(), O_TRUNC | O_CREAT | O_WRONLY);
  EXPECT_EQ(parseOpenFlags("wx").value(), parseOpenFlags("xw").value());
  EXPECT_EQ(parseOpenFlags("ax+").value(), O_APPEND | O_CREAT | O_RDWR | O_EXCL);
  EXPECT_EQ(parseOpenFlags("as").value(), O_APPEND | O_CREAT | O_WRONLY | O_SYNC);
  for (const char* bad : {"", "rw", "R", "w++", "x", "r "}) {
    EXPECT_EQ(parseOpenFlags(bad).error(), -EINVAL) << bad;
  }
}

TEST(FsOps, ReadFileReadsRegularEmptyAndUnsizedFiles) {
  TempDir dir;
  put(dir / "a", std::string(100000, 'q'));
  put(dir / "empty", "");
  EXPECT_EQ(get(dir / "a"), std::string(100000, 'q'));
  EXPECT_EQ(get(dir / "empty"), "");
  // /proc files report size 0: read until EOF instead.
  EXPECT_NE(get("/proc/self/status").find("Name:"), std::string::npos);
}

TEST(FsOps, ReadFileNamesTheSyscallThatFailed) {
  TempDir dir;
  ErrorSite site;
  auto missing = readFile((dir / "missing").c_str(), O_RDONLY, &site);
  EXPECT_EQ(missing.error(), -ENOENT);
  EXPECT_EQ(site.syscall, nullptr);  // open, on the operation's own path
  auto isDir = readFile(dir.path().c_str(), O_RDONLY, &site);
  EXPECT_EQ(isDir.error(), -EISDIR);
  EXPECT_STREQ(site.syscall, "read");
  EXPECT_EQ(site.path, ErrorSite::Path::kNone);
}

TEST(FsOps, WriteAllWritesEveryIovecWithOffsets) {
  TempDir dir;
  auto fd = open((dir / "f").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_TRUE(fd.ok());
  std::string a(70000, 'a'), b = "bb", c(5, 'c');
  iovec iov[] = {{a.data(), a.size()}, {nullptr, 0}, {b.data(), b.size()}, {c.data(), c.size()}};
  auto n = writeAll(fd.value(), iov, 4, 10);
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(n.value(), a.size() + b.size() + c.size());
  ASSERT_TRUE(close(fd.value()).ok());
  std::string all = get(dir / "f");
  EXPECT_EQ(all, std::string(10, '\0') + a + b + c);
}

TEST(FsOps, MkdirRecursiveReturnsTheFirstDirectoryItMade) {
  TempDir dir;
  EXPECT_EQ(mkdirRecursive(dir / "a/b/c", 0777).value(), dir / "a");
  EXPECT_EQ(mkdirRecursive(dir / "a/b/c", 0777).value(), "");  // nothing new
  EXPECT_EQ(mkdirRecursive(dir / "a/x//y/", 0777).value(), dir / "a/x/");
  struct stat st {};
  EXPECT_EQ(::stat((dir / "a/x/y").c_str(), &st), 0);
}

TEST(FsOps, MkdirRecursiveOverAFileIsEexistAndBelowItEnotdir) {
  TempDir dir;
  put(dir / "f", "x");
  EXPECT_EQ(mkdirRecursive(dir / "f", 0777).error(), -EEXIST);
  EXPECT_EQ(mkdirRecursive(dir / "f/a", 0777).error(), -ENOTDIR);
  EXPECT_EQ(mkdirRecursive(dir / "f/a/b/c", 0777).error(), -ENOTDIR);
  ASSERT_EQ(::symlink("nowhere", (dir / "dangling").c_str()), 0);
  EXPECT_EQ(mkdirRecursive(dir / "dangling", 0777).error(), -ENOENT);
}

// Node's MKDirpAsync (callback and promise forms) names the component that failed and answers
// ENOTDIR for a parent in the way that is not a directory, even a dangling link; MKDirpSync
// answers the stat's error, for the path it was given (the site stays the operation's own).
TEST(FsOps, MkdirRecursiveAsyncRulesNameTheComponentThatFailed) {
  TempDir dir;
  ASSERT_EQ(::symlink("nowhere", (dir / "dangling").c_str()), 0);
  ErrorSite async;
  EXPECT_EQ(mkdirRecursive(dir / "dangling/x/y", 0777, MkdirpRules::kAsync, &async).error(),
            -ENOTDIR);
  EXPECT_EQ(async.path, ErrorSite::Path::kOther);
  EXPECT_EQ(async.otherPath, dir / "dangling");
  ErrorSite sync;
  EXPECT_EQ(mkdirRecursive(dir / "dangling/x/y", 0777, MkdirpRules::kSync, &sync).error(), -ENOENT);
  EXPECT_EQ(sync.path, ErrorSite::Path::kOwn);
  put(dir / "f", "x");
  ErrorSite below;
  EXPECT_EQ(mkdirRecursive(dir / "f/a/b", 0777, MkdirpRules::kAsync, &below).error(), -ENOTDIR);
  EXPECT_EQ(below.otherPath, dir / "f/a/b");  // the kernel's ENOTDIR for the path itself
}

TEST(FsOps, RmRemovesTreesWithoutFollowingLinks) {
  TempDir dir;
  ASSERT_TRUE(mkdirRecursive(dir / "t/a/b", 0777).ok());
  put(dir / "keep", "k");
  put(dir / "t/a/b/f", "f");
  ASSERT_EQ(::symlink((dir / "keep").c_str(), (dir / "t/a/link").c_str()), 0);
  ASSERT_EQ(::symlink(dir.path().c_str(), (dir / "t/dirlink").c_str()), 0);
  ErrorSite site;
  ASSERT_TRUE(rm(dir / "t", RmOptions{.recursive = true}, &site).ok());
  EXPECT_NE(::access((dir / "t").c_str(), F_OK), 0);
  EXPECT_EQ(get(dir / "keep"), "k");  // links were removed, not what they point to
}

TEST(FsOps, RmReportsLstatForMissingAndEisdirWithoutRecursive) {
  TempDir dir;
  ErrorSite site;
  EXPECT_EQ(rm(dir / "missing", {}, &site).error(), -ENOENT);
  EXPECT_STREQ(site.syscall, "lstat");
  EXPECT_TRUE(rm(dir / "missing", RmOptions{.force = true}, &site).ok());
  site = {};
  EXPECT_EQ(rm(dir.path(), {}, &site).error(), -EISDIR);
  EXPECT_EQ(site.syscall, nullptr);  // the operation's own "rm": Node's ERR_FS_EISDIR
}

TEST(FsOps, CopyFileKeepsModeIsANoOpOntoItselfAndCleansUpOnFailure) {
  TempDir dir;
  put(dir / "src", "payload");
  ASSERT_EQ(::chmod((dir / "src").c_str(), 0640), 0);
  ASSERT_TRUE(copyFile((dir / "src").c_str(), (dir / "dst").c_str(), 0).ok());
  EXPECT_EQ(get(dir / "dst"), "payload");
  struct stat st {};
  ASSERT_EQ(::stat((dir / "dst").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
  ASSERT_TRUE(copyFile((dir / "src").c_str(), (dir / "src").c_str(), 0).ok());
  EXPECT_EQ(get(dir / "src"), "payload");
  EXPECT_EQ(copyFile((dir / "src").c_str(), (dir / "dst").c_str(), kCopyFileExcl).error(), -EEXIST);
  // A directory as the source fails after the destination was created: it is removed.
  EXPECT_EQ(copyFile(dir.path().c_str(), (dir / "fromdir").c_str(), 0).error(), -EISDIR);
  EXPECT_NE(::access((dir / "fromdir").c_str(), F_OK), 0);
}

TEST(FsOps, CopyFileCopiesMoreThanOneKernelChunk) {
  TempDir dir;
  std::string big(3 * 1024 * 1024 + 17, '\0');
  for (size_t i = 0; i < big.size(); ++i) {
    big[i] = char(i * 31 + 7);
  }
  put(dir / "big", big);
  ASSERT_TRUE(copyFile((dir / "big").c_str(), (dir / "big2").c_str(), kCopyFileFiclone).ok());
  EXPECT_EQ(get(dir / "big2"), big);
}

TEST(FsOps, RealpathWalkResolvesLinksAndNamesTheFailingPrefix) {
  TempDir dir;
  ASSERT_TRUE(mkdirRecursive(dir / "real/sub", 0777).ok());
  ASSERT_EQ(::symlink("real", (dir / "l1").c_str()), 0);
  ASSERT_EQ(::symlink("l1/sub", (dir / "l2").c_str()), 0);
  ASSERT_EQ(::symlink("loop", (dir / "loop").c_str()), 0);
  auto real = realpath(dir.path().c_str());
  ASSERT_TRUE(real.ok());
  ErrorSite site;
  EXPECT_EQ(realpathWalk(dir / "l2", &site).value(), real.value() + "/real/sub");
  // ".." is textual before any link is read, as Node's path.resolve: l2/.. is the directory.
  EXPECT_EQ(realpathWalk(dir / "l2/../real/sub/./", &site).value(), real.value() + "/real/sub");
  EXPECT_EQ(realpathWalk(dir / "l2/../sub", &site).error(), -ENOENT);
  EXPECT_EQ(realpathWalk(dir / "real/missing/x", &site).error(), -ENOENT);
  EXPECT_STREQ(site.syscall, "lstat");
  EXPECT_EQ(site.otherPath, real.value() + "/real/missing");
  EXPECT_EQ(realpathWalk(dir / "loop", &site).error(), -ELOOP);
  EXPECT_STREQ(site.syscall, "stat");
}

TEST(FsOps, ReaddirSortsByteWiseAndTypesEntries) {
  TempDir dir;
  put(dir / "b", "");
  put(dir / "B", "");
  put(dir / "\xc3\xa9", "");  // sorts after ASCII as unsigned bytes
  ASSERT_TRUE(mkdir((dir / "a").c_str(), 0777).ok());
  ASSERT_EQ(::symlink("b", (dir / "c").c_str()), 0);
  ASSERT_EQ(::mkfifo((dir / "p").c_str(), 0644), 0);
  auto entries = readdir(dir.path().c_str(), true);
  ASSERT_TRUE(entries.ok());
  std::string names;
  std::string types;
  for (const os::core::DirEntry& e : entries.value()) {
    names += e.name + " ";
    types += std::to_string(int(e.type)) + " ";
  }
  EXPECT_EQ(names, "B a b c p \xc3\xa9 ");
  using T = os::core::EntryType;
  EXPECT_EQ(types, std::to_string(int(T::kFile)) + " " + std::to_string(int(T::kDirectory)) + " " +
                       std::to_string(int(T::kFile)) + " " + std::to_string(int(T::kSymlink)) +
                       " " + std::to_string(int(T::kFifo)) + " " + std::to_string(int(T::kFile)) +
                       " ");
}

}  // namespace
}  // namespace nodecc::fs::core
