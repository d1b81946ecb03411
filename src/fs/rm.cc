// Node's rm (lib/internal/fs/rimraf.js, without the Windows branches and the retries): the
// order of syscalls and which errors are swallowed follow it, so the error a failing rm
// reports (syscall and path) is Node's.
#include <sys/stat.h>

#include <cerrno>

#include "fs/ops.h"

namespace nodecc::fs::core {

namespace {

Result<void> removeTree(const std::string& path, ErrorSite* site);

// Empties a directory rmdir refused, then removes it. Children are named path + "/" + name,
// as rimraf concatenates them.
Result<void> removeChildren(const std::string& path, ErrorSite* site) {
  auto entries = os::core::scanDirectory(path.c_str());
  if (!entries) {
    site->set("scandir", path);
    return os::core::Errno{entries.error()};
  }
  for (const os::core::DirEntry& e : *entries) {
    auto r = removeTree(path + "/" + e.name, site);
    if (!r) {
      return r;
    }
  }
  auto r = os::core::removeDirectory(path.c_str());
  if (!r) {
    site->set("rmdir", path);
  }
  return r;
}

// rimraf's _rmdir: `original` is the unlink error that sent a non-directory here (0: none).
Result<void> removeDirectory(const std::string& path, int original, ErrorSite* site) {
  auto r = os::core::removeDirectory(path.c_str());
  if (r) {
    return r;
  }
  int err = r.error();
  if (err == -ENOTEMPTY || err == -EEXIST || err == -EPERM) {
    return removeChildren(path, site);
  }
  if (err == -ENOTDIR) {
    if (original == 0) {
      return {};
    }
    site->set("unlink", path);
    return os::core::Errno{original};
  }
  site->set("rmdir", path);
  return r;
}

// rimraf's _rimraf, with the ENOENT of the caller folded in (a vanished entry is removed).
Result<void> removeTree(const std::string& path, ErrorSite* site) {
  auto st = os::core::lstatPath(path.c_str());
  if (!st) {
    if (st.error() == -ENOENT) {
      return {};
    }
  } else if (S_ISDIR(st->mode)) {
    auto r = removeDirectory(path, 0, site);
    return (!r && r.error() == -ENOENT) ? Result<void>() : r;
  }
  auto r = os::core::unlinkPath(path.c_str());
  if (r || r.error() == -ENOENT) {
    return {};
  }
  if (r.error() == -EISDIR || r.error() == -EPERM) {
    auto d = removeDirectory(path, r.error(), site);
    return (!d && d.error() == -ENOENT) ? Result<void>() : d;
  }
  site->set("unlink", path);
  return r;
}

}  // namespace

Result<void> rm(const std::string& path, const RmOptions& options, ErrorSite* site) {
  auto st = os::core::lstatPath(path.c_str());
  if (!st) {
    if (options.force && st.error() == -ENOENT) {
      return {};
    }
    site->set("lstat", ErrorSite::Path::kOwn);
    return os::core::Errno{st.error()};
  }
  if (S_ISDIR(st->mode) && !options.recursive) {
    return os::core::Errno{-EISDIR};  // syscall "rm": the API layer makes it ERR_FS_EISDIR
  }
  return removeTree(path, site);
}

}  // namespace nodecc::fs::core
