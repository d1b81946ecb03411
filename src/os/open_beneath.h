#pragma once
// Opening a path inside a directory without letting it escape: the static-file server opens
// every file relative to its root directory's fd, and a symbolic link that resolves outside the
// root (or an absolute one) fails instead of being followed.
#include "os/result.h"

namespace nodecc::os::core {

enum class LinkPolicy {
  kStayBeneath,  // symlinks allowed only while resolution stays under the root (-EXDEV else)
  kFollowAny,    // symlinks followed wherever they point
};

// A directory fd to open beneath (O_PATH | O_DIRECTORY | O_CLOEXEC). -errno on failure.
Result<int> openRoot(const char* path);

// openat(rootFd, relPath, flags | O_CLOEXEC) under `policy`. relPath is relative, normalized
// (no "." or ".." segments). kStayBeneath uses openat2(RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS)
// when the kernel has it (5.6+) and otherwise opens normally and checks the opened file's real
// path (from /proc/self/fd) against the root's: escaping resolution gives -EXDEV either way.
// Blocking (a cold path lookup): thread pool or a cached, hot path.
Result<int> openBeneath(int rootFd, const char* relPath, int flags, LinkPolicy policy);

// The fallback of openBeneath for kernels without openat2, exposed for its tests.
Result<int> openBeneathChecked(int rootFd, const char* relPath, int flags);

}  // namespace nodecc::os::core
