#pragma once
// What a URL path names on disk, found with blocking syscalls on a thread-pool worker: a file
// (a FileEntry with its representations read or opened), a directory to redirect to or to
// list, or an error status. Every open goes through os::core::openBeneath from the root's fd, so
// nothing outside the root is reached unless followSymlinks allows links out.
#include <string>
#include <string_view>

#include "static/file_entry.h"
#include "static/options.h"

namespace nodecc::staticfiles::core {

// The root directory and the options, shared (immutably) by the loop thread and the workers.
struct RootConfig {
  RootConfig(int fd, Options o) : rootFd(fd), options(std::move(o)) {}
  ~RootConfig();
  RootConfig(const RootConfig&) = delete;
  RootConfig& operator=(const RootConfig&) = delete;
  int rootFd;  // O_PATH directory, closed with the config
  Options options;
};

enum class LookupKind : uint8_t {
  kFile,      // entry
  kRedirect,  // a directory asked for without its trailing slash
  kListing,   // listing holds the HTML
  kStatus,    // status holds the error (403, 404, 500)
};

struct LookupResult {
  LookupKind kind = LookupKind::kStatus;
  int status = 500;
  FileEntry* entry = nullptr;  // kFile: one reference, passed to whoever takes the result
  std::string listing;
};

// Resolves `key` (a normalized URL path from resolveTarget, dotfiles already checked) under
// the root. Worker thread.
void lookupOnDisk(const RootConfig& config, std::string_view key, LookupResult* out);

// The status an open/stat error maps to: missing -> 404, permission or a link out of the
// root -> 403, anything else -> 500.
int statusForErrno(int negErrno);

}  // namespace nodecc::staticfiles::core
