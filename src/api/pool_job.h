#pragma once
// The callback forms' machinery (crypto, zlib's one-shots): work on nodecc's default thread
// pool, completion on the loop of the thread that started it (as fs and dns do). The work
// touches only raw bytes, never a Buffer handle (whose count is not atomic): the handles stay
// with the job on the loop thread.
#include <memory>
#include <utility>

#include "api/default_thread_pool.h"
#include "api/runtime.h"

namespace nodecc::detail {

// Runs work() on a pool thread, then done() on this thread's loop; the loop stays alive until
// then. Both are moved into one allocation.
template <class OnPool, class OnLoop>
void submitJob(OnPool work, OnLoop done) {
  struct Job final : threadpool::core::WorkRequest {
    Job(OnPool w, OnLoop d)
        : threadpool::core::WorkRequest(&Job::run, &Job::finish),
          onPool(std::move(w)),
          onLoop(std::move(d)) {}
    static void run(threadpool::core::WorkRequest* r) { static_cast<Job*>(r)->onPool(); }
    static void finish(threadpool::core::WorkRequest* r, int) {
      std::unique_ptr<Job> self(static_cast<Job*>(r));
      self->onLoop();
    }
    OnPool onPool;
    OnLoop onLoop;
  };
  auto job = std::make_unique<Job>(std::move(work), std::move(done));
  defaultThreadPool().submit(Runtime::current().loop(), *job);
  job.release();
}

}  // namespace nodecc::detail
