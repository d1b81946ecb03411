#include "static/file_cache.h"

#include <algorithm>
#include <atomic>

#include "os/fd.h"

namespace nodecc::staticfiles::core {

namespace {

// Open fds held by all the caches of the process (cluster workers share one fd table).
std::atomic<size_t> gCachedFds{0};

// Each cached large file holds an open fd. Bounded by entry count alone (1,024 per cache, one
// cache per worker), the caches took every fd under `ulimit -n 256`: the server could then
// accept no connection and open no file again (tests/integration/robustness/
// test_exhaustion.py). Together they may hold a quarter of the limit.
size_t fdBudget() {
  static const size_t budget = std::max<size_t>(16, os::core::openFileLimit() / 4);
  return budget;
}

size_t fdsOf(const FileEntry* e) {
  size_t n = 0;
  for (const Representation& r : e->reps) {
    n += r.file != nullptr ? 1 : 0;
  }
  return n;
}

}  // namespace

FileCache::FileCache(size_t maxEntries, size_t maxMemoryBytes, size_t maxCompressedBytes)
    : maxEntries_(maxEntries), maxMemory_(maxMemoryBytes), maxCompressed_(maxCompressedBytes) {
  map_.reserve(maxEntries);
}

FileCache::~FileCache() {
  clear();
}

void FileCache::unlink(FileEntry* e) {
  (e->lruPrev ? e->lruPrev->lruNext : head_) = e->lruNext;
  (e->lruNext ? e->lruNext->lruPrev : tail_) = e->lruPrev;
  e->lruPrev = e->lruNext = nullptr;
}

void FileCache::pushFront(FileEntry* e) {
  e->lruPrev = nullptr;
  e->lruNext = head_;
  if (head_ != nullptr) {
    head_->lruPrev = e;
  }
  head_ = e;
  if (tail_ == nullptr) {
    tail_ = e;
  }
}

FileEntry* FileCache::find(std::string_view key) {
  auto it = map_.find(key);
  if (it == map_.end()) {
    return nullptr;
  }
  FileEntry* e = it->second;
  if (head_ != e) {
    unlink(e);
    pushFront(e);
  }
  return e;
}

void FileCache::insert(FileEntry* entry) {
  if (maxEntries_ == 0 || entry->memoryBytes > maxMemory_ ||
      entry->compressedBytes > maxCompressed_) {
    return;
  }
  auto it = map_.find(std::string_view(entry->key));
  if (it != map_.end()) {
    erase(it->second);
  }
  if (size_t fds = fdsOf(entry); fds > 0) {
    // Past the fd budget: make room from this cache's least recently used files that hold
    // fds; when that is not enough, this file is served without being kept.
    for (FileEntry* e = tail_; e != nullptr && gCachedFds.load() + fds > fdBudget();) {
      FileEntry* newer = e->lruPrev;
      if (fdsOf(e) > 0) {
        erase(e);
      }
      e = newer;
    }
    if (gCachedFds.load() + fds > fdBudget()) {
      return;
    }
    gCachedFds += fds;
  }
  entry->retain();
  map_.emplace(std::string_view(entry->key), entry);
  pushFront(entry);
  memory_ += entry->memoryBytes;
  compressed_ += entry->compressedBytes;
  while (map_.size() > maxEntries_ || memory_ > maxMemory_ || compressed_ > maxCompressed_) {
    erase(tail_);
  }
}

void FileCache::erase(FileEntry* e) {
  map_.erase(std::string_view(e->key));
  unlink(e);
  memory_ -= e->memoryBytes;
  compressed_ -= e->compressedBytes;
  gCachedFds -= fdsOf(e);
  e->release();
}

void FileCache::clear() {
  while (tail_ != nullptr) {
    erase(tail_);
  }
}

}  // namespace nodecc::staticfiles::core
