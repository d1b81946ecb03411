#pragma once
// StaticFiles: the static-file server of one loop thread. A request comes in as plain data
// (staticfiles::core::Request) and leaves as a complete response (staticfiles::core::Response) that
// the API layer writes to the connection.
//
// Hits are answered at once from the FileCache: no syscall, no allocation, except a stat of the
// file (and of its .gz/.br siblings) when the entry was last checked revalidateMs ago or more
// — the one blocking call the loop thread makes here (a few microseconds per hot file per
// second; measured in docs/static.md). A miss, or an entry the stat found changed or gone,
// runs the lookup (open, fstat, read of small files, directory listing) on the thread pool;
// concurrent misses for one path share a single lookup. The request then completes from
// Waiter::ready on the loop thread. Only misses allocate (the lookup, the caller's waiter).
//
// Lifecycle: one instance per loop, used only on that loop's thread. It must outlive every
// lookup it started (the API layer's waiters hold it alive).
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "loop/loop.h"
#include "static/disk_lookup.h"
#include "static/file_cache.h"
#include "static/request.h"
#include "static/responses.h"
#include "threadpool/thread_pool.h"

namespace nodecc::staticfiles::core {

class StaticFiles {
 public:
  // A request waiting for a disk lookup, embedded in the caller's per-request object.
  struct Waiter {
    using Ready = void (*)(Waiter*);
    explicit Waiter(Ready r) : ready(r) {}
    Ready ready;  // runs on the loop thread once the lookup is done; may call resume()
    Waiter* next = nullptr;
    void* lookup = nullptr;  // internal
  };
  enum class Outcome : uint8_t { kDone, kMiss };

  struct Stats {
    uint64_t hits = 0;
    uint64_t misses = 0;         // lookups started on the thread pool
    uint64_t joined = 0;         // misses that joined a lookup already in flight
    uint64_t revalidations = 0;  // stat checks of cached entries
    uint64_t invalidations = 0;  // entries a check found changed or gone
  };

  StaticFiles(loop::core::Loop& loop, threadpool::core::ThreadPool& pool,
              std::shared_ptr<const RootConfig> config);
  ~StaticFiles();
  StaticFiles(const StaticFiles&) = delete;
  StaticFiles& operator=(const StaticFiles&) = delete;

  // kDone: *out holds the response. kMiss: the answer needs a disk lookup; the caller must
  // call wait() next (before any other call), which starts it or joins one in flight.
  Outcome serve(const Request& req, Response* out);
  void wait(Waiter* waiter);
  // From Waiter::ready only: the response, for the same request (its views still valid).
  void resume(const Request& req, Waiter* waiter, Response* out);

  const Options& options() const { return config_->options; }
  const Stats& stats() const { return stats_; }
  FileCache& cache() { return cache_; }
  const FileCache& cache() const { return cache_; }

 private:
  struct Lookup;
  static void lookupWork(threadpool::core::WorkRequest* r);
  static void lookupDone(threadpool::core::WorkRequest* r, int status);
  bool stillValid(const FileEntry& entry);

  loop::core::Loop& loop_;
  threadpool::core::ThreadPool& pool_;
  std::shared_ptr<const RootConfig> config_;
  FileCache cache_;
  ResponseBuilder builder_;
  std::unordered_map<std::string_view, Lookup*> inFlight_;
  std::string path_;          // the decoded path of the current request, when it needed decoding
  std::string_view missKey_;  // the path of the last serve() that missed, for wait()
  std::string witness_;       // a sibling's path during revalidation
  Stats stats_;
};

}  // namespace nodecc::staticfiles::core
