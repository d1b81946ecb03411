#pragma once
// ThreadPool: runs blocking work (file system, DNS) off the loop threads and completes it on
// the loop that submitted it. An instance, so tests can make their own; the API layer keeps
// one process-wide default sized by NODECC_THREADPOOL_SIZE (default 4, as libuv's
// UV_THREADPOOL_SIZE). Workers start on first submit and block every signal.
//
// A WorkRequest is a loop request: from submit() until its done callback it keeps its loop
// alive. work() runs on a worker thread; done(status) runs on the submitting loop's thread
// exactly once: status 0, or -ECANCELED when cancel() removed it before a worker took it.
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

#include "loop/loop.h"

namespace nodecc::threadpool::core {

struct WorkRequest : loop::core::AsyncTask {
  using Work = void (*)(WorkRequest*);
  using Done = void (*)(WorkRequest*, int status);
  WorkRequest(Work w, Done d) : loop::core::AsyncTask(&WorkRequest::complete), work(w), done(d) {}

  Work work;
  Done done;

  // Owned by the pool between submit() and done.
  loop::core::Loop* loop = nullptr;
  WorkRequest* queueNext = nullptr;
  WorkRequest* queuePrev = nullptr;
  int status = 0;
  enum class State { kIdle, kQueued, kRunning, kCompleting } state = State::kIdle;

 private:
  static void complete(loop::core::AsyncTask* t);
};

class ThreadPool {
 public:
  explicit ThreadPool(size_t threads = defaultSize());
  // Waits for running work (its done still runs on its loop); work no worker has taken is
  // dropped and its done never runs, so its loop keeps counting it as in flight.
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // NODECC_THREADPOOL_SIZE if set to 1..1024, else 4.
  static size_t defaultSize();
  size_t size() const { return size_; }

  // Loop thread. `req` must stay alive until its done callback.
  void submit(loop::core::Loop& loop, WorkRequest& req);
  // Loop thread. True when the request had not started: its done(-ECANCELED) follows on its
  // loop. False when it is running or finished (its done will report 0).
  bool cancel(WorkRequest& req);

 private:
  void workerMain();
  void startWorkers();

  size_t size_;
  std::mutex mutex_;
  std::condition_variable wake_;
  WorkRequest* head_ = nullptr;
  WorkRequest* tail_ = nullptr;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace nodecc::threadpool::core
