// mkdir -p, step for step as Node's MKDirpSync and MKDirpAsync (src/node_file.cc), so that the
// directory it reports and the errors it gives match Node's for the same path, spelling
// included. The two differ in errors: MKDirpAsync's error names the last path it tried to
// make (the component that failed), MKDirpSync's the path it was given; and for an existing
// component that is not a directory where a parent was being made, MKDirpAsync answers
// ENOTDIR even when the stat of it failed (a dangling link), MKDirpSync the stat's error.
#include <sys/stat.h>

#include <cerrno>
#include <vector>

#include "fs/ops.h"

namespace nodecc::fs::core {

Result<std::string> mkdirRecursive(const std::string& path, int mode, MkdirpRules rules,
                                   ErrorSite* site) {
  std::string first;
  std::string next;
  auto fail = [&](int err) -> Result<std::string> {
    if (rules == MkdirpRules::kAsync && site != nullptr) {
      site->set(nullptr, ErrorSite::Path::kOther);
      site->otherPath = std::move(next);
    }
    return os::core::Errno{err};
  };
  // Paths still to make, the deepest at the bottom: a missing parent pushes the child back
  // and then the parent (the part before the last '/', spelled as given).
  std::vector<std::string> todo{path};
  while (!todo.empty()) {
    next = std::move(todo.back());
    todo.pop_back();
    auto made = os::core::makeDirectory(next.c_str(), mode);
    int err = made ? 0 : made.error();
    for (;;) {
      if (err == 0) {
        if (first.empty()) {
          first = next;
        }
        break;
      }
      if (err == -EACCES || err == -ENOSPC || err == -ENOTDIR || err == -EPERM) {
        return fail(err);
      }
      if (err == -ENOENT) {
        size_t slash = next.find_last_of('/');
        std::string parent = slash == std::string::npos ? next : next.substr(0, slash);
        if (parent != next) {
          todo.push_back(std::move(next));
          todo.push_back(std::move(parent));
        } else if (todo.empty()) {
          err = -EEXIST;  // Node's answer when even the top of the path cannot be made
          continue;
        }
        break;
      }
      // EEXIST and the rest: fine if a directory is there, else say what is in the way.
      auto st = os::core::statPath(next.c_str());
      if (rules == MkdirpRules::kAsync && err == -EEXIST && !todo.empty() &&
          !(st && S_ISDIR(st->mode))) {
        return fail(-ENOTDIR);
      }
      if (st && !S_ISDIR(st->mode)) {
        if (err == -EEXIST && !todo.empty()) {
          return fail(-ENOTDIR);
        }
        return fail(-EEXIST);
      }
      if (!st) {
        return fail(st.error());
      }
      break;
    }
  }
  return first;
}

}  // namespace nodecc::fs::core
