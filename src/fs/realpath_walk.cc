// Node's JavaScript realpath (lib/fs.js realpathSync), which fs.realpath and fs.realpathSync
// use instead of realpath(3): the path is first resolved lexically against the working
// directory (".." is textual, as path.resolve), then each prefix is lstat'ed and symbolic
// links are replaced by their targets. Its errors name the absolute prefix that failed, with
// lstat, stat (a dangling or looping link) or readlink as the syscall.
#include <sys/stat.h>

#include <cerrno>
#include <set>
#include <utility>

#include "fs/ops.h"

namespace nodecc::fs::core {

namespace {

// Node follows at most this many links before ELOOP... through stat(2) of the link, which
// already fails on a loop; this bound only stops a pathological chain of distinct links.
constexpr int kMaxLinks = 1024;

// path.resolve(base, p) for POSIX: an absolute, normalized path without a trailing slash.
std::string resolvePath(const std::string& base, const std::string& p) {
  std::string joined;
  if (p.empty() || p[0] != '/') {
    joined.append(base).append("/");
  }
  joined.append(p);
  std::vector<std::string_view> parts;
  std::string_view rest = joined;
  while (!rest.empty()) {
    size_t slash = rest.find('/');
    std::string_view part = rest.substr(0, slash);
    rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    if (part.empty() || part == ".") {
      continue;
    }
    if (part == "..") {
      if (!parts.empty()) {
        parts.pop_back();
      }
      continue;
    }
    parts.push_back(part);
  }
  std::string out;
  for (std::string_view part : parts) {
    out.append("/").append(part);
  }
  return out.empty() ? "/" : out;
}

}  // namespace

Result<std::string> realpathWalk(const std::string& path, ErrorSite* site) {
  auto cwd = os::core::currentDirectory();
  if (!cwd) {
    site->set("uv_cwd", ErrorSite::Path::kNone);
    return os::core::Errno{cwd.error()};
  }
  std::string p = resolvePath(*cwd, path);
  std::set<std::string> knownHard;
  int links = 0;
  // current: the prefix walked so far with its trailing slash; base: the same without it.
  std::string current = "/";
  size_t pos = 1;
  while (pos < p.size()) {
    size_t slash = p.find('/', pos);
    std::string previous = current;
    size_t partEnd = slash == std::string::npos ? p.size() : slash;
    std::string base = previous;
    base.append(p, pos, partEnd - pos);
    current.append(p, pos, (slash == std::string::npos ? p.size() : slash + 1) - pos);
    pos = slash == std::string::npos ? p.size() : slash + 1;
    if (knownHard.count(base)) {
      continue;
    }
    auto st = os::core::lstatPath(base.c_str());
    if (!st) {
      site->set("lstat", base);
      return os::core::Errno{st.error()};
    }
    if (!S_ISLNK(st->mode)) {
      knownHard.insert(base);
      continue;
    }
    // A link: stat it (catches dangling links and loops, as Node), read it, start over.
    auto target = os::core::statPath(base.c_str());
    if (!target) {
      site->set("stat", base);
      return os::core::Errno{target.error()};
    }
    auto link = os::core::readLink(base.c_str());
    if (!link) {
      site->set("readlink", base);
      return os::core::Errno{link.error()};
    }
    if (++links > kMaxLinks) {
      site->set("stat", base);
      return os::core::Errno{-ELOOP};
    }
    std::string resolved = resolvePath(previous, *link);
    p = resolvePath(resolved, p.substr(pos));
    current.assign(1, '/');
    pos = 1;
  }
  return p;
}

}  // namespace nodecc::fs::core
