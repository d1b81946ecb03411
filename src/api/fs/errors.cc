// Errors and argument checks of the fs module, with Node's codes and messages, and the
// conversions of the fs layer's results (stat, directory entries) into the public types.
#include <cerrno>
#include <cmath>
#include <string>

#include "api/default_thread_pool.h"
#include "api/fs/request.h"
#include "api/runtime.h"
#include "fs/ops.h"

namespace nodecc::fs {

int OpenFlags::value() const {
  if (numeric_) {
    return flags_;
  }
  auto f = core::parseOpenFlags(text_);
  if (!f) {
    throw TypeError("ERR_INVALID_ARG_VALUE",
                    "The argument 'flags' is invalid. Received '" + std::string(text_) + "'");
  }
  return *f;
}

namespace internal {

namespace {

// Node's inspect() of a string argument in messages: single quotes, NUL as \x00.
std::string quoted(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\0') {
      out += "\\x00";
    } else if (c == '\'') {
      out += "\\'";
    } else {
      out += c;
    }
  }
  return out + "'";
}

// Node's msFromTimeSpec and its Date (rounded to the millisecond).
double msOf(const os::core::Timespec& t) {
  return double(t.sec) * 1e3 + double(t.nsec) / 1e6;
}
Stats::Date dateOf(double ms) {
  return Stats::Date(std::chrono::duration_cast<Stats::Date::duration>(
      std::chrono::milliseconds(int64_t(std::round(ms)))));
}

static_assert(int(FileType::kBlockDevice) == int(os::core::EntryType::kBlockDevice),
              "fs::FileType mirrors os::core::EntryType");

}  // namespace

Error errorOf(const core::Request& r) {
  const core::OpInfo& info = core::opInfo(r.op);
  if (r.op == core::Op::kRm && r.site.syscall == nullptr && r.error() == -EISDIR) {
    // Node's rm refuses a directory without recursive with this SystemError, not a uv error.
    Error e("ERR_FS_EISDIR", "Path is a directory: rm returned EISDIR (is a directory) " + r.path);
    e.name = "SystemError";
    e.errnum = EISDIR;
    e.syscall = "rm";
    e.path = r.path;
    return e;
  }
  std::string_view path;
  std::string_view dest;
  switch (r.site.path) {
    case core::ErrorSite::Path::kOwn:
      if (info.paths != core::ErrorPaths::kNoPath) {
        path = r.path;
      }
      if (info.paths == core::ErrorPaths::kPathDest) {
        dest = r.dest;
      }
      break;
    case core::ErrorSite::Path::kNone:
      break;
    case core::ErrorSite::Path::kOther:
      path = r.site.otherPath;
      break;
  }
  return Error::fromErrno(r.error(), r.syscall(), path, dest);
}

void checkPath(std::string_view path, const char* name) {
  if (path.find('\0') != std::string_view::npos) {
    throw TypeError("ERR_INVALID_ARG_VALUE",
                    std::string("The argument '") + name +
                        "' must be a string, Uint8Array, or URL without null bytes. Received " +
                        quoted(path));
  }
}

void checkEncoding(std::string_view encoding) {
  if (!Buffer::isEncoding(encoding)) {
    throw TypeError("ERR_INVALID_ARG_VALUE",
                    "The argument 'encoding' is invalid encoding. Received " + quoted(encoding));
  }
}

void checkCallback(bool present) {
  if (!present) {
    throw TypeError("ERR_INVALID_ARG_TYPE",
                    "The \"cb\" argument must be of type function. Received undefined");
  }
}

RangeError outOfRange(std::string_view name, std::string_view range, std::string_view received) {
  return RangeError("ERR_OUT_OF_RANGE", "The value of \"" + std::string(name) +
                                            "\" is out of range. It must be " + std::string(range) +
                                            ". Received " + std::string(received));
}

void checkReadRange(size_t bufferSize, size_t offset, size_t length) {
  if (offset + length > bufferSize) {
    throw outOfRange("length", "<= " + std::to_string(int64_t(bufferSize) - int64_t(offset)),
                     std::to_string(length));
  }
}

void checkWriteRange(size_t bufferSize, size_t offset, size_t length) {
  if (offset > bufferSize) {
    throw outOfRange("offset", "<= " + std::to_string(bufferSize), std::to_string(offset));
  }
  if (length > bufferSize - offset) {
    throw outOfRange("length", "<= " + std::to_string(bufferSize - offset), std::to_string(length));
  }
}

Stats statsOf(const os::core::FileStat& s) {
  Stats st;
  st.dev = s.dev;
  st.mode = s.mode;
  st.nlink = s.nlink;
  st.uid = s.uid;
  st.gid = s.gid;
  st.rdev = s.rdev;
  st.blksize = s.blksize;
  st.ino = s.ino;
  st.size = s.size;
  st.blocks = s.blocks;
  st.atimeMs = msOf(s.atime);
  st.mtimeMs = msOf(s.mtime);
  st.ctimeMs = msOf(s.ctime);
  st.birthtimeMs = msOf(s.birthtime);
  st.atime = dateOf(st.atimeMs);
  st.mtime = dateOf(st.mtimeMs);
  st.ctime = dateOf(st.ctimeMs);
  st.birthtime = dateOf(st.birthtimeMs);
  return st;
}

std::vector<Dirent> direntsOf(std::vector<os::core::DirEntry>&& entries, std::string_view parent) {
  std::vector<Dirent> out;
  out.reserve(entries.size());
  for (os::core::DirEntry& e : entries) {
    out.emplace_back(std::move(e.name), std::string(parent), FileType(e.type));
  }
  return out;
}

std::vector<std::string> namesOf(std::vector<os::core::DirEntry>&& entries) {
  std::vector<std::string> out;
  out.reserve(entries.size());
  for (os::core::DirEntry& e : entries) {
    out.push_back(std::move(e.name));
  }
  return out;
}

void start(core::Request& r) {
  core::submit(nodecc::detail::defaultThreadPool(), nodecc::detail::Runtime::current().loop(), r);
}

void runSync(core::Request& r) {
  r.run();
  if (r.failed()) {
    throw errorOf(r);
  }
}

}  // namespace internal
}  // namespace nodecc::fs
