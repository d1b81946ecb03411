#pragma once
// SharedFile: an open file descriptor shared by whoever still needs it. A static-file cache
// holds one reference per cached file and every response being sent from it holds another, so
// a file replaced or evicted while a slow client downloads it stays open until that download
// ends. Loop thread only (the count is not atomic).
#include <cstdint>

#include "os/fd.h"

namespace nodecc::net::core {

class SharedFile {
 public:
  // Takes ownership of fd; the caller holds the first reference.
  static SharedFile* adopt(int fd) { return new SharedFile(fd); }

  void retain() { ++refs_; }
  // Drops a reference; the last one closes the fd and frees this.
  void release() {
    if (--refs_ == 0) {
      delete this;
    }
  }
  int fd() const { return fd_.get(); }
  uint32_t refs() const { return refs_; }

 private:
  explicit SharedFile(int fd) : fd_(fd) {}
  ~SharedFile() = default;

  os::core::Fd fd_;
  uint32_t refs_ = 1;
};

}  // namespace nodecc::net::core
