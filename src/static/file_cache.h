#pragma once
// FileCache: the bounded LRU map from normalized URL path to FileEntry. Bounded by entry count
// and by the bytes of file contents it holds in memory; inserting past either bound evicts
// from the least recently used end. The open fds of all caches of the process together stay
// within about a quarter of RLIMIT_NOFILE (a file past it is evicted or not kept). Lookup
// allocates nothing (the map is keyed by views of the entries' own keys). Loop thread only.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <unordered_map>

#include "static/file_entry.h"

namespace nodecc::staticfiles::core {

class FileCache {
 public:
  // maxCompressedBytes bounds the bodies compressed on the fly (FileEntry::compressedBytes).
  FileCache(size_t maxEntries, size_t maxMemoryBytes, size_t maxCompressedBytes = SIZE_MAX);
  ~FileCache();
  FileCache(const FileCache&) = delete;
  FileCache& operator=(const FileCache&) = delete;

  // The entry for `key`, moved to the most recently used end; nullptr when absent.
  FileEntry* find(std::string_view key);
  // Takes a reference to `entry` (replacing any entry with the same key), then evicts until
  // within bounds. An entry that alone exceeds the memory bound is not kept.
  void insert(FileEntry* entry);
  // Drops the entry (its reference); in-flight responses keep their own references.
  void erase(FileEntry* entry);
  void clear();

  size_t size() const { return map_.size(); }
  size_t memoryBytes() const { return memory_; }
  size_t compressedBytes() const { return compressed_; }
  size_t maxEntries() const { return maxEntries_; }

 private:
  struct Hash {
    size_t operator()(std::string_view s) const noexcept {
      return std::hash<std::string_view>{}(s);
    }
  };
  void unlink(FileEntry* e);
  void pushFront(FileEntry* e);

  std::unordered_map<std::string_view, FileEntry*, Hash> map_;
  FileEntry* head_ = nullptr;  // most recently used
  FileEntry* tail_ = nullptr;
  size_t maxEntries_;
  size_t maxMemory_;
  size_t memory_ = 0;
  size_t maxCompressed_;
  size_t compressed_ = 0;
};

}  // namespace nodecc::staticfiles::core
