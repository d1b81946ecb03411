// mkdir -p, step for step as Node's MKDirpSync (src/node_file.cc), so that the directory it
// reports and the errors it gives match Node's for the same path, spelling included.
#include <sys/stat.h>

#include <cerrno>
#include <vector>

#include "fs/ops.h"

namespace nodecc::fs::core {

Result<std::string> mkdirRecursive(const std::string& path, int mode) {
  std::string first;
  // Paths still to make, the deepest at the bottom: a missing parent pushes the child back
  // and then the parent (the part before the last '/', spelled as given).
  std::vector<std::string> todo{path};
  while (!todo.empty()) {
    std::string next = std::move(todo.back());
    todo.pop_back();
    auto made = os::makeDirectory(next.c_str(), mode);
    int err = made ? 0 : made.error();
    for (;;) {
      if (err == 0) {
        if (first.empty()) {
          first = next;
        }
        break;
      }
      if (err == -EACCES || err == -ENOSPC || err == -ENOTDIR || err == -EPERM) {
        return os::Errno{err};
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
      auto st = os::statOfPath(next.c_str());
      if (st && !S_ISDIR(st->mode)) {
        if (err == -EEXIST && !todo.empty()) {
          return os::Errno{-ENOTDIR};
        }
        return os::Errno{-EEXIST};
      }
      if (!st) {
        return os::Errno{st.error()};
      }
      break;
    }
  }
  return first;
}

}  // namespace nodecc::fs::core
