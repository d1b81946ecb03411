#include "cluster/worker_group.h"

#include <memory>

namespace nodecc::cluster::core {

namespace {
thread_local unsigned tWorkerId = 0;
thread_local bool tInWorker = false;
}  // namespace

unsigned currentWorkerId() {
  return tWorkerId;
}
bool inWorker() {
  return tInWorker;
}
void setCurrentWorker(unsigned id, bool isWorker) {
  tWorkerId = id;
  tInWorker = isWorker;
}

WorkerGroup::~WorkerGroup() {
  join();
}

void WorkerGroup::start(unsigned first, unsigned count, std::function<void(unsigned)> body) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (loops_.size() < first + count) {
      loops_.resize(first + count, nullptr);
    }
  }
  for (unsigned id = first; id < first + count; ++id) {
    threads_.emplace_back([body, id] {
      setCurrentWorker(id, true);
      body(id);
    });
  }
}

void WorkerGroup::join() {
  for (std::thread& t : threads_) {
    if (t.joinable()) {
      t.join();
    }
  }
  threads_.clear();
}

void WorkerGroup::attach(unsigned id, loop::core::Loop& loop) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (loops_.size() <= id) {
    loops_.resize(id + 1, nullptr);
  }
  loops_[id] = &loop;
}

void WorkerGroup::detach(unsigned id) {
  loop::core::Loop* loop;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    loop = loops_[id];
    loops_[id] = nullptr;
  }
  // Nothing can be posted to it any more: run what was posted before, so that every task is
  // either run or never accepted.
  if (loop) {
    loop->runPostedTasks();
  }
}

void WorkerGroup::PostedTask::run(loop::core::AsyncTask* t) {
  std::unique_ptr<PostedTask> self(static_cast<PostedTask*>(t));
  self->task();
}

size_t WorkerGroup::postToAll(const Task& task) {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t n = 0;
  for (loop::core::Loop* loop : loops_) {
    if (loop) {
      loop->post(new PostedTask(task));
      ++n;
    }
  }
  return n;
}

bool WorkerGroup::postTo(unsigned id, Task task) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (id >= loops_.size() || loops_[id] == nullptr) {
    return false;
  }
  loops_[id]->post(new PostedTask(std::move(task)));
  return true;
}

size_t WorkerGroup::attached() const {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t n = 0;
  for (loop::core::Loop* loop : loops_) {
    n += loop != nullptr;
  }
  return n;
}

}  // namespace nodecc::cluster::core
