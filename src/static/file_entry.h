#pragma once
// FileEntry: what the cache keeps for one URL that names a file — up to three representations
// (the file, and its .gz and .br siblings) with their response header bytes computed once, so a
// cache hit copies bytes instead of formatting them.
//
// Built on a thread-pool worker (buildFileEntry), then owned on the loop thread: a count of
// references (the cache's, and a fill's while its waiters are answered) decides when it is
// freed. Each representation holds either its contents (small files) or an open SharedFile.
#include <cstdint>
#include <string>

#include "net/shared_file.h"
#include "os/file_stat.h"
#include "static/content_coding.h"
#include "static/entity_tag.h"
#include "static/options.h"

namespace nodecc::staticfiles::core {

struct Representation {
  bool present = false;
  // Made by compressing the file on the fly (Options::gzip), not read from a sibling: its
  // ETag is the file's made weak, and a Range request is answered from the file instead.
  bool onTheFly = false;
  uint64_t size = 0;
  int64_t mtimeSec = 0;
  std::string body;                       // the contents when in memory (file == nullptr)
  net::core::SharedFile* file = nullptr;  // else the open file (one reference held)
  char etag[kMaxEntityTagLength + 2];     // + "W/" for a representation compressed here
  uint8_t etagLength = 0;
  // Header bytes. fields200 is a whole 200 head without Date/Connection; the rest are pieces
  // that 206/304/416 heads are assembled from.
  std::string fields200;     // "HTTP/1.1 200 OK\r\n" + typeLines + Content-Length + tail
  std::string fields304;     // "HTTP/1.1 304 Not Modified\r\n" + ETag, Last-Modified, Vary...
  std::string contentType;   // "Content-Type: ...\r\n"
  std::string encodingLine;  // "Content-Encoding: gzip\r\n" or ""
  std::string tail;          // Last-Modified, ETag, Vary, Cache-Control lines

  std::string_view etagView() const { return {etag, etagLength}; }
  bool inMemory() const { return file == nullptr; }
};

// What revalidation compares: a stat of each candidate path (the file, file.gz, file.br).
struct Witness {
  bool exists = false;
  os::core::FileStat status;
};

class FileEntry {
 public:
  FileEntry() = default;
  FileEntry(const FileEntry&) = delete;
  FileEntry& operator=(const FileEntry&) = delete;

  void retain() { ++refs_; }
  void release() {
    if (--refs_ == 0) {
      delete this;
    }
  }

  std::string key;                    // normalized URL path ("/a.txt", "/docs/")
  std::string relPath;                // the identity file, relative to the root ("docs/index.html")
  Representation reps[kCodingCount];  // indexed by Coding
  Witness witnesses[kCodingCount];
  bool varies = false;  // a precompressed sibling exists: Vary: Accept-Encoding everywhere
  size_t memoryBytes = 0;
  size_t compressedBytes = 0;  // the bodies compressed on the fly (within memoryBytes)
  int64_t validatedAt = 0;     // loop time (ms) of the last check against the disk

  // The cache's LRU links.
  FileEntry* lruPrev = nullptr;
  FileEntry* lruNext = nullptr;

 private:
  ~FileEntry();
  uint32_t refs_ = 1;
};

// The file-name suffix of a coding's sibling ("", ".gz", ".br").
std::string_view codingSuffix(Coding c);

// Fills `rep` from an open regular file (takes ownership of fd): reads it into memory when
// size <= options.memoryFileMaxBytes, else keeps the fd; formats its header bytes. `varies` and
// the coding decide the Vary and Content-Encoding lines. Worker thread. False on a read error.
bool buildRepresentation(Representation& rep, int fd, const os::core::FileStat& st,
                         std::string_view mimeType, Coding coding, bool varies,
                         const Options& options);

// Fills `rep` as the gzip representation of `identity` whose compressed bytes are `body`
// (Options::gzip): in memory, the identity's Content-Type and Last-Modified, its ETag made
// weak (as nginx's gzip filter does), Vary, no Accept-Ranges.
void buildCompressedRepresentation(Representation& rep, const Representation& identity,
                                   std::string body, const Options& options);

}  // namespace nodecc::staticfiles::core
