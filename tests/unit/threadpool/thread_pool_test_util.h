#pragma once
// Thread pool test helpers: a request that counts its work and done calls, and a gate that
// holds workers inside work() until the test opens it.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "threadpool/thread_pool.h"

namespace nodecc::threadpool::core::test {

// Workers wait at the gate; the test waits for `n` of them to arrive before acting.
class Gate {
 public:
  void enter() {
    std::unique_lock<std::mutex> lock(m_);
    ++arrived_;
    cv_.notify_all();
    cv_.wait(lock, [this] { return open_; });
  }
  // Generous bound: false only if the workers never showed up.
  bool waitForArrivals(int n) {
    std::unique_lock<std::mutex> lock(m_);
    return cv_.wait_for(lock, std::chrono::seconds(30), [&] { return arrived_ >= n; });
  }
  void open() {
    std::lock_guard<std::mutex> lock(m_);
    open_ = true;
    cv_.notify_all();
  }
  int arrived() {
    std::lock_guard<std::mutex> lock(m_);
    return arrived_;
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  int arrived_ = 0;
  bool open_ = false;
};

struct CountingRequest : WorkRequest {
  CountingRequest() : WorkRequest(&CountingRequest::doWork, &CountingRequest::onDone) {}

  static void doWork(WorkRequest* r) {
    auto* self = static_cast<CountingRequest*>(r);
    self->workThread = std::this_thread::get_id();
    self->workCalls.fetch_add(1, std::memory_order_relaxed);
    if (self->gate) {
      self->gate->enter();
    }
  }
  static void onDone(WorkRequest* r, int status) {
    auto* self = static_cast<CountingRequest*>(r);
    ++self->doneCalls;
    self->doneStatus = status;
    self->doneThread = std::this_thread::get_id();
    if (self->then) {
      self->then(self);
    }
  }

  Gate* gate = nullptr;
  void (*then)(CountingRequest*) = nullptr;
  void* user = nullptr;
  std::atomic<int> workCalls{0};
  std::thread::id workThread;
  int doneCalls = 0;
  int doneStatus = 1;  // neither 0 nor -ECANCELED until done runs
  std::thread::id doneThread;
};

}  // namespace nodecc::threadpool::core::test
