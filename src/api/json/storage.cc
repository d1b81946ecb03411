// The per-thread cache of freed JSON blocks. Parsing twitter.json allocates about 4,000 blocks
// (objects, arrays, strings over 14 bytes, keys over 15) and dropping the document frees them:
// with malloc alone that was a fifth of the parse's instructions and more of its time (glibc
// keeps 7 blocks per size in its thread cache and consolidates the rest); popping and pushing
// free lists by size class costs a few instructions. A block freed by another thread joins
// that thread's cache: blocks are independent operator-new allocations, so any thread may hand
// them back.
#include <cstddef>
#include <new>

#include "nodecc/detail/json_storage.h"

#if defined(__SANITIZE_ADDRESS__)
#define NODECC_JSON_NO_BLOCK_CACHE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NODECC_JSON_NO_BLOCK_CACHE 1
#endif
#endif

namespace nodecc::JSON::detail {

#if !defined(NODECC_JSON_NO_BLOCK_CACHE)
namespace {

constexpr std::size_t kGranule = 16;
constexpr std::size_t kClasses = kBlockCacheMaxSize / kGranule;

struct FreeBlock {
  FreeBlock* next;
};

// Set once the thread's cache is destroyed: a Value that outlives it (a static one destroyed
// after the thread's thread_locals) frees straight to operator delete.
// initial-exec: a plain %fs-relative access even in position-independent code (the library is
// static, linked into executables).
[[gnu::tls_model("initial-exec")]] thread_local bool cacheGone = false;

// Zero-initialised thread-local state; the destructor returns what is left at thread exit.
struct BlockCache {
  FreeBlock* heads[kClasses];
  std::size_t bytes;

  ~BlockCache() {
    for (std::size_t c = 0; c < kClasses; ++c) {
      while (FreeBlock* b = heads[c]) {
        heads[c] = b->next;
        ::operator delete(b);
      }
    }
    cacheGone = true;
  }
};

[[gnu::tls_model("initial-exec")]] thread_local BlockCache cache{};

std::size_t classOf(std::size_t bytes) noexcept {
  return (bytes + kGranule - 1) / kGranule - 1;
}

}  // namespace
#endif

void* allocateBlock(std::size_t bytes) {
#if !defined(NODECC_JSON_NO_BLOCK_CACHE)
  if (bytes <= kBlockCacheMaxSize) {
    std::size_t c = classOf(bytes);
    if (FreeBlock* b = cache.heads[c]) {
      cache.heads[c] = b->next;
      // The next pop reads that block's link: ask for it now (the cache is LIFO, but blocks
      // freed a document ago are cold).
      __builtin_prefetch(b->next);
      cache.bytes -= (c + 1) * kGranule;
      return b;
    }
    return ::operator new((c + 1) * kGranule);
  }
#endif
  return ::operator new(bytes);
}

void freeBlock(void* block, std::size_t bytes) noexcept {
#if !defined(NODECC_JSON_NO_BLOCK_CACHE)
  if (bytes <= kBlockCacheMaxSize) {
    std::size_t c = classOf(bytes);
    std::size_t size = (c + 1) * kGranule;
    if (!cacheGone && cache.bytes + size <= kBlockCacheBytes) {
      auto* b = static_cast<FreeBlock*>(block);
      b->next = cache.heads[c];
      cache.heads[c] = b;
      cache.bytes += size;
      return;
    }
    ::operator delete(block);
    return;
  }
#endif
  ::operator delete(block);
}

}  // namespace nodecc::JSON::detail
