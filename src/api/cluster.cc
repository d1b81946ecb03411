#include "nodecc/cluster.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>

#include "api/runtime.h"
#include "cluster/shared_ports.h"
#include "cluster/worker_group.h"
#include "loop/loop.h"
#include "loop/signal_watcher.h"
#include "loop/timer_queue.h"
#include "nodecc/process.h"

namespace nodecc::cluster {

namespace {

// The running cluster (one at a time per process).
std::mutex gMutex;
core::WorkerGroup* gGroup = nullptr;

// The waiting thread's side: signals, worker ends, and the shutdown deadline, on a loop of its
// own so that it sleeps until one of them happens.
class Coordinator {
 public:
  Coordinator(unsigned workers, const Options& options)
      : options_(options), live_(workers), signals_(loop_, &Coordinator::onSignal, this) {
    timer_.data = this;
    (void)signals_.watch(SIGINT);
    (void)signals_.watch(SIGTERM);
    loop_.retainHandle();  // until the last worker has ended
  }
  ~Coordinator() {
    loop_.stopTimer(timer_);
    signals_.unwatch(SIGINT);
    signals_.unwatch(SIGTERM);
  }

  loop::core::Loop& loop() { return loop_; }
  core::WorkerGroup& group() { return group_; }
  bool anyFailed() const { return failed_.load(); }

  // Worker thread, as it ends.
  void workerEnded(bool failed) {
    if (failed) {
      failed_.store(true);
    }
    loop_.post(new EndedTask(this));
  }

 private:
  struct EndedTask : loop::core::AsyncTask {
    explicit EndedTask(Coordinator* c) : loop::core::AsyncTask(&EndedTask::run), c(c) {}
    static void run(loop::core::AsyncTask* t) {
      auto* self = static_cast<EndedTask*>(t);
      Coordinator* c = self->c;
      delete self;
      if (--c->live_ == 0) {
        c->loop_.releaseHandle();
        c->loop_.stopTimer(c->timer_);
      }
    }
    Coordinator* c;
  };

  static void onSignal(void* ctx, int signo) {
    auto* self = static_cast<Coordinator*>(ctx);
    if (self->stopping_) {
      std::fprintf(stderr, "nodecc cluster: second signal, exiting now\n");
      std::fflush(nullptr);
      std::_Exit(1);
    }
    self->stopping_ = true;
    self->group_.postToAll([signo] { stopWorker(signo); });
    if (self->options_.shutdownTimeout > 0) {
      self->loop_.startTimer(self->timer_, self->options_.shutdownTimeout);
    }
  }

  static void onDeadline(loop::core::Timer* t) {
    std::fprintf(stderr,
                 "nodecc cluster: workers still busy after the shutdown timeout, exiting\n");
    std::fflush(nullptr);
    std::_Exit(1);
  }

  // On the worker: the worker's own listener decides, else its servers close.
  static void stopWorker(int signo) {
    const char* name = signo == SIGINT ? "SIGINT" : "SIGTERM";
    if (process::listenerCount(name) > 0) {
      process::emit(name, std::string(name), signo);
    } else {
      detail::Runtime::current().closeServers();
    }
  }

  Options options_;
  loop::core::Loop loop_;
  unsigned live_;
  core::WorkerGroup group_;
  loop::core::SignalWatcher signals_;
  loop::core::Timer timer_{&Coordinator::onDeadline};
  std::atomic<bool> failed_{false};
  bool stopping_ = false;
};

// One worker's life: the application's setup, then its loop until nothing is left to do.
void workerMain(Coordinator& coord, unsigned id, const std::function<void()>& setup,
                std::function<void()> afterSetup) {
  core::resetEphemeralOrdinal();
  detail::Runtime& rt = detail::Runtime::current();
  coord.group().attach(id, rt.loop());
  try {
    setup();
  } catch (...) {
    rt.uncaught(std::current_exception(), "uncaughtException");
  }
  rt.drain();
  if (afterSetup) {
    afterSetup();
  }
  while (!rt.workerFailed) {
    rt.loop().run();
    if (rt.workerFailed) {
      break;
    }
    int code = process::exitCode;
    process::emit("beforeExit", code);
    rt.loop().drain();
    if (!rt.loop().alive()) {
      break;
    }
  }
  bool failed = rt.workerFailed;
  if (!failed) {
    detail::emitExitOfRun();
  }
  coord.group().detach(id);
  detail::Runtime::destroyCurrent();
  detail::releaseThreadProcess();
  coord.workerEnded(failed);
}

}  // namespace

int run(unsigned workers, std::function<void()> setup) {
  Options o;
  o.workers = workers;
  return run(o, std::move(setup));
}

int run(const Options& options, std::function<void()> setup) {
  unsigned n = options.workers > 0 ? options.workers : availableParallelism();
  // Workers inherit the calling thread's mask: SIGINT and SIGTERM stay blocked everywhere and
  // queue on the coordinator's signalfd.
  sigset_t stop, old;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, &old);
  core::resetSharedPorts();

  int result;
  {
    Coordinator coord(n, options);
    {
      std::lock_guard<std::mutex> lock(gMutex);
      gGroup = &coord.group();
    }
    // Worker 1 runs its setup first, so that its ports (port 0 included) exist before the
    // others listen on them.
    std::mutex m;
    std::condition_variable cv;
    bool firstReady = false;
    coord.group().start(1, 1, [&](unsigned id) {
      workerMain(coord, id, setup, [&] {
        std::lock_guard<std::mutex> lock(m);
        firstReady = true;
        cv.notify_one();
      });
    });
    {
      std::unique_lock<std::mutex> lock(m);
      cv.wait(lock, [&] { return firstReady; });
    }
    if (n > 1) {
      coord.group().start(2, n - 1, [&](unsigned id) { workerMain(coord, id, setup, nullptr); });
    }
    coord.loop().run();
    coord.group().join();
    {
      std::lock_guard<std::mutex> lock(gMutex);
      gGroup = nullptr;
    }
    result = coord.anyFailed() ? 1 : 0;
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return result;
}

size_t broadcast(std::function<void()> fn) {
  std::lock_guard<std::mutex> lock(gMutex);
  return gGroup ? gGroup->postToAll(fn) : 0;
}

unsigned workerId() {
  return core::inWorker() ? core::currentWorkerId() : 0;
}

bool isWorker() {
  return core::inWorker();
}

unsigned availableParallelism() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0) {
      return unsigned(n);
    }
  }
  return 1;
}

}  // namespace nodecc::cluster
