#pragma once
// What a static-file server is configured with (the public StaticOptions maps onto this).
#include <cstddef>
#include <cstdint>
#include <string>

namespace nodecc::staticfiles::core {

enum class DotFiles : uint8_t {
  kIgnore,  // a path with a segment starting with '.' is 404, as if absent (default)
  kDeny,    // ... is 403
  kAllow,   // served like any other file
};

struct Options {
  // Cache-Control value sent with files ("" sends none).
  std::string cacheControl;
  // An HTML index for a directory without an index file (else 404).
  bool listDirectories = false;
  // Follow symbolic links that leave the root (else such a link answers 403).
  bool followSymlinks = false;
  DotFiles dotfiles = DotFiles::kIgnore;
  // The file served for a directory URL ending in '/' ("" disables).
  std::string indexFile = "index.html";
  // "/dir" -> 301 "/dir/" (else 404).
  bool redirectDirectories = true;
  // Serve file.br / file.gz beside file when Accept-Encoding allows.
  bool precompressed = true;
  // Compress on the fly (nginx's `gzip on`): a compressible file (text/*, JavaScript, JSON,
  // XML, SVG, wasm...) of gzipMinBytes..gzipMaxBytes without a .gz sibling gets a gzip
  // representation made once per cache fill, on the thread pool, at gzipLevel, kept in the
  // cache beside the file and dropped with it when the file changes. gzipCacheBytes bounds
  // the compressed bytes a cache holds (least recently used entries go first).
  bool gzip = false;
  int gzipLevel = 6;
  size_t gzipMinBytes = 20;
  size_t gzipMaxBytes = size_t(8) << 20;
  size_t gzipCacheBytes = size_t(16) << 20;

  // The cache: at most cacheEntries files, and cacheMemoryBytes of file contents held in
  // memory (files of up to memoryFileMaxBytes are read into memory; larger ones keep an open
  // fd and go out with sendfile).
  size_t cacheEntries = 1024;
  size_t cacheMemoryBytes = 64u << 20;
  size_t memoryFileMaxBytes = 32u << 10;
  // A cached file is checked against the disk (one stat per variant) when it is used and was
  // last checked this long ago; 0 checks on every request.
  uint32_t revalidateMs = 1000;
};

}  // namespace nodecc::staticfiles::core
