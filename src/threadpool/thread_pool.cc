#include "threadpool/thread_pool.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "os/signals.h"

namespace nodecc::threadpool::core {

size_t ThreadPool::defaultSize() {
  if (const char* env = std::getenv("NODECC_THREADPOOL_SIZE")) {
    char* end = nullptr;
    long n = std::strtol(env, &end, 10);
    if (end != env && *end == '\0' && n >= 1 && n <= 1024) {
      return size_t(n);
    }
  }
  return 4;
}

ThreadPool::ThreadPool(size_t threads) : size_(threads == 0 ? 1 : threads) {}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    // Work no worker has taken is dropped: its done never runs (see the header).
    for (WorkRequest* r = head_; r;) {
      WorkRequest* next = r->queueNext;
      r->state = WorkRequest::State::kIdle;
      r = next;
    }
    head_ = tail_ = nullptr;
  }
  wake_.notify_all();
  for (auto& t : workers_) {
    t.join();
  }
}

void ThreadPool::startWorkers() {
  workers_.reserve(size_);
  for (size_t i = 0; i < size_; ++i) {
    workers_.emplace_back([this] { workerMain(); });
  }
}

void ThreadPool::submit(loop::core::Loop& loop, WorkRequest& req) {
  req.loop = &loop;
  req.status = 0;
  req.state = WorkRequest::State::kQueued;
  loop.beginRequest();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (workers_.empty()) {
      startWorkers();
    }
    req.queueNext = nullptr;
    req.queuePrev = tail_;
    if (tail_) {
      tail_->queueNext = &req;
    } else {
      head_ = &req;
    }
    tail_ = &req;
  }
  wake_.notify_one();
}

bool ThreadPool::cancel(WorkRequest& req) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (req.state != WorkRequest::State::kQueued) {
      return false;
    }
    if (req.queuePrev) {
      req.queuePrev->queueNext = req.queueNext;
    } else {
      head_ = req.queueNext;
    }
    if (req.queueNext) {
      req.queueNext->queuePrev = req.queuePrev;
    } else {
      tail_ = req.queuePrev;
    }
    req.state = WorkRequest::State::kCompleting;
    req.status = -ECANCELED;
  }
  // Through the loop's queue like every completion, so done never runs inside cancel().
  req.loop->post(&req);
  return true;
}

void ThreadPool::workerMain() {
  os::core::blockAllSignalsInThisThread();
  for (;;) {
    WorkRequest* req;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || head_ != nullptr; });
      if (head_ == nullptr) {
        return;  // stopping, nothing left
      }
      req = head_;
      head_ = req->queueNext;
      if (head_) {
        head_->queuePrev = nullptr;
      } else {
        tail_ = nullptr;
      }
      req->state = WorkRequest::State::kRunning;
    }
    req->work(req);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      req->state = WorkRequest::State::kCompleting;
    }
    req->loop->post(req);
  }
}

void WorkRequest::complete(loop::core::AsyncTask* t) {
  auto* req = static_cast<WorkRequest*>(t);
  req->state = State::kIdle;
  req->loop->endRequest();
  req->done(req, req->status);
}

}  // namespace nodecc::threadpool::core
