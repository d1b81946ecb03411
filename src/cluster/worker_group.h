#pragma once
// WorkerGroup: the threads of a multi-core server. Each worker thread runs the body it is given
// with its own loop (shared-nothing: no lock on any request path). While a worker's loop is
// registered, tasks can be posted to it from any thread; postToAll is the one cross-worker
// primitive (cluster::broadcast).
//
// Lifecycle: start() spawns the threads; each worker calls attach(loop) once its loop exists
// and detach() before the loop goes away (detach runs the tasks posted until then, so none is
// lost or leaked); join() waits for every thread.
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "loop/loop.h"

namespace nodecc::cluster::core {

class WorkerGroup {
 public:
  using Task = std::function<void()>;

  WorkerGroup() = default;
  ~WorkerGroup();
  WorkerGroup(const WorkerGroup&) = delete;
  WorkerGroup& operator=(const WorkerGroup&) = delete;

  // Runs body(id) on worker `id`'s new thread, for id in [first, first + count).
  void start(unsigned first, unsigned count, std::function<void(unsigned id)> body);
  void join();

  // Worker thread: its loop accepts posted tasks from now on / no longer.
  void attach(unsigned id, loop::core::Loop& loop);
  void detach(unsigned id);

  // Any thread: runs task on every attached worker's loop thread (a copy each). Returns how
  // many workers it was posted to.
  size_t postToAll(const Task& task);
  // Any thread: runs task on worker id's loop; false when that worker is not attached.
  bool postTo(unsigned id, Task task);
  size_t attached() const;

 private:
  struct PostedTask : loop::core::AsyncTask {
    explicit PostedTask(Task t) : loop::core::AsyncTask(&PostedTask::run), task(std::move(t)) {}
    static void run(loop::core::AsyncTask* t);
    Task task;
  };

  mutable std::mutex mutex_;
  std::vector<loop::core::Loop*> loops_;  // by worker id; null when not attached
  std::vector<std::thread> threads_;
};

// The calling thread's worker id (0 on a thread that is not a worker), and whether it is one.
unsigned currentWorkerId();
bool inWorker();
void setCurrentWorker(unsigned id, bool isWorker);

}  // namespace nodecc::cluster::core
