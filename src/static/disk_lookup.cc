#include "static/disk_lookup.h"

#include <fcntl.h>

#include <cerrno>

#include "os/dir.h"
#include "os/fd.h"
#include "os/file_stat.h"
#include "os/fs_ops.h"
#include "os/open_beneath.h"
#include "static/directory_listing.h"
#include "static/mime_types.h"
#include "static/path_resolution.h"
#include "zlib/one_shot.h"

namespace nodecc::staticfiles::core {

namespace {

// O_NONBLOCK: opening a FIFO (or a device) that someone placed under the root must not block
// the worker; anything that is not a regular file is refused after fstat anyway.
constexpr int kOpenFlags = O_RDONLY | O_NONBLOCK | O_NOCTTY;

os::core::LinkPolicy policyOf(const Options& o) {
  return o.followSymlinks ? os::core::LinkPolicy::kFollowAny : os::core::LinkPolicy::kStayBeneath;
}

// Options::gzip: the gzip representation of the file whose identity representation is built,
// compressed here on the worker (libdeflate); not kept when it would not be smaller.
void compressOnTheFly(FileEntry* entry, const Options& o) {
  const Representation& identity = entry->reps[int(Coding::kIdentity)];
  std::string contents;
  std::string_view input = identity.body;
  if (!identity.inMemory()) {
    contents.resize(identity.size);
    size_t done = 0;
    while (done < contents.size()) {
      auto n = os::core::readAt(identity.file->fd(), contents.data() + done, contents.size() - done,
                                int64_t(done));
      if (!n || *n == 0) {
        return;  // shrank or failed under us: the next revalidation refills
      }
      done += *n;
    }
    input = contents;
  }
  zlib::core::OneShotSettings settings;
  settings.mode = zlib::core::Mode::kGzip;
  settings.zlib.level = o.gzipLevel;
  zlib::core::OneShotResult r = zlib::core::runOneShot(settings, input);
  if (!r.ok() || r.output.size() >= input.size()) {
    return;
  }
  Representation& rep = entry->reps[int(Coding::kGzip)];
  buildCompressedRepresentation(rep, identity, std::move(r.output), o);
  entry->compressedBytes = rep.body.size();
}

// Builds the entry for the regular file open as `fd` at `relPath`.
void buildFile(const RootConfig& config, std::string_view key, const std::string& relPath, int fd,
               const os::core::FileStat& st, LookupResult* out) {
  const Options& o = config.options;
  auto* entry = new FileEntry();
  entry->key.assign(key);
  entry->relPath = relPath;
  entry->witnesses[0] = {true, st};
  // The siblings first: whether one exists decides the Vary line of every representation.
  int siblingFd[kCodingCount] = {-1, -1, -1};
  os::core::FileStat siblingSt[kCodingCount];
  if (o.precompressed) {
    for (Coding c : {Coding::kGzip, Coding::kBrotli}) {
      std::string path = relPath;
      path += codingSuffix(c);
      auto sfd = os::core::openBeneath(config.rootFd, path.c_str(), kOpenFlags, policyOf(o));
      if (!sfd) {
        continue;  // absent (or refused): the witness records "does not exist"
      }
      auto sst = os::core::statFd(*sfd);
      if (!sst || !sst->isRegular()) {
        os::core::closeFd(*sfd);
        if (sst) {
          // Present but not a file: remember it so a change to it is noticed.
          entry->witnesses[int(c)] = {true, *sst};
        }
        continue;
      }
      siblingFd[int(c)] = *sfd;
      siblingSt[int(c)] = *sst;
      entry->witnesses[int(c)] = {true, *sst};
      entry->varies = true;
    }
  }
  std::string_view mime = mimeTypeFor(relPath);
  const bool compress = o.gzip && siblingFd[int(Coding::kGzip)] < 0 && isCompressibleType(mime) &&
                        st.size >= o.gzipMinBytes && st.size <= o.gzipMaxBytes;
  if (compress) {
    entry->varies = true;  // the file has a gzip representation, unless it compresses badly
  }
  bool ok = buildRepresentation(entry->reps[0], fd, st, mime, Coding::kIdentity, entry->varies, o);
  if (ok && compress) {
    compressOnTheFly(entry, o);
  }
  for (int c = 1; c < kCodingCount; ++c) {
    if (siblingFd[c] >= 0) {
      ok = buildRepresentation(entry->reps[c], siblingFd[c], siblingSt[c], mime, Coding(c), true,
                               o) &&
           ok;
    }
  }
  if (!ok) {
    entry->release();
    out->kind = LookupKind::kStatus;
    out->status = 500;
    return;
  }
  for (const auto& rep : entry->reps) {
    entry->memoryBytes += rep.body.size() + rep.fields200.size() + rep.fields304.size() +
                          rep.tail.size() + rep.contentType.size();
  }
  entry->memoryBytes += sizeof(FileEntry) + entry->key.size() + entry->relPath.size();
  out->kind = LookupKind::kFile;
  out->entry = entry;
}

}  // namespace

RootConfig::~RootConfig() {
  os::core::closeFd(rootFd);
}

int statusForErrno(int e) {
  switch (-e) {
    case ENOENT:
    case ENOTDIR:
    case ENAMETOOLONG:
    case ELOOP:
      return 404;
    case EACCES:
    case EPERM:
    case EXDEV:
      return 403;
    default:
      return 500;
  }
}

void lookupOnDisk(const RootConfig& config, std::string_view key, LookupResult* out) {
  const Options& o = config.options;
  std::string rel(relativePath(key));
  bool wantsDirectory = !key.empty() && key.back() == '/';
  auto fd = os::core::openBeneath(config.rootFd, rel.c_str(), kOpenFlags, policyOf(o));
  if (!fd) {
    out->kind = LookupKind::kStatus;
    out->status = statusForErrno(fd.error());
    return;
  }
  os::core::Fd dir(*fd);
  auto st = os::core::statFd(dir.get());
  if (!st) {
    out->kind = LookupKind::kStatus;
    out->status = statusForErrno(st.error());
    return;
  }
  if (st->isRegular()) {
    if (wantsDirectory) {
      out->kind = LookupKind::kStatus;
      out->status = 404;  // "/file.txt/" names nothing
      return;
    }
    buildFile(config, key, rel, dir.release(), *st, out);
    return;
  }
  if (!st->isDirectory()) {
    out->kind = LookupKind::kStatus;
    out->status = 404;  // FIFOs, sockets, devices are never served
    return;
  }
  if (!wantsDirectory) {
    out->kind = o.redirectDirectories ? LookupKind::kRedirect : LookupKind::kStatus;
    out->status = o.redirectDirectories ? 301 : 404;
    return;
  }
  int failure = 404;
  if (!o.indexFile.empty()) {
    std::string index = rel.empty() ? o.indexFile : rel + "/" + o.indexFile;
    auto ifd = os::core::openBeneath(config.rootFd, index.c_str(), kOpenFlags, policyOf(o));
    if (ifd) {
      auto ist = os::core::statFd(*ifd);
      if (ist && ist->isRegular()) {
        buildFile(config, key, index, *ifd, *ist, out);
        return;
      }
      os::core::closeFd(*ifd);
    } else if (ifd.error() != -ENOENT) {
      failure = statusForErrno(ifd.error());
    }
  }
  if (o.listDirectories && failure == 404) {
    auto names = os::core::readDirectory(dir.get());
    if (!names) {
      out->kind = LookupKind::kStatus;
      out->status = statusForErrno(names.error());
      return;
    }
    std::vector<ListingEntry> entries;
    entries.reserve(names->size());
    for (auto& n : *names) {
      ListingEntry e;
      auto st = os::core::statAt(dir.get(), n.name.c_str(), o.followSymlinks);
      if (st) {
        e.isDirectory = st->isDirectory();
        e.size = st->size;
        e.mtimeSec = st->mtime.sec;
      } else {
        e.isDirectory = n.type == os::core::EntryType::kDirectory;
      }
      e.name = std::move(n.name);
      entries.push_back(std::move(e));
    }
    out->kind = LookupKind::kListing;
    out->listing = renderDirectoryListing(key, entries, o.dotfiles == DotFiles::kAllow);
    return;
  }
  out->kind = LookupKind::kStatus;
  out->status = failure;
}

}  // namespace nodecc::staticfiles::core
