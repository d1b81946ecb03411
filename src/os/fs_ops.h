#pragma once
// File-system syscalls, one thin wrapper each: EINTR retried where the call can be restarted,
// failures returned as -errno, nothing thrown, no strings built. They block: the fs layer runs
// them on the thread pool (or on the caller's thread for the Sync forms). Every fd opened here
// is close-on-exec.
#include <sys/types.h>
#include <sys/uio.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "os/file_stat.h"
#include "os/result.h"

namespace nodecc::os::core {

Result<int> openFile(const char* path, int flags, int mode);
// close(2); EINTR is not retried (on Linux the fd is gone either way) and not reported.
Result<void> closeFile(int fd);
// pread(2) at `position`, or read(2) at the file position when position < 0.
Result<size_t> readFd(int fd, void* buf, size_t len, int64_t position);
// pread until `len` bytes or end of file: the bytes read, or -errno.
Result<size_t> readAt(int fd, void* buf, size_t len, int64_t offset);
// pwrite(2)/write(2), the same way.
Result<size_t> writeFd(int fd, const void* buf, size_t len, int64_t position);
// pwritev(2)/writev(2); `count` is capped at IOV_MAX.
Result<size_t> writevFd(int fd, const iovec* iov, int count, int64_t position);

Result<void> makeDirectory(const char* path, int mode);
Result<void> removeDirectory(const char* path);
Result<void> unlinkPath(const char* path);
Result<void> renamePath(const char* from, const char* to);
Result<void> accessPath(const char* path, int mode);
Result<void> truncateFd(int fd, int64_t length);
Result<void> symlinkPath(const char* target, const char* path);
Result<std::string> readLink(const char* path);
// realpath(3).
Result<std::string> realPath(const char* path);
// mkdtemp(3) on prefix + "XXXXXX"; returns the directory made.
Result<std::string> makeTempDirectory(const std::string& prefix);
// utimensat/futimens with times in seconds (fractions kept to the nanosecond).
Result<void> setTimesPath(const char* path, double atime, double mtime);
Result<void> setTimesFd(int fd, double atime, double mtime);
Result<void> chmodPath(const char* path, int mode);
Result<void> chmodFd(int fd, int mode);
Result<void> syncFd(int fd);

// The kernel-side copy helpers behind copyFile: a reflink (ioctl FICLONE) and an in-kernel
// copy of up to `len` bytes from the current offsets (copy_file_range, or sendfile where the
// file systems refuse it). copyRange returns the bytes copied, 0 at the end of input.
Result<void> cloneFile(int fromFd, int toFd);
Result<size_t> copyRange(int fromFd, int toFd, size_t len);

// The process's working directory (getcwd).
Result<std::string> currentDirectory();

}  // namespace nodecc::os::core
