#pragma once
// A buffer whose last byte sits just before a PROT_NONE page: reading one byte past the end
// crashes the test (SIGSEGV) instead of passing silently, as in picohttpparser's test.c.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string_view>

namespace nodecc::http::core::testing {

class GuardedBuffer {
 public:
  // Room for inputs up to `capacity` bytes.
  explicit GuardedBuffer(size_t capacity = 64 * 1024) {
    const auto page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    usable_ = (capacity + page - 1) / page * page;
    size_ = usable_ + page;
    void* m = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
      std::abort();
    }
    base_ = static_cast<char*>(m);
    if (mprotect(base_ + usable_, page, PROT_NONE) != 0) {
      std::abort();
    }
  }
  ~GuardedBuffer() { munmap(base_, size_); }
  GuardedBuffer(const GuardedBuffer&) = delete;
  GuardedBuffer& operator=(const GuardedBuffer&) = delete;

  // Copies `bytes` so that they end exactly at the guard page; returns the view of the copy.
  std::string_view place(std::string_view bytes) {
    if (bytes.size() > usable_) {
      std::abort();
    }
    char* at = base_ + usable_ - bytes.size();
    std::memcpy(at, bytes.data(), bytes.size());
    return std::string_view(at, bytes.size());
  }

 private:
  char* base_ = nullptr;
  size_t usable_ = 0;
  size_t size_ = 0;
};

}  // namespace nodecc::http::core::testing
